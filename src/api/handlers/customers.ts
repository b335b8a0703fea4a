import { notImplemented } from '../types.js';

export const listCustomers = notImplemented('listCustomers');
export const getCustomer = notImplemented('getCustomer');
