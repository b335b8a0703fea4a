import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded.js';
import { migrateAll } from '../../src/db/migrate.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createMenuItem } from '../support/catalog-builders.js';
import {
  startService,
  stopService,
  timedFetch,
  type Answer,
  type ServiceProcess,
} from '../support/service-process.js';
import { createTestTls } from '../support/tls.js';
import { startReceiver, waitUntil, type Receiver } from '../support/webhook-receiver.js';

// PostgreSQL crashes (SIGKILL to the postmaster and every backend) under a stream of POST /orders
// and starts again. The service, a separate process of role `all`, is never restarted: during the
// outage it answers fast and honestly, and afterwards it serves and delivers again by itself.

let pg: EmbeddedServer;
let db: DatabaseHandle;
let receiver: Receiver;
let service: ServiceProcess;
let inst: InstallationFixture;
let itemId: number;
/** Load loops still running (a failed assertion leaves them to afterAll). */
const running: { stop(): Promise<unknown> }[] = [];

beforeAll(async () => {
  pg = await startEmbeddedPostgres({
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'svc-outage-pg-')),
    persistent: false,
  });
  db = createDatabase(pg.url(), { max: 2 });
  await migrateAll(db.db);
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  inst = await createInstallation(db.db, {
    webhookEndpoint: receiver.url(),
    supportedEvents: ['order.created'],
  });
  itemId = (await createMenuItem(db.db, inst.locationId)).item_id;
  service = await startService('all', {
    DATABASE_URL: pg.url(),
    SVC_WEBHOOK_ALLOW_PRIVATE: '1',
    NODE_EXTRA_CA_CERTS: tls.caPath,
    SVC_WEBHOOK_BACKOFF_SECONDS: '1,1,1',
    SVC_RATE_LIMIT_PER_MINUTE: '100000',
  });
}, 90_000);

afterAll(async () => {
  for (const stream of running) await stream.stop();
  if (service) await stopService(service);
  await receiver?.close();
  await db?.close();
  await pg?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Loops of POST /orders, each order with its own idempotency key, until stopped. */
function orderStream(loops: number) {
  const answers: (Answer & { key: string })[] = [];
  let going = true;
  let n = 0;
  const loop = async () => {
    while (going) {
      const key = `outage-${(n += 1)}`;
      const answer = await timedFetch(`${service.url}/api/plugin/v1/orders`, {
        method: 'POST',
        headers: { 'X-Plugin-Api-Key': inst.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          order_type: 'takeaway',
          external_order_id: key,
          items: [{ item_id: itemId, quantity: 1 }],
        }),
      });
      answers.push({ ...answer, key });
      if (answer.status !== 201) await sleep(50);
    }
  };
  const done = Promise.all(Array.from({ length: loops }, loop));
  const stream = { answers, stop: async () => ((going = false), await done) };
  running.push(stream);
  return stream;
}

/** Every 250 ms until stopped: the probes and a portal request, each answer kept. */
function probeStream() {
  const seen: Record<'healthz' | 'readyz' | 'portal', Answer[]> = {
    healthz: [],
    readyz: [],
    portal: [],
  };
  let running = true;
  const done = (async () => {
    while (running) {
      const [h, r, p] = await Promise.all([
        timedFetch(`${service.url}/healthz`),
        timedFetch(`${service.url}/readyz`),
        timedFetch(`${service.url}/graphql`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            query:
              'mutation { logIn(email: "nobody@example.com", password: "wrong-password") { token } }',
          }),
        }),
      ]);
      seen.healthz.push(h);
      seen.readyz.push(r);
      seen.portal.push(p);
      await sleep(250);
    }
  })();
  return { seen, stop: async () => ((running = false), await done) };
}

