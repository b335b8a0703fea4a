// API upgrade reports: which changes of the dated versions newer than a plugin's pin meet the
// operations and events its installations used (the request log, the deliveries).
export { footprintSource } from './footprints.js';
export {
  pluginUpgradeReport,
  USAGE_WINDOW_DAYS,
  type UpgradeChange,
  type UpgradeReport,
  type UpgradeUse,
} from './report.js';
