// Webhook endpoints: a plugin's endpoints besides its listing's webhook_endpoint (the primary
// one), each with its own URL, events, location and content filter (checked against the asyncapi
// of its API version), ordering, rate, planes and signing secret; their audit; the filter preview
// over the events feed; their statistics; a test event. Their deliveries are made by the fan-out
// (delivery/endpoint-routes.ts), which counts them with `record` (delivery/endpoint-stats.ts).
export {
  MAX_ENDPOINTS,
  MAX_OVERLAP_HOURS,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookEndpointSecret,
  setWebhookEndpointStatus,
  updateWebhookEndpoint,
} from './endpoints.js';
export type { EndpointDeps, SecretShown } from './endpoints.js';
export type { Actor } from './audit.js';
export type { Ordering, Plane, WebhookEndpointInput } from './endpoint-input.js';
export { PRIMARY_ID, listWebhookEndpoints } from './endpoint-view.js';
export type { ListingEndpoint, WebhookEndpointView } from './endpoint-view.js';
export { MAX_PREVIEW_EVENTS, previewWebhookEndpointFilter } from './preview.js';
export type { PreviewDeps, PreviewInput, PreviewedEvent } from './preview.js';
export { filterMisses, filterProblems } from './filters.js';
export type { Condition, EndpointFilter } from './filters.js';
export { endpointStatistics, noStatistics, statisticsSince } from './statistics.js';
export type { EndpointStatistics } from './statistics.js';
export { sendWebhookEndpointTestEvent } from './test-event.js';
export type { TestEventDeps } from './test-event.js';
