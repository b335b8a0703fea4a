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
import {
  createTemplate,
  eventsOfOrder,
  expectEventPayload,
  PAYLOAD_KEYS,
} from '../support/order-builders.js';
import { createCustomer, createMenuItem } from '../support/catalog-builders.js';

let t: TestContext;
let inst: InstallationFixture;
let pizza: { item_id: number };
let salad: { item_id: number };
let toppings: Awaited<ReturnType<typeof createTemplate>>;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  inst = await createInstallation(t.db);
  pizza = await createMenuItem(t.db, inst.locationId, { price: '14.50', name: 'Margherita' });
  salad = await createMenuItem(t.db, inst.locationId, { price: '12.50', name: 'Caesar Salad' });
  toppings = await createTemplate(t.db, inst.locationId, {
    min: 0,
    max: 3,
    deltas: ['2.00', '0.50'],
    itemIds: [pizza.item_id],
  });
});
afterAll(() => t.close());

const post = (body: unknown, headers: Record<string, string> = {}, key = inst.apiKey) =>
  call(t.app, 'post', '/orders', { key, body, headers });
const takeaway = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  order_type: 'takeaway',
  items,
  ...extra,
});
const countOrders = async (organizationId = inst.organizationId) =>
  Number(
    (
      await production(t.db)
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('when a plugin creates an order', () => {
  it('then it is priced from the menu, stored with its customer, and order.created is written', async () => {
    const body = {
      external_order_id: 'tablesync-1',
      order_type: 'dine_in',
      table_number: '12',
      party_size: 2,
      customer: { name: 'Ana Souza', email: 'ana@example.com', phone: '+14155550123' },
      items: [
        {
          item_id: pizza.item_id,
          quantity: 2,
          notes: 'Well done',
          customizations: toppings.optionIds.map((option_id) => ({
            template_id: toppings.templateId,
            option_id,
          })),
        },
        { item_id: salad.item_id, quantity: 1 },
      ],
      kitchen_instructions: 'Nut allergy at this table',
      metadata: { source: 'tablesync', ticket: 'A-17' },
    };
    const res = await post(body);
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      unique_orderid: expect.stringMatching(/^ORD-[0-9A-HJKMNP-TV-Z]{8}$/),
      location_id: inst.locationId,
      status: 'open',
      internal_status: 'CREATED',
      order_type: 'dine_in',
      table_number: '12',
      party_size: 2,
      external_order_id: 'tablesync-1',
      total: '46.50',
      paid_total: '0.00',
      remaining_balance: '46.50',
      currency: 'EUR',
      kitchen_instructions: 'Nut allergy at this table',
      metadata: { source: 'tablesync', ticket: 'A-17' },
      customer: {
        customer_id: expect.any(Number),
        name: 'Ana Souza',
        email: 'ana@example.com',
        phone: '+14155550123',
      },
      payments: [],
      paid_at: null,
      cancelled_at: null,
      cancellation_reason: null,
    });
    expect(order.items).toEqual([
      {
        order_item_id: expect.any(Number),
        item_id: pizza.item_id,
        name: 'Margherita',
        quantity: 2,
        unit_price: '17.00',
        line_total: '34.00',
        notes: 'Well done',
        customizations: [
          {
            template_id: toppings.templateId,
            option_id: toppings.optionIds[0],
            name: 'Option 1',
            price_delta: '2.00',
          },
          {
            template_id: toppings.templateId,
            option_id: toppings.optionIds[1],
            name: 'Option 2',
            price_delta: '0.50',
          },
        ],
      },
      {
        order_item_id: expect.any(Number),
        item_id: salad.item_id,
        name: 'Caesar Salad',
        quantity: 1,
        unit_price: '12.50',
        line_total: '12.50',
        notes: null,
        customizations: [],
      },
    ]);
    const customer = await production(t.db)
      .selectFrom('customers')
      .selectAll()
      .where('customer_id', '=', order.customer.customer_id)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({
      organization_id: inst.organizationId,
      location_id: inst.locationId,
    });

    const events = await eventsOfOrder(t.db, order.order_id);
    expect(events).toHaveLength(1);
    expectEventPayload(events[0], 'order.created', PAYLOAD_KEYS.created);
    expect(events[0]).toMatchObject({
      organization_id: inst.organizationId,
      location_id: inst.locationId,
    });
    expect(events[0]!.data).toEqual({
      order_id: order.order_id,
      order_number: order.unique_orderid,
      table_number: '12',
      order_status: 'CREATED',
      total: '46.50',
      party_size: 2,
      created_at: order.created_at,
    });

    const read = await call(t.app, 'get', `/orders/${order.unique_orderid}`, { key: inst.apiKey });
    expect(read.body.data).toEqual(order);
  });

  it('then an anonymous takeaway order has a null customer and table', async () => {
    const res = await post(takeaway([{ item_id: salad.item_id, quantity: 3 }]));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      customer: null,
      table_number: null,
      party_size: null,
      external_order_id: null,
      total: '37.50',
    });
  });

  it('then an existing customer of the organization is linked', async () => {
    const customer = await createCustomer(t.db, inst.organizationId, {
      location_id: null,
      email: 'guest@example.com',
    });
    const res = await post(
      takeaway([{ item_id: salad.item_id, quantity: 1 }], {
        customer: { customer_id: customer.customer_id },
      }),
    );
    expect(res.status).toBe(201);
    const { customer_id, name, email, phone } = customer;
    expect(res.body.data.customer).toEqual({ customer_id, name, email, phone });
  });

  it('then an unknown customer, or one of another organization, is 422 validation_error', async () => {
    const other = await createInstallation(t.db);
    const stranger = await createCustomer(t.db, other.organizationId, {
      location_id: other.locationId,
      email: 'guest@example.com',
    });
    for (const customerId of [999999, stranger.customer_id]) {
      const res = await post(
        takeaway([{ item_id: salad.item_id, quantity: 1 }], {
          customer: { customer_id: customerId },
        }),
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: { 'customer.customer_id': [`customer ${customerId} not found`] },
      });
    }
  });
});

