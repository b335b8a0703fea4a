export { apiVersionRollbackUntil, setPluginApiVersion, UNDO_HOURS } from './api-version.js';
export { listListings, reviewPlugin } from './plugin-review.js';
export type { ReviewAction } from './plugin-review.js';
export type { PluginSettingsInput } from './plugin-settings.js';
export {
  createPlugin,
  findOwnedPlugin,
  getPlugin,
  submitPluginForReview,
  toPluginView,
  updatePlugin,
} from './plugins.js';
export type { PluginView } from './plugins.js';
export {
  MAX_OVERLAP_HOURS,
  expireWebhookSecret,
  rotateWebhookSecret,
  sandboxWebhookSecret,
} from './webhook-secrets.js';
export type { RotatedSecret, SecretPlane } from './webhook-secrets.js';
