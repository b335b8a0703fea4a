import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { pruneExpiredEvents } from '../../src/domain/webhooks/retention.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { insertWebhookEndpoint, type EndpointSettings } from '../support/endpoint-fixtures.js';
import { gqlData, signUpDeveloper, type PortalDeveloper } from '../support/portal-builders.js';
import { emit, scopeOf, waitForDelivery, webhookWorld } from '../support/webhook-fixtures.js';
import type { Receiver } from '../support/webhook-receiver.js';

// Per-endpoint statistics (issue 54): the fan-out counts, per extra endpoint, the events it matched
// and those its location or content filter ruled out (no log entry for them); a delivery counts
// as delivered or failed when it ends. The portal reads the last 24 hours of every endpoint of a
// page in one statement; the primary endpoint's numbers are webhookHealth's, which counts only
// its own deliveries. Rows go with their endpoint and are pruned past 30 days.

const world = webhookWorld({ SVC_WEBHOOK_MAX_ATTEMPTS: '2', SVC_WEBHOOK_BACKOFF_SECONDS: '1' });
let t: TestContext;
let receiver: Receiver;
let home: InstallationFixture;
let airportId: number;
let dev: PortalDeveloper;
const endpoint = { large: 0, flaky: 0, payments: 0 };

const createEndpoint = async (path: string, settings: EndpointSettings): Promise<number> =>
  (await insertWebhookEndpoint(t.db, home.pluginId, receiver.url(path), settings)).id;

const orderCreated = (orderId: number, partySize: number): EventDataMap['order.created'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  table_number: '4',
  order_status: 'CREATED',
  total: '12.50',
  party_size: partySize,
  created_at: '2026-03-14T18:32:05Z',
});

const paymentSucceeded: EventDataMap['payment.succeeded'] = {
  transaction_id: 88124,
  order_id: 90413,
  amount: '20.00',
  currency: 'EUR',
  payment_method: 'card',
  tip_amount: '0.00',
  tax_amount: '3.74',
  discount_amount: '0.00',
  processor_payment_intent_id: null,
  transaction_type: 'sale',
  processed_at: '2026-03-14T19:02:11Z',
};

beforeAll(async () => {
  ({ t, receiver } = world);
  home = await createInstallation(t.db, {
    webhookEndpoint: receiver.url('/primary'),
    supportedEvents: ['order.*'],
  });
  const airport = await t.db
    .insertInto('control.installations')
    .values({
      plugin_id: home.pluginId,
      plane: 'production',
      organization_id: home.organizationId,
      location_id: home.otherLocationId,
      status: 'active',
    })
    .returning('installation_id')
    .executeTakeFirstOrThrow();
  airportId = airport.installation_id;
  endpoint.large = await createEndpoint('/large', {
    events: ['order.created'],
    filter: { 'data.party_size': { gte: 6 } },
  });
  endpoint.flaky = await createEndpoint('/flaky', {
    events: ['order.created'],
    location_ids: [home.locationId],
  });
  endpoint.payments = await createEndpoint('/payments', { events: ['payment.*'] });
  // The flaky endpoint refuses parties of two (every attempt); everything else is accepted.
  receiver.respond((req, res) => {
    const party = JSON.parse(req.body.toString('utf8')).data?.party_size;
    const status = req.path === '/flaky' && party === 2 ? 500 : 200;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
  });
  dev = await signUpDeveloper(t.app);
  await sql`update control.projects set developer_id = ${dev.developerId}
             where project_id = (select project_id from control.plugins where plugin_id = ${home.pluginId})`.execute(
    t.db,
  );
});

const STATISTICS = `query($id: ID!) { plugin(id: $id) { webhookEndpoints {
  id statistics { matched delivered failed filteredOut successRate since } } } }`;
const HEALTH = `query($id: ID!) { webhookHealth(pluginId: $id) { installationId deliveredLast24h failedLast24h } }`;

interface Statistics {
  matched: number;
  delivered: number;
  failed: number;
  filteredOut: number;
  successRate: number | null;
  since: string;
}

async function statisticsById(): Promise<Record<string, Statistics>> {
  const data = await gqlData(t.app, dev.token, STATISTICS, { id: String(home.pluginId) });
  return Object.fromEntries(
    data.plugin.webhookEndpoints.map((e: { id: string; statistics: Statistics }) => [
      e.id,
      e.statistics,
    ]),
  );
}

