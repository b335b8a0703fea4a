import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import {
  createInstallation,
  createSandboxInstallation,
  production,
  type InstallationFixture,
} from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { seedOrder } from '../support/order-builders.js';
import { createCustomer } from '../support/catalog-builders.js';

let t: TestContext;
let inst: InstallationFixture;
let stranger: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  inst = await createInstallation(t.db);
  stranger = await createInstallation(t.db);
});
afterAll(() => t.close());

const get = (path: string, key = inst.apiKey) => call(t.app, 'get', path, { key });
const ids = (body: { data: { order_id: number }[] }) => body.data.map((o) => o.order_id);

describe('GET /orders/{orderId}', () => {
  it('when read by order_id or unique_orderid, then both give the order with items, customer and payments', async () => {
    const customer = await createCustomer(t.db, inst.organizationId, {
      location_id: inst.locationId,
      email: 'guest@example.com',
    });
    const order = await seedOrder(t.db, inst, { status: 'COOKING', total: '18.00' });
    await production(t.db)
      .updateTable('orders')
      .set({ customer_id: customer.customer_id })
      .where('order_id', '=', order.order_id)
      .execute();
    const byId = await get(`/orders/${order.order_id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({
      order_id: order.order_id,
      unique_orderid: order.unique_orderid,
      status: 'in_progress',
      internal_status: 'COOKING',
      total: '18.00',
      remaining_balance: '18.00',
      customer: {
        customer_id: customer.customer_id,
        name: customer.name,
        email: customer.email,
        phone: null,
      },
      items: [{ quantity: 1, unit_price: '18.00', line_total: '18.00', customizations: [] }],
      payments: [],
    });
    const byRef = await get(`/orders/${order.unique_orderid}`);
    expect(byRef.body).toEqual(byId.body);
  });

  it('when the POS set PREPARED, then it reads as ready with internal_status PREPARED', async () => {
    const order = await seedOrder(t.db, inst, { status: 'PREPARED' });
    const res = await get(`/orders/${order.order_id}`);
    expect(res.body.data).toMatchObject({ status: 'ready', internal_status: 'PREPARED' });
  });

  it('when the order is in an internal-only status, then status is its lower-case name', async () => {
    const order = await seedOrder(t.db, inst, { status: 'PARTIALLY_PAID' });
    const res = await get(`/orders/${order.order_id}`);
    expect(res.body.data).toMatchObject({
      status: 'partially_paid',
      internal_status: 'PARTIALLY_PAID',
    });
  });

  it('when a POS payment has no snapshot, then it reports the running balance and the current status', async () => {
    const order = await seedOrder(t.db, inst, {
      status: 'PAID',
      total: '30.00',
      paidTotal: '30.00',
    });
    for (const amount of ['10.00', '20.00']) {
      await production(t.db)
        .insertInto('transactions')
        .values({
          organization_id: inst.organizationId,
          order_id: order.order_id,
          amount,
          currency: 'EUR',
          payment_method: 'cash',
        })
        .execute();
    }
    const res = await get(`/orders/${order.order_id}`);
    expect(res.body.data.payments).toEqual([
      expect.objectContaining({
        amount: '10.00',
        provider: null,
        provider_transaction_id: null,
        remaining_balance: '20.00',
        order_status: 'paid',
      }),
      expect.objectContaining({ amount: '20.00', remaining_balance: '0.00', order_status: 'paid' }),
    ]);
  });

  it.each([
    ['an unknown id', () => '999999'],
    ['an id beyond the integer range', () => '99999999999999999999'],
    ['an unknown unique_orderid', () => 'ORD-NOPE'],
  ])('when it is %s, then 404 carries the sentence body', async (_name, ref) => {
    const res = await get(`/orders/${ref()}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Order not found' });
  });

  it("when the order is another organization's or another location's, then it is 404 as if absent", async () => {
    const foreign = await seedOrder(t.db, stranger);
    const elsewhere = await seedOrder(t.db, inst, { locationId: inst.otherLocationId });
    for (const ref of [foreign.order_id, foreign.unique_orderid, elsewhere.order_id]) {
      const res = await get(`/orders/${ref}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Order not found' });
    }
  });

  it("when a sandbox installation reads an order, then it gets its sandbox's order, never production's", async () => {
    const sandbox = await createSandboxInstallation(t.db);
    const own = await sql<{ order_id: number; unique_orderid: string }>`
      select order_id, unique_orderid from ${sql.id(sandbox.schemaName)}.orders where location_id = ${sandbox.locationIds[0]} order by order_id limit 1`.execute(
      t.db,
    );
    const sandboxOrder = own.rows[0]!;
    const productionOrder = await seedOrder(t.db, inst);
    expect((await get(`/orders/${productionOrder.order_id}`)).body.data.unique_orderid).toBe(
      productionOrder.unique_orderid,
    );
    for (const ref of [sandboxOrder.order_id, sandboxOrder.unique_orderid]) {
      const res = await get(`/orders/${ref}`, sandbox.apiKey);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        order_id: sandboxOrder.order_id,
        unique_orderid: sandboxOrder.unique_orderid,
      });
    }
    for (const ref of [productionOrder.unique_orderid, 2_000_000_000])
      expect((await get(`/orders/${ref}`, sandbox.apiKey)).status).toBe(404);
  });

  it('when the ref is not a valid id, then 400 validation_error', async () => {
    const res = await get('/orders/not%20valid');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
  });
});

describe('GET /orders', () => {
  let own: InstallationFixture;
  let orders: Awaited<ReturnType<typeof seedOrder>>[];

  beforeAll(async () => {
    own = await createInstallation(t.db);
    orders = [];
    for (const status of [
      'CREATED',
      'COOKING',
      'SERVED',
      'PREPARED',
      'PAID',
      'CANCELLED',
      'CREATED',
    ] as const) {
      orders.push(await seedOrder(t.db, own, { status }));
    }
    await seedOrder(t.db, own, { locationId: own.otherLocationId });
  });

  it("when listed without filters, then it returns the location's orders in ascending order_id with the collection meta", async () => {
    const res = await get('/orders', own.apiKey);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(orders.map((o) => o.order_id));
    expect(res.body.meta).toEqual({ count: 7, limit: 50, next_cursor: null });
    expect(res.body.data[2]).toMatchObject({
      status: 'ready',
      internal_status: 'SERVED',
      items: [expect.any(Object)],
      payments: [],
      customer: null,
    });
  });

  it('when filtered by internal status, then only those orders come back', async () => {
    const res = await get('/orders?status=CREATED', own.apiKey);
    expect(ids(res.body)).toEqual([orders[0]!.order_id, orders[6]!.order_id]);
    const served = await get('/orders?status=SERVED', own.apiKey);
    expect(ids(served.body)).toEqual([orders[2]!.order_id]);
  });

  it('when the status filter is not an internal value, then 400 validation_error', async () => {
    for (const status of ['open', 'created', 'NOPE']) {
      const res = await get(`/orders?status=${status}`, own.apiKey);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: { status: [expect.any(String)] },
      });
    }
  });

  it('when filtered by since, then orders updated at or after it come back', async () => {
    const at = new Date('2030-01-01T00:00:00Z');
    await production(t.db)
      .updateTable('orders')
      .set({ updated_at: at })
      .where('order_id', '=', orders[3]!.order_id)
      .execute();
    const res = await get(
      `/orders?since=${encodeURIComponent('2030-01-01T01:00:00+01:00')}`,
      own.apiKey,
    );
    expect(ids(res.body)).toEqual([orders[3]!.order_id]);
    const none = await get('/orders?since=2030-01-01T00:00:00.001Z', own.apiKey);
    expect(none.body.data).toEqual([]);
    const bad = await get('/orders?since=yesterday', own.apiKey);
    expect(bad.status).toBe(400);
  });

  it("when location_id is the installation's, another of the organization, or unknown, then 200, 403 and 422", async () => {
    const mine = await get(`/orders?location_id=${own.locationId}`, own.apiKey);
    expect(mine.body.meta.count).toBe(7);
    const forbidden = await get(`/orders?location_id=${own.otherLocationId}`, own.apiKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('location_forbidden');
    const foreign = await get(`/orders?location_id=${stranger.locationId}`, own.apiKey);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({
      error: 'validation_error',
      details: { location_id: [expect.any(String)] },
    });
  });

  it('when limit is outside 1..100 or the cursor is forged, then 400 validation_error', async () => {
    for (const q of ['limit=0', 'limit=101', 'cursor=forged']) {
      const res = await get(`/orders?${q}`, own.apiKey);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_error');
    }
  });

  it('when paging with next_cursor while orders change, then every order comes back exactly once', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let added: number | undefined;
    do {
      const res = await get(`/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`, own.apiKey);
      expect(res.status).toBe(200);
      expect(res.body.meta.limit).toBe(2);
      expect(res.body.meta.count).toBe(res.body.data.length);
      seen.push(...ids(res.body));
      cursor = res.body.meta.next_cursor;
      if (++pages === 1) {
        // Meanwhile: an order already seen and one not yet seen are updated, and one is created.
        await production(t.db)
          .updateTable('orders')
          .set({ status: 'COMPLETED', updated_at: new Date() })
          .where('order_id', 'in', [orders[0]!.order_id, orders[5]!.order_id])
          .execute();
        added = (await seedOrder(t.db, own)).order_id;
      }
    } while (cursor !== null);
    expect(seen).toEqual([...orders.map((o) => o.order_id), added]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(4);
  });
});
