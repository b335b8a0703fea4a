import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type RawBuilder } from 'kysely';
import { listPartitions, splitHistory } from '../../src/db/partitions.js';
import {
  acknowledgeTargetStatement,
  acknowledgeEvents,
  acknowledgementState,
  feedPageStatement,
  listEvents,
  type EventsQuery,
} from '../../src/domain/webhooks/feed/events-feed.js';
import {
  feedDays,
  readByDays,
  spanOf,
  type FeedDay,
  type FeedSpan,
} from '../../src/domain/webhooks/feed/feed-days.js';
import { redeliverWebhook } from '../../src/domain/webhooks/replay/replay.js';
import { pruneBatchStatement, pruneExpiredEvents } from '../../src/domain/webhooks/retention.js';
import {
  prepareStatement,
  recordStatement,
  type Outcome,
} from '../../src/domain/webhooks/delivery/delivery.js';
import {
  QUEUES,
  attemptsOf as jobAttempts,
  type DeliveryAttempt,
  type DeliveryJobData,
} from '../../src/domain/webhooks/delivery/queue.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { insertEventHistory } from '../support/event-history.js';
import type { TestContext } from '../support/context.js';
import {
  deliveriesOf,
  emit,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import { ok, waitUntil } from '../support/webhook-receiver.js';
import { clearOfMidnight, clearOfMidnightTimeout } from '../support/clock.js';

// The history is partitioned by day: the delivery path carries each row's partition key in its jobs
// so that its statements read one partition, whatever the history kept; jobs queued by the
// previous version, without the keys, are still delivered.

beforeAll(() => clearOfMidnight(), clearOfMidnightTimeout());
const world = webhookWorld();
let t: TestContext;
let inst: InstallationFixture;
beforeAll(
  async () =>
    void (inst = await createInstallation((t = world.t).db, {
      webhookEndpoint: world.receiver.url('/hook'),
    })),
);

const paid = (n: number) => ({
  order_id: n,
  order_number: `ORD-${n}`,
  total: '1.00',
  paid_at: '2026-03-14T18:40:00Z',
});

/** The partitions of `table` a statement's plan reads (EXPLAIN FORMAT JSON: pruned ones are absent). */
async function partitionsRead(statement: RawBuilder<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${statement}`.execute(
    t.db,
  );
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Relation Name' && typeof value === 'string' && value.startsWith(`${table}_`))
          names.add(value);
        else walk(value);
      }
    }
  };
  walk(rows[0]!['QUERY PLAN']);
  return [...names];
}

/** The attempts the delivery jobs of a log carried (first attempts, retries, covers). */
/** The rows a statement's scans of the events return, over all their loops (EXPLAIN ANALYZE). */
async function eventRowsRead(statement: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{
    'QUERY PLAN': unknown;
  }>`explain (analyze, format json) ${statement}`.execute(t.db);
  let read = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const plan = node as Record<string, unknown>;
    const relation = plan['Relation Name'];
    if (typeof relation === 'string' && relation.startsWith('events_'))
      read += (plan['Actual Rows'] as number) * (plan['Actual Loops'] as number);
    Object.values(plan).forEach(walk);
  };
  walk(rows[0]!['QUERY PLAN']);
  return read;
}

async function carried(logId: number): Promise<DeliveryAttempt[]> {
  const { rows } = await sql<{
    data: DeliveryJobData;
  }>`select data from pgboss.job where name = ${QUEUES.delivery}`.execute(t.db);
  return rows.flatMap((row) => jobAttempts(row.data)).filter((a) => a.logId === logId);
}

const outcomeOf = (attempt: DeliveryAttempt): Outcome => ({
  logId: attempt.logId,
  logCreatedAt: attempt.logCreatedAt!,
  occurredAt: attempt.occurredAt ?? null,
  installationId: inst.installationId,
  attempt: attempt.attempt,
  result: {
    ok: true,
    httpStatus: 200,
    errorMessage: null,
    refusalReason: null,
    retryable: false,
    remoteAddress: '127.0.0.1',
    durationMs: 1,
  },
  headers: null,
  logStatus: 'delivered',
  retryDelaySeconds: null,
});

/** The partitions of `table` a page's plan actually read (EXPLAIN ANALYZE: a pruned one is never executed). */
async function partitionsProbed(statement: RawBuilder<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{
    'QUERY PLAN': unknown;
  }>`explain (analyze, format json) ${statement}`.execute(t.db);
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const plan = node as Record<string, unknown>;
    const name = plan['Relation Name'];
    if (
      typeof name === 'string' &&
      name.startsWith(`${table}_`) &&
      Number(plan['Actual Loops']) > 0
    )
      names.add(name);
    Object.values(plan).forEach(walk);
  };
  walk(rows[0]!['QUERY PLAN']);
  return [...names];
}

/** The partitions an acknowledgement reads to find what it cancels (a SELECT: EXPLAIN ANALYZE writes nothing). */
async function ackProbes(installationId: number, through: number): Promise<string[] | null> {
  const statement = acknowledgeTargetStatement(
    installationId,
    through,
    await acknowledgementState(t.db, installationId, through),
  );
  return statement && partitionsProbed(statement, 'webhook_logs');
}

describe('partition pruning on the delivery path', () => {
  it('when a delivery job carries its partition keys, then prepare reads one partition of the logs and of the events, and record one of the logs', async () => {
    const eventId = await emit(t, scopeOf(inst), 'order.paid', paid(1));
    const [log] = await waitForDelivery(t.db, eventId);
    const [job] = await carried(log!.log_id);
    expect(job).toEqual({
      logId: log!.log_id,
      attempt: 1,
      logCreatedAt: expect.any(String),
      occurredAt: expect.any(String),
    });
    expect((await listPartitions(t.db, 'webhook_logs')).length).toBeGreaterThanOrEqual(5);
    expect((await listPartitions(t.db, 'events')).length).toBeGreaterThanOrEqual(5);

    expect(await partitionsRead(prepareStatement([job!]), 'webhook_logs')).toHaveLength(1);
    expect(await partitionsRead(prepareStatement([job!]), 'events')).toHaveLength(1);
    expect(await partitionsRead(recordStatement([outcomeOf(job!)]), 'webhook_logs')).toHaveLength(
      1,
    );
    // Without the keys (a job of the previous version) every partition is probed: what the keys save.
    const legacy = { logId: job!.logId, attempt: 1 };
    expect((await partitionsRead(prepareStatement([legacy]), 'webhook_logs')).length).toBe(
      (await listPartitions(t.db, 'webhook_logs')).length,
    );
  });

  it('when prepare reads the events of one transaction, then it reads each event once', async () => {
    // Events emitted in one transaction share their occurred_at: looked up by the day's keys alone
    // (any of them), each delivery would read all of that transaction's events. The statistics
    // predate them, as in a burst: PostgreSQL expects next to no row at a time it has not seen.
    await sql`analyze control.events, control.webhook_logs`.execute(t.db);
    const eventIds = await t.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (let n = 10; n < 30; n++)
        ids.push((await t.events.emit(trx, scopeOf(inst), 'order.paid', paid(n))).eventId);
      return ids;
    });
    for (const eventId of eventIds) await waitForDelivery(t.db, eventId);
    const { rows: jobs } = await sql<DeliveryAttempt>`
      select l.log_id as "logId", 1 as attempt, l.created_at::text as "logCreatedAt", e.occurred_at::text as "occurredAt"
        from control.webhook_logs l join control.events e on e.event_id = l.event_id
       where l.event_id = any(${eventIds}::uuid[])`.execute(t.db);
    expect(jobs).toHaveLength(20);
    expect(await eventRowsRead(prepareStatement(jobs))).toBe(20);
  });

  it('when a delivery fails, then its retry job carries the partition keys of the first attempt', async () => {
    const failing = await createInstallation(t.db, {
      webhookEndpoint: world.receiver.url('/failing'),
    });
    world.receiver.respond((req, res) => {
      res.statusCode = req.path === '/failing' ? 500 : 200;
      res.end();
    });
    const eventId = await emit(t, scopeOf(failing), 'order.paid', paid(2));
    await waitUntil(async () => (await deliveriesOf(t.db, eventId))[0]?.attempts === 1, 10_000);
    const [log] = await deliveriesOf(t.db, eventId);
    await waitUntil(async () => (await carried(log!.log_id)).some((a) => a.attempt === 2), 10_000);
    world.receiver.respond(ok);
    const jobs = await carried(log!.log_id);
    const first = jobs.find((a) => a.attempt === 1)!;
    expect(first.logCreatedAt).toEqual(expect.any(String));
    expect(jobs.find((a) => a.attempt === 2)).toEqual({ ...first, attempt: 2 });
  });
});

describe('the days of the feed', () => {
  const DAY = 86_400_000;
  const today = () => Math.floor(Date.now() / DAY) * DAY;
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  /** An installation whose feed holds `blocks` of entries, each `ageDays` old, numbered on in order. */
  async function historyOf(
    blocks: { count: number; ageDays: number }[],
  ): Promise<InstallationFixture> {
    await splitHistory(t.db, new Date(today() - 6 * DAY));
    const installation = await createInstallation(t.db, {
      webhookEndpoint: world.receiver.url('/hook'),
    });
    let first = 1;
    for (const block of blocks) {
      await insertEventHistory(t.db, {
        installationId: installation.installationId,
        first,
        ...block,
      });
      first += block.count;
    }
    return installation;
  }

  async function everyPage(
    installationId: number,
    query: Omit<EventsQuery, 'after'>,
  ): Promise<{ sequences: number[]; oldest: (number | null)[] }> {
    const sequences: number[] = [];
    const oldest: (number | null)[] = [];
    for (let after = 0, more = true; more;) {
      const page = await listEvents(t.db, installationId, { ...query, after });
      sequences.push(...page.data.map((item) => item.sequence));
      oldest.push(page.meta.oldest_sequence);
      expect(page.meta.next_after).toBe(page.data.at(-1)?.sequence ?? after);
      ({ next_after: after, has_more: more } = page.meta);
    }
    return { sequences, oldest };
  }

  it('when entries are inserted, then each of their days holds the range of sequences and the count its entries have', async () => {
    const installation = await historyOf([
      { count: 30, ageDays: 2 },
      { count: 20, ageDays: 0 },
      { count: 10, ageDays: 1 },
    ]);
    const days = await feedDays(t.db, installation.installationId);
    const { rows: actual } = await sql<{
      day: string;
      first: number;
      last: number;
      entries: number;
    }>`
      select (occurred_at at time zone 'UTC')::date::text as day, min(sequence) as first, max(sequence) as last, count(*)::int as entries
        from control.installation_events where installation_id = ${installation.installationId} group by 1 order by 2`.execute(
      t.db,
    );
    expect(actual.length).toBeGreaterThanOrEqual(3);
    expect(days).toEqual(actual);
  });

  it('when the days of a feed are out of sequence order, then paging through it returns every entry once, in order, filtered or not', async () => {
    // 1-29 and 31-61 today, 30 three days ago (a page from the start chosen by the counts reads
    // today's only: 30 must be found by the check that follows), 62-120 yesterday.
    const installation = await historyOf([
      { count: 29, ageDays: 0 },
      { count: 1, ageDays: 3 },
      { count: 31, ageDays: 0 },
      { count: 59, ageDays: 1 },
    ]);
    const all = Array.from({ length: 120 }, (_, i) => i + 1);
    for (const limit of [7, 50, 100]) {
      const { sequences, oldest } = await everyPage(installation.installationId, { limit });
      expect(sequences).toEqual(all);
      expect(new Set(oldest)).toEqual(new Set([1]));
    }
    expect(
      (await everyPage(installation.installationId, { limit: 50, type: 'order.*' })).sequences,
    ).toEqual(all);
    expect(
      (await everyPage(installation.installationId, { limit: 50, deliveryStatus: 'delivered' }))
        .sequences,
    ).toEqual(all);
    expect(
      (await everyPage(installation.installationId, { limit: 50, type: 'menu.*' })).sequences,
    ).toEqual([]);
  });

  it('when entries are written after the days were read, then a page read from those days stops at the last sequence they knew of', async () => {
    // A later entry may be on a day the days read did not list; the page leaves every later one for the next page.
    const installation = await historyOf([{ count: 10, ageDays: 1 }]);
    const before = await feedDays(t.db, installation.installationId);
    await insertEventHistory(t.db, {
      installationId: installation.installationId,
      first: 11,
      count: 5,
      ageDays: 1,
    });
    const read = (days: FeedDay[]) =>
      readByDays(
        days,
        0,
        51,
        async (span) =>
          (
            await feedPageStatement(
              installation.installationId,
              0,
              { after: 0, limit: 50 },
              span,
            ).execute(t.db)
          ).rows,
      );
    expect((await read(before)).map((row) => row.sequence)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 1),
    );
    expect(
      (await read(await feedDays(t.db, installation.installationId))).map((row) => row.sequence),
    ).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('when a page is read near the head of a month of history, then only the partitions of the days that hold it are read', async () => {
    const installation = await historyOf([
      { count: 50, ageDays: 5 },
      { count: 50, ageDays: 4 },
      { count: 50, ageDays: 2 },
      { count: 50, ageDays: 0 },
    ]);
    const spans: FeedSpan[] = [];
    const days = await feedDays(t.db, installation.installationId);
    const page = await readByDays(days, 160, 51, async (span) => {
      spans.push(span);
      return (
        await feedPageStatement(
          installation.installationId,
          0,
          { after: 160, limit: 50 },
          span,
        ).execute(t.db)
      ).rows;
    });
    expect(page.map((row) => row.sequence)).toEqual(Array.from({ length: 40 }, (_, i) => 161 + i));
    expect(spans).toEqual([
      {
        from: `${dayOf(today())}T00:00:00.000Z`,
        to: new Date(today() + DAY).toISOString(),
        through: 200,
      },
    ]);
    const statement = feedPageStatement(
      installation.installationId,
      0,
      { after: 160, limit: 50 },
      spans[0]!,
    );
    const todays = (table: string) =>
      new RegExp(`^${table}_p${dayOf(today()).replaceAll('-', '')}$`);
    for (const table of ['installation_events', 'events']) {
      const probed = await partitionsProbed(statement, table);
      expect(probed).toEqual([expect.stringMatching(todays(table))]);
    }
    // The deliveries: today's partition and the day before's, at most.
    const logs = await partitionsProbed(statement, 'webhook_logs');
    expect(logs.length).toBeGreaterThan(0);
    expect(
      logs.filter(
        (name) =>
          !name.endsWith(dayOf(today()).replaceAll('-', '')) &&
          !name.endsWith(dayOf(today() - DAY).replaceAll('-', '')),
      ),
    ).toEqual([]);
  });

  it("when an acknowledgement moves the cursor through today's entries, then it looks for their deliveries from the day before on only", async () => {
    const installation = await historyOf([
      { count: 50, ageDays: 5 },
      { count: 50, ageDays: 3 },
      { count: 50, ageDays: 0 },
    ]);
    await acknowledgeEvents(t.db, installation.installationId, 100);
    const probed = await ackProbes(installation.installationId, 120);
    const older = (await listPartitions(t.db, 'webhook_logs'))
      .filter((p) => p.to !== null && p.to.getTime() <= today() - DAY)
      .map((p) => p.name);
    expect(older.length).toBeGreaterThanOrEqual(4);
    expect(probed!.length).toBeGreaterThan(0);
    expect(probed!.filter((name) => older.includes(name))).toEqual([]);
    expect(await acknowledgementState(t.db, installation.installationId, 120)).toMatchObject({
      acknowledgedThrough: 100,
      originalsFrom: dayOf(today()),
    });
    // Through entries of three days ago, from the first acknowledgement on: from their day on.
    const fresh = await historyOf([
      { count: 50, ageDays: 5 },
      { count: 50, ageDays: 3 },
      { count: 50, ageDays: 0 },
    ]);
    expect(await acknowledgementState(t.db, fresh.installationId, 60)).toMatchObject({
      acknowledgedThrough: 0,
      originalsFrom: dayOf(today() - 5 * DAY),
    });
  });

  it('when retention prunes, then the days wholly before its window are forgotten', async () => {
    const installation = await historyOf([
      { count: 5, ageDays: 45 },
      { count: 5, ageDays: 0 },
    ]);
    expect((await feedDays(t.db, installation.installationId)).length).toBe(2);
    const result = await pruneExpiredEvents(t.db, 30);
    expect(result.feedDays).toBeGreaterThanOrEqual(1);
    expect((await feedDays(t.db, installation.installationId)).map((d) => d.day)).toEqual([
      dayOf(today()),
    ]);
    expect(
      (await listEvents(t.db, installation.installationId, { after: 0, limit: 50 })).data.map(
        (item) => item.sequence,
      ),
    ).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('partition pruning of the retention job', () => {
  it('when a prune batch deletes the rows before the cutoff, then it reads no partition of the days after it, in any table', async () => {
    const cutoff = new Date(new Date().setUTCHours(0, 0, 0, 0));
    const after = async (table: string) =>
      (await listPartitions(t.db, table))
        .filter((p) => p.from !== null && p.from >= cutoff)
        .map((p) => p.name);
    for (const [kind, tables] of [
      ['events', ['events', 'installation_events']],
      ['logs', ['webhook_logs', 'webhook_delivery_attempts']],
    ] as const) {
      for (const table of tables) {
        const later = await after(table);
        expect(later.length).toBeGreaterThanOrEqual(5);
        const read = await partitionsRead(pruneBatchStatement(kind, cutoff, 1000), table);
        expect(read.filter((name) => later.includes(name))).toEqual([]);
      }
    }
  });
});

describe('jobs queued by the previous version', () => {
  it('when a delivery job without partition keys is taken, then its delivery is sent', async () => {
    const eventId = await emit(t, scopeOf(inst), 'order.paid', paid(3));
    const [fannedOut] = await waitForDelivery(t.db, eventId);
    expect(fannedOut!.status).toBe('delivered');

    // A redelivery's log whose job is of the previous shape (one attempt, no keys).
    const {
      rows: [log],
    } = await sql<{ log_id: number; delivery_id: string }>`
      insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts, sequence, redelivery_of)
      select installation_id, 'outbound', event_type, event_id, 'pending', gen_random_uuid(), 0, sequence, log_id
        from control.webhook_logs where log_id = ${fannedOut!.log_id}
      returning log_id, delivery_id`.execute(t.db);
    await t.queue.boss.send(QUEUES.delivery, { logId: log!.log_id, attempt: 1 });
    await waitUntil(
      () =>
        world.receiver.requests.some((req) => req.headers['x-svc-delivery'] === log!.delivery_id),
      10_000,
    );
    await waitUntil(
      async () => (await deliveriesOf(t.db, eventId)).every((l) => l.status === 'delivered'),
      10_000,
    );
  });
});

describe('partition pruning in the events feed', () => {
  it("when a page is read, then each entry's delivery is looked up in the partitions from the day before its event on, not in older days", async () => {
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    // Days of their own before today (the history before them stays in `_history`).
    await splitHistory(t.db, new Date(today - 4 * day));
    const other = await createInstallation(t.db, { webhookEndpoint: world.receiver.url('/hook') });
    const eventId = await emit(t, scopeOf(other), 'order.paid', paid(7));
    await waitForDelivery(t.db, eventId);

    const probed = await partitionsProbed(
      feedPageStatement(
        other.installationId,
        0,
        { after: 0, limit: 50 },
        spanOf(await feedDays(t.db, other.installationId)),
      ),
      'webhook_logs',
    );
    const older = (await listPartitions(t.db, 'webhook_logs'))
      .filter((p) => p.to !== null && p.to.getTime() <= today - day)
      .map((p) => p.name);
    expect(older).toEqual(expect.arrayContaining(['webhook_logs_history']));
    expect(older.length).toBeGreaterThanOrEqual(4);
    expect(probed.length).toBeGreaterThan(0);
    expect(probed.filter((name) => older.includes(name))).toEqual([]);
  });

  it('when an acknowledgement repeats one already made and the installation never had a redelivery, then it runs no search over the logs', async () => {
    const quiet = await createInstallation(t.db, { webhookEndpoint: world.receiver.url('/hook') });
    const eventIds = [
      await emit(t, scopeOf(quiet), 'order.paid', paid(8)),
      await emit(t, scopeOf(quiet), 'order.paid', paid(9)),
    ];
    for (const id of eventIds) await waitForDelivery(t.db, id);
    // Above the last acknowledgement: the originals are looked for.
    expect((await ackProbes(quiet.installationId, 2))!.length).toBeGreaterThan(0);
    await acknowledgeEvents(t.db, quiet.installationId, 2);
    // Nothing to look for: no statement at all.
    expect(await ackProbes(quiet.installationId, 1)).toBeNull();
    expect(await ackProbes(quiet.installationId, 2)).toBeNull();
  });

  it('when the installation has a redelivery, then an acknowledgement looks for pending ones from its day on only, and cancels it', async () => {
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    await splitHistory(t.db, new Date(today - 4 * day));
    const resent = await createInstallation(t.db, { webhookEndpoint: world.receiver.url('/hook') });
    const eventId = await emit(t, scopeOf(resent), 'order.paid', paid(10));
    const [log] = await waitForDelivery(t.db, eventId);
    await acknowledgeEvents(t.db, resent.installationId, 1);
    const original = await t.db
      .selectFrom('control.webhook_logs')
      .selectAll()
      .where('log_id', '=', log!.log_id)
      .executeTakeFirstOrThrow();
    // The redelivery stays pending while no worker runs.
    await t.jobs!.stopWorkers();
    const redelivery = await redeliverWebhook(t.db, t.queue, original);
    const probed = await ackProbes(resent.installationId, 1);
    const older = (await listPartitions(t.db, 'webhook_logs'))
      .filter((p) => p.to !== null && p.to.getTime() <= today)
      .map((p) => p.name);
    expect(older.length).toBeGreaterThanOrEqual(4);
    expect(probed!.length).toBeGreaterThan(0);
    expect(probed!.filter((name) => older.includes(name))).toEqual([]);
    expect(await acknowledgeEvents(t.db, resent.installationId, 1)).toEqual({
      acknowledged_through: 1,
      cancelled_deliveries: 1,
    });
    await t.jobs!.startWorkers();
    const { status } = await t.db
      .selectFrom('control.webhook_logs')
      .select('status')
      .where('log_id', '=', redelivery.log_id)
      .executeTakeFirstOrThrow();
    expect(status).toBe('acknowledged');
  });
});
