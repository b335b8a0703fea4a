// Outbound delivery: the event sink and its fan-out outbox, the queue contract, the delivery
// worker (prepare, sign, send through the guarded client, record), retries, health. What the
// other areas build on (the queue, signing, subscriptions, partition keys, the installations'
// webhook state) lives here too: they are the outbound pipeline's, the others reuse them.
export { createEventSink } from './outbox.js';
export type { EmittedEvent, EventScope, EventSink } from './outbox.js';
export {
  FANOUT_CHANNEL,
  FanoutFailed,
  fanOutPending,
  recordFanoutFailure,
  webhookQueueDepths,
} from './fanout.js';
export {
  DELIVERIES_PER_JOB,
  HEARTBEAT_QUEUES,
  HEARTBEAT_SECONDS,
  JobQueue,
  QUEUES,
  QUEUE_SETTINGS,
} from './queue.js';
export type {
  DeliveryJobData,
  Executor,
  QueueSettings,
  ReplayJobData,
  ScenarioJobData,
} from './queue.js';
export { deliveryBatches, type DeliveryBatches } from './delivery-batches.js';
export { buildBody, prepare, recordOutcomes, renderAt, send, toEnvelope } from './delivery.js';
export type { AttemptOutcome, DeliveryDeps, Outcome, Prepared } from './delivery.js';
export { admitSandboxDeliveries } from './sandbox-volume.js';
export { deliveryHeaders } from './signing.js';
export { webhookHealth } from './health.js';
export type { InstallationWebhookHealth } from './health.js';
export {
  DestinationRefusedError,
  assertWebhookEndpoint,
  parseEndpoint,
  savedHostProblem,
} from './destination-guard.js';
export type { LookupAll } from './destination-guard.js';
export { WebhookHttpClient } from './http-client.js';
export {
  isAcceptedInboundEventType,
  isCatalogEvent,
  isSubscribed,
  unknownSubscriptionEntries,
} from './subscriptions.js';
export { LOG_AFTER_ITS_EVENT, transactionTime } from './partition-keys.js';
export { lockInstallationStates, markResent } from './installation-state.js';
