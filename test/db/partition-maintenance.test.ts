import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import {
  ensurePartitions,
  listPartitions,
  partitionedTables,
  splitHistory,
} from '../../src/db/partitions.js';
import { pruneApiRequests } from '../../src/domain/api-requests/index.js';
import { pruneExpiredEvents } from '../../src/domain/webhooks/retention.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { clearOfMidnight, clearOfMidnightTimeout } from '../support/clock.js';
import { createTestContext, type TestContext } from '../support/context.js';

// The partitions of the history tables: made ahead by day, never missing for a write, and
// dropped whole by retention once a day is wholly older than the window.

const DAY = 86_400_000;
let t: TestContext;
let inst: InstallationFixture;
/** The UTC day this file runs in (and the database was migrated in). */
let today: Date;
const dayAt = (days: number, hours = 0) =>
  new Date(today.getTime() + days * DAY + hours * 3_600_000);
const dayName = (table: string, days: number) =>
  `${table}_p${dayAt(days).toISOString().slice(0, 10).replaceAll('-', '')}`;

beforeAll(async () => {
  await clearOfMidnight();
  today = new Date(Math.floor(Date.now() / DAY) * DAY);
  t = await createTestContext({}, { jobs: { workers: true } });
  inst = await createInstallation(t.db, { webhookEndpoint: 'https://hooks.example.com/svc' });
}, clearOfMidnightTimeout());
afterAll(() => t.close());

const apiRequestAt = (at: Date, requestId: string) =>
  sql`insert into control.api_requests (installation_id, created_at, method, path, status, duration_ms, request_id, client_ip)
      values (${inst.installationId}, ${at}, 'GET', '/orders', 200, 1, ${requestId}, '10.0.0.1')`.execute(
    t.db,
  );
const eventAt = (at: Date, sequence: number) =>
  sql`with e as (insert into control.events (event_name, plane, data, occurred_at) values ('order.paid', 'production', '{}', ${at})
                 returning event_id, occurred_at)
      insert into control.installation_events (installation_id, sequence, event_id, event_type, occurred_at, log_id)
      select ${inst.installationId}, ${sequence}, event_id, 'order.paid', occurred_at, 0 from e`.execute(
    t.db,
  );
/** A delivery made at `at` with one attempt, optionally a redelivery of another. */
const deliveryAt = async (at: Date, redeliveryOf: number | null = null) =>
  (
    await sql<{ log_id: number }>`
    with l as (insert into control.webhook_logs (installation_id, direction, event_type, status, attempts, created_at, redelivery_of)
               values (${inst.installationId}, 'outbound', 'order.paid', 'delivered', 1, ${at}, ${redeliveryOf}) returning log_id, created_at),
         a as (insert into control.webhook_delivery_attempts (log_id, log_created_at, attempt, status, duration_ms)
               select log_id, created_at, 1, 'delivered', 3 from l)
    select log_id from l`.execute(t.db)
  ).rows[0]!.log_id;
const countWhere = async (table: string, where = sql`true`) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.db)
  ).rows[0]!.n;

