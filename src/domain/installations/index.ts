export {
  admitInstallation,
  consumeRateLimit,
  consumeRateLimitWith,
  purgeExpiredRateLimits,
  requireFeature,
  type ChargedRow,
} from './access.js';
export type { InstallationContext, RateLimitState } from './access.js';
export { findOwnedInstallation, regenerateInstallationKey } from './developer-installations.js';
export type { OwnedInstallation } from './developer-installations.js';
export * as installations from './installation.repository.js';
export type { InstallationRow } from './installation.repository.js';
export {
  getInstallationView,
  mergeInstallationConfig,
  recordHealthCheck,
} from './installations.js';
export type { InstallationView } from './installations.js';
export { planeActivePreviousSecret, planeSecret } from './plane-secrets.js';
export {
  checkoutProductionInstallation,
  installInProduction,
  removeProductionInstallation,
  simulateCheckout,
  simulateInstall,
  simulateRemoval,
  simulateTrial,
} from './marketplace-actions.js';
export type { InstallPayload } from './marketplace-actions.js';
export { exchangeSetupToken, runTrialSweep, TRIAL_ENDING_NOTICE_DAYS } from './marketplace.js';
export {
  OAuthError,
  beginAuthorization,
  completeAuthorization,
  refreshExpiringTokens,
} from './oauth-flow.js';
