import { describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/database.js';
import { createInstallation } from '../support/builders.js';
import { createMenuItem } from '../support/catalog-builders.js';
import { createTestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { emit, scopeOf, waitForDelivery, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil } from '../support/webhook-receiver.js';

// What an operator sees: GET /metrics (Prometheus text format, parsed by a real parser, counters
// moving with real traffic and real deliveries), GET /readyz, and the envelope's request_id on
// real deliveries.

const world = webhookWorld();
// A production configuration hashes passwords at the production cost (the tests' lower one is refused there).
const PRODUCTION = { NODE_ENV: 'production', SVC_PASSWORD_HASH_COST: '17' };

interface Family {
  name: string;
  type: string;
  metrics: {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }[];
}

interface Scrape {
  families: Map<string, Family>;
  text: string;
}

/** GET /metrics, parsed by a third-party Prometheus text-format parser. */
async function scrape(app = world.t.app, token?: string): Promise<Scrape> {
  let req = supertest(app).get('/metrics');
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const res = await req;
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusTextFormat(res.text) as Family[];
  return { families: new Map(families.map((f) => [f.name, f])), text: res.text };
}

const sample = (s: Scrape, name: string, labels: Record<string, string>) =>
  s.families
    .get(name)
    ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
const value = (s: Scrape, name: string, labels: Record<string, string>) =>
  Number(sample(s, name, labels)?.value ?? 0);

/**
 * A histogram's observation count for one label set, from its `_count` line (the parser folds a
 * labelled histogram's series into one, so it only vouches for the family and its type).
 */
function histogramCount(s: Scrape, name: string, labels: Record<string, string>): number {
  expect(s.families.get(name)?.type).toBe('HISTOGRAM');
  const line = s.text
    .split('\n')
    .find(
      (l) =>
        l.startsWith(`${name}_count{`) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  it('when Data API requests are answered, then the duration histogram by operationId and status and the 429 counter move', async () => {
    const inst = await createInstallation(world.t.db);
    const before = await scrape();
    for (let i = 0; i < 3; i += 1) await call(world.t.app, 'get', '/health', { key: inst.apiKey });
    await call(world.t.app, 'get', '/orders/999999', { key: inst.apiKey });
    const after = await scrape();
    const ok = { operation_id: 'getHealth', method: 'GET', status: '200' };
    expect(
      value(after, 'svc_http_requests_total', ok) - value(before, 'svc_http_requests_total', ok),
    ).toBe(3);
    expect(
      histogramCount(after, 'svc_http_request_duration_seconds', ok) -
        histogramCount(before, 'svc_http_request_duration_seconds', ok),
    ).toBe(3);
    const missing = { operation_id: 'getOrder', status: '404' };
    expect(
      value(after, 'svc_http_requests_total', missing) -
        value(before, 'svc_http_requests_total', missing),
    ).toBe(1);
    expect(
      histogramCount(after, 'svc_http_request_duration_seconds', missing) -
        histogramCount(before, 'svc_http_request_duration_seconds', missing),
    ).toBe(1);
    // The pool and the queues are reported at each scrape.
    expect(
      Number(sample(after, 'svc_db_pool_connections', { state: 'total' })?.value),
    ).toBeGreaterThan(0);
    expect(
      sample(after, 'svc_queue_jobs', { queue: 'webhook-delivery', state: 'ready' }),
    ).toBeDefined();
    expect(after.families.get('process_resident_memory_bytes')).toBeDefined();

    const limited = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const who = await createInstallation(limited.db);
      for (let i = 0; i < 3; i += 1) await call(limited.app, 'get', '/health', { key: who.apiKey });
      expect(
        value(await scrape(limited.app), 'svc_rate_limit_refusals_total', { surface: 'data_api' }),
      ).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('when events wait in the fan-out outbox, then webhook-fanout counts them as ready, and those given up as failed', async () => {
    // No workers on this context's database: the rows stay where they are put.
    const quiet = await createTestContext();
    try {
      const row = (failures: number) =>
        sql`
        insert into control.fanout_outbox (event_id, event_type, occurred_at, installation_ids, failures)
        values (gen_random_uuid(), 'order.paid', now()::text, '{1}', ${failures})`.execute(
          quiet.db,
        );
      await row(0);
      await row(0);
      await row(10);
      const scraped = await scrape(quiet.app);
      expect(value(scraped, 'svc_queue_jobs', { queue: 'webhook-fanout', state: 'ready' })).toBe(2);
      expect(value(scraped, 'svc_queue_jobs', { queue: 'webhook-fanout', state: 'failed' })).toBe(
        1,
      );
    } finally {
      await quiet.close();
    }
  });

  it('when webhooks are delivered, then the deliveries counter and duration histogram move by outcome', async () => {
    const inst = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/hook'),
    });
    const before = await scrape();
    const ids = [];
    for (let i = 0; i < 2; i += 1) {
      ids.push(
        await emit(world.t, scopeOf(inst), 'order.paid', {
          order_id: 70 + i,
          order_number: `ORD-${70 + i}`,
          total: '1.00',
          paid_at: '2026-03-14T18:40:00Z',
        }),
      );
    }
    for (const id of ids) await waitForDelivery(world.t.db, id);
    const delivered = { outcome: 'delivered' };
    await waitUntil(
      async () =>
        value(await scrape(), 'svc_webhook_deliveries_total', delivered) >=
        value(before, 'svc_webhook_deliveries_total', delivered) + 2,
    );
    const after = await scrape();
    expect(
      value(after, 'svc_webhook_deliveries_total', delivered) -
        value(before, 'svc_webhook_deliveries_total', delivered),
    ).toBe(2);
    expect(
      histogramCount(after, 'svc_webhook_delivery_duration_seconds', delivered) -
        histogramCount(before, 'svc_webhook_delivery_duration_seconds', delivered),
    ).toBe(2);
  });

  it('when SVC_METRICS_TOKEN is set, then /metrics needs it as a bearer token', async () => {
    const app = await world.t.newApp({ SVC_METRICS_TOKEN: 'scrape-secret-1' });
    const none = await supertest(app).get('/metrics');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({
      error: 'authentication_failed',
      request_id: none.headers['x-request-id'],
    });
    expect((await supertest(app).get('/metrics').set('Authorization', 'Bearer wrong')).status).toBe(
      401,
    );
    expect((await scrape(app, 'scrape-secret-1')).families.size).toBeGreaterThan(5);
  });

  it('when NODE_ENV=production and no SVC_METRICS_TOKEN is set, then /metrics serves nothing to anyone (security review 3, finding 13)', async () => {
    const closed = await world.t.newApp(PRODUCTION);
    const res = await supertest(closed).get('/metrics');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: 'authentication_failed' });
    expect(res.body.message).toMatch(/SVC_METRICS_TOKEN/);
    expect(res.text).not.toMatch(/svc_http_request_duration_seconds/);
    expect(
      (await supertest(closed).get('/metrics').set('Authorization', 'Bearer anything')).status,
    ).toBe(401);
    const withToken = await world.t.newApp({ ...PRODUCTION, SVC_METRICS_TOKEN: 'scrape-secret-2' });
    expect((await scrape(withToken, 'scrape-secret-2')).families.size).toBeGreaterThan(5);
  });
});