describe('when the location is given', () => {
  it("then the installation's own location is accepted", async () => {
    const res = await post(
      takeaway([{ item_id: salad.item_id, quantity: 1 }], { location_id: inst.locationId }),
    );
    expect(res.status).toBe(201);
  });

  it('then another location of the organization is 403 location_forbidden and an unknown one 422', async () => {
    const forbidden = await post(
      takeaway([{ item_id: salad.item_id, quantity: 1 }], { location_id: inst.otherLocationId }),
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('location_forbidden');
    const unknown = await post(
      takeaway([{ item_id: salad.item_id, quantity: 1 }], { location_id: 999999 }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      error: 'validation_error',
      details: { location_id: ['location 999999 not found'] },
    });
  });
});

describe('when the plugin lacks orders:create', () => {
  it('then the request is 403 feature_not_enabled and nothing is created', async () => {
    const limited = await createInstallation(t.db, { features: ['payments:capture'] });
    const item = await createMenuItem(t.db, limited.locationId);
    const res = await post(takeaway([{ item_id: item.item_id, quantity: 1 }]), {}, limited.apiKey);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('feature_not_enabled');
    expect(await countOrders(limited.organizationId)).toBe(0);
  });
});

describe('when the request breaks a limit', () => {
  const line = () => ({ item_id: salad.item_id, quantity: 1 });
  it.each([
    ['101 items', () => takeaway(Array.from({ length: 101 }, line)), 'items'],
    ['no items', () => takeaway([]), 'items'],
    ['quantity 0', () => takeaway([{ item_id: salad.item_id, quantity: 0 }]), 'items.0.quantity'],
    [
      'quantity 1000',
      () => takeaway([line(), { item_id: salad.item_id, quantity: 1000 }]),
      'items.1.quantity',
    ],
    [
      '51 customizations',
      () =>
        takeaway([
          {
            ...line(),
            customizations: Array.from({ length: 51 }, () => ({ template_id: 1, option_id: 1 })),
          },
        ]),
      'items.0.customizations',
    ],
    [
      'kitchen_instructions of 2001 characters',
      () => takeaway([line()], { kitchen_instructions: 'x'.repeat(2001) }),
      'kitchen_instructions',
    ],
    ['an unknown field', () => takeaway([line()], { price: '1.00' }), 'price'],
    ['a missing order_type', () => ({ items: [line()] }), 'order_type'],
  ])('then %s is 400 validation_error naming the field', async (_name, body, field) => {
    const before = await countOrders();
    const res = await post(body());
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.details)).toContain(field);
    expect(await countOrders()).toBe(before);
  });

  it('then 100 items of quantity 999 and 2000 characters of instructions are accepted', async () => {
    const res = await post(
      takeaway(
        Array.from({ length: 100 }, () => ({ item_id: salad.item_id, quantity: 999 })),
        { kitchen_instructions: 'x'.repeat(2000) },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.items).toHaveLength(100);
    expect(res.body.data.total).toBe('1248750.00');
  });
});

