import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import {
  createInstallation,
  createSandboxInstallation,
  production,
  type InstallationFixture,
} from '../support/builders.js';
import { createCategory, createMenuItem, linkTemplate } from '../support/catalog-builders.js';
import { outboxEvents } from '../support/events.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';

let t: TestContext;
let inst: InstallationFixture;
let stranger: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  [inst, stranger] = await Promise.all([createInstallation(t.db), createInstallation(t.db)]);
});
afterAll(() => t.close());

const itemRow = (itemId: number) =>
  production(t.db)
    .selectFrom('menu_items')
    .selectAll()
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
const ids = (res: { body: { data: { item_id: number }[] } }) =>
  res.body.data.map((item) => item.item_id);

describe('GET /menu', () => {
  let fixture: InstallationFixture;
  let mains: number;
  let pizza: number,
    soup: number,
    soldOut: number,
    retired: number,
    elsewhere: number,
    foreign: number;

  beforeAll(async () => {
    fixture = await createInstallation(t.db);
    mains = (await createCategory(t.db, fixture.locationId, 'Mains')).category_id;
    pizza = (
      await createMenuItem(t.db, fixture.locationId, {
        name: 'Pizza',
        category_id: mains,
        price: '14.5',
        allergens: ['gluten'],
        vegetarian: true,
        preparation_time: 12,
      })
    ).item_id;
    soup = (await createMenuItem(t.db, fixture.locationId, { name: 'Soup' })).item_id;
    soldOut = (
      await createMenuItem(t.db, fixture.locationId, { is_available: false, category_id: mains })
    ).item_id;
    retired = (await createMenuItem(t.db, fixture.locationId, { is_active: false })).item_id;
    elsewhere = (await createMenuItem(t.db, fixture.otherLocationId)).item_id;
    foreign = (await createMenuItem(t.db, stranger.locationId)).item_id;
  });

  it('when called without filters, then it lists the available, active items of its own location with the spec fields', async () => {
    const res = await call(t.app, 'get', '/menu', { key: fixture.apiKey });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([pizza, soup]);
    expect(res.body.meta).toEqual({ count: 2, limit: 50, next_cursor: null });
    expect(res.body.data[0]).toEqual({
      item_id: pizza,
      name: 'Pizza',
      description: '',
      price: '14.50',
      is_available: true,
      is_active: true,
      location_id: fixture.locationId,
      location_coll_id: null,
      category_id: mains,
      allergens: ['gluten'],
      vegan: false,
      vegetarian: true,
      spicy_level: 0,
      preparation_time: 12,
      updated_at: expect.any(String),
    });
  });

  it('when available_only=false, then unavailable and inactive items are included, never other locations', async () => {
    const res = await call(t.app, 'get', '/menu?available_only=false', { key: fixture.apiKey });
    expect(ids(res)).toEqual([pizza, soup, soldOut, retired]);
    expect(ids(res)).not.toContain(elsewhere);
    expect(ids(res)).not.toContain(foreign);
  });

  it('when category_id is given, then only that category; an unknown category is an empty page', async () => {
    expect(
      ids(
        await call(t.app, 'get', `/menu?category_id=${mains}&available_only=false`, {
          key: fixture.apiKey,
        }),
      ),
    ).toEqual([pizza, soldOut]);
    expect(
      ids(await call(t.app, 'get', `/menu?category_id=${mains}`, { key: fixture.apiKey })),
    ).toEqual([pizza]);
    expect(
      ids(await call(t.app, 'get', '/menu?category_id=999999', { key: fixture.apiKey })),
    ).toEqual([]);
  });

  it('when paging with limit and next_cursor, then every item comes once', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        t.app,
        'get',
        `/menu?available_only=false&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        { key: fixture.apiKey },
      );
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      cursor = res.body.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual([pizza, soup, soldOut, retired]);
  });

  it('when location_id is its own, then it is accepted; another of its locations is 403; an unknown one is 422', async () => {
    expect(
      ids(
        await call(t.app, 'get', `/menu?location_id=${fixture.locationId}`, {
          key: fixture.apiKey,
        }),
      ),
    ).toEqual([pizza, soup]);
    const forbidden = await call(t.app, 'get', `/menu?location_id=${fixture.otherLocationId}`, {
      key: fixture.apiKey,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('location_forbidden');
    for (const locationId of [999999, stranger.locationId]) {
      const unknown = await call(t.app, 'get', `/menu?location_id=${locationId}`, {
        key: fixture.apiKey,
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body).toMatchObject({
        error: 'validation_error',
        details: { location_id: [expect.any(String)] },
      });
    }
  });

  it('when a query parameter has the wrong type or range, then 400 validation_error names it', async () => {
    for (const [query, field] of [
      ['available_only=maybe', 'available_only'],
      ['category_id=0', 'category_id'],
      ['limit=101', 'limit'],
      ['location_id=x', 'location_id'],
    ] as const) {
      const res = await call(t.app, 'get', `/menu?${query}`, { key: fixture.apiKey });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty([field]);
    }
  });
});

describe('GET /menu/{itemId}', () => {
  it('when the item is at its location, then it returns the item with its templates and options in link order', async () => {
    const item = await createMenuItem(t.db, inst.locationId, { name: 'Burger', price: '11' });
    const sauces = await linkTemplate(t.db, item.item_id, {
      locationId: inst.locationId,
      name: 'Sauce',
      minSelect: 1,
      maxSelect: 1,
      position: 2,
      options: [
        { name: 'Ketchup', price_delta: '0' },
        { name: 'Aioli', price_delta: '0.5' },
      ],
    });
    const extras = await linkTemplate(t.db, item.item_id, {
      locationId: inst.locationId,
      name: 'Extras',
      maxSelect: 3,
      position: 1,
      options: [{ name: 'Bacon', price_delta: '2' }],
    });
    const res = await call(t.app, 'get', `/menu/${item.item_id}`, { key: inst.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      item_id: item.item_id,
      name: 'Burger',
      price: '11.00',
      location_id: inst.locationId,
    });
    expect(res.body.data.customization_templates).toEqual([
      {
        template_id: extras.template_id,
        name: 'Extras',
        location_id: inst.locationId,
        min_select: 0,
        max_select: 3,
        options: [{ option_id: extras.options[0]!.option_id, name: 'Bacon', price_delta: '2.00' }],
      },
      {
        template_id: sauces.template_id,
        name: 'Sauce',
        location_id: inst.locationId,
        min_select: 1,
        max_select: 1,
        options: [
          { option_id: sauces.options[0]!.option_id, name: 'Ketchup', price_delta: '0.00' },
          { option_id: sauces.options[1]!.option_id, name: 'Aioli', price_delta: '0.50' },
        ],
      },
    ]);
  });

  it('when the item has no templates, then customization_templates is empty', async () => {
    const item = await createMenuItem(t.db, inst.locationId);
    const res = await call(t.app, 'get', `/menu/${item.item_id}`, { key: inst.apiKey });
    expect(res.body.data.customization_templates).toEqual([]);
  });

  it('when the item is absent, at another location of its organization or of another organization, then 404 with the sentence body', async () => {
    const elsewhere = await createMenuItem(t.db, inst.otherLocationId);
    const foreign = await createMenuItem(t.db, stranger.locationId);
    for (const itemId of [999999, elsewhere.item_id, foreign.item_id]) {
      const res = await call(t.app, 'get', `/menu/${itemId}`, { key: inst.apiKey });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Menu item not found' });
    }
  });

  it('when itemId is not a positive integer, then 400', async () => {
    expect((await call(t.app, 'get', '/menu/abc', { key: inst.apiKey })).status).toBe(400);
    expect((await call(t.app, 'get', '/menu/0', { key: inst.apiKey })).status).toBe(400);
  });
});

describe('PATCH /menu/{itemId}', () => {
  it('when the item has templates, then the updated item comes back with them', async () => {
    const item = await createMenuItem(t.db, inst.locationId, { price: '9.00' });
    const size = await linkTemplate(t.db, item.item_id, {
      locationId: inst.locationId,
      name: 'Size',
      minSelect: 1,
      maxSelect: 1,
      position: 1,
      options: [{ name: 'Large', price_delta: '1.5' }],
    });
    const res = await call(t.app, 'patch', `/menu/${item.item_id}`, {
      key: inst.apiKey,
      body: { price: 9.5 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.price).toBe('9.50');
    expect(res.body.data.customization_templates).toEqual([
      {
        template_id: size.template_id,
        name: 'Size',
        location_id: inst.locationId,
        min_select: 1,
        max_select: 1,
        options: [{ option_id: size.options[0]!.option_id, name: 'Large', price_delta: '1.50' }],
      },
    ]);
  });

  it('when fields change, then it returns the updated item and emits menu.item_updated with only the changed fields', async () => {
    const fixture = await createInstallation(t.db);
    const item = await createMenuItem(t.db, fixture.locationId, {
      price: '12.00',
      preparation_time: 10,
    });
    const res = await call(t.app, 'patch', `/menu/${item.item_id}`, {
      key: fixture.apiKey,
      body: { price: 16.5, preparation_time: 10, is_available: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      item_id: item.item_id,
      price: '16.50',
      preparation_time: 10,
      is_available: false,
      customization_templates: [],
    });
    const row = await itemRow(item.item_id);
    expect(row).toMatchObject({ price: '16.50', is_available: false, preparation_time: 10 });
    expect(row.updated_at.getTime()).toBeGreaterThan(item.updated_at.getTime());

    const events = await outboxEvents(t.db, {
      plane: 'production',
      organizationId: fixture.organizationId,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_name: 'menu.item_updated',
      location_id: fixture.locationId,
    });
    expect(events[0]!.data).toEqual({
      item_id: item.item_id,
      name: item.name,
      description: '',
      price: '16.50',
      is_available: false,
      is_active: true,
      location_id: fixture.locationId,
      location_coll_id: null,
      allergens: [],
      vegan: false,
      vegetarian: false,
      spicy_level: 0,
      preparation_time: 10,
      changes: { price: '16.50', is_available: false },
    });
  });

  it('when every sent value equals the stored one, then nothing is written and no event is emitted', async () => {
    const fixture = await createInstallation(t.db);
    const item = await createMenuItem(t.db, fixture.locationId, {
      price: '9.90',
      preparation_time: 5,
    });
    const res = await call(t.app, 'patch', `/menu/${item.item_id}`, {
      key: fixture.apiKey,
      body: { price: 9.9, preparation_time: 5, is_available: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ price: '9.90', preparation_time: 5, is_available: true });
    expect((await itemRow(item.item_id)).updated_at).toEqual(item.updated_at);
    expect(
      await outboxEvents(t.db, { plane: 'production', organizationId: fixture.organizationId }),
    ).toEqual([]);
  });

  it('when another transaction is changing the item, then the PATCH waits for it and compares against what it committed', async () => {
    const fixture = await createInstallation(t.db);
    const item = await createMenuItem(t.db, fixture.locationId, {
      price: '5.00',
      preparation_time: 10,
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      await production(trx)
        .updateTable('menu_items')
        .set({ price: '7.00', preparation_time: 33 })
        .where('item_id', '=', item.item_id)
        .execute();
      holding();
      await released;
    });
    await held;
    const patched = call(t.app, 'patch', `/menu/${item.item_id}`, {
      key: fixture.apiKey,
      body: { price: 7, is_available: false },
    });
    // The PATCH is queued on the row lock before the holder commits.
    for (let waiting = 0; waiting === 0;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ({ waiting } = (
        await sql<{
          waiting: number;
        }>`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%menu_items%'`.execute(
          t.db,
        )
      ).rows[0]!);
    }
    release();
    await holder;
    const res = await patched;
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      price: '7.00',
      preparation_time: 33,
      is_available: false,
    });
    const events = await outboxEvents(t.db, {
      plane: 'production',
      organizationId: fixture.organizationId,
    });
    expect(events.map((event) => (event.data as { changes: unknown }).changes)).toEqual([
      { is_available: false },
    ]);
  });

  it('when values sit on the range boundaries, then they are accepted', async () => {
    const item = await createMenuItem(t.db, inst.locationId);
    for (const body of [
      { price: 0 },
      { price: 9999.99 },
      { preparation_time: 0 },
      { preparation_time: 480 },
      { price: 0.01 },
      { price: 19.99 },
    ]) {
      const res = await call(t.app, 'patch', `/menu/${item.item_id}`, { key: inst.apiKey, body });
      expect(res.status).toBe(200);
    }
    expect(await itemRow(item.item_id)).toMatchObject({ price: '19.99', preparation_time: 480 });
  });

  it('when a writable field is out of range or of the wrong type, then 400 validation_error names it and nothing changes', async () => {
    const item = await createMenuItem(t.db, inst.locationId, {
      price: '10.00',
      preparation_time: 10,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ price: -0.01 }, 'price'],
      [{ price: 10000 }, 'price'],
      [{ price: 9999.991 }, 'price'],
      [{ price: 12.345 }, 'price'],
      [{ price: 12.500000001 }, 'price'],
      [{ price: '12.50' }, 'price'],
      [{ price: null }, 'price'],
      [{ preparation_time: -1 }, 'preparation_time'],
      [{ preparation_time: 481 }, 'preparation_time'],
      [{ preparation_time: 12.5 }, 'preparation_time'],
      [{ preparation_time: '15' }, 'preparation_time'],
      [{ is_available: 'true' }, 'is_available'],
      [{ is_available: 1 }, 'is_available'],
      [{ name: 'Renamed' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, 'patch', `/menu/${item.item_id}`, { key: inst.apiKey, body });
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.error).toBe('validation_error');
      expect(res.body.details).toHaveProperty([field]);
    }
    const empty = await call(t.app, 'patch', `/menu/${item.item_id}`, {
      key: inst.apiKey,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect(await itemRow(item.item_id)).toMatchObject({
      price: '10.00',
      preparation_time: 10,
      is_available: true,
    });
  });

  it('when the item is at another location or organization, then 404 and it is untouched', async () => {
    const elsewhere = await createMenuItem(t.db, inst.otherLocationId, { price: '5.00' });
    const foreign = await createMenuItem(t.db, stranger.locationId, { price: '5.00' });
    for (const item of [elsewhere, foreign]) {
      const res = await call(t.app, 'patch', `/menu/${item.item_id}`, {
        key: inst.apiKey,
        body: { price: 1 },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Menu item not found' });
      expect((await itemRow(item.item_id)).price).toBe('5.00');
    }
  });
});

describe('POST /menu/bulk-availability', () => {
  it('when more than 100 items or none are sent, then 400 and nothing changes', async () => {
    const item = await createMenuItem(t.db, inst.locationId);
    const items = Array.from({ length: 101 }, () => ({
      item_id: item.item_id,
      is_available: false,
    }));
    const tooMany = await call(t.app, 'post', '/menu/bulk-availability', {
      key: inst.apiKey,
      body: { items },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toHaveProperty(['items']);
    expect((await itemRow(item.item_id)).is_available).toBe(true);
    for (const body of [
      { items: [] },
      {},
      { items: [{ item_id: item.item_id }] },
      { items: [{ item_id: item.item_id, is_available: 'no' }] },
    ]) {
      expect(
        (await call(t.app, 'post', '/menu/bulk-availability', { key: inst.apiKey, body })).status,
      ).toBe(400);
    }
  });

  it('when exactly 100 items are sent, then all are applied', async () => {
    const fixture = await createInstallation(t.db);
    const rows = await production(t.db)
      .insertInto('menu_items')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          location_id: fixture.locationId,
          name: `Item ${i}`,
          price: '1.00',
        })),
      )
      .returning('item_id')
      .execute();
    const res = await call(t.app, 'post', '/menu/bulk-availability', {
      key: fixture.apiKey,
      body: { items: rows.map((r) => ({ item_id: r.item_id, is_available: false })) },
    });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ updated: 100, unchanged: 0, failed: 0 });
    expect(
      await outboxEvents(t.db, {
        plane: 'production',
        organizationId: fixture.organizationId,
        names: ['menu.item_updated'],
      }),
    ).toHaveLength(100);
  });

  it('when valid, unchanged, unknown and invisible ids are mixed, then the valid ones apply and each entry gets its outcome in order', async () => {
    const fixture = await createInstallation(t.db);
    const a = await createMenuItem(t.db, fixture.locationId);
    const b = await createMenuItem(t.db, fixture.locationId, { is_available: false });
    const c = await createMenuItem(t.db, fixture.locationId, { is_available: false });
    const elsewhere = await createMenuItem(t.db, fixture.otherLocationId);
    const foreign = await createMenuItem(t.db, stranger.locationId);
    const res = await call(t.app, 'post', '/menu/bulk-availability', {
      key: fixture.apiKey,
      body: {
        items: [
          { item_id: a.item_id, is_available: false },
          { item_id: 999999, is_available: false },
          { item_id: b.item_id, is_available: false },
          { item_id: elsewhere.item_id, is_available: false },
          { item_id: c.item_id, is_available: true },
          { item_id: foreign.item_id, is_available: false },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { item_id: a.item_id, status: 'updated' },
        { item_id: 999999, status: 'not_found', error: 'Menu item not found' },
        { item_id: b.item_id, status: 'unchanged' },
        { item_id: elsewhere.item_id, status: 'not_found', error: 'Menu item not found' },
        { item_id: c.item_id, status: 'updated' },
        { item_id: foreign.item_id, status: 'not_found', error: 'Menu item not found' },
      ],
      meta: { updated: 2, unchanged: 1, failed: 3 },
    });
    expect((await itemRow(a.item_id)).is_available).toBe(false);
    expect((await itemRow(c.item_id)).is_available).toBe(true);
    expect((await itemRow(elsewhere.item_id)).is_available).toBe(true);
    expect((await itemRow(foreign.item_id)).is_available).toBe(true);

    const events = await outboxEvents(t.db, {
      plane: 'production',
      organizationId: fixture.organizationId,
    });
    expect(events.map((e) => [e.event_name, e.data.item_id, e.data.changes]).sort()).toEqual(
      [
        ['menu.item_updated', a.item_id, { is_available: false }],
        ['menu.item_updated', c.item_id, { is_available: true }],
      ].sort(),
    );
    expect(
      await outboxEvents(t.db, {
        plane: 'production',
        organizationId: stranger.organizationId,
        names: ['menu.item_updated'],
      }),
    ).toEqual([]);
  });

  it('when an item_id repeats, then each entry sees the effect of the earlier one', async () => {
    const item = await createMenuItem(t.db, inst.locationId);
    const res = await call(t.app, 'post', '/menu/bulk-availability', {
      key: inst.apiKey,
      body: {
        items: [
          { item_id: item.item_id, is_available: false },
          { item_id: item.item_id, is_available: false },
          { item_id: item.item_id, is_available: true },
        ],
      },
    });
    expect(res.body.data.map((r: { status: string }) => r.status)).toEqual([
      'updated',
      'unchanged',
      'updated',
    ]);
    expect((await itemRow(item.item_id)).is_available).toBe(true);
  });

  it('when two bulk updates lock the same items in opposite orders concurrently, then both complete', async () => {
    const items = await Promise.all(
      Array.from({ length: 10 }, () => createMenuItem(t.db, inst.locationId)),
    );
    const forward = items.map((i) => ({ item_id: i.item_id, is_available: false }));
    const backward = [...forward].reverse();
    const results = await Promise.all([
      call(t.app, 'post', '/menu/bulk-availability', {
        key: inst.apiKey,
        body: { items: forward },
      }),
      call(t.app, 'post', '/menu/bulk-availability', {
        key: inst.apiKey,
        body: { items: backward },
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    // Serialised: exactly one request changed each item.
    expect(results.reduce((sum, r) => sum + r.body.meta.updated, 0)).toBe(10);
  });
});

describe('in a sandbox', () => {
  it('when a sandbox key is used, then the menu and its updates come from and go to the sandbox data plane', async () => {
    const sandbox = await createSandboxInstallation(t.db);
    const list = await call(t.app, 'get', '/menu?available_only=false', { key: sandbox.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(
      list.body.data.every(
        (item: { location_id: number }) => item.location_id === sandbox.locationIds[0],
      ),
    ).toBe(true);
    const pizza = list.body.data.find((item: { name: string }) => item.name === 'Margherita Pizza');
    const detail = await call(t.app, 'patch', `/menu/${pizza.item_id}`, {
      key: sandbox.apiKey,
      body: { is_available: false },
    });
    expect(detail.status).toBe(200);
    expect(
      detail.body.data.customization_templates.map((tpl: { name: string }) => tpl.name),
    ).toEqual(['Size', 'Extra toppings']);
    const event = await t.db
      .selectFrom('control.events')
      .selectAll()
      .where('sandbox_id', '=', sandbox.sandboxId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      plane: 'sandbox',
      event_name: 'menu.item_updated',
      location_id: sandbox.locationIds[0],
    });
  });
});
