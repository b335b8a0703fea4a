import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { apiVersionsOf, type ApiVersions } from './catalog.js';
import { deriveVersions } from './derive.js';
import { loadMigrations } from './migrations.js';
import { createMigrator } from './migrator.js';
import { readRecords } from './records.js';

/** The repository's root, where openapi.yaml and contracts/ are (from src/ and from dist/ alike). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The dated versions as a process holds them, read once at boot from `root`: the records
 * (contracts/versions/), every version's contracts derived from head and them (what
 * contracts/derived/ holds, which make api-check keeps equal), and the records' migrations.
 */
export async function loadApiVersions(root = REPO_ROOT): Promise<ApiVersions> {
  const records = readRecords(root);
  const head = {
    openapi: parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as object,
    asyncapi: parse(readFileSync(path.join(root, 'asyncapi.yaml'), 'utf8')) as object,
  };
  const derived = records.length ? deriveVersions(head, records) : [];
  const migrations = await Promise.all(records.map((record) => loadMigrations(root, record)));
  return apiVersionsOf(records, createMigrator(derived, records, migrations), derived);
}
