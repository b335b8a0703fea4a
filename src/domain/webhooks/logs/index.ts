// Delivery logs (webhook_logs): a log and the pages of an installation's or a developer's logs,
// and a delivery's request as sent (its body rebuilt, each attempt's headers).
export { LOG_COLUMNS, MAX_LOG_PAGE, getWebhookLog, listWebhookLogs, toWireLog } from './store.js';
export type {
  LogRow,
  WebhookLogPage,
  WebhookLogPageRow,
  WebhookLogRow,
  WireWebhookLog,
} from './store.js';
export {
  attemptsOfLogs,
  deliveryBodies,
  listDeveloperDeliveries,
  logPayloads,
} from './delivery-detail.js';
export type { DeliveryAttemptRow, LogKey, Sized } from './delivery-detail.js';
