import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { sessionRateLimitBucket } from '../../src/portal/auth.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { expectValidEventData, outboxEvents, type OutboxEvent } from '../support/events.js';
import { call } from '../support/http.js';
import {
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  portalWorld,
  provisionPortalSandbox,
  randomIp,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

// The developer's `simulate*` mutations: the restaurant side in their own sandbox, through the same
// domain services as production. Each test asserts the outbox events of one action (delivery of
// every event end to end: test/lifecycle/all-events.test.ts).

let t: TestContext;
let dev: PortalDeveloper;
let plugin: { pluginId: string; webhookSecret: string };
let box: PortalSandbox;

beforeAll(async () => {
  t = await createTestContext();
  ({ dev, plugin, box } = await portalWorld(t.app));
});
afterAll(() => t.close());
// One developer drives the whole file, far past a session's 60 requests a minute: each test starts
// with a fresh budget (the budget itself is tested in abuse-limits.test.ts).
beforeEach(() =>
  t.db
    .deleteFrom('control.rate_limits')
    .where('bucket', '=', sessionRateLimitBucket(dev.developerId))
    .execute(),
);

/** A simulation from a fresh client address (simulations share a 30-a-minute bucket per IP). */
const simulate = (query: string, variables: Record<string, unknown>) =>
  gqlData(
    t.app,
    dev.token,
    query,
    { sandboxId: box.sandboxId, ...variables },
    { headers: { 'X-Forwarded-For': randomIp() } },
  );
const simulateError = async (query: string, variables: Record<string, unknown>) =>
  gqlError(
    await gql(
      t.app,
      dev.token,
      query,
      { sandboxId: box.sandboxId, ...variables },
      { headers: { 'X-Forwarded-For': randomIp() } },
    ),
  );

/** The outbox events written by `action`, each checked against asyncapi.yaml, sorted by name. */
async function eventsOf(
  action: () => Promise<unknown>,
): Promise<(OutboxEvent & { data: Record<string, any> })[]> {
  const before = new Set((await outboxEvents(t.db)).map((e) => e.event_id));
  await action();
  const events = (await outboxEvents(t.db)).filter((e) => !before.has(e.event_id));
  return events.sort((a, b) => a.event_name.localeCompare(b.event_name));
}

const ORDER = 'id uniqueOrderId status total paidTotal remainingBalance itemCount currency';
const POS_ORDER = `mutation($sandboxId: ID!, $input: PosOrderInput) { simulatePosOrder(sandboxId: $sandboxId, input: $input) { ${ORDER} } }`;
const RELEASE = `mutation($sandboxId: ID!, $orderId: ID!) { simulateReleaseOrder(sandboxId: $sandboxId, orderId: $orderId) { ${ORDER} } }`;
const ADD_ITEMS = `mutation($sandboxId: ID!, $orderId: ID!, $items: [PosOrderItemInput!]!) { simulateAddItems(sandboxId: $sandboxId, orderId: $orderId, items: $items) { ${ORDER} } }`;
const PREPARED = `mutation($sandboxId: ID!, $orderId: ID!) { simulateOrderPrepared(sandboxId: $sandboxId, orderId: $orderId) { ${ORDER} } }`;
const TX = `id orderId type status amount currency paymentMethod processorPaymentIntentId error refundReason order { ${ORDER} }`;
const SALE = `mutation($sandboxId: ID!, $orderId: ID!, $input: PosSaleInput) { simulatePosSale(sandboxId: $sandboxId, orderId: $orderId, input: $input) { ${TX} } }`;
const FAILED = `mutation($sandboxId: ID!, $orderId: ID!, $input: PosFailedPaymentInput) { simulateFailedPayment(sandboxId: $sandboxId, orderId: $orderId, input: $input) { ${TX} } }`;
const REFUND = `mutation($sandboxId: ID!, $id: ID!, $reason: String!) { simulateRefund(sandboxId: $sandboxId, transactionId: $id, reason: $reason) { ${TX} } }`;

async function menuItemIds(): Promise<number[]> {
  const res = await call(t.app, 'get', '/menu?limit=100', { key: box.installationKey });
  return res.body.data
    .filter((i: { is_available: boolean; customization_templates?: unknown }) => i.is_available)
    .map((i: { item_id: number }) => i.item_id);
}

async function posOrder(input: Record<string, unknown> = {}) {
  return (await simulate(POS_ORDER, { input })).simulatePosOrder;
}

describe('simulatePosOrder', () => {
  it('when an order is rung up, then order.created carries total, party_size and created_at, and the plugin can read it', async () => {
    let order: any;
    const events = await eventsOf(async () => {
      order = await posOrder({ partySize: 3, tableNumber: '7' });
    });
    expect(order).toMatchObject({
      status: 'CREATED',
      itemCount: 1,
      paidTotal: '0.00',
      currency: 'EUR',
    });
    expect(events.map((e) => e.event_name)).toEqual(['order.created']);
    expect(events[0]!.data).toEqual({
      order_id: Number(order.id),
      order_number: order.uniqueOrderId,
      table_number: '7',
      order_status: 'CREATED',
      total: order.total,
      party_size: 3,
      created_at: expect.any(String),
    });
    expect(events[0]!).toMatchObject({ plane: 'sandbox', sandbox_id: Number(box.sandboxId) });
    const rest = await call(t.app, 'get', `/orders/${order.id}`, { key: box.installationKey });
    expect(rest.body.data).toMatchObject({
      status: 'open',
      total: order.total,
      party_size: 3,
      table_number: '7',
    });
  });

  it('when it is held, then it is PENDING and nothing is emitted, not even for items added', async () => {
    const [itemId] = await menuItemIds();
    const events = await eventsOf(async () => {
      const order = await posOrder({ hold: true });
      expect(order.status).toBe('PENDING');
      await simulate(ADD_ITEMS, {
        orderId: order.id,
        items: [{ itemId: String(itemId), quantity: 2 }],
      });
    });
    expect(events).toEqual([]);
  });

  it('when the input is wrong, then 422 validation_error names the fields', async () => {
    const error = await simulateError(POS_ORDER, {
      input: { orderType: 'takeaway', tableNumber: '4', partySize: 0 },
    });
    expect(error.code).toBe('validation_error');
    expect(Object.keys(error.details!).sort()).toEqual(['partySize', 'tableNumber']);
    expect(
      (await simulateError(POS_ORDER, { input: { items: [{ itemId: 'x' }] } })).details,
    ).toEqual({ 'items.0.itemId': ['must be a numeric id'] });
    const unknown = await simulateError(POS_ORDER, { input: { items: [{ itemId: '999999' }] } });
    expect(unknown).toMatchObject({
      code: 'validation_error',
      details: { 'items.0.itemId': [expect.stringContaining('not found')] },
    });
  });
});

describe('simulateReleaseOrder', () => {
  it('when a held order is released, then order.created fires once, without total, party_size and created_at', async () => {
    const held = await posOrder({ hold: true, partySize: 2 });
    const events = await eventsOf(() => simulate(RELEASE, { orderId: held.uniqueOrderId }));
    expect(events.map((e) => e.event_name)).toEqual(['order.created', 'order.status_changed']);
    expect(events[0]!.data).toEqual({
      order_id: Number(held.id),
      order_number: held.uniqueOrderId,
      table_number: null,
      order_status: 'CREATED',
    });
    expect(events[1]!.data).toMatchObject({ old_status: 'PENDING', new_status: 'CREATED' });
    const again = await simulateError(RELEASE, { orderId: held.id });
    expect(again.code).toBe('invalid_transition');
    const created = (await outboxEvents(t.db, { names: ['order.created'] })).filter(
      (e) => e.data.order_id === Number(held.id),
    );
    expect(created).toHaveLength(1);
  });
});

describe('simulateAddItems', () => {
  it('when items are added, then order.items_added counts order lines and the total grows', async () => {
    const order = await posOrder();
    const [a, b] = await menuItemIds();
    let updated: any;
    const events = await eventsOf(async () => {
      updated = (
        await simulate(ADD_ITEMS, {
          orderId: order.id,
          items: [{ itemId: String(a), quantity: 2 }, { itemId: String(b) }],
        })
      ).simulateAddItems;
    });
    expect(events.map((e) => e.event_name)).toEqual(['order.items_added']);
    expect(events[0]!.data).toEqual({
      order_id: Number(order.id),
      order_number: order.uniqueOrderId,
      previous_item_count: 1,
      new_item_count: 3,
      items_added: 2,
    });
    const rest = await call(t.app, 'get', `/orders/${order.id}`, { key: box.installationKey });
    expect(rest.body.data.items).toHaveLength(3);
    expect(rest.body.data.total).toBe(updated.total);
    expect(Number(updated.total)).toBeGreaterThan(Number(order.total));
  });

  it('when the order is settled, then invalid_transition', async () => {
    const order = await posOrder();
    await simulate(SALE, { orderId: order.id, input: {} });
    const [itemId] = await menuItemIds();
    expect(
      (await simulateError(ADD_ITEMS, { orderId: order.id, items: [{ itemId: String(itemId) }] }))
        .code,
    ).toBe('invalid_transition');
  });
});

describe('simulateOrderPrepared', () => {
  it('when the kitchen marks it prepared, then order.status_changed CREATED -> PREPARED and it reads as ready', async () => {
    const order = await posOrder();
    const events = await eventsOf(() => simulate(PREPARED, { orderId: order.id }));
    expect(events.map((e) => [e.event_name, e.data.old_status, e.data.new_status])).toEqual([
      ['order.status_changed', 'CREATED', 'PREPARED'],
    ]);
    expect(
      (await call(t.app, 'get', `/orders/${order.id}`, { key: box.installationKey })).body.data
        .status,
    ).toBe('ready');
    expect((await simulateError(PREPARED, { orderId: order.id })).code).toBe('invalid_transition');
  });
});

describe('simulatePosSale', () => {
  it('when a cash sale pays part, then the observer payment.succeeded has no processor intent and the order stays open', async () => {
    const order = await posOrder();
    let sale: any;
    const events = await eventsOf(async () => {
      sale = (await simulate(SALE, { orderId: order.id, input: { amount: '1.00' } }))
        .simulatePosSale;
    });
    expect(sale).toMatchObject({
      type: 'sale',
      status: 'succeeded',
      amount: '1.00',
      paymentMethod: 'cash',
      processorPaymentIntentId: null,
    });
    expect(events.map((e) => e.event_name)).toEqual(['payment.succeeded']);
    expect(events[0]!.data).toEqual({
      transaction_id: Number(sale.id),
      order_id: Number(order.id),
      amount: '1.00',
      currency: 'EUR',
      payment_method: 'cash',
      tip_amount: '0.00',
      tax_amount: '0.00',
      discount_amount: '0.00',
      processor_payment_intent_id: null,
      transaction_type: 'sale',
      processed_at: expect.any(String),
    });
    expect(sale.order.status).toBe('CREATED');
  });

  it('when a card-processor sale clears the balance, then the intent id is set and the order is PAID with order.paid', async () => {
    const order = await posOrder();
    let sale: any;
    const events = await eventsOf(async () => {
      sale = (await simulate(SALE, { orderId: order.id, input: { viaCardProcessor: true } }))
        .simulatePosSale;
    });
    expect(sale.processorPaymentIntentId).toMatch(/^pi_[0-9a-f]{24}$/);
    expect(sale.order).toMatchObject({
      status: 'PAID',
      remainingBalance: '0.00',
      paidTotal: order.total,
    });
    expect(events.map((e) => e.event_name)).toEqual([
      'order.paid',
      'order.status_changed',
      'payment.succeeded',
    ]);
    expect(events[0]!.data).toMatchObject({ order_id: Number(order.id), total: order.total });
    expect(events[2]!.data).toMatchObject({
      payment_method: 'card',
      processor_payment_intent_id: sale.processorPaymentIntentId,
      amount: order.total,
    });
    const rest = await call(t.app, 'get', `/orders/${order.id}`, { key: box.installationKey });
    expect(rest.body.data).toMatchObject({ status: 'paid', remaining_balance: '0.00' });
  });

  it('when the amount exceeds the balance or the order is held, then it is refused and nothing is emitted', async () => {
    const order = await posOrder();
    const held = await posOrder({ hold: true });
    const events = await eventsOf(async () => {
      expect(
        (await simulateError(SALE, { orderId: order.id, input: { amount: '99999.00' } })).code,
      ).toBe('overpayment');
      expect((await simulateError(SALE, { orderId: held.id, input: {} })).code).toBe(
        'invalid_transition',
      );
      expect(
        (await simulateError(SALE, { orderId: order.id, input: { amount: '1.234' } })).code,
      ).toBe('validation_error');
    });
    expect(events).toEqual([]);
  });
});

describe('simulateFailedPayment', () => {
  it('when a payment is declined, then payment.failed and the order is unchanged', async () => {
    const order = await posOrder();
    let failed: any;
    const events = await eventsOf(async () => {
      failed = (
        await simulate(FAILED, {
          orderId: order.id,
          input: { error: 'card_declined: expired_card' },
        })
      ).simulateFailedPayment;
    });
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'card_declined: expired_card',
      amount: order.total,
      order: { status: 'CREATED', paidTotal: '0.00' },
    });
    expect(events.map((e) => e.event_name)).toEqual(['payment.failed']);
    expect(events[0]!.data).toEqual({
      transaction_id: Number(failed.id),
      order_id: Number(order.id),
      amount: order.total,
      currency: 'EUR',
      payment_method: 'card',
      error: 'card_declined: expired_card',
      failed_at: expect.any(String),
    });
    const rest = await call(t.app, 'get', `/orders/${order.id}`, { key: box.installationKey });
    expect(rest.body.data.payments).toEqual([]);
  });
});

