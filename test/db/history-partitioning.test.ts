import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateAll } from '../../src/db/migrate.js';
import { controlMigrations } from '../../src/db/migrations/index.js';
import { listEvents } from '../../src/domain/webhooks/feed/events-feed.js';
import { feedDays, readByDays } from '../../src/domain/webhooks/feed/feed-days.js';
import { withDatabase } from '../support/test-db.js';

// The migration that partitions the history tables, run on a populated database: a database
// migrated to the migration before it, filled with rows of the last 40 days, then migrated to
// the latest schema the way a deploy does (migrateAll).

const BEFORE = '2026_11_26_000400_add_api_requests_request_id_index';
const TABLES = [
  'events',
  'installation_events',
  'api_requests',
  'webhook_logs',
  'webhook_delivery_attempts',
] as const;

let handle: DatabaseHandle;
let db: Kysely<any>;
let admin: DatabaseHandle;
let name: string;
const before = new Map<string, { n: number; digest: string }>();
let installationId: number;

/**
 * Columns later migrations add (a child's partition key, the request's API version, a delivery's
 * endpoint and its ordering per order): not the rows' content.
 */
const ADDED_LATER = [
  'log_created_at',
  'api_version',
  'webhook_endpoint_id',
  'ordering_key',
  'ordering_held',
  'ordering_failed_sequence',
];

const snapshot = async (table: string) =>
  (
    await sql<{ n: number; digest: string }>`
    select count(*)::int as n, md5(coalesce(string_agg(r, '|' order by r), '')) as digest
      from (select (to_jsonb(t) - ${ADDED_LATER}::text[])::text as r from ${sql.table(`control.${table}`)} t) rows`.execute(
      db,
    )
  ).rows[0]!;

async function populate(): Promise<void> {
  const { rows } = await sql<{ installation_id: number }>`
    with d as (insert into control.developers (email, name, password_hash) values ('dev@example.com', 'Dev', 'x') returning developer_id),
         p as (insert into control.projects (developer_id, name) select developer_id, 'P' from d returning project_id),
         g as (insert into control.plugins (project_id, name) select project_id, 'Plugin' from p returning plugin_id)
    insert into control.installations (plugin_id, plane, organization_id, location_id, status)
    select plugin_id, 'production', 1, 1, 'active' from g returning installation_id`.execute(db);
  installationId = rows[0]!.installation_id;
  await sql`
    with e as (
      insert into control.events (event_name, plane, organization_id, location_id, installation_id, data, occurred_at)
      select 'order.paid', 'production', 1, 1, ${installationId}::int, jsonb_build_object('n', g), now() - make_interval(mins => g * 12)
        from generate_series(1, 4800) g
      returning event_id, occurred_at, (data->>'n')::int as n
    )
    insert into control.installation_events (installation_id, sequence, event_id, event_type, occurred_at, log_id)
    select ${installationId}::int, 4801 - n, event_id, 'order.paid', occurred_at, n from e`.execute(
    db,
  );
  await sql`
    insert into control.api_requests (installation_id, created_at, method, path, status, duration_ms, request_id, client_ip)
    select ${installationId}::int, now() - make_interval(mins => g * 20), 'GET', '/orders/' || g, 200, 1.5, 'req-' || g, '10.0.0.1'
      from generate_series(1, 3000) g`.execute(db);
  // A delivery for each of the first 1,000 events, two attempts each, a redelivery of the first
  // one, and an inbound request holding its idempotency key.
  await sql`
    with l as (
      insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts, sequence, created_at)
      select installation_id, 'outbound', event_type, event_id, 'delivered', gen_random_uuid(), 2, sequence, occurred_at + interval '1 second'
        from control.installation_events where sequence <= 1000
      returning log_id, created_at
    )
    insert into control.webhook_delivery_attempts (log_id, attempt, status, http_status, duration_ms, attempted_at)
    select log_id, n, case n when 1 then 'failed' else 'delivered' end, case n when 1 then 503 else 200 end, 5, created_at + make_interval(secs => n)
      from l, generate_series(1, 2) n`.execute(db);
  await sql`
    insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts, sequence, redelivery_of)
    select installation_id, 'outbound', event_type, event_id, 'pending', gen_random_uuid(), 0, sequence, log_id
      from control.webhook_logs order by log_id limit 1`.execute(db);
  await sql`
    with l as (insert into control.webhook_logs (installation_id, direction, event_type, status, idempotency_key, attempts)
               values (${installationId}, 'inbound', 'external.x', 'received', 'key-1', 1) returning log_id, installation_id)
    insert into control.inbound_webhook_keys (installation_id, idempotency_key, log_id) select installation_id, 'key-1', log_id from l`.execute(
    db,
  );
  // Ids given and then pruned: the partitioned table must never give them again.
  await sql`delete from control.api_requests where api_request_id > 2900`.execute(db);
}

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
  await populate();
  for (const table of TABLES) before.set(table, await snapshot(table));
  await migrateAll(db);
}, 120_000);

afterAll(async () => {
  await handle.close();
  await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
  await admin.close();
});

