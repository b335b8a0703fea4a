import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RECORDS_DIR, RecordError, type ChangeRecord } from './records.js';

/**
 * Which way a value moves between a version and the one before it: a plugin's request is
 * migrated forward (the previous version's value to this one's), a response or a webhook payload
 * backward (this version's value to the previous one's), as in Cadwyn.
 */
export type MigrationDirection = 'request' | 'response';

/**
 * A migration, exported by contracts/versions/<date>.ts and named by an instruction's
 * `migration: {request?, response?}`: converts one property's or parameter's value.
 */
export type ValueMigration = (value: unknown) => unknown;

export type RecordMigrations = ReadonlyMap<string, ValueMigration>;

/** The functions a record's instructions name, from the module beside it; a missing one is an error. */
export async function loadMigrations(
  root: string,
  record: ChangeRecord,
): Promise<RecordMigrations> {
  const named = record.changes.flatMap((change) =>
    change.instructions.flatMap((i) =>
      [i.migration?.request, i.migration?.response]
        .filter((name): name is string => name !== undefined)
        .map((name) => ({ change: change.id, name })),
    ),
  );
  if (!named.length) return new Map();
  const relative = migrationsModule(root, record.version);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path.join(root, relative)).href)) as Record<
      string,
      unknown
    >;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new RecordError(record.version, `${relative} cannot be loaded: ${why}`, named[0]!.change);
  }
  const migrations = new Map<string, ValueMigration>();
  for (const { change, name } of named) {
    const fn = module[name];
    if (typeof fn !== 'function') {
      throw new RecordError(
        record.version,
        `migration ${name} is not a function exported by ${relative}`,
        change,
      );
    }
    migrations.set(name, fn as ValueMigration);
  }
  return migrations;
}

/** The service's own root, and where `npm run build` puts the records' migrations, type-stripped (build-migrations.ts). */
const OWN_ROOT = path.resolve(import.meta.dirname, '../../..');
const COMPILED_DIR = path.resolve(import.meta.dirname, '../..', RECORDS_DIR);

/** The first line of a compiled copy: the digest of the source it was made from. */
export function compiledHeader(source: string): string {
  return `// type-stripped from sha256 ${createHash('sha256').update(source).digest('hex')}\n`;
}

/**
 * The module of a record's migrations, relative to `root`: `<date>.ts` beside the record, or in
 * the compiled service its type-stripped copy when made from that very source: importing a .ts
 * file makes Node load its TypeScript stripper (swc in WebAssembly), about 12 MB held for good.
 */
function migrationsModule(root: string, version: string): string {
  const source = path.join(RECORDS_DIR, `${version}.ts`);
  if (!import.meta.url.endsWith('.js') || path.resolve(root) !== OWN_ROOT) return source;
  const compiled = path.join(COMPILED_DIR, `${version}.js`);
  try {
    const header = compiledHeader(readFileSync(path.join(root, source), 'utf8'));
    if (readFileSync(compiled, 'utf8').startsWith(header)) return path.relative(root, compiled);
  } catch {
    // no compiled copy (or no source: the import below reports it)
  }
  return source;
}
