// Dated API versions: change records (contracts/versions/<date>.yaml) and the contracts of every
// version derived from head and those records, and the catalog of the versions answered now
// (catalog.ts). Pure: no HTTP, no database. make api-versions, api-check and api-release use it
// (codegen/api-diff/); the doors resolve each request's and delivery's version through it.
export {
  FIRST_VERSION,
  INSTRUCTION_KINDS,
  parseRecord,
  readRecords,
  RecordError,
  recordFile,
  RECORDS_DIR,
  supportedVersions,
  VERSION_PATTERN,
  type ChangeRecord,
  type Instruction,
  type InstructionKind,
  type VersionChange,
} from './records.js';
export {
  answeredVersions,
  apiVersionHeaders,
  apiVersionsOf,
  DEPRECATION_MONTHS,
  newestVersion,
  requireApiVersion,
  resolveApiVersion,
  SUPPORT_MONTHS,
  versionCatalog,
  type ApiVersionCatalog,
  type ApiVersionInfo,
  type ApiVersions,
  type ApiVersionStatus,
} from './catalog.js';
export { deriveVersions, placeOf, type DerivedVersion, type HeadContracts } from './derive.js';
export {
  changeFootprints,
  type ChangeFootprint,
  type EventFootprint,
  type OperationFootprint,
} from './footprint.js';
export { loadApiVersions, REPO_ROOT } from './load.js';
export {
  createMigrator,
  identityMigrator,
  type RequestParts,
  type VersionMigrator,
} from './migrator.js';
export { applyPlan, compilePlan, type Plan, type Step } from './value-plans.js';
export {
  loadMigrations,
  type MigrationDirection,
  type RecordMigrations,
  type ValueMigration,
} from './migrations.js';
