import { notImplemented } from '../types.js';

export const listInventory = notImplemented('listInventory');
export const getInventoryItem = notImplemented('getInventoryItem');
export const updateInventoryItem = notImplemented('updateInventoryItem');
export const createStockMovement = notImplemented('createStockMovement');
