import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { WebhookHttpClient } from '../../src/domain/webhooks/index.js';
import { startWebhookWorkers, type RunningWorkers } from '../../src/jobs/workers.js';
import { WakeUps } from '../../src/jobs/wake-ups.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { createTestTls } from '../support/tls.js';
import { emit, scopeOf } from '../support/webhook-fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../support/webhook-receiver.js';

// Security review 4, finding 6: a deferred delivery job is not notified when it falls due, so the
// worker sets a timer to wake up then. A receiver sets a retry's wait with Retry-After (up to an
// hour): one timer per retry would grow with the rate of failed attempts. Retries due in the same
// second share a timer, and at most `maxWakeUps` live (the nearest; polling covers the rest).

const MAX_WAKE_UPS = 16;
let t: TestContext;
let receiver: Receiver;
let http: WebhookHttpClient;
let workers: RunningWorkers;

beforeAll(async () => {
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  t = await createTestContext(
    { SVC_WEBHOOK_ALLOW_PRIVATE: '1', SVC_WEBHOOK_BACKOFF_SECONDS: '1' },
    { jobs: { workers: false, webhookCa: tls.ca } },
  );
  http = new WebhookHttpClient({
    timeoutMs: t.config.webhook.timeoutMs,
    allowPrivate: true,
    ca: tls.ca,
  });
  workers = await startWebhookWorkers(
    t.jobs!.boss,
    { db: t.db, config: t.config, logger: t.logger, http, queue: t.queue },
    { pollingIntervalSeconds: 0.5, maxWakeUps: MAX_WAKE_UPS },
    t.databaseUrl,
  );
});

afterAll(async () => {
  await workers?.stop();
  await http?.close();
  await t?.close();
  await receiver?.close();
});

const orderPaid = (orderId: number) => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  total: '12.00',
  paid_at: '2026-03-14T18:40:00Z',
});

/** Emits `count` events for the installation and waits until each first attempt failed and its retry is queued. */
async function retriesOf(inst: InstallationFixture, count: number): Promise<void> {
  for (let n = 1; n <= count; n += 1) await emit(t, scopeOf(inst), 'order.paid', orderPaid(n));
  const retrying = async () =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from control.webhook_logs where installation_id = ${inst.installationId} and attempts = 1 and status = 'pending'`.execute(
        t.db,
      )
    ).rows[0]!.n;
  await waitUntil(async () => (await retrying()) === count, 30_000, `${count} retries queued`);
}

describe('wake-ups for retries a receiver asks to delay', () => {
  it('when many retries ask for the same Retry-After, then those due in the same second share one timer', async () => {
    receiver.respond((_req, res) => void res.writeHead(503, { 'retry-after': '600' }).end('busy'));
    const inst = await createInstallation(t.db, { webhookEndpoint: receiver.url('/same') });
    await retriesOf(inst, 40);
    // 40 retries, recorded over a few seconds: a timer for each second they fall due in, not each retry.
    expect(workers.wakeUps()).toBeLessThanOrEqual(8);
  }, 60_000);

  it('when retries ask for many distinct Retry-After delays, then at most maxWakeUps timers live', async () => {
    let asked = 1000;
    receiver.respond(
      (_req, res) => void res.writeHead(503, { 'retry-after': String((asked += 7)) }).end('busy'),
    );
    const inst = await createInstallation(t.db, { webhookEndpoint: receiver.url('/distinct') });
    await retriesOf(inst, 60);
    expect(workers.wakeUps()).toBeLessThanOrEqual(MAX_WAKE_UPS);
    expect(workers.wakeUps()).toBeGreaterThan(0);
  }, 60_000);
});

describe('wake-ups at their limit', () => {
  it('when a nearer wake-up is asked for, then the farthest timer makes room for it; a farther one is left to polling', async () => {
    const woken: string[] = [];
    const wakeUps = new WakeUps(
      { notifyWorker: (id: string) => void woken.push(id) },
      () => 'delivery',
      { max: 2 },
    );
    wakeUps.after(3600);
    wakeUps.after(3000);
    wakeUps.after(3599); // farther than both once full: polling covers it
    expect(wakeUps.size).toBe(2);
    wakeUps.after(0); // nearer: takes the place of the one due in an hour
    expect(wakeUps.size).toBe(2);
    await waitUntil(() => woken.length === 1, 3000, 'the near wake-up');
    expect(woken).toEqual(['delivery']);
    expect(wakeUps.size).toBe(1);
    wakeUps.clear();
    expect(wakeUps.size).toBe(0);
  });
});
