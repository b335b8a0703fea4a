import { notImplemented } from '../types.js';

export const listOrders = notImplemented('listOrders');
export const createOrder = notImplemented('createOrder');
export const getOrder = notImplemented('getOrder');
export const updateOrder = notImplemented('updateOrder');
