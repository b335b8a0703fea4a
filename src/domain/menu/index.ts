export { createMenuItem, deleteMenuItem } from './menu-admin.js';
export type { MenuItemInput } from './menu-admin.js';
export type { MenuItemRow } from './menu-views.js';
export { getMenuItemDetail, listMenu, patchMenuItem, setMenuAvailability } from './menu.js';
