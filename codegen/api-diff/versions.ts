import { parse, stringify } from 'yaml';
import * as apiVersions from '../../src/domain/api-versions/index.js';
import { signExamples } from '../example-signatures.js';
import { readWorkingContracts } from './sources.js';

/** One dated version's openapi.yaml and asyncapi.yaml, as text. */
export interface VersionTexts {
  version: string;
  /** The newest version: the working openapi.yaml and asyncapi.yaml, byte for byte. */
  head: boolean;
  openapi: string;
  asyncapi: string;
}

/**
 * Every supported version's contracts, newest first, from the working contracts and the change
 * records of contracts/versions/ (src/domain/api-versions). The migrations the records name must
 * exist, so a typo fails here rather than when a request is first migrated.
 */
export async function readVersions(root: string): Promise<VersionTexts[]> {
  const working = readWorkingContracts(root);
  const records = apiVersions.readRecords(root);
  const newest = apiVersions.supportedVersions(records)[0]!;
  const head: VersionTexts = {
    version: newest,
    head: true,
    openapi: working.openapi,
    asyncapi: working.asyncapi,
  };
  if (!records.length) return [head];
  const migrations = [];
  for (const record of records) migrations.push(await apiVersions.loadMigrations(root, record));
  const derived = apiVersions.deriveVersions(
    { openapi: parse(working.openapi), asyncapi: parse(working.asyncapi) },
    records,
    migrations,
  );
  const older = derived.slice(1).map((v) => {
    // Its examples' bodies are in its own shapes (deriveVersions): their signatures follow.
    signExamples(v.asyncapi);
    return {
      version: v.version,
      head: false,
      openapi: stringify(v.openapi),
      asyncapi: stringify(v.asyncapi),
    };
  });
  return [head, ...older];
}

export const RECORDS_DIR = apiVersions.RECORDS_DIR;
export const isRecordError = (err: unknown): err is Error => err instanceof apiVersions.RecordError;
