import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createIngredient, createMenuItem } from '../support/catalog-builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { seedOrder } from '../support/order-builders.js';
import { fanOutPending } from '../../src/domain/webhooks/delivery/fanout.js';

// API version 2026-11-29 (contracts/versions/2026-11-29.yaml), for real: the same calls from a
// plugin pinned to 2026-11-21 and from one pinned to 2026-11-29. Money and stock inputs are
// decimal strings at 2026-11-29 (a JSON number is 400 naming the field, never coerced) and JSON
// numbers at 2026-11-21 (brought forward); `unique_orderid` is `order_number` at 2026-11-29 in
// every response and event, taken back at 2026-11-21. Every response is checked by call() against
// the contract of the version it says it was answered in (contracts/derived/<version>/).

const OLD = '2026-11-21';
const NEW = '2026-11-29';

let t: TestContext;
let old: InstallationFixture;
let next: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext();
  // An endpoint makes them recipients of events (nothing is delivered: this context has no workers).
  const receiving = { webhookEndpoint: 'https://hooks.example.com/svc' };
  old = await createInstallation(t.db, receiving);
  next = await createInstallation(t.db, receiving);
  await t.db
    .updateTable('control.plugins')
    .set({ api_version: NEW })
    .where('plugin_id', '=', next.pluginId)
    .execute();
});
afterAll(() => t.close());

describe('an order at each version', () => {
  it('when read, then 2026-11-29 names its number order_number and 2026-11-21 unique_orderid, with the same value', async () => {
    for (const [inst, version, name, absent] of [
      [old, OLD, 'unique_orderid', 'order_number'],
      [next, NEW, 'order_number', 'unique_orderid'],
    ] as const) {
      const order = await seedOrder(t.db, inst, { status: 'COOKING' });
      const res = await call(t.app, 'get', `/orders/${order.order_id}`, { key: inst.apiKey });
      expect(res.status).toBe(200);
      expect(res.headers['x-svc-api-version']).toBe(version);
      expect(res.body.data[name]).toBe(order.unique_orderid);
      expect(res.body.data).not.toHaveProperty(absent);
    }
  });

  it('when a request asks for the other version, then that one answers: the pin is only the default', async () => {
    const order = await seedOrder(t.db, old, { status: 'COOKING' });
    const res = await call(t.app, 'get', `/orders`, {
      key: old.apiKey,
      headers: { 'X-Svc-Api-Version': NEW },
    });
    expect(res.headers['x-svc-api-version']).toBe(NEW);
    const listed = (res.body.data as Record<string, unknown>[]).find(
      (o) => o.order_id === order.order_id,
    );
    expect(listed).toMatchObject({ order_number: order.unique_orderid });
    expect(listed).not.toHaveProperty('unique_orderid');
  });

  it('when the events feed is read, then order events carry the name of the reader’s version', async () => {
    for (const [inst, version, name] of [
      [old, OLD, 'unique_orderid'],
      [next, NEW, 'order_number'],
    ] as const) {
      const order = await seedOrder(t.db, inst, { status: 'COOKING' });
      const moved = await call(t.app, 'put', `/orders/${order.order_id}`, {
        key: inst.apiKey,
        body: { status: 'ready' },
      });
      expect(moved.status).toBe(200);
      await fanOutPending(t.db, t.queue, 100);
      const feed = await call(t.app, 'get', '/events?limit=100', { key: inst.apiKey });
      expect(feed.headers['x-svc-api-version']).toBe(version);
      const changed = (feed.body.data as { event: string; data: Record<string, unknown> }[]).find(
        (e) => e.event === 'order.status_changed' && e.data.order_id === order.order_id,
      );
      expect(changed?.data).toEqual({
        order_id: order.order_id,
        [name]: order.unique_orderid,
        old_status: 'COOKING',
        new_status: 'SERVED',
      });
    }
  });
});

describe('money and stock inputs at each version', () => {
  const cases = [
    {
      field: 'price',
      request: async (inst: InstallationFixture, value: unknown) => {
        const item = await createMenuItem(t.db, inst.locationId, { price: '12.00' });
        return call(t.app, 'patch', `/menu/${item.item_id}`, {
          key: inst.apiKey,
          body: { price: value },
        });
      },
      number: 16.5,
      text: '16.50',
      stored: (body: Record<string, unknown>) => body.price,
      expected: '16.50',
    },
    {
      field: 'amount',
      request: async (inst: InstallationFixture, value: unknown) => {
        const order = await seedOrder(t.db, inst, { status: 'SERVED', total: '29.00' });
        return call(t.app, 'post', `/orders/${order.order_id}/payments`, {
          key: inst.apiKey,
          body: {
            amount: value,
            currency: 'EUR',
            payment_method: 'card',
            provider: 'stripe',
            provider_transaction_id: `pi_${Math.random().toString(36).slice(2)}`,
          },
        });
      },
      number: 29,
      text: '29',
      stored: (body: Record<string, unknown>) => body.amount,
      expected: '29.00',
    },
    {
      field: 'cost_per_unit',
      request: async (inst: InstallationFixture, value: unknown) => {
        const ingredient = await createIngredient(t.db, inst.organizationId);
        return call(t.app, 'patch', `/inventory/${ingredient.ingredient_id}`, {
          key: inst.apiKey,
          body: { cost_per_unit: value },
        });
      },
      number: 11.4,
      text: '11.4',
      stored: (body: Record<string, unknown>) => body.cost_per_unit,
      expected: '11.4000',
    },
    {
      field: 'delta',
      request: async (inst: InstallationFixture, value: unknown) => {
        const ingredient = await createIngredient(t.db, inst.organizationId);
        return call(t.app, 'post', `/inventory/${ingredient.ingredient_id}/movements`, {
          key: inst.apiKey,
          body: { delta: value, reason: 'received' },
        });
      },
      number: 2.5,
      text: '2.5000',
      stored: (body: Record<string, unknown>) =>
        (body.stock_level as Record<string, unknown>).on_hand,
      expected: '2.5000',
    },
  ];

  for (const c of cases) {
    it(`when ${c.field} is a JSON number, then 2026-11-21 takes it and 2026-11-29 answers 400 validation_error naming ${c.field}`, async () => {
      const accepted = await c.request(old, c.number);
      expect(accepted.status).toBeLessThan(300);
      expect(c.stored(accepted.body.data)).toBe(c.expected);

      const refused = await c.request(next, c.number);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('validation_error');
      expect(Object.keys(refused.body.details)).toContain(c.field);
    });

    it(`when ${c.field} is a decimal string, then 2026-11-29 takes it and 2026-11-21 refuses it as the contract it was released with did`, async () => {
      const accepted = await c.request(next, c.text);
      expect(accepted.status).toBeLessThan(300);
      expect(c.stored(accepted.body.data)).toBe(c.expected);

      const refused = await c.request(old, c.text);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('validation_error');
      expect(Object.keys(refused.body.details)).toContain(c.field);
    });
  }

  it('when 2026-11-29 gets a decimal with too many decimals, then 400 naming the field, nothing rounded', async () => {
    const item = await createMenuItem(t.db, next.locationId, { price: '12.00' });
    const res = await call(t.app, 'patch', `/menu/${item.item_id}`, {
      key: next.apiKey,
      body: { price: '16.505' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.details)).toContain('price');
  });
});