describe('a PostgreSQL crash under a stream of POST /orders', () => {
  it('when the database is SIGKILLed and restarted, then only fast 503s meanwhile, recovery within 10 s, and nothing acknowledged is lost', async () => {
    // A process in service has loaded the portal long before a crash (it loads on first use).
    expect(
      (
        await timedFetch(
          `${service.url}/graphql`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"query":"{ __typename }"}',
          },
          30_000,
        )
      ).status,
    ).toBe(200);
    const orders = orderStream(2);
    await waitUntil(
      () => orders.answers.filter((a) => a.status === 201).length >= 20,
      20_000,
      'orders before the crash',
    );

    const crashedAt = Date.now();
    await pg.kill();
    const probes = probeStream();
    await sleep(3000);
    await probes.stop();
    const restartingAt = Date.now();
    await pg.restart();
    const restartedAt = Date.now();
    await waitUntil(
      () => orders.answers.some((a) => a.at >= restartedAt && a.status === 201),
      15_000,
      'a 201 after the restart',
    );
    const recoveredAt = orders.answers.find((a) => a.at >= restartedAt && a.status === 201)!.at;
    await sleep(1000);
    await orders.stop();

    // During the outage: nothing but 503 service_unavailable with Retry-After, each within 2 s.
    const during = orders.answers.filter((a) => a.at >= crashedAt && a.at < restartingAt);
    expect(during.length).toBeGreaterThan(5);
    for (const a of during)
      expect({ status: a.status, error: a.body?.error, retryAfter: a.retryAfter }).toEqual({
        status: 503,
        error: 'service_unavailable',
        retryAfter: '2',
      });
    const statuses = new Set(orders.answers.map((a) => a.status));
    expect([...statuses].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(Math.max(...orders.answers.map((a) => a.ms))).toBeLessThan(2000);

    // The probes and the portal meanwhile.
    expect(probes.seen.healthz.map((a) => a.status)).toEqual(probes.seen.healthz.map(() => 200));
    expect(probes.seen.readyz.map((a) => a.status)).toEqual(probes.seen.readyz.map(() => 503));
    for (const a of probes.seen.portal)
      expect({ status: a.status, error: a.body?.error, retryAfter: a.retryAfter }).toEqual({
        status: 503,
        error: 'service_unavailable',
        retryAfter: '2',
      });
    for (const a of [...probes.seen.readyz, ...probes.seen.portal]) expect(a.ms).toBeLessThan(2000);

    // Back by itself within 10 s, the same process.
    expect(recoveredAt - restartedAt).toBeLessThan(10_000);
    expect(service.child.exitCode).toBeNull();
    expect((await timedFetch(`${service.url}/readyz`)).status).toBe(200);

    // Every acknowledged order exists, its order.created is delivered, the sequence has no gap.
    const acknowledged = orders.answers
      .filter((a) => a.status === 201)
      .map((a) => (a.body!.data as { order_id: number }).order_id);
    const stored = await db.db
      .withSchema('production')
      .selectFrom('orders' as never)
      .select('order_id' as never)
      .execute();
    const storedIds = new Set(stored.map((r) => (r as { order_id: number }).order_id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    const delivered = () =>
      new Set(
        receiver.requests.map(
          (r) => (JSON.parse(r.body.toString()) as { data: { order_id: number } }).data.order_id,
        ),
      );
    await waitUntil(
      () => acknowledged.every((id) => delivered().has(id)),
      30_000,
      'every acknowledged order.created delivered',
    ).catch(async (err: Error) => {
      // Say what became of the missing ones: still in the outbox, a delivery not yet made, or failed.
      const missing = acknowledged.filter((id) => !delivered().has(id));
      const { rows: outbox } =
        await sql`select outbox_id, event_id, failures, last_error from control.fanout_outbox`.execute(
          db.db,
        );
      const { rows: pending } =
        await sql`select delivery_id, status, attempts, created_at from control.webhook_logs where installation_id = ${inst.installationId} and status <> 'delivered'`.execute(
          db.db,
        );
      const { rows: jobs } =
        await sql`select name, state, retry_count, started_on, created_on from pgboss.job where state not in ('completed') and name like 'webhook%'`.execute(
          db.db,
        );
      throw new Error(
        `${err.message}: orders ${missing.join(', ')} undelivered; outbox ${JSON.stringify(outbox)}; deliveries not delivered ${JSON.stringify(pending)}; jobs ${JSON.stringify(jobs)}; service log:\n${service.output.join('').slice(-6000)}`,
      );
    });
    const sequences = await db.db
      .selectFrom('control.installation_events')
      .select('sequence')
      .where('installation_id', '=', inst.installationId)
      .orderBy('sequence')
      .execute();
    expect(sequences.map((r) => r.sequence)).toEqual(sequences.map((_, i) => i + 1));
    expect(sequences.length).toBe(storedIds.size);
    expect(receiver.invalid).toEqual([]);
  }, 120_000);
});