describe('when the lines do not match the menu', () => {
  it('then unknown, unavailable, inactive and other-location items are 422 validation_error, each named', async () => {
    const unavailable = await createMenuItem(t.db, inst.locationId, { is_available: false });
    const inactive = await createMenuItem(t.db, inst.locationId, { is_active: false });
    const elsewhere = await createMenuItem(t.db, inst.otherLocationId);
    const res = await post(
      takeaway([
        { item_id: salad.item_id, quantity: 1 },
        { item_id: 999999, quantity: 1 },
        { item_id: unavailable.item_id, quantity: 1 },
        { item_id: inactive.item_id, quantity: 1 },
        { item_id: elsewhere.item_id, quantity: 1 },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      details: {
        'items.1.item_id': ['menu item 999999 not found at this location'],
        'items.2.item_id': [`menu item ${unavailable.item_id} is not available`],
        'items.3.item_id': [`menu item ${inactive.item_id} is not available`],
        'items.4.item_id': [`menu item ${elsewhere.item_id} not found at this location`],
      },
    });
  });

  it('then an unknown template, an unknown option or an option of another template is 422 validation_error', async () => {
    const other = await createTemplate(t.db, inst.locationId, { itemIds: [pizza.item_id] });
    const res = await post(
      takeaway([
        {
          item_id: pizza.item_id,
          quantity: 1,
          customizations: [
            { template_id: 999999, option_id: toppings.optionIds[0] },
            { template_id: toppings.templateId, option_id: 999999 },
            { template_id: toppings.templateId, option_id: other.optionIds[0] },
          ],
        },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      details: {
        'items.0.customizations.0.template_id': ['customization template 999999 not found'],
        'items.0.customizations.1.option_id': ['customization option 999999 not found'],
        'items.0.customizations.2.option_id': [
          `option ${other.optionIds[0]} is not an option of template ${toppings.templateId}`,
        ],
      },
    });
  });

  it('then a template of another location is 422 customization_location_mismatch', async () => {
    const foreign = await createTemplate(t.db, inst.otherLocationId, { itemIds: [pizza.item_id] });
    const res = await post(
      takeaway([
        {
          item_id: pizza.item_id,
          quantity: 1,
          customizations: [{ template_id: foreign.templateId, option_id: foreign.optionIds[0] }],
        },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('customization_location_mismatch');
    expect(res.body.details).toEqual({
      'items.0.customizations.0.template_id': [
        expect.stringContaining(
          `template ${foreign.templateId} belongs to location ${inst.otherLocationId}`,
        ),
      ],
    });
  });

  it('then a template not linked to the item is 422 customization_rule_violation', async () => {
    const res = await post(
      takeaway([
        {
          item_id: salad.item_id,
          quantity: 1,
          customizations: [{ template_id: toppings.templateId, option_id: toppings.optionIds[0] }],
        },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'customization_rule_violation',
      details: {
        'items.0.customizations.0.template_id': [
          `template ${toppings.templateId} is not linked to menu item ${salad.item_id}`,
        ],
      },
    });
  });

  it('then too few or too many selections for a template are 422 customization_rule_violation', async () => {
    const dish = await createMenuItem(t.db, inst.locationId, { price: '9.00' });
    const size = await createTemplate(t.db, inst.locationId, {
      min: 1,
      max: 1,
      deltas: ['0.00', '1.50'],
      itemIds: [dish.item_id],
    });
    const none = await post(takeaway([{ item_id: dish.item_id, quantity: 1 }]));
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({
      error: 'customization_rule_violation',
      details: {
        'items.0.customizations': [
          `template ${size.templateId} (${size.name}) requires at least 1 selection(s), got 0`,
        ],
      },
    });
    const both = size.optionIds.map((option_id) => ({ template_id: size.templateId, option_id }));
    const many = await post(
      takeaway([{ item_id: dish.item_id, quantity: 1, customizations: both }]),
    );
    expect(many.status).toBe(422);
    expect(many.body.details).toEqual({
      'items.0.customizations': [
        `template ${size.templateId} (${size.name}) allows at most 1 selection(s), got 2`,
      ],
    });
    const one = await post(
      takeaway([{ item_id: dish.item_id, quantity: 2, customizations: [both[1]] }]),
    );
    expect(one.status).toBe(201);
    expect(one.body.data.items[0]).toMatchObject({ unit_price: '10.50', line_total: '21.00' });
  });

  it('then a table_number on a takeaway order is 422 validation_error', async () => {
    const res = await post(
      takeaway([{ item_id: salad.item_id, quantity: 1 }], { table_number: '4' }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      details: { table_number: [expect.any(String)] },
    });
  });
});

describe('when a create is retried with an idempotency key', () => {
  it('then the same external_order_id and body replays 200 with the original order, even after the menu changed', async () => {
    const item = await createMenuItem(t.db, inst.locationId, { price: '5.00' });
    const body = takeaway([{ item_id: item.item_id, quantity: 1 }], {
      external_order_id: 'replay-1',
      metadata: { a: 1, b: [1, 2] },
    });
    const first = await post(body);
    expect(first.status).toBe(201);
    await production(t.db)
      .updateTable('menu_items')
      .set({ is_available: false })
      .where('item_id', '=', item.item_id)
      .execute();
    // Same body, keys in another order.
    const again = await post({
      metadata: { b: [1, 2], a: 1 },
      items: body.items,
      external_order_id: 'replay-1',
      order_type: 'takeaway',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await eventsOfOrder(t.db, first.body.data.order_id)).toHaveLength(1);
  });

  it('then the same key with a different body is 422 validation_error naming the key', async () => {
    const first = await post(
      takeaway([{ item_id: salad.item_id, quantity: 1 }], { external_order_id: 'replay-2' }),
    );
    expect(first.status).toBe(201);
    const before = await countOrders();
    const res = await post(
      takeaway([{ item_id: salad.item_id, quantity: 2 }], { external_order_id: 'replay-2' }),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      details: { external_order_id: ['already used with a different request body'] },
    });
    expect(await countOrders()).toBe(before);
  });

  it('then X-Idempotency-Key works the same way, and must equal external_order_id when both are sent', async () => {
    const body = takeaway([{ item_id: salad.item_id, quantity: 1 }]);
    const first = await post(body, { 'X-Idempotency-Key': 'hdr-1' });
    expect(first.status).toBe(201);
    expect(first.body.data.external_order_id).toBeNull();
    const again = await post(body, { 'X-Idempotency-Key': 'hdr-1' });
    expect(again.status).toBe(200);
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
    const changed = await post(takeaway([{ item_id: pizza.item_id, quantity: 1 }]), {
      'X-Idempotency-Key': 'hdr-1',
    });
    expect(changed.status).toBe(422);
    expect(changed.body.details).toEqual({
      'x-idempotency-key': ['already used with a different request body'],
    });
    const both = await post({ ...body, external_order_id: 'a' }, { 'X-Idempotency-Key': 'b' });
    expect(both.status).toBe(422);
    expect(both.body.details).toEqual({
      'x-idempotency-key': ['must equal external_order_id when both are sent'],
    });
  });

  it('then keys are per organization: another organization may use the same key', async () => {
    const other = await createInstallation(t.db);
    const item = await createMenuItem(t.db, other.locationId);
    const body = takeaway([{ item_id: item.item_id, quantity: 1 }], {
      external_order_id: 'replay-1',
    });
    const res = await post(body, {}, other.apiKey);
    expect(res.status).toBe(201);
  });

  it('then 20 concurrent first requests create exactly one order: one 201, nineteen 200', async () => {
    const body = takeaway([{ item_id: salad.item_id, quantity: 2 }], {
      external_order_id: 'race-1',
      customer: { name: 'Racer' },
    });
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(responses.map((r) => r.body.data.order_id)).size).toBe(1);
    const orders = await production(t.db)
      .selectFrom('orders')
      .select('order_id')
      .where('organization_id', '=', inst.organizationId)
      .where('idempotency_key', '=', 'race-1')
      .execute();
    expect(orders).toHaveLength(1);
    const racers = await production(t.db)
      .selectFrom('customers')
      .select('customer_id')
      .where('name', '=', 'Racer')
      .execute();
    expect(racers).toHaveLength(1);
    expect(await eventsOfOrder(t.db, orders[0]!.order_id)).toHaveLength(1);
  });
});

describe('when production and a sandbox create orders in one process', () => {
  it("then each order, its lines and its replay land in its own plane's schema, whatever the number of lines", async () => {
    const sandbox = await createSandboxInstallation(t.db);
    const schema = sql.id(sandbox.schemaName);
    const menu = await sql<{ item_id: number }>`
      select item_id from ${schema}.menu_items where location_id = ${sandbox.locationIds[0]} and is_available and is_active
         and not exists (select 1 from ${schema}.menu_item_templates mt where mt.item_id = menu_items.item_id) order by item_id limit 3`.execute(
      t.db,
    );
    expect(menu.rows).toHaveLength(3);
    for (const lines of [1, 3, 2]) {
      const productionBody = takeaway(
        [
          { item_id: pizza.item_id, quantity: 1 },
          { item_id: salad.item_id, quantity: 2 },
          { item_id: pizza.item_id, quantity: 3 },
        ].slice(0, lines),
        { external_order_id: `planes-${lines}` },
      );
      const made = await post(productionBody);
      const sandboxBody = takeaway(
        menu.rows.slice(0, lines).map((m) => ({ item_id: m.item_id, quantity: 2 })),
        { external_order_id: `planes-${lines}` },
      );
      const inSandbox = await post(sandboxBody, {}, sandbox.apiKey);
      expect([made.status, inSandbox.status, inSandbox.body.error]).toEqual([201, 201, undefined]);
      expect(inSandbox.body.data.items.map((i: { item_id: number }) => i.item_id)).toEqual(
        menu.rows.slice(0, lines).map((m) => m.item_id),
      );
      const sandboxRows = await sql<{ lines: number }>`
        select count(*)::int as lines from ${schema}.order_items where order_id = ${inSandbox.body.data.order_id}`.execute(
        t.db,
      );
      expect(sandboxRows.rows[0]!.lines).toBe(lines);
      const productionLines = await production(t.db)
        .selectFrom('order_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('order_id', '=', made.body.data.order_id)
        .executeTakeFirstOrThrow();
      expect(Number(productionLines.n)).toBe(lines);
      // The same key in the other plane is another order: each replay finds its own plane's.
      const productionReplay = await post(productionBody);
      const sandboxReplay = await post(sandboxBody, {}, sandbox.apiKey);
      expect([productionReplay.status, sandboxReplay.status]).toEqual([200, 200]);
      expect(productionReplay.body.data.unique_orderid).toBe(made.body.data.unique_orderid);
      expect(sandboxReplay.body.data.unique_orderid).toBe(inSandbox.body.data.unique_orderid);
    }
  });
});

describe('when the write fails mid-way', () => {
  it('then the answer is 500 create_failed and nothing is left behind: no order, customer, line or event', async () => {
    await sql`create function production.fail_order_items() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure while writing order lines'; end $$`.execute(t.db);
    await sql`create trigger fail_order_items before insert on production.order_items for each row execute function production.fail_order_items()`.execute(
      t.db,
    );
    const eventsBefore = Number(
      (
        await t.db
          .selectFrom('control.events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const ordersBefore = await countOrders();
    try {
      const res = await post(
        takeaway([{ item_id: salad.item_id, quantity: 1 }], {
          external_order_id: 'doomed-1',
          customer: { name: 'Doomed Guest' },
        }),
      );
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'create_failed', message: expect.any(String) });
    } finally {
      await sql`drop trigger fail_order_items on production.order_items`.execute(t.db);
      await sql`drop function production.fail_order_items()`.execute(t.db);
    }
    expect(await countOrders()).toBe(ordersBefore);
    expect(
      await production(t.db)
        .selectFrom('customers')
        .select('customer_id')
        .where('name', '=', 'Doomed Guest')
        .execute(),
    ).toHaveLength(0);
    const eventsAfter = Number(
      (
        await t.db
          .selectFrom('control.events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(eventsAfter).toBe(eventsBefore);
    // The key was not consumed: a retry succeeds.
    const retry = await post(
      takeaway([{ item_id: salad.item_id, quantity: 1 }], {
        external_order_id: 'doomed-1',
        customer: { name: 'Doomed Guest' },
      }),
    );
    expect(retry.status).toBe(201);
  });
});
