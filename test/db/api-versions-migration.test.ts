import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateAll } from '../../src/db/migrate.js';
import { controlMigrations } from '../../src/db/migrations/index.js';
import { withDatabase } from '../support/test-db.js';

// The migration that brings dated API versions, on a database holding a plugin and a sandbox from
// before it: the plugin is pinned to the first version (no live plugin sees a change), the
// sandbox follows it.

const BEFORE = '2026_11_29_000200_move_webhook_fanout_jobs';

let handle: DatabaseHandle;
let db: Kysely<any>;
let admin: DatabaseHandle;
let name: string;

beforeAll(async () => {
  const adminUrl = process.env.SVC_TEST_ADMIN_URL!;
  admin = createDatabase(adminUrl, { max: 1 });
  name = `svc_test_migration_${randomBytes(4).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  handle = createDatabase(withDatabase(adminUrl, name), { max: 2 });
  db = handle.db;
  await sql`create schema control`.execute(db);
  const migrator = new Migrator({
    db: db.withSchema('control'),
    provider: { getMigrations: async () => controlMigrations },
    migrationTableSchema: 'control',
  });
  const { error } = await migrator.migrateTo(BEFORE);
  if (error) throw error;
  await sql`
    with d as (insert into control.developers (email, name, password_hash) values ('dev@example.com', 'Dev', 'x') returning developer_id),
         p as (insert into control.projects (developer_id, name) select developer_id, 'P' from d returning project_id),
         g as (insert into control.plugins (project_id, name, listing_status) select project_id, 'Live plugin', 'active' from p returning plugin_id)
    insert into control.sandboxes (plugin_id, developer_id, name, purpose, schema_name, status, last_accessed_at)
    select g.plugin_id, d.developer_id, 'Box', 'testing', 'sandbox_old', 'active', now() from g, d`.execute(
    db,
  );
  await migrateAll(db);
}, 120_000);

afterAll(async () => {
  await handle.close();
  await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
  await admin.close();
});

describe('the api versions migration', () => {
  it('when a database with a live plugin is migrated, then the plugin is pinned to 2026-11-21 and its sandbox follows it', async () => {
    const plugins =
      await sql`select api_version, api_version_previous, api_version_changed_at from control.plugins`.execute(
        db,
      );
    expect(plugins.rows).toEqual([
      { api_version: '2026-11-21', api_version_previous: null, api_version_changed_at: null },
    ]);
    const sandboxes = await sql`select api_version from control.sandboxes`.execute(db);
    expect(sandboxes.rows).toEqual([{ api_version: null }]);
  });
});
