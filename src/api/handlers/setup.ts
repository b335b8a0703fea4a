import { notImplemented } from '../types.js';

export const exchangeSetupToken = notImplemented('exchangeSetupToken');
