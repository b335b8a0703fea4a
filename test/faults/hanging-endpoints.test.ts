import { afterAll, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { sql } from 'kysely';
import {
  attemptsOf,
  deliveriesOf,
  emit,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import {
  ok,
  startReceiver,
  waitUntil,
  type ReceivedRequest,
  type Receiver,
} from '../support/webhook-receiver.js';

// Issue "survive faults", hostile receivers: endpoints that hang until the timeout do not slow the
// others. A worker's capacity is shared, so a healthy endpoint's deliveries keep arriving within a
// second (p95) while three other endpoints take every one of their attempts to the timeout; and
// no endpoint has more than SVC_WEBHOOK_ENDPOINT_CONCURRENCY requests in flight at once. Each
// endpoint is a server of its own (an endpoint is an origin: its slots and sockets are per origin).

const TIMEOUT_MS = 3000;
const CONCURRENCY = 3;
const world = webhookWorld({
  SVC_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  SVC_WEBHOOK_ENDPOINT_CONCURRENCY: String(CONCURRENCY),
});

const orderPaid = (orderId: number): EventDataMap['order.paid'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  total: '12.00',
  paid_at: '2026-03-14T18:40:00Z',
});
const hangingReceivers: Receiver[] = [];
afterAll(() => Promise.all(hangingReceivers.map((receiver) => receiver.close())));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const eventIdOf = (req: ReceivedRequest): string => JSON.parse(req.body.toString('utf8')).id;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('three endpoints that hang and one that answers', () => {
  it('when events for all four flow for 10 s or more, then the healthy endpoint gets each delivery within 1 s (p95) and no hanging endpoint has more requests in flight than its bound', async () => {
    // Never answer: each attempt ends at the worker's timeout, which closes the connection.
    const mostInFlight = [0, 0, 0];
    const hangCounting = (n: number) => {
      let inFlight = 0;
      return (_req: ReceivedRequest, res: ServerResponse) => {
        inFlight += 1;
        mostInFlight[n] = Math.max(mostInFlight[n]!, inFlight);
        res.on('close', () => (inFlight -= 1));
      };
    };
    for (let n = 0; n < 3; n += 1)
      hangingReceivers.push(await startReceiver(world.tls, hangCounting(n)));
    const hanging = await Promise.all(
      hangingReceivers.map((receiver) =>
        createInstallation(world.t.db, { webhookEndpoint: receiver.url('/hook') }),
      ),
    );
    const healthy = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/healthy'),
    });
    world.receiver.respond(ok);

    // Each event is committed, then timed from the commit to its arrival at the healthy endpoint.
    const committedAt = new Map<string, number>();
    const emitTo = async (inst: InstallationFixture, orderId: number) => {
      const id = await emit(world.t, scopeOf(inst), 'order.paid', orderPaid(orderId));
      if (inst === healthy) committedAt.set(id, Date.now());
    };
    // 40 ticks of about 250 ms: 10 s on an idle machine, longer on a loaded one.
    for (let tick = 0; tick < 40; tick += 1) {
      // Per tick: two events for each hanging endpoint, one for the healthy one.
      await Promise.all([
        ...hanging.flatMap((inst) => [emitTo(inst, 2 * tick + 1), emitTo(inst, 2 * tick + 2)]),
        emitTo(healthy, tick + 1),
      ]);
      await sleep(250);
    }
    const healthyRequests = () => world.receiver.requests;
    await waitUntil(
      () => new Set(healthyRequests().map(eventIdOf)).size >= committedAt.size,
      30_000,
      'every healthy delivery',
    );

    const firstArrival = new Map<string, number>();
    for (const req of healthyRequests())
      if (!firstArrival.has(eventIdOf(req))) firstArrival.set(eventIdOf(req), req.at);
    const latencies = [...committedAt].map(([id, at]) => firstArrival.get(id)! - at);
    expect(latencies.length).toBeGreaterThanOrEqual(20);
    expect(percentile(latencies, 95)).toBeLessThan(1000);
    // The hanging endpoints were tried meanwhile (their deliveries are not simply skipped)...
    for (const receiver of hangingReceivers)
      expect(receiver.requests.length).toBeGreaterThanOrEqual(CONCURRENCY);
    expect(hangingReceivers.flatMap((receiver) => receiver.invalid)).toEqual([]);
    // ...but never with more requests at once than the per-endpoint bound.
    expect(Math.max(...mostInFlight)).toBeLessThanOrEqual(CONCURRENCY);
  }, 90_000);
});