/** The SQL text of every statement run on the pool while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const wrapped = new WeakSet<PoolClient>();
  let recording = true;
  const onAcquire = (client: PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      if (recording && text) seen.push(text);
      return query(...args);
    };
  };
  t.pool.on('acquire', onAcquire);
  try {
    await work();
  } finally {
    recording = false;
    t.pool.off('acquire', onAcquire);
  }
  return seen;
}

const startOfHour = (d: Date) => Math.floor(d.getTime() / 3_600_000) * 3_600_000;

describe('statistics of a plugin with three extra endpoints', () => {
  it('when events are matched, ruled out, delivered and failed, then each endpoint counts exactly its own', async () => {
    const airport = scopeOf({
      organizationId: home.organizationId,
      locationId: home.otherLocationId,
    });
    const emitted = [
      // home, party of 8: primary, large (delivered), flaky (delivered).
      [await emit(t, scopeOf(home), 'order.created', orderCreated(601, 8)), 3],
      // home, party of 2: primary, flaky (fails both attempts); large's filter rules it out.
      [await emit(t, scopeOf(home), 'order.created', orderCreated(602, 2)), 2],
      // airport, party of 9: primary, large (delivered); flaky's location rules it out.
      [await emit(t, airport, 'order.created', orderCreated(603, 9)), 2],
      // airport, party of 1: primary only; both filters rule it out.
      [await emit(t, airport, 'order.created', orderCreated(604, 1)), 1],
      // A payment: the payments endpoint only (the others do not select it: not counted).
      [await emit(t, scopeOf(home), 'payment.succeeded', paymentSucceeded), 1],
    ] as const;
    for (const [eventId, count] of emitted) await waitForDelivery(t.db, eventId, count, 15_000);

    const before = Date.now();
    const stats = await statisticsById();
    const since = Date.parse(stats.primary!.since);
    expect(since).toBe(startOfHour(new Date(before)) - 23 * 3_600_000);
    expect(stats).toEqual({
      primary: {
        matched: 0,
        delivered: 0,
        failed: 0,
        filteredOut: 0,
        successRate: null,
        since: expect.any(String),
      },
      [endpoint.large]: {
        matched: 2,
        delivered: 2,
        failed: 0,
        filteredOut: 2,
        successRate: 1,
        since: stats.primary!.since,
      },
      [endpoint.flaky]: {
        matched: 2,
        delivered: 1,
        failed: 1,
        filteredOut: 2,
        successRate: 0.5,
        since: stats.primary!.since,
      },
      [endpoint.payments]: {
        matched: 1,
        delivered: 1,
        failed: 0,
        filteredOut: 0,
        successRate: 1,
        since: stats.primary!.since,
      },
    });
  }, 30_000);

  it("when the installations' health is read, then it counts the primary endpoint's deliveries only", async () => {
    const data = await gqlData(t.app, dev.token, HEALTH, { id: String(home.pluginId) });
    const byInstallation = Object.fromEntries(
      data.webhookHealth.map((h: { installationId: string }) => [h.installationId, h]),
    );
    expect(byInstallation[home.installationId]).toMatchObject({
      deliveredLast24h: 2,
      failedLast24h: 0,
    });
    expect(byInstallation[airportId]).toMatchObject({ deliveredLast24h: 2, failedLast24h: 0 });
  });

  it('when a page of endpoints is read, then one statement reads the statistics of all of them', async () => {
    const statements = await statementsDuring(() => statisticsById());
    expect(statements.filter((text) => text.includes('webhook_endpoint_stats'))).toHaveLength(1);
  });

  it('when hours pass the 30 days, then the retention prunes them; an endpoint deleted takes its rows along', async () => {
    const old = new Date(startOfHour(new Date()) - 31 * 24 * 3_600_000);
    const recent = new Date(startOfHour(new Date()) - 29 * 24 * 3_600_000);
    await sql`insert into control.webhook_endpoint_stats (webhook_endpoint_id, hour, matched, delivered)
              values (${endpoint.payments}, ${old}, 5, 5), (${endpoint.payments}, ${recent}, 7, 7)`.execute(
      t.db,
    );
    const hours = async (id: number) =>
      (
        await sql<{ hour: Date }>`select hour from control.webhook_endpoint_stats
          where webhook_endpoint_id = ${id} order by hour`.execute(t.db)
      ).rows.map((row) => row.hour.getTime());
    // A retention window longer than 30 days still prunes statistics past 30 days.
    const result = await pruneExpiredEvents(t.db, 90);
    expect(result.endpointStats).toBe(1);
    const left = await hours(endpoint.payments);
    expect(left).toContain(recent.getTime());
    expect(left).not.toContain(old.getTime());
    // The 24 hours shown are unchanged by rows older than them.
    expect((await statisticsById())[endpoint.payments]).toMatchObject({ matched: 1, delivered: 1 });
    await t.db
      .deleteFrom('control.webhook_endpoints')
      .where('webhook_endpoint_id', '=', endpoint.payments)
      .execute();
    expect(await hours(endpoint.payments)).toEqual([]);
  });
});