describe('simulateRefund', () => {
  it("when a paid order's sale is refunded, then payment.refunded names the sale and the order becomes REFUNDED", async () => {
    const order = await posOrder();
    const sale = (await simulate(SALE, { orderId: order.id, input: { viaCardProcessor: true } }))
      .simulatePosSale;
    let refund: any;
    const events = await eventsOf(async () => {
      refund = (
        await simulate(REFUND, { id: sale.id, reason: 'Dessert sent back to the kitchen.' })
      ).simulateRefund;
    });
    expect(refund).toMatchObject({
      id: sale.id,
      status: 'refunded',
      refundReason: 'Dessert sent back to the kitchen.',
      order: { status: 'REFUNDED', paidTotal: '0.00' },
    });
    expect(events.map((e) => e.event_name)).toEqual(['order.status_changed', 'payment.refunded']);
    expect(events[0]!.data).toMatchObject({ old_status: 'PAID', new_status: 'REFUNDED' });
    expect(events[1]!.data).toEqual({
      transaction_id: Number(sale.id),
      order_id: Number(order.id),
      amount: order.total,
      currency: 'EUR',
      refund_reason: 'Dessert sent back to the kitchen.',
      refunded_at: expect.any(String),
    });
    expect((await simulateError(REFUND, { id: sale.id, reason: 'again' })).code).toBe(
      'invalid_transition',
    );
  });

  it('when a partial payment is refunded, then the balance is owed again and the status stays', async () => {
    const order = await posOrder();
    const sale = (await simulate(SALE, { orderId: order.id, input: { amount: '1.00' } }))
      .simulatePosSale;
    const events = await eventsOf(() => simulate(REFUND, { id: sale.id, reason: 'Wrong table' }));
    expect(events.map((e) => e.event_name)).toEqual(['payment.refunded']);
    const rest = await call(t.app, 'get', `/orders/${order.id}`, { key: box.installationKey });
    expect(rest.body.data).toMatchObject({
      status: 'open',
      paid_total: '0.00',
      remaining_balance: order.total,
    });
  });

  it('when the transaction is unknown or a failed payment, then not_found or invalid_transition', async () => {
    expect((await simulateError(REFUND, { id: '999999', reason: 'x' })).code).toBe('not_found');
    const order = await posOrder();
    const failed = (await simulate(FAILED, { orderId: order.id, input: {} })).simulateFailedPayment;
    expect((await simulateError(REFUND, { id: failed.id, reason: 'x' })).code).toBe(
      'invalid_transition',
    );
  });
});

