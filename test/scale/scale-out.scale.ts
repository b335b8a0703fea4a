import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import supertest from 'supertest';
import { ROOT_DIR } from '../../src/app.js';
import { freePort } from '../../src/db/embedded.js';
import { EVENT_NAMES } from '../../src/generated/events.generated.js';
import { createInstallation, production, type InstallationFixture } from '../support/builders.js';
import { createMenuItem } from '../support/catalog-builders.js';
import { createTestContext, TEST_ENV, type TestContext } from '../support/context.js';
import { emit, scopeOf } from '../support/webhook-fixtures.js';
import { createTestTls } from '../support/tls.js';
import { startReceiver, waitUntil, type Receiver } from '../support/webhook-receiver.js';

// Scale-out (issue 8): 2 API and 2 worker processes, as separate OS processes on one database.
// State lives only in PostgreSQL, so the rate limit and idempotency hold across API processes and
// a worker killed with SIGKILL mid-run loses no delivery.

interface Proc {
  child: ChildProcess;
  url: string;
  role: 'api' | 'worker';
}
let t: TestContext;
let receiver: Receiver;
let inst: InstallationFixture;
const procs: Proc[] = [];

async function start(role: 'api' | 'worker', env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...TEST_ENV,
      ...env,
      SVC_ROLE: role,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const proc: Proc = { child, url: `http://127.0.0.1:${port}`, role };
  procs.push(proc);
  // A worker serves the probes too (its /readyz: database reachable, migrations current).
  await waitUntil(
    async () =>
      (await fetch(`${proc.url}${role === 'api' ? '/healthz' : '/readyz'}`).catch(() => undefined))
        ?.status === 200,
    30_000,
    `${role} process`,
  );
  return proc;
}

beforeAll(async () => {
  // The test process only emits events (outbox + fan-out enqueue): no workers here.
  t = await createTestContext({}, { jobs: { workers: false } });
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  inst = await createInstallation(t.db, {
    webhookEndpoint: receiver.url(),
    supportedEvents: [...EVENT_NAMES],
  });
  const env = {
    DATABASE_URL: t.databaseUrl,
    SVC_WEBHOOK_ALLOW_PRIVATE: '1',
    NODE_EXTRA_CA_CERTS: tls.caPath,
    SVC_WEBHOOK_TIMEOUT_MS: '2000',
    SVC_WEBHOOK_BACKOFF_SECONDS: '1,1,1',
    // The survivor looks for the killed worker's expired jobs every second rather than every 30.
    SVC_JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
  };
  await Promise.all([
    start('api', env),
    start('api', env),
    start('worker', env),
    start('worker', env),
  ]);
}, 60_000);

afterAll(async () => {
  for (const { child } of procs) if (child.exitCode === null) child.kill('SIGKILL');
  await receiver.close();
  await t.close();
});

const apis = () => procs.filter((p) => p.role === 'api');

describe('two API and two worker processes on one database', () => {
  it('when 61 requests alternate between the API processes, then the 61st is refused: one bucket', async () => {
    const [a, b] = apis();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await supertest((i % 2 ? b : a)!.url)
        .get('/api/plugin/v1/health')
        .set('X-Plugin-Api-Key', inst.apiKey);
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  it('when 20 duplicate creates race across both API processes, then exactly one order exists', async () => {
    const other = await createInstallation(t.db);
    const item = await createMenuItem(t.db, other.locationId);
    const body = {
      order_type: 'takeaway',
      external_order_id: 'scale-dup-1',
      items: [{ item_id: item.item_id, quantity: 2 }],
    };
    const [a, b] = apis();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        supertest((i % 2 ? b : a)!.url)
          .post('/api/plugin/v1/orders')
          .set('X-Plugin-Api-Key', other.apiKey)
          .send(body),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.body.data.order_id)).size).toBe(1);
    const rows = await production(t.db)
      .selectFrom('orders')
      .select('order_id')
      .where('external_order_id', '=', 'scale-dup-1')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('when a worker is killed with SIGKILL mid-run, then every delivery still arrives at least once', async () => {
    // A slow receiver keeps deliveries in flight, so the killed worker dies holding jobs.
    receiver.respond(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 300));
      res.writeHead(200).end();
    });
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) {
      ids.push(
        await emit(t, scopeOf(inst), 'order.status_changed', {
          order_id: i + 1,
          order_number: `SCALE-${i}`,
          old_status: 'CREATED',
          new_status: 'COOKING',
        }),
      );
    }
    await waitUntil(() => receiver.requests.length >= 20, 20_000, 'first deliveries');
    const worker = procs.find((p) => p.role === 'worker')!;
    const received = () =>
      new Set(receiver.requests.map((r) => (JSON.parse(r.body.toString()) as { id: string }).id));
    worker.child.kill('SIGKILL');
    expect(received().size).toBeLessThan(ids.length);
    // The dead worker's in-flight jobs come back when pg-boss expires them (deliveries: timeout + 30 s;
    // fan-out: 60 s) and the survivor's supervisor next runs.
    await waitUntil(
      () => ids.every((id) => received().has(id)),
      100_000,
      'every event delivered after the SIGKILL',
    );
    expect(receiver.invalid).toEqual([]);
  }, 120_000);
});
