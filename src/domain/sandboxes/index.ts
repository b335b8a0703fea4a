export { runSandboxIdleSweep } from './expiry.js';
export {
  deleteSandbox,
  getSandbox,
  listSandboxes,
  protectSandbox,
  provisionDeveloperSandbox,
  resetSandbox,
} from './manage.js';
export { provisionSandbox } from './provision.js';
