import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InternalStatus, PluginStatus } from '../../src/domain/orders/order-status.js';
import { createInstallation, production, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  eventsOfOrder,
  expectEventPayload,
  PAYLOAD_KEYS,
  seedOrder,
} from '../support/order-builders.js';

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  inst = await createInstallation(t.db);
});
afterAll(() => t.close());

const put = (ref: string | number, body: unknown) =>
  call(t.app, 'put', `/orders/${ref}`, { key: inst.apiKey, body });

// The spec's transition table, written out: current plugin status -> allowed targets.
const ALLOWED: Record<PluginStatus, PluginStatus[]> = {
  open: ['in_progress', 'cancelled'],
  in_progress: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: ['paid'],
  paid: [],
  cancelled: [],
};
const STORED: Record<PluginStatus, InternalStatus> = {
  open: 'CREATED',
  in_progress: 'COOKING',
  ready: 'SERVED',
  completed: 'COMPLETED',
  paid: 'PAID',
  cancelled: 'CANCELLED',
};
const STATUSES = Object.keys(ALLOWED) as PluginStatus[];
const MATRIX = STATUSES.flatMap((from) =>
  STATUSES.map((to) => [from, to, ALLOWED[from].includes(to)] as const),
);

describe('when every current status is moved to every target (the 6 x 6 matrix)', () => {
  it.each(MATRIX)('then %s -> %s is allowed: %s', async (from, to, allowed) => {
    const order = await seedOrder(t.db, inst, { status: STORED[from] });
    const res = await put(order.order_id, { status: to, cancellation_reason: 'Guest left' });
    const events = await eventsOfOrder(t.db, order.order_id);
    if (!allowed) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'invalid_transition',
        message: expect.any(String),
        allowed_next_states: ALLOWED[from],
      });
      const row = await production(t.db)
        .selectFrom('orders')
        .select('status')
        .where('order_id', '=', order.order_id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(STORED[from]);
      expect(events).toEqual([]);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      order_id: order.order_id,
      status: to,
      internal_status: STORED[to],
    });
    const changed = events.find((e) => e.event_name === 'order.status_changed');
    expectEventPayload(changed, 'order.status_changed', PAYLOAD_KEYS.statusChanged);
    expect(changed!.data).toEqual({
      order_id: order.order_id,
      order_number: order.unique_orderid,
      old_status: STORED[from],
      new_status: STORED[to],
    });
    expect(events.map((e) => e.event_name)).toEqual(
      to === 'cancelled'
        ? ['order.cancelled', 'order.status_changed']
        : to === 'paid'
          ? ['order.paid', 'order.status_changed']
          : ['order.status_changed'],
    );
  });
});

describe('when an order is cancelled', () => {
  it('then the reason and time are stored and order.cancelled carries them', async () => {
    const order = await seedOrder(t.db, inst, { status: 'COOKING' });
    const res = await put(order.unique_orderid, {
      status: 'cancelled',
      cancellation_reason: 'Customer left before the order was prepared',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'Customer left before the order was prepared',
      cancelled_at: expect.any(String),
    });
    const cancelled = (await eventsOfOrder(t.db, order.order_id)).find(
      (e) => e.event_name === 'order.cancelled',
    );
    expectEventPayload(cancelled, 'order.cancelled', PAYLOAD_KEYS.cancelled);
    expect(cancelled!.data).toEqual({
      order_id: order.order_id,
      order_number: order.unique_orderid,
      reason: 'Customer left before the order was prepared',
      cancelled_at: res.body.data.cancelled_at,
    });
  });

  it('then a missing or blank reason is 422 validation_error, and one over 2000 characters is 400', async () => {
    const order = await seedOrder(t.db, inst, { status: 'CREATED' });
    for (const body of [
      { status: 'cancelled' },
      { status: 'cancelled', cancellation_reason: '   ' },
    ]) {
      const res = await put(order.order_id, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: { cancellation_reason: ['is required when status is cancelled'] },
      });
    }
    const long = await put(order.order_id, {
      status: 'cancelled',
      cancellation_reason: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.details)).toEqual(['cancellation_reason']);
    const max = await put(order.order_id, {
      status: 'cancelled',
      cancellation_reason: 'x'.repeat(2000),
    });
    expect(max.status).toBe(200);
    expect(await eventsOfOrder(t.db, order.order_id)).toHaveLength(2);
  });

  it('then a reason sent with another target is ignored', async () => {
    const order = await seedOrder(t.db, inst, { status: 'CREATED' });
    const res = await put(order.order_id, {
      status: 'in_progress',
      cancellation_reason: 'not cancelling',
    });
    expect(res.body.data).toMatchObject({
      status: 'in_progress',
      cancellation_reason: null,
      cancelled_at: null,
    });
  });
});

