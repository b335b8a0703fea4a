import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, TEST_ENV, type TestContext } from '../support/context.js';
import { createTestTls, type TestTls } from '../support/tls.js';
import {
  attemptsOf,
  deliveriesOf,
  emit,
  scopeOf,
  waitForDelivery,
} from '../support/webhook-fixtures.js';
import {
  expectValidWebhook,
  ok,
  startReceiver,
  waitUntil,
  type Receiver,
} from '../support/webhook-receiver.js';

// At least once: a worker process killed (SIGKILL) while its deliveries are in flight loses
// nothing. Its jobs stay active until they expire, pg-boss hands them to the next worker, and
// exactly the deliveries that were pending are sent again, once each.

const here = path.dirname(fileURLToPath(import.meta.url));
// The worker is killed long before its own timeout could record anything.
const CHILD_TIMEOUT_MS = '2000';
const CHILD_EXPIRE_SECONDS = '3';

let t: TestContext;
let tls: TestTls;
let receiver: Receiver;
let inst: InstallationFixture;
let child: ChildProcess | undefined;

beforeAll(async () => {
  tls = createTestTls();
  receiver = await startReceiver(tls);
  // This process only enqueues (and supervises) until the worker process is gone.
  t = await createTestContext(
    { SVC_WEBHOOK_ALLOW_PRIVATE: '1', SVC_WEBHOOK_BACKOFF_SECONDS: '1' },
    { jobs: { workers: false, supervise: true, webhookCa: tls.ca } },
  );
  inst = await createInstallation(t.db, { webhookEndpoint: receiver.url('/hook') });
});
// Every webhook the service sent in this file matched asyncapi.yaml (body and headers).
afterEach(() => expect(receiver.invalid).toEqual([]));
afterAll(async () => {
  child?.kill('SIGKILL');
  await t.close();
  await receiver.close();
});

/** Starts the worker process and resolves once its workers run. */
async function startWorkerProcess(): Promise<ChildProcess> {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'fixtures/worker-process.ts')],
    {
      cwd: path.resolve(here, '../..'),
      env: {
        ...process.env,
        ...TEST_ENV,
        DATABASE_URL: t.databaseUrl,
        SVC_WEBHOOK_ALLOW_PRIVATE: '1',
        SVC_WEBHOOK_TIMEOUT_MS: CHILD_TIMEOUT_MS,
        SVC_WEBHOOK_BACKOFF_SECONDS: '1',
        TEST_DELIVERY_EXPIRE_SECONDS: CHILD_EXPIRE_SECONDS,
        NODE_EXTRA_CA_CERTS: tls.caPath,
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  proc.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    proc.once('exit', (code) => reject(new Error(`worker process exited (${code}): ${stderr}`)));
    setTimeout(() => reject(new Error(`worker process did not start: ${stderr}`)), 20_000).unref();
  });
  return proc;
}

const orderPaid = (orderId: number): EventDataMap['order.paid'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  total: '10.00',
  paid_at: '2026-03-14T18:40:00Z',
});

describe('when a worker is killed mid-delivery and another starts', () => {
  it('then exactly the pending deliveries are delivered, once each, and nothing delivered before is sent again', async () => {
    child = await startWorkerProcess();

    // Phase 1: the worker process delivers three events normally.
    receiver.respond(ok);
    const before = [
      await emit(t, scopeOf(inst), 'order.paid', orderPaid(1)),
      await emit(t, scopeOf(inst), 'order.paid', orderPaid(2)),
      await emit(t, scopeOf(inst), 'order.paid', orderPaid(3)),
    ];
    for (const eventId of before) await waitForDelivery(t.db, eventId);
    const deliveredBefore = new Set(
      receiver.requests.map((req) => String(req.headers['x-svc-delivery'])),
    );
    expect(deliveredBefore.size).toBe(3);

    // Phase 2: the receiver holds every request open; four deliveries are in flight when the worker dies.
    const held: ServerResponse[] = [];
    receiver.respond((_req, res) => void held.push(res));
    const pendingEvents = [];
    for (let n = 4; n <= 7; n++)
      pendingEvents.push(await emit(t, scopeOf(inst), 'order.paid', orderPaid(n)));
    await receiver.waitFor(3 + 4);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;

    const pending = (
      await Promise.all(pendingEvents.map((eventId) => deliveriesOf(t.db, eventId)))
    ).flat();
    expect(pending).toHaveLength(4);
    for (const log of pending) {
      expect(log).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await attemptsOf(t.db, log.log_id)).toEqual([]);
    }
    // The four attempts are held by jobs not yet done (a job carries one or more): the batch's own,
    // active while it waits for their requests, or, once it has stopped waiting for an endpoint that
    // does not answer (delivery-batches.ts), their cover jobs, due later. Which one depends on how
    // long after the requests the kill came.
    const { rows } = await sql<{ log_id: number }>`
      select (a->>'logId')::int as log_id
        from pgboss.job j, jsonb_array_elements(j.data->'attempts') a
       where j.name = 'webhook-delivery' and j.state in ('active', 'created')`.execute(t.db);
    // (Covers of the first three, already recorded, may be among them: they will do nothing.)
    const owned = new Set(rows.map((row) => row.log_id));
    expect(pending.map((log) => log.log_id).filter((logId) => !owned.has(logId))).toEqual([]);

    // Phase 3: a new worker picks the abandoned jobs up once they expire (or their covers fall due).
    const killedAt = receiver.requests.length;
    receiver.respond(ok);
    await t.jobs!.startWorkers();
    for (const eventId of pendingEvents) await waitForDelivery(t.db, eventId, 1, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const resent = receiver.requests.slice(killedAt);
    const resentIds = resent.map((req) => String(req.headers['x-svc-delivery']));
    expect(resentIds.sort()).toEqual(pending.map((log) => log.delivery_id).sort());
    expect(resentIds.some((id) => deliveredBefore.has(id))).toBe(false);
    for (const req of resent) expect(expectValidWebhook(req).event).toBe('order.paid');
    for (const log of pending) {
      const [after] = await deliveriesOf(t.db, log.event_id);
      expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
      expect((await attemptsOf(t.db, log.log_id)).map((a) => a.status)).toEqual(['delivered']);
    }
    await waitUntil(
      () => held.every((res) => res.destroyed || res.writableEnded || res.socket === null),
      2_000,
    ).catch(() => undefined);
  }, 60_000);
});
