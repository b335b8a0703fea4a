import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { acknowledgeEvents, redeliverWebhook } from '../../src/domain/webhooks/index.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { insertWebhookEndpoint } from '../support/endpoint-fixtures.js';
import { emit, hasValidSignature, scopeOf, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil, type Receiver, type ReceivedRequest } from '../support/webhook-receiver.js';

// Ordering per order (issue 54): an endpoint with ordering ORDER receives each order's events one
// at a time in sequence order. A receiver fails order A's first order.status_changed twice: A's
// later events wait (held, no attempt) and then arrive in sequence order, while order B's events
// keep arriving at p95 < 1 s. A delivery that fails its last attempt lets the next one go, whose
// envelope names the failed sequence. Retries are 1 s apart here; every body is checked against
// asyncapi.yaml by the receiver.

const world = webhookWorld({ SVC_WEBHOOK_MAX_ATTEMPTS: '3', SVC_WEBHOOK_BACKOFF_SECONDS: '1' });
let t: TestContext;
let receiver: Receiver;
let home: InstallationFixture;
let orderedSecret: string;

const ORDER_A = 7001;
const ORDER_C = 7003;
const ORDER_D = 7004;

const createEndpoint = (path: string, ordering: 'none' | 'order', events: string[]) =>
  insertWebhookEndpoint(t.db, home.pluginId, receiver.url(path), { events, ordering });

const bodyOf = (req: ReceivedRequest) =>
  JSON.parse(req.body.toString('utf8')) as {
    event: string;
    sequence: number;
    data: { order_id?: number };
    ordering_key?: string;
    previous_failed_sequence?: number;
  };

/** Fails order A's status change on its first two attempts, and C's and D's on every attempt. */
function failingReceiver(): void {
  receiver.respond((req, res) => {
    const body = bodyOf(req);
    const attempt = Number(req.headers['x-svc-attempt']);
    const failing =
      req.path === '/ordered' &&
      body.event === 'order.status_changed' &&
      (body.data.order_id === ORDER_C ||
        body.data.order_id === ORDER_D ||
        (body.data.order_id === ORDER_A && attempt <= 2));
    res.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' }).end('x');
  });
}

const created = (orderId: number): EventDataMap['order.created'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  table_number: '4',
  order_status: 'CREATED',
  total: '12.50',
  party_size: 2,
  created_at: '2026-03-14T18:32:05Z',
});
const statusChanged = (orderId: number): EventDataMap['order.status_changed'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  old_status: 'CREATED',
  new_status: 'COOKING',
});
const itemsAdded = (orderId: number): EventDataMap['order.items_added'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  previous_item_count: 1,
  new_item_count: 2,
  items_added: 1,
});
const paid = (orderId: number): EventDataMap['order.paid'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  total: '12.50',
  paid_at: '2026-03-14T19:02:11Z',
});

const toOrdered = (orderId: number) =>
  receiver.requests.filter((r) => r.path === '/ordered' && bodyOf(r).data.order_id === orderId);

