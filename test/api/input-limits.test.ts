import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createIngredient, createStockLevel, createMenuItem } from '../support/catalog-builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { seedOrder } from '../support/order-builders.js';

// Odd input at the Data API door: ids past PostgreSQL's integer, JSON nested thousands of levels
// deep and malformed percent-encoding in the path. Each is a 400 validation_error in the error
// shape, never a 500 and never an error log line. The fuzz (fuzz.test.ts) sends the same on every
// operation; this file names the places the defects were found.

const INT_MAX = 2_147_483_647;

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  inst = await createInstallation(t.db);
});
afterAll(() => t.close());

/** Log lines at warn level or above, or naming an unhandled error, written since `mark`. */
const noisyLogsSince = (mark: number) =>
  t.logs
    .slice(mark)
    .filter(
      (line) =>
        JSON.parse(line).level >= 40 || line.includes('"stack"') || line.includes('unhandled'),
    );

/** `{"a":{"a":...{}}}` nested `depth` objects deep (the outer object is level 1). */
const nested = (depth: number, leaf = '{}') =>
  `${'{"a":'.repeat(depth - 1)}${leaf}${'}'.repeat(depth - 1)}`;

describe('integer ids past 2,147,483,647', () => {
  it.each([
    ['get', '/menu/2147483648'],
    ['get', '/locations/2147483648'],
    ['get', '/customers/2147483648'],
    ['get', '/inventory/2147483648'],
    ['get', '/webhooks/external/2147483648'],
    ['get', '/menu?location_id=2147483648'],
    ['get', '/menu?category_id=2147483648'],
    ['get', '/inventory?ingredient_id=2147483648'],
    ['get', '/orders?location_id=9007199254740993'],
  ] as const)(
    'when %s %s, then 400 validation_error naming the parameter',
    async (method, path) => {
      const mark = t.logs.length;
      const res = await call(t.app, method, path, { key: inst.apiKey });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_error');
      const field = Object.keys(res.body.details)[0]!;
      expect(res.body.details[field]).toEqual([`must be <= ${INT_MAX}`]);
      expect(noisyLogsSince(mark)).toEqual([]);
    },
  );

  it('when the largest id is used, then it is a plain not found', async () => {
    for (const path of [
      '/menu/2147483647',
      '/customers/2147483647',
      '/inventory/2147483647',
      '/webhooks/external/2147483647',
    ]) {
      expect((await call(t.app, 'get', path, { key: inst.apiKey })).status).toBe(404);
    }
    // An order reference is text: all digits past the integer range is an unknown unique_orderid.
    expect((await call(t.app, 'get', '/orders/2147483648', { key: inst.apiKey })).status).toBe(404);
    expect(
      (await call(t.app, 'get', '/orders/99999999999999999999', { key: inst.apiKey })).status,
    ).toBe(404);
  });

  it('when POST /orders names an item, customer, location or option past the range, then 400 naming each field', async () => {
    const item = await createMenuItem(t.db, inst.locationId);
    const res = await call(t.app, 'post', '/orders', {
      key: inst.apiKey,
      body: {
        order_type: 'takeaway',
        location_id: INT_MAX + 1,
        customer: { customer_id: INT_MAX + 1 },
        items: [
          {
            item_id: item.item_id,
            quantity: 1,
            customizations: [{ template_id: INT_MAX + 1, option_id: INT_MAX + 1 }],
          },
          { item_id: INT_MAX + 1, quantity: 1 },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    for (const field of [
      'location_id',
      'customer.customer_id',
      'items.0.customizations.0.template_id',
      'items.0.customizations.0.option_id',
      'items.1.item_id',
    ]) {
      expect(res.body.details[field]).toContain(`must be <= ${INT_MAX}`);
    }
  });

  it('when bulk availability or a stock movement names an id past the range, then 400', async () => {
    const bulk = await call(t.app, 'post', '/menu/bulk-availability', {
      key: inst.apiKey,
      body: { items: [{ item_id: INT_MAX + 1, is_available: false }] },
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.details).toEqual({ 'items.0.item_id': [`must be <= ${INT_MAX}`] });

    const ingredient = await createIngredient(t.db, inst.organizationId);
    await createStockLevel(t.db, {
      ingredientId: ingredient.ingredient_id,
      locationId: inst.locationId,
      onHand: '1',
    });
    const movement = await call(t.app, 'post', `/inventory/${ingredient.ingredient_id}/movements`, {
      key: inst.apiKey,
      body: { location_id: INT_MAX + 1, delta: 1, reason: 'received' },
    });
    expect(movement.status).toBe(400);
    expect(movement.body.details).toEqual({ location_id: [`must be <= ${INT_MAX}`] });
  });
});

describe('ids inside a pagination cursor', () => {
  const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

  it.each([[[INT_MAX + 1]], [[9007199254740993]], [[1.5]], [[-1]], [[1e300]]])(
    'when a cursor carries %j, then 400 validation_error naming the cursor',
    async (key) => {
      for (const list of ['/orders', '/menu', '/locations', '/customers', '/inventory']) {
        const res = await call(t.app, 'get', `${list}?cursor=${cursor(key)}`, { key: inst.apiKey });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: 'validation_error',
          message: expect.any(String),
          details: { cursor: [expect.any(String)] },
        });
      }
    },
  );

  it('when a cursor carries the largest id, then the page after it is empty', async () => {
    const res = await call(t.app, 'get', `/orders?cursor=${cursor([INT_MAX])}`, {
      key: inst.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('JSON nested thousands of levels deep', () => {
  const sign = (raw: string) => createHmac('sha256', inst.webhookSecret).update(raw).digest('hex');

  it.each([
    [
      'the installation config merge',
      'post',
      '/installation/config',
      () => `{"deep":${nested(5000)}}`,
    ],
    [
      'the inbound webhook payload',
      'post',
      '/webhooks/external',
      () => `{"event_type":"external.x","payload":${nested(5000)}}`,
    ],
    [
      'order metadata on create',
      'post',
      '/orders',
      () =>
        `{"order_type":"takeaway","items":[{"item_id":1,"quantity":1}],"metadata":${nested(5000)}}`,
    ],
    [
      'order metadata on update',
      'put',
      '/orders/1',
      () => `{"status":"in_progress","metadata":${nested(5000)}}`,
    ],
    [
      'a bare array',
      'post',
      '/installation/config',
      () => `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ],
  ] as const)(
    'when %s is 5,000 levels deep, then 400 validation_error naming the limit',
    async (_what, method, path, body) => {
      const mark = t.logs.length;
      const raw = body();
      const res = await call(t.app, method, path, {
        key: inst.apiKey,
        headers: { 'Content-Type': 'application/json', 'X-Svc-Signature': sign(raw) },
        body: raw,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.stringMatching(/64 levels/),
        details: { body: ['must not be nested deeper than 64 levels'] },
      });
      await new Promise((r) => setImmediate(r));
      expect(noisyLogsSince(mark)).toEqual([]);
    },
  );

  it('when the body is exactly 64 levels deep, then it is accepted; at 65 it is refused', async () => {
    const ok = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      headers: { 'Content-Type': 'application/json' },
      body: `{"deep":${nested(63)}}`,
    });
    expect(ok.status).toBe(200);
    const over = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      headers: { 'Content-Type': 'application/json' },
      body: `{"deep":${nested(64)}}`,
    });
    expect(over.status).toBe(400);

    const order = await seedOrder(t.db, inst);
    const metadata = JSON.parse(nested(63, '"x"'));
    const update = await call(t.app, 'put', `/orders/${order.order_id}`, {
      key: inst.apiKey,
      body: { status: 'in_progress', metadata },
    });
    expect(update.status).toBe(200);
    expect(update.body.data.metadata).toEqual(metadata);
  });
});

describe('malformed percent-encoding in the path', () => {
  // `documented`: the path matches an operation of openapi.yaml, so call() checks the answer
  // against it; the others match none (a made-up path) and still get the error shape.
  it.each([
    ['get', '/orders/%E0%A4%A', true],
    ['get', '/orders/%', true],
    ['patch', '/menu/%zz', true],
    ['post', '/orders/%C0%80/payments', true],
    ['get', '/health%E0%A4%A', false],
    ['get', '/%FF', false],
  ] as const)(
    'when %s %s, then 400 validation_error naming the path, and nothing is logged as an error',
    async (method, path, documented) => {
      const mark = t.logs.length;
      const res = await call(t.app, method, path, { key: inst.apiKey, unchecked: !documented });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: { path: [expect.stringMatching(/percent-encoding/)] },
      });
      await new Promise((r) => setImmediate(r));
      expect(noisyLogsSince(mark)).toEqual([]);
    },
  );
});

describe('X-RateLimit headers on errors', () => {
  it('when a request is refused after the key was accepted, then the bucket headers come with it', async () => {
    const res = await call(t.app, 'get', '/menu?limit=1000', { key: inst.apiKey });
    expect(res.status).toBe(400);
    expect(res.headers['x-ratelimit-limit']).toBe('100000');
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    const missing = await call(t.app, 'get', '/menu/2147483647', { key: inst.apiKey });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-ratelimit-limit']).toBe('100000');
  });

  it('when the key is refused, then no bucket headers are sent', async () => {
    const res = await call(t.app, 'get', '/menu', { key: `pik_${'0'.repeat(64)}` });
    expect(res.status).toBe(401);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
  });
});
