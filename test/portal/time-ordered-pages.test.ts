import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from '../../src/db/types.js';
import { splitHistory } from '../../src/db/partitions.js';
import {
  apiRequestPageQuery,
  listApiRequests,
} from '../../src/domain/api-requests/api-requests.js';
import { listWebhookLogs } from '../../src/domain/webhooks/index.js';
import { encodeCursor } from '../../src/domain/shared/pagination.js';
import { clearOfMidnight, clearOfMidnightTimeout } from '../support/clock.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { gqlData, portalWorld, type PortalWorld } from '../support/portal-builders.js';

// The portal's API request log and webhook log pages go newest first by time, then id (the partition key first):
// entries written out of id order (a batch flushed after a later one) still come in time order,
// each once; a cursor of the version before (an id alone) goes on from its entry; and a first
// page reads the newest day's partition and stops there, however many days are kept.

let t: TestContext;
let world: PortalWorld;
const DAY = 86_400_000;

const PAGE =
  'query($i: ID!, $first: Int, $after: String) { apiRequests(installationId: $i, first: $first, after: $after) { nodes { id createdAt } pageInfo { hasNextPage endCursor } } }';
const LOGS =
  'query($i: ID!, $first: Int, $after: String) { webhookLogs(installationId: $i, first: $first, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }';
const DELIVERIES =
  'query($i: ID, $first: Int, $after: String) { webhookDeliveries(installationId: $i, first: $first, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }';

/** Entries of the world's installation at the given times, inserted in the order given (so their ids follow that order). */
async function entriesAt(times: Date[]): Promise<string[]> {
  const ids: string[] = [];
  for (const at of times) {
    const { rows } = await sql<{ id: string }>`
      insert into control.api_requests (installation_id, created_at, method, path, status, duration_ms, request_id, client_ip)
      values (${world.box.installationId}, ${at}, 'GET', '/api/plugin/v1/orders', 200, 3, gen_random_uuid()::text, '127.0.0.1') returning api_request_id::text as id`.execute(
      t.db,
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

/** Outbound webhook log entries of the world's installation at the given times, in that order. */
async function logsAt(times: Date[]): Promise<string[]> {
  const ids: string[] = [];
  for (const at of times) {
    const { rows } = await sql<{ id: string }>`
      insert into control.webhook_logs (installation_id, direction, event_type, status, delivery_id, attempts, created_at, updated_at)
      values (${world.box.installationId}, 'outbound', 'order.paid', 'delivered', gen_random_uuid(), 1, ${at}, ${at}) returning log_id::text as id`.execute(
      t.db,
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

async function allPages(
  first: number,
  after: string | null = null,
  query = PAGE,
  field = 'apiRequests',
): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const page = (
      await gqlData(t.app, world.dev.token, query, { i: world.box.installationId, first, after })
    )[field];
    seen.push(...page.nodes.map((n: { id: string }) => n.id));
    if (!page.pageInfo.hasNextPage) return seen;
    after = page.pageInfo.endCursor;
  }
}

/** The partitions of `table` a plan (EXPLAIN's JSON) holds, with the times each was read (0 when not analyzed). */
function partitionsIn(plan: unknown, table = 'api_requests'): Map<string, number> {
  const loops = new Map<string, number>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (typeof n['Relation Name'] === 'string' && n['Relation Name'].startsWith(`${table}_`))
        loops.set(n['Relation Name'], Number(n['Actual Loops'] ?? 0));
      Object.values(n).forEach(walk);
    }
  };
  walk(plan);
  return loops;
}

/** The name of the `table` partition of the day `offset` days before `now`. */
const day = (now: number, offset: number, table = 'api_requests') =>
  `${table}_p${new Date(now - offset * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * Runs `list` (a portal page as the portal reads it) on a handle that records its statements, and
 * returns the partitions of `table` in the plan PostgreSQL keeps for each page statement (a named
 * statement's: no parameter values to prune by).
 */
async function withKeptPlans<R>(
  table: string,
  list: (db: Kysely<Database>) => Promise<R>,
): Promise<{ result: R; plans: Map<string, number>[] }> {
  const pages: string[] = [];
  const recording = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: t.pool }),
    log: (event) => {
      if (
        event.query.sql.includes(`from "control"."${table}"`) &&
        event.query.sql.includes('order by')
      )
        pages.push(event.query.sql);
    },
  });
  const result = await list(recording);
  const plans: Map<string, number>[] = [];
  for (const text of pages) {
    const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (generic_plan, format json) ${text}`, []),
    );
    plans.push(partitionsIn(rows[0]!['QUERY PLAN'], table));
  }
  return { result, plans };
}

