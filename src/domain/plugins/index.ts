export { listListings, reviewPlugin } from './plugin-review.js';
export type { ReviewAction } from './plugin-review.js';
export type { PluginSettingsInput } from './plugin-settings.js';
export {
  createPlugin,
  findOwnedPlugin,
  getPlugin,
  rotateWebhookSecret,
  submitPluginForReview,
  toPluginView,
  updatePlugin,
} from './plugins.js';
export type { PluginView } from './plugins.js';