describe('when an order is moved to paid by PUT', () => {
  it('then paid_at is set and order.paid carries the total', async () => {
    const order = await seedOrder(t.db, inst, { status: 'COMPLETED', total: '42.10' });
    const res = await put(order.order_id, { status: 'paid' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'paid',
      internal_status: 'PAID',
      paid_at: expect.any(String),
      paid_total: '0.00',
    });
    const paid = (await eventsOfOrder(t.db, order.order_id)).find(
      (e) => e.event_name === 'order.paid',
    );
    expectEventPayload(paid, 'order.paid', PAYLOAD_KEYS.paid);
    expect(paid!.data).toEqual({
      order_id: order.order_id,
      order_number: order.unique_orderid,
      total: '42.10',
      paid_at: res.body.data.paid_at,
    });
  });
});

describe('when the POS status does not round-trip', () => {
  it('then writing ready stores SERVED, and an order in PREPARED moves on as ready', async () => {
    const cooking = await seedOrder(t.db, inst, { status: 'COOKING' });
    const ready = await put(cooking.order_id, { status: 'ready' });
    expect(ready.body.data).toMatchObject({ status: 'ready', internal_status: 'SERVED' });
    const prepared = await seedOrder(t.db, inst, { status: 'PREPARED' });
    const again = await put(prepared.order_id, { status: 'ready' });
    expect(again.status).toBe(422);
    expect(again.body.allowed_next_states).toEqual(['completed', 'cancelled']);
    const done = await put(prepared.order_id, { status: 'completed' });
    expect(done.status).toBe(200);
    expect((await eventsOfOrder(t.db, prepared.order_id))[0]!.data).toMatchObject({
      old_status: 'PREPARED',
      new_status: 'COMPLETED',
    });
  });
});

describe('when the order is in an internal-only status', () => {
  const INTERNAL_ONLY: InternalStatus[] = [
    'EDITABLE',
    'PENDING',
    'PROCESSING',
    'FAILED',
    'VOIDED',
    'REFUNDED',
    'PARTIALLY_REFUNDED',
    'ABANDONED',
    'PARTIALLY_PAID',
    'AWAITING_AUTHENTICATION',
  ];
  it.each(INTERNAL_ONLY)(
    'then any PUT on %s is 422 invalid_transition with no allowed states',
    async (status) => {
      const order = await seedOrder(t.db, inst, { status });
      for (const target of STATUSES) {
        const res = await put(order.order_id, { status: target, cancellation_reason: 'x' });
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ error: 'invalid_transition', allowed_next_states: [] });
      }
      expect(await eventsOfOrder(t.db, order.order_id)).toEqual([]);
    },
  );
});

describe('when metadata is sent', () => {
  it('then it is shallow-merged: sent keys replace, other keys stay', async () => {
    const order = await seedOrder(t.db, inst, {
      status: 'CREATED',
      metadata: { keep: 1, nested: { a: 1, b: 2 } },
    });
    const res = await put(order.order_id, {
      status: 'in_progress',
      metadata: { nested: { c: 3 }, added: 'yes' },
    });
    expect(res.body.data.metadata).toEqual({ keep: 1, nested: { c: 3 }, added: 'yes' });
  });
});

describe('when the request is invalid or the order not visible', () => {
  it('then an unknown target is 400, an unknown order 404 with the sentence body', async () => {
    const order = await seedOrder(t.db, inst, { status: 'CREATED' });
    const bad = await put(order.order_id, { status: 'CREATED' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toHaveProperty('status');
    const missing = await put(999999, { status: 'in_progress' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Order not found' });
    const elsewhere = await seedOrder(t.db, inst, { locationId: inst.otherLocationId });
    const hidden = await put(elsewhere.order_id, { status: 'in_progress' });
    expect(hidden.status).toBe(404);
  });

  it('then two concurrent moves from one status serialise: one succeeds, the other is judged against its result', async () => {
    const order = await seedOrder(t.db, inst, { status: 'CREATED' });
    const [a, b] = await Promise.all([
      put(order.order_id, { status: 'in_progress' }),
      put(order.order_id, { status: 'in_progress' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect([a, b].find((r) => r.status === 422)!.body.allowed_next_states).toEqual([
      'ready',
      'cancelled',
    ]);
    expect(await eventsOfOrder(t.db, order.order_id)).toHaveLength(1);
  });
});
