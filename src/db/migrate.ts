import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { controlMigrations, dataPlaneMigrations } from './migrations/index.js';
import { ensurePartitions } from './partitions.js';

export const PRODUCTION_SCHEMA = 'production';
const LOCK_NOT_AVAILABLE = '55P03';

const provider = (migrations: Record<string, Migration>): MigrationProvider => ({
  getMigrations: async () => migrations,
});

async function run(migrator: Migrator, what: string): Promise<void> {
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration of ${what} failed at ${failed?.migrationName ?? '?'}: ${String(error)}`,
    );
  }
}

/** Migrates the control plane (schema `control`) and the production data plane. */
export async function migrateAll(db: Kysely<any>): Promise<void> {
  await sql`create schema if not exists control`.execute(db);
  await run(
    new Migrator({
      db: db.withSchema('control'),
      provider: provider(controlMigrations),
      migrationTableSchema: 'control',
    }),
    'the control plane',
  );
  // The days ahead of the history tables' partitions: a fresh database has them at once. A table
  // too busy to lock within the timeout gets them from the hourly job (_future takes its rows meanwhile).
  await ensurePartitions(db, new Date()).catch((err: { code?: string }) => {
    if (err.code !== LOCK_NOT_AVAILABLE) throw err;
  });
  await migrateDataPlane(db, PRODUCTION_SCHEMA);
  // Every existing sandbox plane too: a data-plane migration added after a sandbox was provisioned
  // must reach it (new sandboxes and resets migrate their own schema).
  const { rows } = await sql<{ nspname: string }>`
    select nspname from pg_namespace where nspname ~ '^sandbox_[0-9]+$' order by nspname`.execute(
    db,
  );
  for (const { nspname } of rows) await migrateDataPlane(db, nspname);
}

/** Creates (if needed) and migrates one data-plane schema: `production` or `sandbox_<id>`. */
export async function migrateDataPlane(db: Kysely<any>, schema: string): Promise<void> {
  assertSchemaName(schema);
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  await run(
    new Migrator({
      db: db.withSchema(schema),
      provider: provider(dataPlaneMigrations),
      migrationTableSchema: schema,
    }),
    `data plane ${schema}`,
  );
}

export function assertSchemaName(schema: string): void {
  if (!/^(production|sandbox_[0-9]+)$/.test(schema))
    throw new Error(`Not a data-plane schema name: ${schema}`);
}

/**
 * Migrations this build knows that the database has not applied, in the control plane and the
 * production data plane (readiness: a process must not serve a schema older than its code).
 */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const pending: string[] = [];
  const planes: [string, Record<string, Migration>][] = [
    ['control', controlMigrations],
    [PRODUCTION_SCHEMA, dataPlaneMigrations],
  ];
  for (const [schema, migrations] of planes) {
    const applied = new Set(
      (
        await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')}`
          .execute(db)
          .catch(() => ({ rows: [] }))
      ).rows.map((r) => r.name),
    );
    for (const name of Object.keys(migrations))
      if (!applied.has(name)) pending.push(`${schema}.${name}`);
  }
  return pending;
}
