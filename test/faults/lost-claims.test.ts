import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { QUEUES } from '../../src/domain/webhooks/index.js';
import { fanOutPending } from '../../src/domain/webhooks/delivery/fanout.js';
import { createInstallation } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { createTestTls } from '../support/tls.js';
import { emit, scopeOf } from '../support/webhook-fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../support/webhook-receiver.js';

// A delivery job whose claim was lost with the database: a fetch that committed just before a
// crash, whose answer never reached its worker. The job is `active` and nobody holds it. The
// test makes that claim itself (a fetch it never settles), then cuts every connection of the
// service to the database, as a crash or a failover does. pg-boss's supervisor passes every 30 s
// here (the production default) and the job expires after 40 s: without the process's own passes
// after the outage, the delivery would wait for those.

let t: TestContext;
let receiver: Receiver;

beforeAll(async () => {
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  t = await createTestContext(
    { SVC_WEBHOOK_ALLOW_PRIVATE: '1' },
    { jobs: { workers: false, webhookCa: tls.ca, tuning: { superviseIntervalSeconds: 30 } } },
  );
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('a delivery job whose claim was lost with the database', () => {
  it('when the database comes back, then the job is retried about a heartbeat later, not at its expiry', async () => {
    const inst = await createInstallation(t.db, { webhookEndpoint: receiver.url('/hook') });
    const eventId = await emit(t, scopeOf(inst), 'order.paid', {
      order_id: 7,
      order_number: 'ORD-7',
      total: '12.00',
      paid_at: '2026-03-14T18:40:00Z',
    });
    expect((await fanOutPending(t.db, t.queue, 100)).deliveries).toBe(1);
    const [claimed] = await t.jobs!.boss.fetch(QUEUES.delivery);
    expect(claimed).toBeDefined();
    const claimedAt = Date.now();

    await t.jobs!.startWorkers();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
      t.db,
    );

    const delivered = () =>
      receiver.requests.some((req) => JSON.parse(req.body.toString()).id === eventId);
    await waitUntil(delivered, 25_000, 'the delivery of the lost claim');
    // Not before its heartbeat went stale: a claim a worker holds is never taken from it.
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(10_000);
    // The same job, retried once, completed once its answer is recorded (just after the receiver has it).
    const job = async () =>
      (
        await sql<{
          state: string;
          retry_count: number;
        }>`select state, retry_count from pgboss.job where id = ${claimed!.id}`.execute(t.db)
      ).rows[0];
    await waitUntil(async () => (await job())?.state !== 'active', 5_000, 'the job settled');
    expect(await job()).toEqual({ state: 'completed', retry_count: 1 });
  }, 60_000);
});