/**
 * A list's first pages over `ids`, the entries the describes below write (five in the last seconds,
 * then two and three days before): a page the last two days fill is one statement whose kept plan
 * holds yesterday, today and the days made ahead only; a page that spans more reads the days before
 * in a second statement, whose plan holds neither yesterday nor today.
 */
async function expectDayBoundedFirstPages(
  table: string,
  now: number,
  ids: string[],
  list: (db: Kysely<Database>, first: number) => Promise<string[]>,
): Promise<void> {
  const read = (first: number) => withKeptPlans(table, (db) => list(db, first));
  const [a, b, c, d, e, f] = ids;
  const filled = await read(2);
  expect(filled.result).toEqual([a, e]);
  expect(filled.plans).toHaveLength(1);
  for (const offset of [0, 1]) expect(filled.plans[0]!.has(day(now, offset, table))).toBe(true);
  for (const offset of [2, 3, 4]) expect(filled.plans[0]!.has(day(now, offset, table))).toBe(false);
  expect(filled.plans[0]!.size).toBeLessThan(12); // yesterday, today and the days made ahead, not the history

  const spanning = await read(6);
  expect(spanning.result).toEqual([a, e, d, c, b, f]);
  expect(spanning.plans).toHaveLength(2);
  for (const offset of [0, 1]) expect(spanning.plans[1]!.has(day(now, offset, table))).toBe(false);
  expect(spanning.plans[1]!.has(day(now, 2, table))).toBe(true);
}

beforeAll(async () => {
  await clearOfMidnight();
  t = await createTestContext();
  world = await portalWorld(t.app);
  // Days of their own for the last four days, as a history kept for weeks has.
  await splitHistory(t.db, new Date(Date.now() - 4 * DAY));
}, clearOfMidnightTimeout());
afterAll(() => t.close());

describe('the API request log, page by page', () => {
  let now = 0;
  let ids: string[] = [];
  beforeAll(async () => {
    now = Date.now();
    // Ids in insertion order; times not: the third and fourth share their time (microseconds and all).
    const same = new Date(now - 3_000);
    ids = await entriesAt([
      new Date(now - 1_000),
      new Date(now - 5_000),
      same,
      same,
      new Date(now - 2_000),
      new Date(now - 2 * DAY),
      new Date(now - 3 * DAY),
    ]);
  });

  it('when entries were written out of time order, then pages go newest first by time, then id, each entry once', async () => {
    const [a, b, c, d, e, f, g] = ids;
    const expected = [a, e, d, c, b, f, g];
    for (const first of [1, 2, 3, 100]) expect(await allPages(first)).toEqual(expected);
  });

  it('when a cursor of the version before (an id alone) is given, then the page goes on after that entry by time', async () => {
    const [, , c, d, e, f, g] = ids;
    expect(await allPages(2, encodeCursor([Number(e)]))).toEqual([d, c, ids[1], f, g]);
    expect(await allPages(2, encodeCursor([Number(d)]))).toEqual([c, ids[1], f, g]);
    // An entry pruned since: nothing older is kept either.
    expect(await allPages(2, encodeCursor([999_999_999]))).toEqual([]);
  });

  it('when the newest day fills the first page, then PostgreSQL reads no older day', async () => {
    const compiled = apiRequestPageQuery(t.db, {
      installationId: Number(world.box.installationId),
      limit: 3,
    }).compile();
    const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    const loops = partitionsIn(rows[0]!['QUERY PLAN']);
    expect(loops.get(day(now, 0))).toBe(1);
    for (const older of [day(now, 1), day(now, 2), day(now, 3)]) expect(loops.get(older)).toBe(0);
  });

  it('when a first page is listed, then the plan PostgreSQL keeps for it holds only the partitions from yesterday on, and the older days are read only when those did not fill it', () =>
    expectDayBoundedFirstPages('api_requests', now, ids, async (db, first) =>
      (
        await listApiRequests(db, world.dev.developerId, {
          installationId: Number(world.box.installationId),
          first,
        })
      ).nodes.map((node) => String(node.api_request_id)),
    ));
});

