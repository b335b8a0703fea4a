import { notImplemented } from '../types.js';

export const captureOrderPayment = notImplemented('captureOrderPayment');