describe('partitioning the history tables', () => {
  it('when a populated database is migrated, then every table is partitioned by time and keeps every row as it was', async () => {
    for (const table of TABLES) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_partitioned_table pt join pg_class c on c.oid = pt.partrelid
         where c.oid = ${`control.${table}`}::regclass`.execute(db);
      expect({ table, partitioned: rows[0]!.n }).toEqual({ table, partitioned: 1 });
      expect({ table, ...(await snapshot(table)) }).toEqual({ table, ...before.get(table)! });
      // The old rows were attached where they were: all of them are in the historic partition.
      const history = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(`control.${table}_history`)}`.execute(db);
      expect(history.rows[0]!.n).toBe(before.get(table)!.n);
    }
  });

  it("when a populated database is migrated, then the feed's days hold the range of every day's entries, and the pages are read from them", async () => {
    const { rows: days } = await sql<{ day: string; first: number; last: number; entries: number }>`
      select day::text, first_sequence as first, last_sequence as last, entries from control.installation_feed_days order by day`.execute(
      db,
    );
    const { rows: actual } = await sql<{
      day: string;
      first: number;
      last: number;
      entries: number;
    }>`
      select (occurred_at at time zone 'UTC')::date::text as day, min(sequence) as first, max(sequence) as last, count(*)::int as entries
        from control.installation_events group by 1 order by 1`.execute(db);
    expect(actual.length).toBeGreaterThanOrEqual(40);
    expect(days).toEqual(actual);
    // The entries here have no deliveries to show: the days are read as the feed reads them, for the sequences alone.
    const page = await readByDays(
      await feedDays(db, installationId),
      2000,
      50,
      async (span) =>
        (
          await sql<{ sequence: number }>`
        select sequence from control.installation_events
         where installation_id = ${installationId} and sequence > 2000 and occurred_at >= ${span.from}::timestamptz and occurred_at < ${span.to}::timestamptz
         order by sequence limit 50`.execute(db)
        ).rows,
    );
    expect(page.map((row) => row.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => 2001 + i));
    expect(
      (await listEvents(db, installationId, { after: 0, limit: 1 })).meta.oldest_sequence,
    ).toBe(1);
  });

  it('when rows are written after the migration, then ids go on after the old ones and the keys still refuse duplicates', async () => {
    const { rows } = await sql<{ api_request_id: number }>`
      insert into control.api_requests (installation_id, created_at, method, path, status, duration_ms, request_id, client_ip)
      values (${installationId}, now(), 'GET', '/orders', 200, 1, 'req-new', '10.0.0.1') returning api_request_id`.execute(
      db,
    );
    expect(Number(rows[0]!.api_request_id)).toBe(3001);
    const { rows: logs } = await sql<{ log_id: number }>`
      insert into control.webhook_logs (installation_id, direction, event_type, status, attempts)
      values (${installationId}, 'inbound', 'external.y', 'received', 1) returning log_id`.execute(
      db,
    );
    expect(logs[0]!.log_id).toBe(1003);

    // (A violation names the partition's index.)
    // Copies of an existing event and of its feed entry (in SQL: a JS Date would lose the microseconds).
    const duplicateEvent =
      sql`insert into control.events (event_id, event_name, plane, data, occurred_at)
                               select event_id, event_name, plane, data, occurred_at from control.events order by occurred_at limit 1`.execute(
        db,
      );
    await expect(duplicateEvent).rejects.toMatchObject({
      code: '23505',
      constraint: expect.stringMatching(/^events_.*pkey$/),
    });
    const duplicateFeedEntry =
      sql`insert into control.installation_events (installation_id, sequence, event_id, event_type, occurred_at, log_id)
                                   select installation_id, 999999, event_id, event_type, occurred_at, 1
                                     from control.installation_events order by occurred_at limit 1`.execute(
        db,
      );
    await expect(duplicateFeedEntry).rejects.toMatchObject({
      code: '23505',
      constraint: expect.stringMatching(
        /^installation_events_.*event_id_installation_id_occurr.*idx$/,
      ),
    });
    const duplicateSequence =
      sql`insert into control.installation_events (installation_id, sequence, event_id, event_type, occurred_at, log_id)
                                  select installation_id, sequence, gen_random_uuid(), event_type, occurred_at, 1
                                    from control.installation_events order by occurred_at limit 1`.execute(
        db,
      );
    await expect(duplicateSequence).rejects.toMatchObject({
      code: '23505',
      constraint: expect.stringMatching(/^installation_events_.*pkey$/),
    });
  });

  it('when the attempts are partitioned by the day of their log, then each carries the time of its log and an attempt is still recorded once', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from control.webhook_delivery_attempts a
        join control.webhook_logs l on l.log_id = a.log_id and l.created_at = a.log_created_at`.execute(
      db,
    );
    expect(rows[0]!.n).toBe(2000);
    const again =
      sql`insert into control.webhook_delivery_attempts (log_id, log_created_at, attempt, status, duration_ms)
                      select log_id, log_created_at, attempt, status, duration_ms from control.webhook_delivery_attempts limit 1`.execute(
        db,
      );
    await expect(again).rejects.toMatchObject({
      code: '23505',
      constraint: expect.stringMatching(/^webhook_delivery_attempts_.*(key|idx)$/),
    });
    const keys = await sql<{ log_id: number; event_type: string }>`
      select l.log_id, l.event_type from control.inbound_webhook_keys k join control.webhook_logs l on l.log_id = k.log_id`.execute(
      db,
    );
    expect(keys.rows).toEqual([{ log_id: expect.any(Number), event_type: 'external.x' }]);
  });

  it('when an installation is deleted, then its feed entries, webhook logs and inbound keys still go with it', async () => {
    await sql`delete from control.installations where installation_id = ${installationId}`.execute(
      db,
    );
    for (const table of ['installation_events', 'webhook_logs', 'inbound_webhook_keys']) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(`control.${table}`)}`.execute(db);
      expect({ table, n: rows[0]!.n }).toEqual({ table, n: 0 });
    }
  });
});
