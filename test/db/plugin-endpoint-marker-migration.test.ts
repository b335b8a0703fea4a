import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateAll } from '../../src/db/migrate.js';
import { controlMigrations } from '../../src/db/migrations/index.js';
import { withDatabase } from '../support/test-db.js';

// The migration that marks the plugins with an enabled extra webhook endpoint, on a database that
// holds endpoints from before it: an event's recipients then find those plugins by their row. Its
// trigger keeps the marker when two writes change a plugin's endpoints at once.

const BEFORE = '2026_11_29_000700_add_webhook_log_endpoints';

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
         g as (insert into control.plugins (project_id, name, listing_status)
               select project_id, n, 'active' from p, unnest(array['enabled', 'disabled', 'none']) n returning plugin_id, name)
    insert into control.webhook_endpoints (plugin_id, url, status, secret_enc)
    select g.plugin_id, 'https://hooks.example.com/' || g.name, g.name, 'x' from g where g.name <> 'none'`.execute(
    db,
  );
  await migrateAll(db);
}, 120_000);

afterAll(async () => {
  await handle.close();
  await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
  await admin.close();
});

describe('the plugin endpoint marker migration', () => {
  it('when a database with endpoints is migrated, then only the plugin with an enabled one is marked', async () => {
    const { rows } = await sql<{ name: string; has_webhook_endpoints: boolean }>`
      select name, has_webhook_endpoints from control.plugins order by plugin_id`.execute(db);
    expect(rows).toEqual([
      { name: 'enabled', has_webhook_endpoints: true },
      { name: 'disabled', has_webhook_endpoints: false },
      { name: 'none', has_webhook_endpoints: false },
    ]);
  });

  it('when one transaction deletes the only enabled endpoint while another creates one, then the plugin stays marked', async () => {
    const { rows: plugin } = await sql<{ plugin_id: number }>`
      select plugin_id from control.plugins where name = 'enabled'`.execute(db);
    const pluginId = plugin[0]!.plugin_id;
    const creating = await handle.pool.connect();
    const deleting = await handle.pool.connect();
    try {
      await creating.query('begin');
      await creating.query(
        "insert into control.webhook_endpoints (plugin_id, url, secret_enc) values ($1, 'https://hooks.example.com/new', 'x')",
        [pluginId],
      );
      await deleting.query('begin');
      // Its trigger waits for the plugin's row, which the creation's trigger locked.
      const deleted = deleting.query(
        "delete from control.webhook_endpoints where plugin_id = $1 and url = 'https://hooks.example.com/enabled'",
        [pluginId],
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await creating.query('commit');
      await deleted;
      await deleting.query('commit');
    } finally {
      creating.release();
      deleting.release();
    }
    const { rows } = await sql<{ has_webhook_endpoints: boolean; enabled: number }>`
      select has_webhook_endpoints,
             (select count(*)::int from control.webhook_endpoints we where we.plugin_id = p.plugin_id and we.status = 'enabled') as enabled
        from control.plugins p where plugin_id = ${pluginId}`.execute(db);
    expect(rows).toEqual([{ has_webhook_endpoints: true, enabled: 1 }]);
  });
});
