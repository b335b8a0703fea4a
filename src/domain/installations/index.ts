export { admitInstallation, consumeRateLimit, purgeExpiredRateLimits, requireFeature } from './access.js';
export type { InstallationContext, RateLimitState } from './access.js';
export {
  findOwnedInstallation,
  getWebhookLog,
  listWebhookLogs,
  regenerateInstallationKey,
} from './developer-installations.js';
export { getInstallationView, mergeInstallationConfig, recordHealthCheck } from './installations.js';
export {
  checkoutProductionInstallation,
  installInProduction,
  removeProductionInstallation,
  simulateCheckout,
  simulateInstall,
  simulateRemoval,
  simulateTrial,
} from './marketplace-actions.js';
export { exchangeSetupToken, runTrialSweep } from './marketplace.js';
export { OAuthError, beginAuthorization, completeAuthorization, refreshExpiringTokens } from './oauth-flow.js';
