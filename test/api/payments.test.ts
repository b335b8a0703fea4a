import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createInstallation, production, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  eventsOfOrder,
  expectEventPayload,
  PAYLOAD_KEYS,
  seedOrder,
  setSubscriptionStatus,
  type StoredEvent,
} from '../support/order-builders.js';

let t: TestContext;
let inst: InstallationFixture;
let n = 0;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  inst = await createInstallation(t.db);
});
afterAll(() => t.close());

const capture = (ref: string | number, body: Record<string, unknown>, key = inst.apiKey) =>
  call(t.app, 'post', `/orders/${ref}/payments`, { key, body });
const payment = (amount: number, extra: Record<string, unknown> = {}) => ({
  amount,
  currency: 'EUR',
  payment_method: 'card',
  provider: 'stripe',
  provider_transaction_id: `pi_test_${++n}_${Date.now()}`,
  ...extra,
});
const transactionsOf = (orderId: number) =>
  production(t.db)
    .selectFrom('transactions')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('transaction_id')
    .execute();
const orderRow = (orderId: number) =>
  production(t.db)
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
const named = (events: StoredEvent[], name: string) => events.filter((e) => e.event_name === name);

describe('when a capture clears the balance', () => {
  it('then 201 records the authoritative transaction, sets PAID and writes all four events', async () => {
    const order = await seedOrder(t.db, inst, { status: 'SERVED', total: '29.00' });
    const body = payment(29, { captured_at: '2026-03-14T19:12:44Z' });
    const res = await capture(order.order_id, body);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      payment_id: expect.any(Number),
      order_id: order.order_id,
      amount: '29.00',
      currency: 'EUR',
      payment_method: 'card',
      provider: 'stripe',
      provider_transaction_id: body.provider_transaction_id,
      captured_at: '2026-03-14T19:12:44.000Z',
      remaining_balance: '0.00',
      order_status: 'paid',
    });
    const paymentId = res.body.data.payment_id;

    const [tx] = await transactionsOf(order.order_id);
    expect(tx).toMatchObject({
      transaction_id: paymentId,
      amount: '29.00',
      source: 'plugin_capture',
      transaction_type: 'sale',
      status: 'succeeded',
      organization_id: inst.organizationId,
    });
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'PAID', paid_total: '29.00' });
    expect(row.paid_at).not.toBeNull();

    const read = await call(t.app, 'get', `/orders/${order.order_id}`, { key: inst.apiKey });
    expect(read.body.data).toMatchObject({
      status: 'paid',
      paid_total: '29.00',
      remaining_balance: '0.00',
      payments: [res.body.data],
    });

    const events = await eventsOfOrder(t.db, order.order_id);
    expect(events.map((e) => e.event_name)).toEqual([
      'order.paid',
      'order.status_changed',
      'payment.succeeded',
      'payment.succeeded',
    ]);
    const [captureShape] = named(events, 'payment.succeeded').filter((e) => 'payment_id' in e.data);
    const [observerShape] = named(events, 'payment.succeeded').filter(
      (e) => 'transaction_id' in e.data,
    );
    expectEventPayload(captureShape, 'payment.succeeded', PAYLOAD_KEYS.capture);
    expect(captureShape!.data).toEqual({
      payment_id: paymentId,
      order_id: order.order_id,
      amount: '29.00',
      currency: 'EUR',
      payment_method: 'card',
      provider: 'stripe',
      provider_transaction_id: body.provider_transaction_id,
      remaining_balance: 0,
    });
    expectEventPayload(observerShape, 'payment.succeeded', PAYLOAD_KEYS.observer);
    expect(observerShape!.data).toEqual({
      transaction_id: paymentId,
      order_id: order.order_id,
      amount: '29.00',
      currency: 'EUR',
      payment_method: 'card',
      tip_amount: '0.00',
      tax_amount: '0.00',
      discount_amount: '0.00',
      processor_payment_intent_id: null,
      transaction_type: 'sale',
      processed_at: '2026-03-14T19:12:44.000Z',
    });
    const [changed] = named(events, 'order.status_changed');
    expectEventPayload(changed, 'order.status_changed', PAYLOAD_KEYS.statusChanged);
    expect(changed!.data).toMatchObject({ old_status: 'SERVED', new_status: 'PAID' });
    const [paid] = named(events, 'order.paid');
    expectEventPayload(paid, 'order.paid', PAYLOAD_KEYS.paid);
    expect(paid!.data).toEqual({
      order_id: order.order_id,
      order_number: order.unique_orderid,
      total: '29.00',
      paid_at: row.paid_at!.toISOString(),
    });
    for (const event of events)
      expect(event).toMatchObject({
        organization_id: inst.organizationId,
        location_id: inst.locationId,
      });
  });
});