describe('menu items', () => {
  const CREATE =
    'mutation($sandboxId: ID!, $input: MenuItemInput!) { simulateMenuItemCreated(sandboxId: $sandboxId, input: $input) { id locationId name price isAvailable vegan vegetarian allergens } }';
  const DELETE =
    'mutation($sandboxId: ID!, $id: ID!) { simulateMenuItemDeleted(sandboxId: $sandboxId, itemId: $id) { id name locationId deletedAt } }';

  it('when an item is created, then menu.item_created carries the menu item fields and the plugin can read it', async () => {
    let item: any;
    const events = await eventsOf(async () => {
      item = (
        await simulate(CREATE, {
          input: {
            name: 'Octopus Salad',
            price: '13.90',
            allergens: ['Molluscs'],
            vegan: false,
            preparationTime: 12,
          },
        })
      ).simulateMenuItemCreated;
    });
    expect(item).toMatchObject({
      name: 'Octopus Salad',
      price: '13.90',
      isAvailable: true,
      allergens: ['molluscs'],
    });
    expect(events.map((e) => e.event_name)).toEqual(['menu.item_created']);
    expect(events[0]!.data).toMatchObject({
      item_id: Number(item.id),
      name: 'Octopus Salad',
      price: '13.90',
      location_id: Number(item.locationId),
      preparation_time: 12,
    });
    expect(
      (await call(t.app, 'get', `/menu/${item.id}`, { key: box.installationKey })).status,
    ).toBe(200);
  });

  it('when an item that was ordered is deleted, then menu.item_deleted, the order keeps its line and the item is gone', async () => {
    const item = (await simulate(CREATE, { input: { name: 'Daily Soup', price: '5.00' } }))
      .simulateMenuItemCreated;
    const order = await posOrder({ items: [{ itemId: item.id }] });
    let deleted: any;
    const events = await eventsOf(async () => {
      deleted = (await simulate(DELETE, { id: item.id })).simulateMenuItemDeleted;
    });
    expect(deleted).toEqual({
      id: item.id,
      name: 'Daily Soup',
      locationId: item.locationId,
      deletedAt: expect.any(String),
    });
    expect(events.map((e) => e.event_name)).toEqual(['menu.item_deleted']);
    expect(events[0]!.data).toEqual({
      item_id: Number(item.id),
      name: 'Daily Soup',
      location_id: Number(item.locationId),
      deleted_at: deleted.deletedAt,
    });
    expect(
      (await call(t.app, 'get', `/menu/${item.id}`, { key: box.installationKey })).status,
    ).toBe(404);
    const rest = await call(t.app, 'get', `/orders/${order.id}`, { key: box.installationKey });
    expect(rest.body.data.items).toEqual([
      expect.objectContaining({ item_id: Number(item.id), name: 'Daily Soup' }),
    ]);
    expect((await simulateError(DELETE, { id: item.id })).code).toBe('not_found');
  });

  it('when the price is out of range, then validation_error on price', async () => {
    const error = await simulateError(CREATE, {
      input: { name: 'Gold Leaf Steak', price: '10000.00' },
    });
    expect(error).toMatchObject({
      code: 'validation_error',
      details: { price: [expect.any(String)] },
    });
  });
});

