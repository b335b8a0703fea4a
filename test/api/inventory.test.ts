import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createInstallation,
  createSandboxInstallation,
  production,
  type InstallationFixture,
} from '../support/builders.js';
import { createIngredient, createSku, createStockLevel } from '../support/catalog-builders.js';
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

const ids = (res: { body: { data: { ingredient_id: number }[] } }) =>
  res.body.data.map((i) => i.ingredient_id);
const move = (
  fixture: InstallationFixture,
  ingredientId: number,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) =>
  call(t.app, 'post', `/inventory/${ingredientId}/movements`, {
    key: fixture.apiKey,
    body,
    headers,
  });
const level = (ingredientId: number, locationId: number) =>
  production(t.db)
    .selectFrom('stock_levels')
    .selectAll()
    .where('ingredient_id', '=', ingredientId)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
const movementCount = async (ingredientId: number) =>
  (
    await production(t.db)
      .selectFrom('stock_movements')
      .select('movement_id')
      .where('ingredient_id', '=', ingredientId)
      .execute()
  ).length;

describe('GET /inventory', () => {
  let fixture: InstallationFixture;
  let cheese: number, flour: number, basil: number, foreign: number;

  beforeAll(async () => {
    fixture = await createInstallation(t.db);
    const org = fixture.organizationId;
    cheese = (
      await createIngredient(t.db, org, {
        name: 'Mozzarella',
        sku: 'MOZ-1',
        cost_per_unit: '11.4',
        supplier: 'Bay Dairy',
        allergens: ['dairy'],
        metadata: JSON.stringify({ storage: 'cold' }),
      })
    ).ingredient_id;
    flour = (await createIngredient(t.db, org, { name: 'Flour' })).ingredient_id;
    basil = (await createIngredient(t.db, org, { name: 'Basil' })).ingredient_id;
    foreign = (await createIngredient(t.db, stranger.organizationId)).ingredient_id;
    await createStockLevel(t.db, {
      ingredientId: cheese,
      locationId: fixture.locationId,
      onHand: '3.25',
      reorderPoint: '4',
      parLevel: '12',
    });
    await createStockLevel(t.db, {
      ingredientId: cheese,
      locationId: fixture.otherLocationId,
      onHand: '50',
      reorderPoint: '4',
    });
    await createStockLevel(t.db, {
      ingredientId: flour,
      locationId: fixture.locationId,
      onHand: '20',
      reorderPoint: '5',
      parLevel: '40',
    });
    // Basil is low at the other location only, which is outside the installation's scope.
    await createStockLevel(t.db, {
      ingredientId: basil,
      locationId: fixture.otherLocationId,
      onHand: '0',
      reorderPoint: '1',
    });
  });

  it('when listing, then it shows the organization’s ingredients with stock at its own location only', async () => {
    const res = await call(t.app, 'get', '/inventory', { key: fixture.apiKey });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([cheese, flour, basil]);
    expect(res.body.data[0]).toEqual({
      ingredient_id: cheese,
      name: 'Mozzarella',
      sku: 'MOZ-1',
      unit: 'kg',
      cost_per_unit: '11.4000',
      supplier: 'Bay Dairy',
      allergens: ['dairy'],
      metadata: { storage: 'cold' },
      stock: [
        {
          location_id: fixture.locationId,
          on_hand: '3.2500',
          reorder_point: '4.0000',
          par_level: '12.0000',
          is_low: true,
        },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(res.body.data[1].stock).toEqual([
      {
        location_id: fixture.locationId,
        on_hand: '20.0000',
        reorder_point: '5.0000',
        par_level: '40.0000',
        is_low: false,
      },
    ]);
    expect(res.body.data[2].stock).toEqual([]);
    expect(ids(res)).not.toContain(foreign);
  });

  it('when low_stock is given, then only ingredients low (or not low) at its location', async () => {
    expect(
      ids(await call(t.app, 'get', '/inventory?low_stock=true', { key: fixture.apiKey })),
    ).toEqual([cheese]);
    expect(
      ids(await call(t.app, 'get', '/inventory?low_stock=false', { key: fixture.apiKey })),
    ).toEqual([flour, basil]);
  });

  it('when ingredient_id is given, then only that ingredient; another organization’s is an empty page', async () => {
    expect(
      ids(await call(t.app, 'get', `/inventory?ingredient_id=${flour}`, { key: fixture.apiKey })),
    ).toEqual([flour]);
    expect(
      ids(await call(t.app, 'get', `/inventory?ingredient_id=${foreign}`, { key: fixture.apiKey })),
    ).toEqual([]);
  });

  it('when paging with limit and next_cursor, then every ingredient comes once', async () => {
    const first = await call(t.app, 'get', '/inventory?limit=2', { key: fixture.apiKey });
    const second = await call(
      t.app,
      'get',
      `/inventory?limit=2&cursor=${first.body.meta.next_cursor}`,
      { key: fixture.apiKey },
    );
    expect([...ids(first), ...ids(second)]).toEqual([cheese, flour, basil]);
    expect(second.body.meta.next_cursor).toBeNull();
  });

  it('when location_id is its own, then accepted; another of its locations is 403; an unknown one is 422; bad types 400', async () => {
    expect(
      ids(
        await call(t.app, 'get', `/inventory?location_id=${fixture.locationId}&low_stock=true`, {
          key: fixture.apiKey,
        }),
      ),
    ).toEqual([cheese]);
    const forbidden = await call(
      t.app,
      'get',
      `/inventory?location_id=${fixture.otherLocationId}`,
      { key: fixture.apiKey },
    );
    expect([forbidden.status, forbidden.body.error]).toEqual([403, 'location_forbidden']);
    const unknown = await call(t.app, 'get', '/inventory?location_id=999999', {
      key: fixture.apiKey,
    });
    expect([unknown.status, unknown.body.error]).toEqual([422, 'validation_error']);
    for (const query of ['low_stock=yes', 'ingredient_id=0', 'limit=101']) {
      expect(
        (await call(t.app, 'get', `/inventory?${query}`, { key: fixture.apiKey })).status,
      ).toBe(400);
    }
  });
});

describe('GET /inventory/{ingredientId}', () => {
  it('when the ingredient has more than 20 movements, then the detail shows the last 20 at its location, newest first, with stock and SKUs', async () => {
    const fixture = await createInstallation(t.db);
    const ingredient = await createIngredient(t.db, fixture.organizationId);
    const sku = await createSku(t.db, ingredient.ingredient_id, 'MOZ-1KG', '1');
    await createStockLevel(t.db, {
      ingredientId: ingredient.ingredient_id,
      locationId: fixture.locationId,
      onHand: '100',
      reorderPoint: '10',
      parLevel: '120',
    });
    const created: number[] = [];
    for (let i = 1; i <= 25; i++) {
      const res = await move(fixture, ingredient.ingredient_id, {
        delta: -1,
        reason: 'consumed',
        note: `service ${i}`,
      });
      expect(res.status).toBe(201);
      created.push(res.body.data.movement_id);
    }
    // A movement at the other location (outside the scope), written by the POS.
    await production(t.db)
      .insertInto('stock_movements')
      .values({
        ingredient_id: ingredient.ingredient_id,
        location_id: fixture.otherLocationId,
        delta: '5',
        reason: 'received',
        on_hand_after: '5',
      })
      .execute();

    const res = await call(t.app, 'get', `/inventory/${ingredient.ingredient_id}`, {
      key: fixture.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.stock).toEqual([
      {
        location_id: fixture.locationId,
        on_hand: '75.0000',
        reorder_point: '10.0000',
        par_level: '120.0000',
        is_low: false,
      },
    ]);
    expect(res.body.data.skus).toEqual([
      { sku_id: sku.sku_id, code: 'MOZ-1KG', description: 'MOZ-1KG pack', pack_size: '1.0000' },
    ]);
    expect(res.body.data.movements).toHaveLength(20);
    expect(res.body.data.movements.map((m: { movement_id: number }) => m.movement_id)).toEqual(
      created.slice(5).reverse(),
    );
    expect(res.body.data.movements[0]).toEqual({
      movement_id: created[24],
      ingredient_id: ingredient.ingredient_id,
      location_id: fixture.locationId,
      delta: -1,
      reason: 'consumed',
      note: 'service 25',
      stock_level: { on_hand: '75.0000', reorder_point: '10.0000', par_level: '120.0000' },
      created_at: expect.any(String),
    });
    expect(res.body.data.movements[19].stock_level.on_hand).toBe('94.0000');
  });

  it('when the ingredient is absent or of another organization, then 404 not_found', async () => {
    const foreign = await createIngredient(t.db, stranger.organizationId);
    for (const id of [999999, foreign.ingredient_id]) {
      const res = await call(t.app, 'get', `/inventory/${id}`, { key: inst.apiKey });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
  });
});

describe('PATCH /inventory/{ingredientId}', () => {
  it('when metadata fields are sent, then they replace, null clears, metadata merges shallowly, and stock is untouched', async () => {
    const ingredient = await createIngredient(t.db, inst.organizationId, {
      sku: 'OLD',
      supplier: 'Old Co',
      cost_per_unit: '2',
      metadata: JSON.stringify({ storage: 'dry', shelf: { row: 1 } }),
    });
    await createStockLevel(t.db, {
      ingredientId: ingredient.ingredient_id,
      locationId: inst.locationId,
      onHand: '7',
      reorderPoint: '2',
    });
    const res = await call(t.app, 'patch', `/inventory/${ingredient.ingredient_id}`, {
      key: inst.apiKey,
      body: {
        name: 'Fior di latte',
        unit: 'g',
        cost_per_unit: 11.40005,
        allergens: ['dairy', 'lactose'],
        metadata: { shelf: { row: 2 }, lot: 'A1' },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ingredient_id: ingredient.ingredient_id,
      name: 'Fior di latte',
      sku: 'OLD',
      unit: 'g',
      cost_per_unit: '11.4001',
      supplier: 'Old Co',
      allergens: ['dairy', 'lactose'],
      metadata: { storage: 'dry', shelf: { row: 2 }, lot: 'A1' },
      stock: [
        {
          location_id: inst.locationId,
          on_hand: '7.0000',
          reorder_point: '2.0000',
          par_level: '0.0000',
          is_low: false,
        },
      ],
      skus: [],
      movements: [],
    });
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThan(ingredient.updated_at.getTime());

    const cleared = await call(t.app, 'patch', `/inventory/${ingredient.ingredient_id}`, {
      key: inst.apiKey,
      body: { sku: null, supplier: null, cost_per_unit: null, allergens: [] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      sku: null,
      supplier: null,
      cost_per_unit: null,
      allergens: [],
      name: 'Fior di latte',
    });
    expect((await level(ingredient.ingredient_id, inst.locationId))?.on_hand).toBe('7.0000');
  });

  it('when cost_per_unit sits on its bounds, then it is stored with four decimals', async () => {
    const ingredient = await createIngredient(t.db, inst.organizationId);
    for (const [sent, stored] of [
      [0, '0.0000'],
      [9999999999, '9999999999.0000'],
      [0.00005, '0.0001'],
      [3.5, '3.5000'],
    ] as const) {
      const res = await call(t.app, 'patch', `/inventory/${ingredient.ingredient_id}`, {
        key: inst.apiKey,
        body: { cost_per_unit: sent },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.cost_per_unit).toBe(stored);
    }
  });

  it('when a field is out of range or of the wrong type, then 400 validation_error names it and nothing changes', async () => {
    const ingredient = await createIngredient(t.db, inst.organizationId, { name: 'Salt' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 5 }, 'name'],
      [{ sku: '' }, 'sku'],
      [{ sku: 'x'.repeat(65) }, 'sku'],
      [{ unit: '' }, 'unit'],
      [{ unit: 'x'.repeat(33) }, 'unit'],
      [{ unit: null }, 'unit'],
      [{ cost_per_unit: -0.01 }, 'cost_per_unit'],
      [{ cost_per_unit: 10000000000 }, 'cost_per_unit'],
      [{ cost_per_unit: '1.50' }, 'cost_per_unit'],
      [{ supplier: '' }, 'supplier'],
      [{ supplier: 'x'.repeat(256) }, 'supplier'],
      [{ allergens: 'dairy' }, 'allergens'],
      [{ allergens: [''] }, 'allergens.0'],
      [{ allergens: Array.from({ length: 51 }, (_, i) => `a${i}`) }, 'allergens'],
      [{ metadata: [1] }, 'metadata'],
      [{ metadata: 'x' }, 'metadata'],
      [{ on_hand: 5 }, 'on_hand'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, 'patch', `/inventory/${ingredient.ingredient_id}`, {
        key: inst.apiKey,
        body,
      });
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
      ]);
      expect(res.body.details).toHaveProperty([field]);
    }
    expect(
      (
        await call(t.app, 'patch', `/inventory/${ingredient.ingredient_id}`, {
          key: inst.apiKey,
          body: {},
        })
      ).status,
    ).toBe(400);
    const row = await production(t.db)
      .selectFrom('ingredients')
      .selectAll()
      .where('ingredient_id', '=', ingredient.ingredient_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Salt',
      unit: 'kg',
      sku: null,
      updated_at: ingredient.updated_at,
    });
  });

  it('when the ingredient is of another organization, then 404 not_found and it is untouched', async () => {
    const foreign = await createIngredient(t.db, stranger.organizationId, { name: 'Theirs' });
    const res = await call(t.app, 'patch', `/inventory/${foreign.ingredient_id}`, {
      key: inst.apiKey,
      body: { name: 'Mine' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    const row = await production(t.db)
      .selectFrom('ingredients')
      .select('name')
      .where('ingredient_id', '=', foreign.ingredient_id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Theirs');
  });
});

describe('POST /inventory/{ingredientId}/movements', () => {
  it('when the location has no stock level yet, then one is created from zero and the movement emits inventory.stock_updated', async () => {
    const fixture = await createInstallation(t.db);
    const ingredient = await createIngredient(t.db, fixture.organizationId);
    const res = await move(fixture, ingredient.ingredient_id, {
      delta: 12.5,
      reason: 'received',
      note: 'Monday delivery',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      movement_id: expect.any(Number),
      ingredient_id: ingredient.ingredient_id,
      location_id: fixture.locationId,
      delta: 12.5,
      reason: 'received',
      note: 'Monday delivery',
      stock_level: { on_hand: '12.5000', reorder_point: '0.0000', par_level: '0.0000' },
      created_at: expect.any(String),
    });
    expect(await level(ingredient.ingredient_id, fixture.locationId)).toMatchObject({
      on_hand: '12.5000',
      low_stock_alert_open: false,
    });
    const events = await outboxEvents(t.db, {
      plane: 'production',
      organizationId: fixture.organizationId,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_name: 'inventory.stock_updated',
      location_id: fixture.locationId,
    });
    const { note: _note, created_at: _created, ...payload } = res.body.data;
    expect(events[0]!.data).toEqual(payload);
  });

  it('when the body breaks the schema, then 400; more than four decimals or stock out of range, then 422', async () => {
    const ingredient = await createIngredient(t.db, inst.organizationId);
    const schemaCases: [Record<string, unknown>, string][] = [
      [{ delta: 0, reason: 'count' }, 'delta'],
      [{ delta: '1.5', reason: 'received' }, 'delta'],
      [{ delta: 10000000000, reason: 'received' }, 'delta'],
      [{ reason: 'received' }, 'delta'],
      [{ delta: 1, reason: 'stolen' }, 'reason'],
      [{ delta: 1 }, 'reason'],
      [{ delta: 1, reason: 'received', note: 'x'.repeat(2001) }, 'note'],
      [{ delta: 1, reason: 'received', location_id: 0 }, 'location_id'],
      [{ delta: 1, reason: 'received', on_hand: 3 }, 'on_hand'],
    ];
    for (const [body, field] of schemaCases) {
      const res = await move(inst, ingredient.ingredient_id, body);
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
      ]);
      expect(res.body.details).toHaveProperty([field]);
    }
    const precise = await move(inst, ingredient.ingredient_id, {
      delta: 0.00001,
      reason: 'adjustment',
    });
    expect(precise.status).toBe(422);
    expect(precise.body).toMatchObject({
      error: 'validation_error',
      details: { delta: [expect.any(String)] },
    });
    expect(
      (await move(inst, ingredient.ingredient_id, { delta: 9999999999, reason: 'received' }))
        .status,
    ).toBe(201);
    const overflow = await move(inst, ingredient.ingredient_id, { delta: 1, reason: 'received' });
    expect(overflow.status).toBe(422);
    expect(overflow.body.details).toHaveProperty(['delta']);
    expect(await movementCount(ingredient.ingredient_id)).toBe(1);
  });

  it('when the location or the ingredient is out of reach, then 403 location_forbidden, 422 or 404 not_found', async () => {
    const ingredient = await createIngredient(t.db, inst.organizationId);
    const forbidden = await move(inst, ingredient.ingredient_id, {
      location_id: inst.otherLocationId,
      delta: 1,
      reason: 'received',
    });
    expect([forbidden.status, forbidden.body.error]).toEqual([403, 'location_forbidden']);
    const unknown = await move(inst, ingredient.ingredient_id, {
      location_id: stranger.locationId,
      delta: 1,
      reason: 'received',
    });
    expect([unknown.status, unknown.body.error]).toEqual([422, 'validation_error']);
    const foreign = await createIngredient(t.db, stranger.organizationId);
    for (const id of [foreign.ingredient_id, 999999]) {
      const res = await move(inst, id, { delta: 1, reason: 'received' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
    expect(await movementCount(ingredient.ingredient_id)).toBe(0);
    expect(await movementCount(foreign.ingredient_id)).toBe(0);
  });

  it('when stock goes down through the reorder point, stays low, recovers and drops again, then one alert per cycle', async () => {
    const fixture = await createInstallation(t.db);
    const ingredient = await createIngredient(t.db, fixture.organizationId);
    await createStockLevel(t.db, {
      ingredientId: ingredient.ingredient_id,
      locationId: fixture.locationId,
      onHand: '12',
      reorderPoint: '10',
      parLevel: '30',
    });
    const steps: [number, string | null][] = [
      [-1, null], // 11
      [-1, 'inventory.low_stock'], // 10: at the reorder point
      [-3, null], // 7: still low, alert already open
      [2, null], // 9: still low
      [1.0001, 'inventory.low_stock_resolved'], // 10.0001: back above
      [-0.0001, 'inventory.low_stock'], // 10: a new cycle
    ];
    for (const [delta, expected] of steps) {
      const res = await move(fixture, ingredient.ingredient_id, {
        delta,
        reason: delta < 0 ? 'consumed' : 'received',
      });
      expect(res.status).toBe(201);
      const alerts = (
        await outboxEvents(t.db, {
          plane: 'production',
          organizationId: fixture.organizationId,
          names: ['inventory.low_stock', 'inventory.low_stock_resolved'],
        })
      ).filter((e) => e.data.movement_id === res.body.data.movement_id);
      expect([delta, alerts.map((e) => e.event_name)]).toEqual([delta, expected ? [expected] : []]);
      if (expected)
        expect(alerts[0]!.data).toMatchObject({
          movement_id: res.body.data.movement_id,
          stock_level: res.body.data.stock_level,
        });
    }
    expect(await level(ingredient.ingredient_id, fixture.locationId)).toMatchObject({
      on_hand: '10.0000',
      low_stock_alert_open: true,
    });
    expect(
      await outboxEvents(t.db, {
        plane: 'production',
        organizationId: fixture.organizationId,
        names: ['inventory.stock_updated'],
      }),
    ).toHaveLength(steps.length);
  });

  it('when 50 movements race through the reorder point and 50 restocks race back, then exactly one low_stock and one resolved', async () => {
    const fixture = await createInstallation(t.db);
    const ingredient = await createIngredient(t.db, fixture.organizationId);
    await createStockLevel(t.db, {
      ingredientId: ingredient.ingredient_id,
      locationId: fixture.locationId,
      onHand: '30',
      reorderPoint: '10',
      parLevel: '40',
    });
    const race = (delta: number) =>
      Promise.all(
        Array.from({ length: 50 }, () =>
          move(fixture, ingredient.ingredient_id, {
            delta,
            reason: delta < 0 ? 'consumed' : 'received',
          }),
        ),
      );

    const consumed = await race(-1);
    expect(consumed.every((r) => r.status === 201)).toBe(true);
    // Serialised: each movement saw the previous one, so the recorded stock levels are all distinct.
    expect(new Set(consumed.map((r) => r.body.data.stock_level.on_hand)).size).toBe(50);
    expect(await level(ingredient.ingredient_id, fixture.locationId)).toMatchObject({
      on_hand: '-20.0000',
      low_stock_alert_open: true,
    });
    let alerts = await outboxEvents(t.db, {
      plane: 'production',
      organizationId: fixture.organizationId,
      names: ['inventory.low_stock', 'inventory.low_stock_resolved'],
    });
    expect(alerts.map((e) => e.event_name)).toEqual(['inventory.low_stock']);
    expect(alerts[0]!.data.stock_level).toEqual({
      on_hand: '10.0000',
      reorder_point: '10.0000',
      par_level: '40.0000',
    });

    const restocked = await race(1);
    expect(restocked.every((r) => r.status === 201)).toBe(true);
    expect(await level(ingredient.ingredient_id, fixture.locationId)).toMatchObject({
      on_hand: '30.0000',
      low_stock_alert_open: false,
    });
    alerts = await outboxEvents(t.db, {
      plane: 'production',
      organizationId: fixture.organizationId,
      names: ['inventory.low_stock', 'inventory.low_stock_resolved'],
    });
    expect(alerts.map((e) => e.event_name).sort()).toEqual([
      'inventory.low_stock',
      'inventory.low_stock_resolved',
    ]);
    const resolved = alerts.find((e) => e.event_name === 'inventory.low_stock_resolved')!;
    expect(resolved.data.stock_level).toMatchObject({ on_hand: '11.0000' });
    expect(
      await outboxEvents(t.db, {
        plane: 'production',
        organizationId: fixture.organizationId,
        names: ['inventory.stock_updated'],
      }),
    ).toHaveLength(100);
  });
});

describe('POST /inventory/{ingredientId}/movements with X-Idempotency-Key', () => {
  it('when the same key and body are replayed, then 200 with the original movement and its recorded stock, nothing appended', async () => {
    const fixture = await createInstallation(t.db);
    const ingredient = await createIngredient(t.db, fixture.organizationId);
    await createStockLevel(t.db, {
      ingredientId: ingredient.ingredient_id,
      locationId: fixture.locationId,
      onHand: '10',
      reorderPoint: '2',
    });
    const body = { delta: -0.75, reason: 'consumed', note: 'Friday dinner service' };
    const first = await move(fixture, ingredient.ingredient_id, body, {
      'X-Idempotency-Key': 'mv-1',
    });
    expect(first.status).toBe(201);
    await move(fixture, ingredient.ingredient_id, { delta: -1, reason: 'consumed' });
    const replay = await move(fixture, ingredient.ingredient_id, body, {
      'X-Idempotency-Key': 'mv-1',
    });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.body.data.stock_level.on_hand).toBe('9.2500');
    expect(await movementCount(ingredient.ingredient_id)).toBe(2);
    expect(
      await outboxEvents(t.db, {
        plane: 'production',
        organizationId: fixture.organizationId,
        names: ['inventory.stock_updated'],
      }),
    ).toHaveLength(2);
    expect((await level(ingredient.ingredient_id, fixture.locationId))?.on_hand).toBe('8.2500');
  });

  it('when the key is reused with a different body, then 422 validation_error naming the key', async () => {
    const ingredient = await createIngredient(t.db, inst.organizationId);
    const other = await createIngredient(t.db, inst.organizationId);
    expect(
      (
        await move(
          inst,
          ingredient.ingredient_id,
          { delta: 1, reason: 'received' },
          { 'X-Idempotency-Key': 'mv-2' },
        )
      ).status,
    ).toBe(201);
    for (const [id, body] of [
      [ingredient.ingredient_id, { delta: 2, reason: 'received' }],
      [ingredient.ingredient_id, { delta: 1, reason: 'count' }],
      [ingredient.ingredient_id, { delta: 1, reason: 'received', note: 'x' }],
      [other.ingredient_id, { delta: 1, reason: 'received' }],
    ] as const) {
      const res = await move(inst, id, body, { 'X-Idempotency-Key': 'mv-2' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: { 'x-idempotency-key': [expect.any(String)] },
      });
    }
    expect(await movementCount(ingredient.ingredient_id)).toBe(1);
    expect(await movementCount(other.ingredient_id)).toBe(0);
  });

  it('when ten first requests with one key race, then one movement is appended: one 201, the rest 200', async () => {
    const fixture = await createInstallation(t.db);
    const ingredient = await createIngredient(t.db, fixture.organizationId);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        move(
          fixture,
          ingredient.ingredient_id,
          { delta: 5, reason: 'received' },
          { 'X-Idempotency-Key': 'race-1' },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(results.map((r) => r.body.data.movement_id)).size).toBe(1);
    expect(await movementCount(ingredient.ingredient_id)).toBe(1);
    expect((await level(ingredient.ingredient_id, fixture.locationId))?.on_hand).toBe('5.0000');
    expect(
      await outboxEvents(t.db, {
        plane: 'production',
        organizationId: fixture.organizationId,
        names: ['inventory.stock_updated'],
      }),
    ).toHaveLength(1);
  });

  it('when another installation uses the same key, then it is independent (keys are per installation)', async () => {
    const a = await createIngredient(t.db, inst.organizationId);
    const b = await createIngredient(t.db, stranger.organizationId);
    expect(
      (
        await move(
          inst,
          a.ingredient_id,
          { delta: 1, reason: 'received' },
          { 'X-Idempotency-Key': 'shared' },
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await move(
          stranger,
          b.ingredient_id,
          { delta: 1, reason: 'received' },
          { 'X-Idempotency-Key': 'shared' },
        )
      ).status,
    ).toBe(201);
  });

  it('when the key is empty or longer than 255 characters, then 400', async () => {
    const ingredient = await createIngredient(t.db, inst.organizationId);
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await move(
        inst,
        ingredient.ingredient_id,
        { delta: 1, reason: 'received' },
        { 'X-Idempotency-Key': key },
      );
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty(['x-idempotency-key']);
    }
    expect(await movementCount(ingredient.ingredient_id)).toBe(0);
  });
});

describe('in a sandbox', () => {
  it('when a sandbox key records a movement, then it lands in the sandbox data plane and its event in the sandbox plane', async () => {
    const sandbox = await createSandboxInstallation(t.db);
    const list = await call(t.app, 'get', '/inventory', { key: sandbox.apiKey });
    expect(list.status).toBe(200);
    const ingredient = list.body.data[0];
    const res = await move({ ...inst, apiKey: sandbox.apiKey }, ingredient.ingredient_id, {
      delta: 1,
      reason: 'received',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.location_id).toBe(sandbox.locationIds[0]);
    const detail = await call(t.app, 'get', `/inventory/${ingredient.ingredient_id}`, {
      key: sandbox.apiKey,
    });
    expect(detail.body.data.movements[0].movement_id).toBe(res.body.data.movement_id);
    const event = await t.db
      .selectFrom('control.events')
      .selectAll()
      .where('sandbox_id', '=', sandbox.sandboxId)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      plane: 'sandbox',
      event_name: 'inventory.stock_updated',
      location_id: sandbox.locationIds[0],
    });
  });
});