describe('when a capture clears the balance of an order held in PENDING', () => {
  it('then the order becomes real: order.created without total, party_size and created_at, then PAID', async () => {
    const order = await seedOrder(t.db, inst, { status: 'PENDING', total: '12.00' });
    const res = await capture(order.order_id, payment(12));
    expect(res.status).toBe(201);
    const events = await eventsOfOrder(t.db, order.order_id);
    expect(events.map((e) => e.event_name)).toEqual([
      'order.created',
      'order.paid',
      'order.status_changed',
      'payment.succeeded',
      'payment.succeeded',
    ]);
    expectEventPayload(events[0], 'order.created', [
      'order_id',
      'order_number',
      'table_number',
      'order_status',
    ]);
    expect(events[0]!.data).toEqual({
      order_id: order.order_id,
      order_number: order.unique_orderid,
      table_number: null,
      order_status: 'PAID',
    });
    expect(events[2]!.data).toMatchObject({ old_status: 'PENDING', new_status: 'PAID' });
  });
});

describe('when a capture is partial', () => {
  it('then the status stays, the remaining balance is reported (a number in the webhook) and no order event is written', async () => {
    const order = await seedOrder(t.db, inst, { status: 'COOKING', total: '34.50' });
    const res = await capture(
      order.unique_orderid,
      payment(20, { payment_method: 'gift_card', provider: 'giftly' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      amount: '20.00',
      remaining_balance: '14.50',
      order_status: 'in_progress',
    });
    expect(await orderRow(order.order_id)).toMatchObject({
      status: 'COOKING',
      paid_total: '20.00',
      paid_at: null,
    });
    const events = await eventsOfOrder(t.db, order.order_id);
    expect(events.map((e) => e.event_name)).toEqual(['payment.succeeded', 'payment.succeeded']);
    expect(events.find((e) => 'payment_id' in e.data)!.data.remaining_balance).toBe(14.5);

    const rest = await capture(order.order_id, payment(14.5));
    expect(rest.body.data).toMatchObject({ remaining_balance: '0.00', order_status: 'paid' });
    const read = await call(t.app, 'get', `/orders/${order.order_id}`, { key: inst.apiKey });
    // Each payment keeps the balance and status of its own moment.
    expect(
      read.body.data.payments.map((p: { remaining_balance: string; order_status: string }) => [
        p.remaining_balance,
        p.order_status,
      ]),
    ).toEqual([
      ['14.50', 'in_progress'],
      ['0.00', 'paid'],
    ]);
  });
});

describe('when a capture is replayed with the same provider_transaction_id', () => {
  it('then 200 returns the original payment as recorded, whatever the new body says, and nothing is written', async () => {
    const order = await seedOrder(t.db, inst, { status: 'CREATED', total: '50.00' });
    const body = payment(10);
    const first = await capture(order.order_id, body);
    expect(first.status).toBe(201);
    await capture(order.order_id, payment(40));
    const eventsBefore = await eventsOfOrder(t.db, order.order_id);
    const replay = await capture(order.order_id, {
      ...body,
      amount: 12.34,
      payment_method: 'cash',
    });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.body.data).toMatchObject({ remaining_balance: '40.00', order_status: 'open' });
    expect(await transactionsOf(order.order_id)).toHaveLength(2);
    expect(await eventsOfOrder(t.db, order.order_id)).toHaveLength(eventsBefore.length);
  });

  it('then a key used on an order of another location is 422 validation_error naming it', async () => {
    const elsewhere = await seedOrder(t.db, inst, {
      locationId: inst.otherLocationId,
      currency: 'USD',
    });
    await production(t.db)
      .insertInto('transactions')
      .values({
        organization_id: inst.organizationId,
        order_id: elsewhere.order_id,
        amount: '5.00',
        currency: 'USD',
        payment_method: 'card',
        provider: 'stripe',
        provider_transaction_id: 'pi_elsewhere',
        source: 'plugin_capture',
      })
      .execute();
    const order = await seedOrder(t.db, inst);
    const res = await capture(
      order.order_id,
      payment(5, { provider_transaction_id: 'pi_elsewhere' }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      details: { provider_transaction_id: [expect.any(String)] },
    });
  });

  it('then another organization may use the same provider_transaction_id', async () => {
    const other = await createInstallation(t.db);
    const mine = await seedOrder(t.db, inst);
    const theirs = await seedOrder(t.db, other);
    expect(
      (await capture(mine.order_id, payment(5, { provider_transaction_id: 'pi_shared' }))).status,
    ).toBe(201);
    expect(
      (
        await capture(
          theirs.order_id,
          payment(5, { provider_transaction_id: 'pi_shared' }),
          other.apiKey,
        )
      ).status,
    ).toBe(201);
  });
});

