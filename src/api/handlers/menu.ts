import { notImplemented } from '../types.js';

export const listMenuItems = notImplemented('listMenuItems');
export const getMenuItem = notImplemented('getMenuItem');
export const updateMenuItem = notImplemented('updateMenuItem');
export const bulkUpdateMenuAvailability = notImplemented('bulkUpdateMenuAvailability');