describe('a request still running when its batch completes', () => {
  const coverOf = async (logId: number) => {
    const { rows } = await sql<{ id: string; due_in: number }>`
      select id, extract(epoch from start_after - now())::float as due_in from pgboss.job
       where name = 'webhook-delivery' and data->>'kind' = 'cover' and data->'attempts' @> ${JSON.stringify([{ logId, attempt: 1 }])}::jsonb`.execute(
      world.t.db,
    );
    return rows;
  };
  const dueNow = async (id: string) => {
    await sql`update pgboss.job set start_after = now() where name = 'webhook-delivery' and id = ${id}`.execute(
      world.t.db,
    );
    // Wake the workers as a new job would (an UPDATE sends no notification; they poll every 5 s).
    await world.t.jobs!.boss.send('webhook-delivery', { attempts: [] });
  };

  it('when the process dies before the request ends, then its cover job (due after the request must have ended) sends the attempt again; the request that ends afterwards changes nothing', async () => {
    let calls = 0;
    const receiver = await startReceiver(world.tls, (req, res) => {
      calls += 1;
      if (calls > 1) void ok(req, res); // the first request never gets an answer
    });
    hangingReceivers.push(receiver);
    const inst = await createInstallation(world.t.db, { webhookEndpoint: receiver.url('/hook') });
    const eventId = await emit(world.t, scopeOf(inst), 'order.paid', orderPaid(1));
    await receiver.waitFor(1);
    const logId = (await deliveriesOf(world.t.db, eventId))[0]!.log_id;
    await waitUntil(async () => (await coverOf(logId)).length === 1, 10_000, 'the cover job');
    const [cover] = await coverOf(logId);
    expect(cover!.due_in).toBeGreaterThan(TIMEOUT_MS / 1000);

    // As if the process had died: the cover falls due while the first request still hangs.
    await dueNow(cover!.id);
    const [log] = await waitForDelivery(world.t.db, eventId);
    expect(log).toMatchObject({ status: 'delivered', attempts: 1, http_status: 200 });
    expect(receiver.requests.map((req) => req.headers['x-svc-attempt'])).toEqual(['1', '1']);
    // The first request times out afterwards: its record finds the attempt recorded and writes nothing.
    await sleep(TIMEOUT_MS + 1000);
    expect(await deliveriesOf(world.t.db, eventId)).toMatchObject([
      { status: 'delivered', attempts: 1, http_status: 200 },
    ]);
    expect(await attemptsOf(world.t.db, logId)).toMatchObject([
      { attempt: 1, status: 'delivered' },
    ]);
  }, 60_000);

  it('when the request ends and is recorded, then its cover job does nothing', async () => {
    const receiver = await startReceiver(
      world.tls,
      (req, res) => void setTimeout(() => ok(req, res), 1500),
    );
    hangingReceivers.push(receiver);
    const inst = await createInstallation(world.t.db, { webhookEndpoint: receiver.url('/hook') });
    const eventId = await emit(world.t, scopeOf(inst), 'order.paid', orderPaid(1));
    const [log] = await waitForDelivery(world.t.db, eventId);
    expect(log).toMatchObject({ status: 'delivered', attempts: 1 });
    const [cover] = await coverOf(log!.log_id);
    await dueNow(cover!.id);
    await waitUntil(
      async () =>
        (
          await sql<{
            state: string;
          }>`select state from pgboss.job where name = 'webhook-delivery' and id = ${cover!.id}`.execute(
            world.t.db,
          )
        ).rows[0]?.state === 'completed',
      10_000,
      'the cover job completed',
    );
    expect(receiver.requests).toHaveLength(1);
  }, 60_000);

  it('when the workers stop (shutdown) with a request still running past the grace, then its attempt is handed back as a job due at once, and the next worker sends it', async () => {
    let calls = 0;
    const receiver = await startReceiver(world.tls, (req, res) => {
      calls += 1;
      if (calls > 1) void ok(req, res);
    });
    hangingReceivers.push(receiver);
    const inst = await createInstallation(world.t.db, { webhookEndpoint: receiver.url('/hook') });
    const eventId = await emit(world.t, scopeOf(inst), 'order.paid', orderPaid(1));
    await receiver.waitFor(1);
    const logId = (await deliveriesOf(world.t.db, eventId))[0]!.log_id;
    await waitUntil(
      async () => (await coverOf(logId)).length === 1,
      10_000,
      'the batch completed with its cover',
    );

    await world.t.jobs!.stopWorkers(500); // a grace far shorter than the request's timeout
    const covers = await coverOf(logId);
    expect(covers.map((c) => c.due_in < 1).sort()).toEqual([false, true]);
    await world.t.jobs!.startWorkers();
    const [log] = await waitForDelivery(world.t.db, eventId);
    expect(log).toMatchObject({ status: 'delivered', attempts: 1, http_status: 200 });
    expect(receiver.requests.map((req) => req.headers['x-svc-attempt'])).toEqual(['1', '1']);
  }, 60_000);
});