describe('when a capture cannot be applied', () => {
  it('then another currency is 422 currency_mismatch', async () => {
    const order = await seedOrder(t.db, inst);
    const res = await capture(order.order_id, payment(5, { currency: 'USD' }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'currency_mismatch',
      message: 'Order currency is EUR, got USD.',
    });
  });

  it('then more than the remaining balance, or anything on a fully paid order, is 422 overpayment', async () => {
    const order = await seedOrder(t.db, inst, { total: '20.00', paidTotal: '15.00' });
    const over = await capture(order.order_id, payment(5.01));
    expect(over.status).toBe(422);
    expect(over.body).toEqual({
      error: 'overpayment',
      message: 'Amount 5.01 exceeds the remaining balance 5.00.',
    });
    const paid = await seedOrder(t.db, inst, {
      status: 'PAID',
      total: '20.00',
      paidTotal: '20.00',
    });
    const again = await capture(paid.order_id, payment(0.01));
    expect(again.status).toBe(422);
    expect(again.body.error).toBe('overpayment');
    expect(await transactionsOf(order.order_id)).toEqual([]);
  });

  it('then a cancelled order is 422 invalid_transition with no allowed states', async () => {
    const order = await seedOrder(t.db, inst, { status: 'CANCELLED' });
    const res = await capture(order.order_id, payment(1));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'invalid_transition', allowed_next_states: [] });
  });

  it('then a locked subscription is 403 subscription_locked, past_due is not, and a replay still answers', async () => {
    const org = await createInstallation(t.db);
    const order = await seedOrder(t.db, org, { total: '10.00' });
    const first = payment(1);
    expect((await capture(order.order_id, first, org.apiKey)).status).toBe(201);
    await setSubscriptionStatus(t.db, org.organizationId, 'past_due');
    expect((await capture(order.order_id, payment(1), org.apiKey)).status).toBe(201);
    await setSubscriptionStatus(t.db, org.organizationId, 'locked');
    const locked = await capture(order.order_id, payment(1), org.apiKey);
    expect(locked.status).toBe(403);
    expect(locked.body.error).toBe('subscription_locked');
    expect((await capture(order.order_id, first, org.apiKey)).status).toBe(200);
    expect(await transactionsOf(order.order_id)).toHaveLength(2);
  });

  it('then a plugin without payments:capture is 403 feature_not_enabled', async () => {
    const limited = await createInstallation(t.db, { features: ['orders:create'] });
    const order = await seedOrder(t.db, limited);
    const res = await capture(order.order_id, payment(1), limited.apiKey);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('feature_not_enabled');
  });

  it("then an unknown order, or another location's, is 404 with the sentence body", async () => {
    const elsewhere = await seedOrder(t.db, inst, { locationId: inst.otherLocationId });
    for (const ref of ['999999', String(elsewhere.order_id)]) {
      const res = await capture(ref, payment(1));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Order not found' });
    }
  });

  it.each([
    ['an amount with three decimals', { amount: 1.005 }, 'amount'],
    ['a zero amount', { amount: 0 }, 'amount'],
    ['an amount as a string', { amount: 'ten' }, 'amount'],
    ['a lower-case currency', { currency: 'eur' }, 'currency'],
    [
      'no provider_transaction_id',
      { provider_transaction_id: undefined },
      'provider_transaction_id',
    ],
    ['an unknown field', { tip: 1 }, 'tip'],
  ])('then %s is 400 validation_error naming the field', async (_name, change, field) => {
    const order = await seedOrder(t.db, inst);
    const res = await capture(order.order_id, { ...payment(1), ...change });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toContain(field);
  });
});