describe('a first page on a busy day', () => {
  /**
   * Runs `list` twelve times on one connection; returns, for each page statement those calls ran,
   * how often PostgreSQL planned it there with the values (all told) and how often it ran it with
   * its kept generic plan during those calls.
   */
  async function plansOf(
    table: string,
    list: (db: Kysely<Database>) => Promise<unknown>,
  ): Promise<{ custom: number; generic: number }[]> {
    return t.db.connection().execute(async (db) => {
      const read = async () =>
        new Map(
          (
            await sql<{ name: string; custom: number; generic: number }>`
              select name, custom_plans::int as custom, generic_plans::int as generic from pg_prepared_statements
               where statement like ${`%from "control"."${table}"%order by%`}`.execute(db)
          ).rows.map((row) => [row.name, row]),
        );
      const before = await read();
      for (let i = 0; i < 12; i++) await list(db);
      const after = await read();
      return [...after.values()]
        .map((row) => ({
          custom: row.custom,
          generic: row.generic - (before.get(row.name)?.generic ?? 0),
          runs:
            row.custom +
            row.generic -
            (before.get(row.name)
              ? before.get(row.name)!.custom + before.get(row.name)!.generic
              : 0),
        }))
        .filter((row) => row.runs > 0)
        .map(({ custom, generic }) => ({ custom, generic }));
    });
  }

  // Another installation's busy day (as the bench's load writes it): with the page size bound at
  // execution, PostgreSQL costed the kept plan for a tenth of that installation's rows and planned
  // the statement again at every call (0.48 ms a page in the growth benchmark).
  let other: PortalWorld;
  beforeAll(async () => {
    other = await portalWorld(t.app);
    const today = sql`now() - random() * (now() - date_trunc('day', now(), 'UTC'))`;
    await sql`insert into control.api_requests (installation_id, created_at, method, path, status, duration_ms, request_id, client_ip)
      select ${other.box.installationId}, ${today}, 'GET', '/api/plugin/v1/orders', 200, 3, gen_random_uuid()::text, '127.0.0.1' from generate_series(1, 50000)`.execute(
      t.db,
    );
    await sql`insert into control.webhook_logs (installation_id, direction, event_type, status, delivery_id, attempts, created_at, updated_at)
      select ${other.box.installationId}, 'outbound', 'order.paid', 'delivered', gen_random_uuid(), 1, at, at from (select ${today} as at from generate_series(1, 50000)) s`.execute(
      t.db,
    );
    await sql`analyze control.api_requests`.execute(t.db);
    await sql`analyze control.webhook_logs`.execute(t.db);
  });

  it.each([
    [
      'api_requests',
      (db: Kysely<Database>) =>
        listApiRequests(db, world.dev.developerId, {
          installationId: Number(world.box.installationId),
          first: 20,
        }),
    ],
    [
      'webhook_logs',
      (db: Kysely<Database>) =>
        listWebhookLogs(db, world.dev.developerId, {
          installationId: Number(world.box.installationId),
          first: 20,
        }),
    ],
  ])(
    "when today's partition holds many entries of other installations, then a first page's statements (%s) are planned with their values five times, then their plan is kept, not planned again at every call",
    async (table, list) => {
      const plans = await plansOf(table, list);
      expect(plans.length).toBeGreaterThan(0);
      // At most five plans with the values on this connection, and the kept plan from then on.
      for (const plan of plans) {
        expect(plan.custom).toBeLessThanOrEqual(5);
        expect(plan.generic).toBeGreaterThanOrEqual(7);
      }
    },
  );
});

describe('the webhook log and the deliveries, page by page', () => {
  let now = 0;
  let ids: string[] = [];
  beforeAll(async () => {
    now = Date.now();
    const same = new Date(now - 3_000);
    ids = await logsAt([
      new Date(now - 1_000),
      new Date(now - 5_000),
      same,
      same,
      new Date(now - 2_000),
      new Date(now - 2 * DAY),
      new Date(now - 3 * DAY),
    ]);
  });

  it('when entries were written out of time order, then webhookLogs and webhookDeliveries go newest first by time, then id, each entry once', async () => {
    const [a, b, c, d, e, f, g] = ids;
    const expected = [a, e, d, c, b, f, g];
    for (const first of [1, 2, 3, 100]) {
      expect(await allPages(first, null, LOGS, 'webhookLogs')).toEqual(expected);
      expect(await allPages(first, null, DELIVERIES, 'webhookDeliveries')).toEqual(expected);
    }
  });

  it('when a first page is listed, then its kept plan holds only the partitions from yesterday on, and the older days are read only when those did not fill it', () =>
    expectDayBoundedFirstPages('webhook_logs', now, ids, async (db, first) =>
      (
        await listWebhookLogs(db, world.dev.developerId, {
          installationId: Number(world.box.installationId),
          first,
        })
      ).nodes.map((node) => String(node.log_id)),
    ));

  it('when a cursor of the version before (an id alone) is given, then the page goes on after that entry by time', async () => {
    const [, b, c, d, e, f, g] = ids;
    expect(await allPages(2, encodeCursor([Number(e)]), LOGS, 'webhookLogs')).toEqual([
      d,
      c,
      b,
      f,
      g,
    ]);
    expect(await allPages(2, encodeCursor([Number(d)]), DELIVERIES, 'webhookDeliveries')).toEqual([
      c,
      b,
      f,
      g,
    ]);
  });
});
