import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import supertest from 'supertest';
import { parse } from 'yaml';
import { API_ROOT } from '../../src/api/router.js';
import { DOCUMENTED_ERROR_CODES } from '../../src/docs/errors-page.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createMenuItem } from '../support/catalog-builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { seedOrder } from '../support/order-builders.js';

// The conventions of mature APIs, additive to the spec: request_id and doc_url on every error,
// Idempotent-Replayed on replays, the IETF RateLimit headers, and the request id in the events a
// request causes.

let t: TestContext;
let inst: InstallationFixture;
let item: { item_id: number };

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  inst = await createInstallation(t.db);
  item = await createMenuItem(t.db, inst.locationId, { price: '9.50', name: 'Soup' });
});
afterAll(() => t.close());

/** Every `error` code openapi.yaml documents on a response (the enums of the error schemas). */
function codesInOpenApi(): string[] {
  const doc = parse(readFileSync('openapi.yaml', 'utf8'));
  const codes = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const error = (record.properties as Record<string, { enum?: unknown[] }> | undefined)?.error;
    if (error?.enum) for (const code of error.enum) codes.add(String(code));
    Object.values(record).forEach(visit);
  };
  visit(doc.components?.schemas);
  return [...codes];
}

/** The section ids of /docs/errors, each with the text of its heading. */
async function errorSections(): Promise<Map<string, string>> {
  const res = await supertest(t.app).get('/docs/errors');
  expect(res.status).toBe(200);
  const sections = new Map<string, string>();
  for (const match of res.text.matchAll(/<section id="([^"]+)"[^>]*>([\s\S]*?)<\/section>/g))
    sections.set(match[1]!, match[2]!);
  return sections;
}

describe('doc_url', () => {
  it('when any documented error code is answered, then its doc_url resolves to a section of /docs that names the code', async () => {
    const sections = await errorSections();
    const documented = new Set([...codesInOpenApi(), ...DOCUMENTED_ERROR_CODES]);
    expect(documented.size).toBeGreaterThanOrEqual(30);
    for (const code of documented) {
      expect([code, sections.has(code)]).toEqual([code, true]);
      expect(sections.get(code)).toContain(`<code>${code}</code>`);
    }
  });

  it('when real requests fail, then each error body carries the X-Request-Id as request_id and a doc_url that resolves', async () => {
    const sections = await errorSections();
    const failures = [
      await call(t.app, 'get', '/orders', { errorMeta: true }), // 401 missing_api_key
      await call(t.app, 'get', '/orders', { key: 'nope', errorMeta: true }), // 401 invalid_api_key_format
      await call(t.app, 'get', '/orders?limit=0', { key: inst.apiKey, errorMeta: true }), // 400 validation_error
      await call(t.app, 'get', '/orders/999999', { key: inst.apiKey, errorMeta: true }), // 404 sentence
      await call(t.app, 'get', '/customers/999999', { key: inst.apiKey, errorMeta: true }), // 404 not_found
      await call(t.app, 'get', '/no-such-thing', {
        key: inst.apiKey,
        unchecked: true,
        errorMeta: true,
      }), // 404 route_not_found
      await call(t.app, 'post', '/orders', {
        key: inst.apiKey,
        body: 'x',
        headers: { 'Content-Type': 'text/plain' },
        unchecked: true,
        errorMeta: true,
      }), // 415
    ];
    const seen = new Set<string>();
    for (const res of failures) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.request_id).toBe(res.headers['x-request-id']);
      const url = new URL(res.body.doc_url);
      expect(`${url.origin}`).toBe(t.config.baseUrl);
      expect(url.pathname).toBe('/docs/errors');
      const code = url.hash.slice(1);
      expect(sections.has(code)).toBe(true);
      if (/^[a-z_]+$/.test(res.body.error)) expect(code).toBe(res.body.error);
      else expect(code).toBe('not_found');
      seen.add(code);
    }
    expect([...seen].sort()).toEqual([
      'invalid_api_key_format',
      'missing_api_key',
      'not_found',
      'route_not_found',
      'unsupported_media_type',
      'validation_error',
    ]);
  });

  it('when the caller sends its own well-formed X-Request-Id, then the error body repeats it', async () => {
    const res = await call(t.app, 'get', '/orders/999999', {
      key: inst.apiKey,
      headers: { 'X-Request-Id': 'client-trace-0001' },
      errorMeta: true,
    });
    expect(res.body).toEqual({
      error: 'Order not found',
      request_id: 'client-trace-0001',
      doc_url: `${t.config.baseUrl}/docs/errors#not_found`,
    });
  });
});

