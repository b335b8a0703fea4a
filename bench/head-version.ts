import {
  newestVersion,
  readRecords,
  REPO_ROOT,
  versionCatalog,
} from '../src/domain/api-versions/index.js';

/**
 * The newest API version (head), from the change records the service reads (contracts/versions/).
 * Every plugin the bench writes is pinned to it, so that every scenario answers and delivers at
 * head, as a new plugin does; only the pinned scenario names an older version (http-scenarios.ts).
 */
export const headVersion = (): string =>
  newestVersion(versionCatalog(readRecords(REPO_ROOT), new Date()));