describe('when captures race', () => {
  it('then 20 concurrent partial captures never exceed the balance and PAID is reached once', async () => {
    const order = await seedOrder(t.db, inst, { status: 'COMPLETED', total: '10.00' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => capture(order.order_id, payment(1))),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(10);
    expect(responses.filter((r) => r.status === 422).map((r) => r.body.error)).toEqual(
      Array(10).fill('overpayment'),
    );
    const balances = responses
      .filter((r) => r.status === 201)
      .map((r) => r.body.data.remaining_balance)
      .sort();
    expect(balances).toEqual([
      '0.00',
      '1.00',
      '2.00',
      '3.00',
      '4.00',
      '5.00',
      '6.00',
      '7.00',
      '8.00',
      '9.00',
    ]);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'PAID', paid_total: '10.00' });
    expect(await transactionsOf(order.order_id)).toHaveLength(10);
    const events = await eventsOfOrder(t.db, order.order_id);
    expect(named(events, 'order.paid')).toHaveLength(1);
    expect(named(events, 'payment.succeeded')).toHaveLength(20);
  });

  it('then 20 concurrent replays of one capture record it once', async () => {
    const order = await seedOrder(t.db, inst, { total: '10.00' });
    const body = payment(3);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => capture(order.order_id, body)),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(19);
    expect(await transactionsOf(order.order_id)).toHaveLength(1);
  });
});

describe('when the write fails mid-way', () => {
  it('then 500 capture_failed leaves no transaction, no balance change and no event', async () => {
    const order = await seedOrder(t.db, inst, { total: '10.00' });
    await sql`create function production.fail_transactions() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure while writing the transaction'; end $$`.execute(
      t.db,
    );
    // After the transaction insert and its observer event, when the order balance is updated.
    await sql`create trigger fail_transactions after update of paid_total on production.orders for each row execute function production.fail_transactions()`.execute(
      t.db,
    );
    const body = payment(10);
    try {
      const res = await capture(order.order_id, body);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'capture_failed', message: expect.any(String) });
    } finally {
      await sql`drop trigger fail_transactions on production.orders`.execute(t.db);
      await sql`drop function production.fail_transactions()`.execute(t.db);
    }
    expect(await transactionsOf(order.order_id)).toEqual([]);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'CREATED', paid_total: '0.00' });
    expect(await eventsOfOrder(t.db, order.order_id)).toEqual([]);
    // Retrying with the same provider_transaction_id is safe.
    expect((await capture(order.order_id, body)).status).toBe(201);
  });
});