describe('GET /readyz', () => {
  it('when the database is reachable and migrated, then 200 ready; when a migration is missing, then 503 counting it without its name', async () => {
    const ready = await supertest(world.t.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });

    const last = await sql<{
      name: string;
    }>`select name from control.kysely_migration order by name desc limit 1`.execute(world.t.db);
    const name = last.rows[0]!.name;
    await sql`update control.kysely_migration set name = ${`${name}_moved`} where name = ${name}`.execute(
      world.t.db,
    );
    try {
      // The answer above serves for a second (test/ops/readyz.test.ts).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const stale = await supertest(world.t.app).get('/readyz');
      expect(stale.status).toBe(503);
      // A count: migration names date the deployed version, which an anonymous probe need not tell (security review 3, finding 13).
      expect(stale.body).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'pending: 1 (the process log names them)' },
      });
      expect(stale.text).not.toContain(name);
    } finally {
      await sql`update control.kysely_migration set name = ${name} where name = ${`${name}_moved`}`.execute(
        world.t.db,
      );
    }
  });

  it('when the database is unreachable, then 503 with the reason', async () => {
    const nowhere = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    try {
      const app = await createApp(world.t.config, {
        db: nowhere.db,
        pool: nowhere.pool,
        logger: world.t.logger,
        events: world.t.events,
        queue: world.t.queue,
      });
      const res = await supertest(app).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not_ready');
      expect(res.body.checks.database).toMatch(/^unreachable: /);
      // Nothing of the connection (user, address) reaches an anonymous caller (security review 3, finding 13).
      expect(JSON.stringify(res.body)).not.toMatch(/nobody|127\.0\.0\.1|ECONNREFUSED/);
    } finally {
      await nowhere.close();
    }
  });
});

describe('request_id in delivered envelopes', () => {
  it('when a Data API write causes an event, then its delivery carries the request id; an event caused otherwise carries null', async () => {
    const inst = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/hook'),
      supportedEvents: ['menu.item_updated', 'order.paid'],
    });
    const item = await createMenuItem(world.t.db, inst.locationId, { price: '4.00', name: 'Tea' });
    const res = await call(world.t.app, 'patch', `/menu/${item.item_id}`, {
      key: inst.apiKey,
      headers: { 'X-Request-Id': 'trace-menu-patch-1' },
      body: { price: 4.5 },
    });
    expect(res.status).toBe(200);
    const mine = (): {
      event: string;
      sequence: number;
      request_id: string | null;
      installation_id: number;
    }[] =>
      world.receiver.requests
        .map((r) => JSON.parse(r.body.toString('utf8')))
        .filter((b) => b.installation_id === inst.installationId);
    await waitUntil(() => mine().length >= 1);
    await emit(world.t, scopeOf(inst), 'order.paid', {
      order_id: 90,
      order_number: 'ORD-90',
      total: '4.50',
      paid_at: '2026-03-14T18:40:00Z',
    });
    await waitUntil(() => mine().length >= 2);
    const bodies = mine().sort((a, b) => a.sequence - b.sequence);
    expect(bodies.map((b) => [b.event, b.request_id])).toEqual([
      ['menu.item_updated', 'trace-menu-patch-1'],
      ['order.paid', null],
    ]);
    // The feed serves the same envelope.
    const feed = await call(world.t.app, 'get', '/events', { key: inst.apiKey });
    expect(feed.body.data.map((e: { request_id: string | null }) => e.request_id)).toEqual([
      'trace-menu-patch-1',
      null,
    ]);
  });
});
