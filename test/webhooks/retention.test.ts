import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { pauseAfterBatch, pruneExpiredEvents } from '../../src/domain/webhooks/retention.js';
import {
  createInstallation,
  createSandboxInstallation,
  type InstallationFixture,
} from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { insertEventHistory } from '../support/event-history.js';
import { scopeOf } from '../support/webhook-fixtures.js';

// Retention: events older than SVC_EVENT_RETENTION_DAYS go, with their webhook logs, delivery
// attempts and feed entries, in batches that never hold up writers.

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext({}, { jobs: { workers: true } });
  inst = await createInstallation(t.db, { webhookEndpoint: 'https://hooks.example.com/svc' });
});
afterAll(() => t.close());

const history = (first: number, count: number, ageDays: number) =>
  insertEventHistory(t.db, {
    installationId: inst.installationId,
    organizationId: inst.organizationId,
    locationId: inst.locationId,
    first,
    count,
    ageDays,
  });

const count = async (table: string, where = sql`true`) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.db)
    ).rows[0]!.n,
  );

describe('event retention', () => {
  it('when events and logs are older than the window, then the job prunes them in batches while writers keep writing', async () => {
    await history(1, 230, 45);
    await history(231, 20, 1);
    await t.db
      .insertInto('control.webhook_logs')
      .values({
        installation_id: inst.installationId,
        direction: 'inbound',
        event_type: 'external.x',
        status: 'received',
        attempts: 1,
        created_at: new Date(Date.now() - 40 * 86_400_000),
      })
      .execute();

    // Writers during the prune: each event is emitted in a transaction that gives up after 500 ms of waiting on a lock.
    let pruning = true;
    let written = 0;
    const writer = (async () => {
      while (pruning) {
        await t.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '500ms'`.execute(trx);
          await t.events.emit(trx, scopeOf(inst), 'order.paid', {
            order_id: 1,
            order_number: 'ORD-1',
            total: '1.00',
            paid_at: '2026-03-14T18:40:00Z',
          });
        });
        written += 1;
      }
    })();
    const result = await pruneExpiredEvents(t.db, 30, 40);
    pruning = false;
    await writer;

    expect(result).toMatchObject({ events: 230, logs: 231 });
    expect(result.batches).toBeGreaterThanOrEqual(Math.ceil(230 / 40) + Math.ceil(231 / 40));
    expect(written).toBeGreaterThan(0);
    const cutoff = sql`created_at < now() - interval '30 days'`;
    expect(await count('control.webhook_logs', cutoff)).toBe(0);
    expect(await count('control.events', sql`occurred_at < now() - interval '30 days'`)).toBe(0);
    expect(
      await count(
        'control.webhook_delivery_attempts',
        sql`attempted_at < now() - interval '30 days'`,
      ),
    ).toBe(0);
    expect(
      await count(
        'control.installation_events',
        sql`installation_id = ${inst.installationId} and sequence <= 230`,
      ),
    ).toBe(0);
    expect(
      await count(
        'control.installation_events',
        sql`installation_id = ${inst.installationId} and sequence > 230`,
      ),
    ).toBeGreaterThanOrEqual(20);

    // The feed starts where retention left it, and says so.
    const feed = await call(t.app, 'get', '/events?limit=5', { key: inst.apiKey });
    expect(feed.body.meta.oldest_sequence).toBe(231);
    expect(feed.body.data[0].sequence).toBe(231);
  });

  it('when workers start, then the retention job is scheduled hourly and runs with SVC_EVENT_RETENTION_DAYS', async () => {
    const schedules = await t.jobs!.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'event-retention')?.cron).toBe('41 * * * *');
    await history(1000, 3, 45);
    await t.jobs!.boss.send('event-retention', {});
    const deadline = Date.now() + 10_000;
    // Exactly the three old events: the first test's writers can still be fanned out now, and
    // their (recent, kept) events are numbered after the last sequence, 1003 and on.
    const left = () =>
      count(
        'control.installation_events',
        sql`installation_id = ${inst.installationId} and sequence between 1000 and 1002`,
      );
    while ((await left()) > 0) {
      if (Date.now() > deadline)
        throw new Error(`event-retention did not prune (${await left()} left)`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The job logs what it pruned after its transaction commits: the rows can be gone a moment before the line is written.
    const logged = () =>
      t.logs.some((line) =>
        line.includes('events and webhook logs past the retention window pruned'),
      );
    while (!logged() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(logged()).toBe(true);
  });

  it('when listener rows (svc listen) expired more than an hour ago, then the prune deletes them and keeps live and recently expired ones', async () => {
    const sandbox = await createSandboxInstallation(t.db);
    const listener = (minutesFromNow: number) => ({
      sandbox_id: sandbox.sandboxId,
      developer_id: sandbox.developerId,
      expires_at: new Date(Date.now() + minutesFromNow * 60_000),
    });
    const rows = await t.db
      .insertInto('control.webhook_listeners')
      .values([listener(-90), listener(-61), listener(-30), listener(5)])
      .returning(['listener_id', 'expires_at'])
      .execute();
    const result = await pruneExpiredEvents(t.db, 30);
    expect(result.listeners).toBe(2);
    const left = await t.db
      .selectFrom('control.webhook_listeners')
      .select('listener_id')
      .where('sandbox_id', '=', sandbox.sandboxId)
      .execute();
    expect(left.map((r) => r.listener_id).sort()).toEqual(
      rows
        .slice(2)
        .map((r) => r.listener_id)
        .sort(),
    );
  });
});

describe('the prune of webhook logs with a large history', () => {
  it('when log entries are deleted, then no per-row action scans the logs: redelivery links are not a foreign key, and the prune clears them through a partial index', async () => {
    // A foreign key on redelivery_of (ON DELETE SET NULL) made PostgreSQL scan every log for each
    // deleted row when it had no index (one 1,000-row batch took 178 s over 450,000 logs). The
    // partitioned table has no such key; the prune clears dangling links itself (retention.ts).
    const { rows: keys } = await sql<{ conname: string }>`
      select conname from pg_constraint where conrelid = 'control.webhook_logs'::regclass and contype = 'f'
         and conkey @> array[(select attnum from pg_attribute where attrelid = 'control.webhook_logs'::regclass and attname = 'redelivery_of')]`.execute(
      t.db,
    );
    expect(keys).toEqual([]);
    const { rows: indexes } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = 'control' and tablename = 'webhook_logs' and indexdef like '%(redelivery_of)%'`.execute(
      t.db,
    );
    expect(indexes.map((i) => i.indexdef)).toEqual([
      expect.stringMatching(/\(redelivery_of\) WHERE \(redelivery_of IS NOT NULL\)$/),
    ]);
  });
});

describe('the cost of a prune batch', () => {
  /** Rows the scans of the history's tables returned, over every connection, as their statistics last flushed them. */
  const rowsRead = async (): Promise<number> => {
    // A backend flushes its counts at most once a second, and within a second of going idle.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { rows } = await sql<{ n: number }>`
      select coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::int as n
        from pg_stat_user_tables
       where schemaname = 'control'
         and relname ~ '^(events|installation_events|webhook_logs|webhook_delivery_attempts)_'`.execute(
      t.db,
    );
    return rows[0]!.n;
  };

  it('when the prune deletes the rows left before the cutoff in batches, then each batch reads its own rows, not the whole day that holds them, and the next waits as long as it ran', async () => {
    // Joined to its batch, a batch's DELETE read every row of the day left of the window (a hash
    // join), at every batch: the prune's time grew with the square of that day's rows (31.7 s,
    // from 8.2 s, in the growth benchmark once plans were kept per connection).
    await history(100_001, 6000, 31);
    await sql`analyze`.execute(t.db);
    const before = await rowsRead();
    const pauses: number[] = [];
    const started = performance.now();
    const result = await pruneExpiredEvents(t.db, 30, 500, new Date(), async (batchMs) => {
      pauses.push(batchMs);
      await pauseAfterBatch(batchMs);
    });
    const tookMs = performance.now() - started;
    const read = (await rowsRead()) - before;
    // Between two full batches it leaves the database to the writers as long as the batch ran: a
    // pause follows every batch but the last of each kind, and the pauses are half its time or so.
    expect(pauses.length).toBeGreaterThanOrEqual(2 * Math.floor(6000 / 500));
    expect(pauses.every((ms) => ms > 0)).toBe(true);
    const paused = pauses.reduce((a, b) => a + b, 0);
    expect(paused).toBeGreaterThan(0.3 * tookMs);
    expect(paused).toBeLessThan(0.7 * tookMs);
    expect(result.events).toBeGreaterThanOrEqual(6000);
    // Every pruned row is read at least once: fewer reads would mean the statistics were not flushed.
    expect(read).toBeGreaterThanOrEqual(4 * result.events);
    // A pruned event is read about once in each table (its row, its feed entry, its log, its
    // attempt) and once more as its batch is chosen: about 6 reads. Reading the day at every
    // batch, 12 batches read 28.
    expect(read / result.events).toBeLessThan(10);
  });
});
