import { notImplemented } from '../types.js';

export const receiveExternalWebhook = notImplemented('receiveExternalWebhook');
export const getExternalWebhookLog = notImplemented('getExternalWebhookLog');