describe('marketplace in a sandbox', () => {
  const INSTALL =
    'mutation($sandboxId: ID!) { simulateInstall(sandboxId: $sandboxId) { installationId status setupToken setupUrl authorizeUrl installation { id plane sandboxId status isTrial } } }';
  const INSTALLATION = 'id status isTrial trialEndsAt removedAt';
  const act = (field: string) =>
    `mutation($id: ID!) { ${field}(installationId: $id) { ${INSTALLATION} } }`;
  const lifecycle = (installationId: string) =>
    outboxEvents(t.db, { installationId: Number(installationId) });

  it('when a free plugin is installed, then it is active with installation.created, and its setup token gives a working key', async () => {
    const installed = (await simulate(INSTALL, {})).simulateInstall;
    expect(installed).toMatchObject({
      status: 'active',
      setupToken: expect.stringMatching(/^stp_/),
      setupUrl: null,
      authorizeUrl: null,
    });
    expect(installed.installation).toMatchObject({
      plane: 'sandbox',
      sandboxId: box.sandboxId,
      isTrial: false,
    });
    const events = await lifecycle(installed.installationId);
    expect(events.map((e) => e.event_name)).toEqual(['installation.created']);
    expect(events[0]!.data).toMatchObject({
      installation_id: Number(installed.installationId),
      is_trial: false,
    });
    const exchanged = await call(t.app, 'post', '/setup-token/exchange', {
      body: { setup_token: installed.setupToken },
      headers: { 'X-Forwarded-For': randomIp() },
    });
    const health = await call(t.app, 'get', '/health', { key: exchanged.body.data.api_key });
    expect(health.body.installation_id).toBe(Number(installed.installationId));

    const removed = await eventsOf(() =>
      simulate(act('simulateRemoval'), { id: installed.installationId }),
    );
    expect(removed.map((e) => e.event_name)).toEqual(['installation.removed']);
    expect(
      (await simulateError(act('simulateRemoval'), { id: installed.installationId })).code,
    ).toBe('invalid_transition');
  });

  it('when a paid plugin with a trial is installed, then checkout, trial ending and conversion each emit their event', async () => {
    const paid = await createProjectAndPlugin(t.app, dev.token, {
      pricing: { model: 'paid', price: '29.00' },
      trialDays: 14,
    });
    const paidBox = await provisionPortalSandbox(
      t.app,
      dev.token,
      paid.pluginId,
      'Billing sandbox',
    );
    const installed = (await simulate(INSTALL, { sandboxId: paidBox.sandboxId })).simulateInstall;
    expect(installed.status).toBe('pending_payment');
    expect(await lifecycle(installed.installationId)).toEqual([]);

    const id = installed.installationId;
    const checkout = (await simulate(act('simulateCheckout'), { id })).simulateCheckout;
    expect(checkout).toMatchObject({ status: 'active', isTrial: true });
    const ending = (await simulate(act('simulateTrialEnding'), { id })).simulateTrialEnding;
    expect(ending).toMatchObject({ isTrial: true, trialEndsAt: checkout.trialEndsAt });
    expect((await simulateError(act('simulateTrialEnding'), { id })).code).toBe(
      'invalid_transition',
    );
    const converted = (await simulate(act('simulateTrialConversion'), { id }))
      .simulateTrialConversion;
    expect(converted).toMatchObject({ status: 'active', isTrial: false, trialEndsAt: null });
    expect((await simulateError(act('simulateTrialConversion'), { id })).code).toBe(
      'invalid_transition',
    );

    const events = await lifecycle(id);
    expect(events.map((e) => e.event_name)).toEqual([
      'trial.started',
      'trial.ending',
      'subscription.activated',
    ]);
    expect(events[1]!.data).toMatchObject({
      days_remaining: 3,
      trial_ends_at: checkout.trialEndsAt,
    });
    for (const e of events) expectValidEventData(e.event_name, e.data);
  });

  it("when the sandbox's own installation is removed, then it works like any other", async () => {
    const other = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId, 'Throwaway');
    const events = await eventsOf(() =>
      simulate(act('simulateRemoval'), { id: other.installationId }),
    );
    expect(events.map((e) => e.event_name)).toEqual(['installation.removed']);
    expect((await call(t.app, 'get', '/health', { key: other.installationKey })).body.error).toBe(
      'installation_inactive',
    );
  });
});

describe('rate limit', () => {
  it('when one IP runs more than 30 simulations a minute, then 429 rate_limit_exceeded', async () => {
    const ip = randomIp();
    const run = () =>
      gql(
        t.app,
        dev.token,
        POS_ORDER,
        { sandboxId: box.sandboxId, input: { hold: true } },
        { headers: { 'X-Forwarded-For': ip } },
      );
    for (let i = 0; i < 30; i++) expect((await run()).status).toBe(200);
    const refused = await run();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limit_exceeded');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