describe('Idempotent-Replayed', () => {
  it('when an order create is repeated with the same key, then the replay (only) says Idempotent-Replayed: true', async () => {
    const body = {
      external_order_id: `conv-${Date.now()}`,
      order_type: 'takeaway',
      items: [{ item_id: item.item_id, quantity: 1 }],
    };
    const first = await call(t.app, 'post', '/orders', { key: inst.apiKey, body });
    const again = await call(t.app, 'post', '/orders', { key: inst.apiKey, body });
    expect([first.status, first.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
  });

  it('when a capture is repeated with the same provider_transaction_id, then the replay says Idempotent-Replayed: true', async () => {
    const order = await seedOrder(t.db, inst, { status: 'SERVED', total: '20.00' });
    const body = {
      amount: 5,
      currency: 'EUR',
      payment_method: 'card',
      provider: 'stripe',
      provider_transaction_id: `pi_conv_${Date.now()}`,
    };
    const first = await call(t.app, 'post', `/orders/${order.order_id}/payments`, {
      key: inst.apiKey,
      body,
    });
    const again = await call(t.app, 'post', `/orders/${order.order_id}/payments`, {
      key: inst.apiKey,
      body,
    });
    expect([first.status, first.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
  });

  it('when an inbound webhook is repeated with the same idempotency_key, then the duplicate says Idempotent-Replayed: true', async () => {
    const raw = JSON.stringify({
      event_type: 'external.courier.assigned',
      payload: { courier: 'c-9' },
      idempotency_key: `conv-${Date.now()}`,
    });
    const signature = createHmac('sha256', inst.webhookSecret).update(raw).digest('hex');
    const send = () =>
      call(t.app, 'post', '/webhooks/external', {
        key: inst.apiKey,
        body: raw,
        headers: { 'Content-Type': 'application/json', 'X-Svc-Signature': signature },
      });
    const first = await send();
    const again = await send();
    expect([first.status, first.headers['idempotent-replayed']]).toEqual([201, undefined]);
    expect([again.status, again.headers['idempotent-replayed'], again.body.data.duplicate]).toEqual(
      [200, 'true', true],
    );
  });
});

describe('RateLimit headers', () => {
  it('when a Data API request is admitted, then RateLimit-Policy and RateLimit agree with X-RateLimit-*', async () => {
    const res = await call(t.app, 'get', '/health', { key: inst.apiKey });
    expect(res.status).toBe(200);
    const limit = res.headers['x-ratelimit-limit'];
    expect(res.headers['ratelimit-policy']).toBe(`${limit};w=60`);
    const match = /^limit=(\d+), remaining=(\d+), reset=(\d+)$/.exec(res.headers.ratelimit ?? '');
    expect(match).not.toBeNull();
    expect([match![1], match![2]]).toEqual([limit, res.headers['x-ratelimit-remaining']]);
    expect(Number(match![3])).toBeGreaterThanOrEqual(1);
    expect(Number(match![3])).toBeLessThanOrEqual(60);
  });

  it('when the bucket is spent, then the 429 says remaining=0 and reset equals Retry-After', async () => {
    const limited = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const who = await createInstallation(limited.db);
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push(
          await call(limited.app, 'get', '/health', { key: who.apiKey, errorMeta: true }),
        );
      expect(answers.map((r) => r.headers.ratelimit?.replace(/reset=\d+/, 'reset=S'))).toEqual([
        'limit=2, remaining=1, reset=S',
        'limit=2, remaining=0, reset=S',
        'limit=2, remaining=0, reset=S',
      ]);
      const refused = answers[2]!;
      expect(refused.status).toBe(429);
      expect(refused.headers.ratelimit).toBe(
        `limit=2, remaining=0, reset=${refused.headers['retry-after']}`,
      );
      expect(refused.headers['ratelimit-policy']).toBe('2;w=60');
      expect(refused.body).toMatchObject({
        error: 'rate_limit_exceeded',
        request_id: refused.headers['x-request-id'],
      });
    } finally {
      await limited.close();
    }
  });
});

describe('request_id in events', () => {
  it('when a Data API write causes events, then the event is stored with its request id (the delivered envelopes: test/ops/metrics.test.ts)', async () => {
    const res = await call(t.app, 'post', '/orders', {
      key: inst.apiKey,
      headers: { 'X-Request-Id': 'trace-order-create-1' },
      body: { order_type: 'takeaway', items: [{ item_id: item.item_id, quantity: 2 }] },
    });
    expect(res.status).toBe(201);
    const events = await t.db
      .selectFrom('control.events')
      .select(['event_name', 'request_id'])
      .where('request_id', '=', 'trace-order-create-1')
      .execute();
    expect(events.map((e) => e.event_name)).toEqual(['order.created']);
  });
});

describe('the Data API root', () => {
  it('when a request fails before routing under the API root, then it still has the error shape with request_id', async () => {
    const res = await supertest(t.app)
      .get(`${API_ROOT}/orders/%E0%A4%A`)
      .set('X-Plugin-Api-Key', inst.apiKey);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      request_id: res.headers['x-request-id'],
      doc_url: `${t.config.baseUrl}/docs/errors#validation_error`,
    });
  });
});