describe('history partitions', () => {
  it('when the database is migrated, then every history table has a partition per day up to 7 days ahead and one for later', async () => {
    const tables = await partitionedTables(t.db);
    expect(tables).toEqual(
      expect.arrayContaining([
        'api_requests',
        'events',
        'installation_events',
        'webhook_delivery_attempts',
        'webhook_logs',
      ]),
    );
    for (const table of tables) {
      const partitions = await listPartitions(t.db, table);
      const names = partitions.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining([dayName(table, 1), dayName(table, 7)]));
      expect(partitions[0]).toMatchObject({ name: `${table}_history`, from: null });
      expect(partitions.at(-1)).toEqual({ name: `${table}_future`, from: dayAt(8), to: null });
    }
  });

  it('when a row is written beyond the days made ahead, then it is kept, and moves to its own day when that day is made', async () => {
    await apiRequestAt(dayAt(10, 6), 'req-ahead');
    expect(await countWhere('control.api_requests_future')).toBe(1);

    const created = await ensurePartitions(t.db, dayAt(5));
    expect(created).toEqual(
      expect.arrayContaining([dayName('api_requests', 10), dayName('events', 12)]),
    );
    expect(await countWhere('control.api_requests_future')).toBe(0);
    expect(
      await countWhere(`control.${dayName('api_requests', 10)}`, sql`request_id = 'req-ahead'`),
    ).toBe(1);
    // Run again: nothing more to make.
    expect(await ensurePartitions(t.db, dayAt(5))).toEqual([]);
  });

  it('when days are made ahead, then the partitions of webhook_logs leave a tenth of each page free, so that recording an attempt can stay on its page (HOT)', async () => {
    await ensurePartitions(t.db, dayAt(6));
    const fillfactor = async (name: string) =>
      (
        await sql<{
          options: string[] | null;
        }>`select reloptions as options from pg_class where oid = ${`control.${name}`}::regclass`.execute(
          t.db,
        )
      ).rows[0]!.options;
    // Made at migrate, made by the maintenance, and the rest of time.
    for (const name of [
      dayName('webhook_logs', 1),
      dayName('webhook_logs', 13),
      'webhook_logs_future',
    ])
      expect(await fillfactor(name)).toEqual(['fillfactor=90']);
    // The other history tables are written once, never updated: their pages stay full.
    expect(await fillfactor(dayName('events', 13))).toBeNull();
  });

  it('when several processes make the days ahead at once (at every boot), then each day is made once and none fails', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => ensurePartitions(t.db, dayAt(9))));
    const created = runs.flat();
    expect(created).toEqual(
      expect.arrayContaining([dayName('events', 16), dayName('webhook_logs', 16)]),
    );
    expect(new Set(created).size).toBe(created.length);
  });

  it('when a history loaded after the conversion is split from a past day, then its rows of those days move to a partition per day and older rows stay', async () => {
    await apiRequestAt(dayAt(-2, 5), 'req-past');
    await apiRequestAt(dayAt(-5, 5), 'req-older');
    expect(
      await countWhere(
        'control.api_requests_history',
        sql`request_id in ('req-past', 'req-older')`,
      ),
    ).toBe(2);

    const created = await splitHistory(t.db, dayAt(-3, 7));
    expect(created).toEqual(
      expect.arrayContaining([
        dayName('api_requests', -3),
        dayName('api_requests', -1),
        dayName('webhook_logs', -2),
      ]),
    );
    expect(
      await countWhere(`control.${dayName('api_requests', -2)}`, sql`request_id = 'req-past'`),
    ).toBe(1);
    expect(await countWhere('control.api_requests_history', sql`request_id = 'req-older'`)).toBe(1);
    expect(
      await countWhere('control.api_requests', sql`request_id in ('req-past', 'req-older')`),
    ).toBe(2);
    const history = (await listPartitions(t.db, 'api_requests'))[0];
    expect(history).toEqual({ name: 'api_requests_history', from: null, to: dayAt(-3) });
    // Split again from the same day: nothing more to make.
    expect(await splitHistory(t.db, dayAt(-3))).toEqual([]);
  });

  it('when workers start, then the partitions are made ahead hourly by a scheduled job', async () => {
    const schedules = await t.jobs!.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'history-partitions')?.cron).toBe('7 * * * *');
    await t.jobs!.boss.send('history-partitions', {});
    const deadline = Date.now() + 10_000;
    const ran = () => t.logs.some((line) => line.includes('history partitions made ahead'));
    while (!ran() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(ran()).toBe(true);
  });

  it('when days are wholly older than the window, then retention drops their partitions and deletes only the older rows of the straddling day', async () => {
    await eventAt(dayAt(2, 12), 9001);
    await eventAt(dayAt(3, 11), 9002);
    await eventAt(dayAt(3, 13), 9003);
    await apiRequestAt(dayAt(2, 12), 'req-old');
    await apiRequestAt(dayAt(3, 11), 'req-straddling-old');
    await apiRequestAt(dayAt(3, 13), 'req-kept');
    const original = await deliveryAt(dayAt(2, 12));
    const straddlingOld = await deliveryAt(dayAt(3, 11));
    const redelivery = await deliveryAt(dayAt(3, 13), original);

    // Thirty days after day 3, noon: days up to 2 are wholly expired, day 3 straddles the cutoff.
    const now = dayAt(33, 12);
    const events = await pruneExpiredEvents(t.db, 30, 1000, now);
    expect(events.partitions).toEqual(
      expect.arrayContaining([
        dayName('events', 2),
        dayName('installation_events', 2),
        'events_history',
      ]),
    );
    expect(events.partitions).not.toContain(dayName('events', 3));
    expect(events.events).toBeGreaterThanOrEqual(2);
    expect(await countWhere('control.installation_events', sql`sequence >= 9001`)).toBe(1);
    expect(await countWhere('control.events', sql`occurred_at >= ${dayAt(2)}`)).toBe(1);
    expect(events.partitions).toEqual(
      expect.arrayContaining([dayName('webhook_logs', 2), dayName('webhook_delivery_attempts', 2)]),
    );
    expect(events.logs).toBeGreaterThanOrEqual(2);
    const logs = await sql<{ log_id: number; redelivery_of: number | null }>`
      select log_id, redelivery_of from control.webhook_logs where log_id in (${original}, ${straddlingOld}, ${redelivery})`.execute(
      t.db,
    );
    // The redelivery outlives its original, whose link is cleared as a foreign key's set null did.
    expect(logs.rows).toEqual([{ log_id: redelivery, redelivery_of: null }]);
    expect(
      await countWhere(
        'control.webhook_delivery_attempts',
        sql`log_id in (${original}, ${straddlingOld}, ${redelivery})`,
      ),
    ).toBe(1);

    const requests = await pruneApiRequests(t.db, 30, 1000, now);
    expect(requests.partitions).toEqual(
      expect.arrayContaining([dayName('api_requests', 2), 'api_requests_history']),
    );
    expect(requests.deleted).toBeGreaterThanOrEqual(2);
    const left = await sql<{
      request_id: string;
    }>`select request_id from control.api_requests where created_at >= ${dayAt(2)} and created_at < ${dayAt(5)}`.execute(
      t.db,
    );
    expect(left.rows.map((r) => r.request_id)).toEqual(['req-kept']);
    expect((await listPartitions(t.db, 'api_requests'))[0]!.name).toBe(dayName('api_requests', 3));
  });
});
