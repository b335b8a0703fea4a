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
  const relative = `${RECORDS_DIR}/${record.version}.ts`;
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
