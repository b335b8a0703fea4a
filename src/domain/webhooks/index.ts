// The webhooks component's face: only what the doors and the other components import. Inside,
// one folder per area (delivery/, feed/, logs/, replay/, stream/, inbound/, endpoints/), each reached by the
// others through its own index.ts; the tester and retention span several areas and sit here.
export { createEventSink } from './delivery/index.js';
export type { EmittedEvent, EventScope, EventSink } from './delivery/index.js';
export {
  FANOUT_CHANNEL,
  FanoutFailed,
  fanOutPending,
  recordFanoutFailure,
  webhookQueueDepths,
} from './delivery/index.js';
export {
  DELIVERIES_PER_JOB,
  HEARTBEAT_QUEUES,
  HEARTBEAT_SECONDS,
  JobQueue,
  QUEUES,
  QUEUE_SETTINGS,
} from './delivery/index.js';
export type {
  DeliveryJobData,
  QueueSettings,
  ReplayJobData,
  ScenarioJobData,
} from './delivery/index.js';
export { deliveryBatches, webhookHealth } from './delivery/index.js';
export type { AttemptOutcome, DeliveryDeps } from './delivery/index.js';
export {
  DestinationRefusedError,
  WebhookHttpClient,
  assertWebhookEndpoint,
  parseEndpoint,
  savedHostProblem,
} from './delivery/index.js';
export type { LookupAll } from './delivery/index.js';
export { unknownSubscriptionEntries } from './delivery/index.js';
export { acknowledgeEvents, listEvents } from './feed/index.js';
export { MAX_LOG_PAGE, getWebhookLog, listWebhookLogs, toWireLog } from './logs/index.js';
export {
  attemptsOfLogs,
  deliveryBodies,
  listDeveloperDeliveries,
  logPayloads,
} from './logs/index.js';
export type {
  DeliveryAttemptRow,
  LogKey,
  Sized,
  WebhookLogPage,
  WebhookLogPageRow,
  WebhookLogRow,
} from './logs/index.js';
export {
  getWebhookReplay,
  redeliverWebhook,
  replayWebhooks,
  runReplayChunk,
} from './replay/index.js';
export type { WebhookReplayRow } from './replay/index.js';
export {
  StreamSlots,
  openStreamCursor,
  recordListenerResult,
  webhookStream,
} from './stream/index.js';
export {
  INBOUND_CEILING,
  checkInboundSignature,
  purgeExpiredInboundKeys,
  receiveInboundWebhook,
  verifyInboundSignature,
} from './inbound/index.js';
export {
  PRIMARY_ID,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  endpointStatistics,
  listWebhookEndpoints,
  noStatistics,
  previewWebhookEndpointFilter,
  rotateWebhookEndpointSecret,
  sendWebhookEndpointTestEvent,
  setWebhookEndpointStatus,
  statisticsSince,
  updateWebhookEndpoint,
} from './endpoints/index.js';
export type {
  EndpointStatistics,
  WebhookEndpointInput,
  WebhookEndpointView,
} from './endpoints/index.js';
export { sendTestWebhook } from './tester.js';
export { pruneExpiredEvents } from './retention.js';
