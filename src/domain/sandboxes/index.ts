export { runSandboxIdleSweep, sendExpiryWarningNow } from './expiry.js';
export {
  deleteSandbox,
  findOwnedSandbox,
  getSandbox,
  listSandboxes,
  protectSandbox,
  provisionDeveloperSandbox,
  resetSandbox,
} from './manage.js';
export { provisionSandbox } from './provision.js';