async function logsOfOrder(orderId: number) {
  const { rows } = await sql<{
    event_type: string;
    sequence: number;
    status: string;
    attempts: number;
    ordering_held: boolean | null;
  }>`
    select l.event_type, l.sequence, l.status, l.attempts, l.ordering_held
      from control.webhook_logs l join control.events e on e.event_id = l.event_id
     where l.webhook_endpoint_id is not null and l.installation_id = ${home.installationId}
       and e.data->>'order_id' = ${String(orderId)} and l.ordering_key is not null
     order by l.sequence`.execute(t.db);
  return rows;
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

beforeAll(async () => {
  ({ t, receiver } = world);
  home = await createInstallation(t.db, {
    webhookEndpoint: receiver.url('/primary'),
    supportedEvents: ['menu.*'],
  });
  ({ secret: orderedSecret } = await createEndpoint('/ordered', 'order', ['order.*', 'menu.*']));
  await createEndpoint('/unordered', 'none', ['order.created']);
  failingReceiver();
  // Warm up (the workers' first batch, the first TLS connections): the test measures steady state.
  await emit(t, scopeOf(home), 'order.created', created(6999));
  await waitUntil(() => toOrdered(6999).length === 1 && receiver.requests.length === 2, 10_000);
});

describe('an endpoint with ordering ORDER', () => {
  it("when order A's status change fails twice, then A's later events wait and arrive in sequence order while order B's keep arriving", async () => {
    const scope = scopeOf(home);
    const a = [
      await emit(t, scope, 'order.created', created(ORDER_A)),
      await emit(t, scope, 'order.status_changed', statusChanged(ORDER_A)),
      await emit(t, scope, 'order.items_added', itemsAdded(ORDER_A)),
      await emit(t, scope, 'order.paid', paid(ORDER_A)),
    ];
    expect(a).toHaveLength(4);
    // Order B's events (a new order each 100 ms, created then changed) while A is held back.
    const sentAt = new Map<number, number>();
    for (let i = 0; i < 25; i += 1) {
      const orderId = 8000 + i;
      sentAt.set(orderId, Date.now());
      await emit(t, scope, 'order.created', created(orderId));
      await emit(t, scope, 'order.status_changed', statusChanged(orderId));
      if (i === 5) {
        // A's status change has failed once by now; its later events are held, with no attempt.
        const held = await logsOfOrder(ORDER_A);
        expect(held.slice(2).map((log) => [log.status, log.attempts, log.ordering_held])).toEqual([
          ['pending', 0, true],
          ['pending', 0, true],
        ]);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitUntil(
      () => toOrdered(ORDER_A).filter((r) => bodyOf(r).event === 'order.paid').length === 1,
      15_000,
    );
    await waitUntil(
      () => [...sentAt.keys()].every((orderId) => toOrdered(orderId).length === 2),
      10_000,
    );

    // A: created, then the status change three times (500, 500, 200), then the rest, in order.
    const received = toOrdered(ORDER_A);
    expect(received.map((r) => `${bodyOf(r).event} ${r.headers['x-svc-attempt']}`)).toEqual([
      'order.created 1',
      'order.status_changed 1',
      'order.status_changed 2',
      'order.status_changed 3',
      'order.items_added 1',
      'order.paid 1',
    ]);
    const sequences = received.map((r) => bodyOf(r).sequence);
    expect([...new Set(sequences)]).toEqual([...new Set(sequences)].sort((x, y) => x - y));
    expect(received.every((r) => bodyOf(r).ordering_key === `order:${ORDER_A}`)).toBe(true);
    expect(received.some((r) => 'previous_failed_sequence' in bodyOf(r))).toBe(false);
    expect(received.every((r) => hasValidSignature(r, orderedSecret))).toBe(true);

    // B: every order's events in its own order, none held behind A: p95 from emit to receipt < 1 s.
    const latencies = [...sentAt].flatMap(([orderId, at]) => {
      const [first, second] = toOrdered(orderId);
      expect([bodyOf(first!).event, bodyOf(second!).event]).toEqual([
        'order.created',
        'order.status_changed',
      ]);
      return [first!.at - at, second!.at - at];
    });
    expect(p95(latencies)).toBeLessThan(1000);
    // A's events went out over the retries' two seconds, B's meanwhile.
    const firstOfA = received[1]!.at;
    const releaseOfA = received[4]!.at;
    expect(releaseOfA - firstOfA).toBeGreaterThanOrEqual(1500);
    expect(
      [...sentAt.keys()].filter((orderId) => toOrdered(orderId)[1]!.at < releaseOfA).length,
    ).toBeGreaterThan(5);
  });

  it("when order C's status change fails its last attempt, then C's next event goes and names the failed sequence", async () => {
    const scope = scopeOf(home);
    await emit(t, scope, 'order.created', created(ORDER_C));
    await emit(t, scope, 'order.status_changed', statusChanged(ORDER_C));
    await emit(t, scope, 'order.paid', paid(ORDER_C));
    await waitUntil(() => toOrdered(ORDER_C).some((r) => bodyOf(r).event === 'order.paid'), 15_000);
    const received = toOrdered(ORDER_C);
    expect(received.map((r) => `${bodyOf(r).event} ${r.headers['x-svc-attempt']}`)).toEqual([
      'order.created 1',
      'order.status_changed 1',
      'order.status_changed 2',
      'order.status_changed 3',
      'order.paid 1',
    ]);
    const failed = bodyOf(received[3]!).sequence;
    expect(bodyOf(received[4]!).previous_failed_sequence).toBe(failed);
    expect(bodyOf(received[1]!).previous_failed_sequence).toBeUndefined();
    const logs = await logsOfOrder(ORDER_C);
    await waitUntil(
      async () => (await logsOfOrder(ORDER_C)).every((l) => l.status !== 'pending'),
      5000,
    );
    expect(logs.find((l) => l.event_type === 'order.status_changed')).toMatchObject({
      sequence: failed,
      status: 'failed',
      attempts: 3,
    });
  });

  it("when the plugin acknowledges order D's failing status change while it waits for its retry, then D's next event goes", async () => {
    const scope = scopeOf(home);
    await emit(t, scope, 'order.status_changed', statusChanged(ORDER_D));
    await emit(t, scope, 'order.paid', paid(ORDER_D));
    await waitUntil(() => toOrdered(ORDER_D).length === 1, 5000);
    const failing = bodyOf(toOrdered(ORDER_D)[0]!).sequence;
    await acknowledgeEvents(t.db, home.installationId, failing);
    await waitUntil(() => toOrdered(ORDER_D).some((r) => bodyOf(r).event === 'order.paid'), 10_000);
    // The acknowledged delivery made no further attempt; the next is not told of a failure.
    const received = toOrdered(ORDER_D);
    expect(received.map((r) => `${bodyOf(r).event} ${r.headers['x-svc-attempt']}`)).toEqual([
      'order.status_changed 1',
      'order.paid 1',
    ]);
    expect(bodyOf(received[1]!).previous_failed_sequence).toBeUndefined();
  });

  it('when an event has no order, or the endpoint does not order, then its envelope has no ordering_key; a redelivery keeps the key', async () => {
    const scope = scopeOf(home);
    await emit(t, scope, 'menu.item_created', {
      item_id: 31,
      name: 'Soup',
      description: '',
      price: '4.50',
      is_available: true,
      is_active: true,
      location_id: home.locationId,
      location_coll_id: null,
      allergens: [],
      vegan: true,
      vegetarian: true,
      spicy_level: 0,
      preparation_time: 5,
    });
    await emit(t, scope, 'order.created', created(7010));
    await waitUntil(
      () =>
        receiver.requests.filter((r) => r.path === '/ordered').length === 2 &&
        receiver.requests.some((r) => r.path === '/unordered') &&
        receiver.requests.some((r) => r.path === '/primary'),
      10_000,
    );
    const menu = receiver.requests.find(
      (r) => bodyOf(r).event === 'menu.item_created' && r.path === '/ordered',
    )!;
    expect('ordering_key' in bodyOf(menu)).toBe(false);
    const primary = receiver.requests.find((r) => r.path === '/primary')!;
    expect('ordering_key' in bodyOf(primary)).toBe(false);
    const unordered = receiver.requests.find((r) => r.path === '/unordered')!;
    expect('ordering_key' in bodyOf(unordered)).toBe(false);
    const ordered = receiver.requests.find(
      (r) => r.path === '/ordered' && bodyOf(r).event === 'order.created',
    )!;
    expect(bodyOf(ordered).ordering_key).toBe('order:7010');

    // A redelivery is the same envelope, its ordering_key included.
    const original = await t.db
      .selectFrom('control.webhook_logs')
      .selectAll()
      .where('delivery_id', '=', ordered.headers['x-svc-delivery'] as string)
      .executeTakeFirstOrThrow();
    const again = await redeliverWebhook(t.db, t.queue, original);
    await waitUntil(
      () => receiver.requests.some((r) => r.headers['x-svc-delivery'] === again.delivery_id),
      10_000,
    );
    const resent = receiver.requests.find(
      (r) => r.headers['x-svc-delivery'] === again.delivery_id,
    )!;
    expect(resent.body.equals(ordered.body)).toBe(true);
  });
});
