export { setSandboxApiVersion } from './api-version.js';
export { runSandboxIdleSweep, sendExpiryWarningNow, warnIfDueAt } from './expiry.js';
export { MAX_CLOCK_DAYS, advanceSandboxClock, setDeliveryFaults } from './power-tools.js';
export type { DeliveryFaultsInput } from './power-tools.js';
export {
  SCENARIO_KINDS,
  cancelScenario,
  getScenarioRun,
  planScenario,
  playScenario,
  startScenario,
  stepDueMs,
} from './scenarios.js';
export type { ScenarioDeps, ScenarioKind, ScenarioRunRow, Step } from './scenarios.js';
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
