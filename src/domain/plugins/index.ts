export { listListings, reviewPlugin } from './plugin-review.js';
export type { ReviewAction } from './plugin-review.js';
export type { PluginSettingsInput } from './plugin-settings.js';
export {
  createPlugin,
  expireWebhookSecret,
  findOwnedPlugin,
  getPlugin,
  rotateWebhookSecret,
  submitPluginForReview,
  toPluginView,
  updatePlugin,
} from './plugins.js';
export { MAX_OVERLAP_HOURS } from './plugins.js';
export type { PluginView, RotatedSecret } from './plugins.js';
