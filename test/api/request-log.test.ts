import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { API_ROOT } from '../../src/api/router.js';
import {
  MAX_LOGGED_BODY_BYTES,
  MAX_LOGGED_ERROR_BODY_BYTES,
  pruneApiRequests,
  redactBody,
} from '../../src/domain/api-requests/index.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  gql,
  gqlData,
  gqlError,
  portalWorld,
  signUpDeveloper,
  type PortalWorld,
} from '../support/portal-builders.js';

// The API request log (portal apiRequests / apiRequest): what a plugin's call was and what it got,
// for the developer of that plugin only, redacted, and pruned after the retention window.

let t: TestContext;
let world: PortalWorld;

beforeAll(async () => {
  t = await createTestContext();
  world = await portalWorld(t.app);
});
afterAll(() => t.close());

const REQUESTS = `query($i: ID!, $first: Int, $after: String, $status: Int, $op: String, $since: DateTime) {
  apiRequests(installationId: $i, first: $first, after: $after, status: $status, operationId: $op, since: $since) {
    nodes { id installationId createdAt method path operationId status errorCode durationMs requestId idempotencyKey clientIp requestBody responseBody }
    pageInfo { hasNextPage endCursor } } }`;
const REQUEST =
  'query($id: ID!) { apiRequest(id: $id) { id installationId status operationId requestId requestBody } }';

const SECRET_TOKEN = 'tok_live_5f0c1d2e3a4b';

describe('the API request log', () => {
  let failed: supertest.Response;
  let listed: supertest.Response;

  beforeAll(async () => {
    const key = world.box.installationKey;
    // A write the plugin may not make (no orders:create), carrying credentials the log must never keep.
    failed = await supertest(t.app)
      .post(`${API_ROOT}/orders`)
      .set('X-Plugin-Api-Key', key)
      .set('X-Idempotency-Key', 'retry-42')
      .set('X-Forwarded-For', '203.0.113.7')
      .send({
        order_type: 'takeaway',
        items: [],
        api_key: key,
        customer: { name: 'Ada', card_token: SECRET_TOKEN, password: 'hunter2' },
      });
    listed = await call(t.app, 'get', '/orders?limit=5', { key });
    await t.requestLog.flush();
  });

  it('when a call failed, then apiRequests finds it by status and operationId, with its request id, idempotency key, client IP and a redacted body', async () => {
    expect(failed.status).toBe(403);
    const data = await gqlData(t.app, world.dev.token, REQUESTS, {
      i: world.box.installationId,
      status: 403,
      op: 'createOrder',
    });
    expect(data.apiRequests.nodes).toHaveLength(1);
    const entry = data.apiRequests.nodes[0];
    expect(entry).toMatchObject({
      installationId: world.box.installationId,
      method: 'POST',
      path: `${API_ROOT}/orders`,
      operationId: 'createOrder',
      status: 403,
      errorCode: 'feature_not_enabled',
      requestId: failed.headers['x-request-id'],
      idempotencyKey: 'retry-42',
      clientIp: '203.0.113.7',
    });
    expect(entry.durationMs).toBeGreaterThan(0);
    const body = JSON.parse(entry.requestBody);
    expect(body.api_key).toBe('[redacted]');
    expect(body.customer).toEqual({
      name: 'Ada',
      card_token: '[redacted]',
      password: '[redacted]',
    });
    expect(entry.requestBody).not.toContain(world.box.installationKey);
    expect(entry.requestBody).not.toContain(SECRET_TOKEN);
    expect(entry.requestBody).not.toContain('hunter2');
    const response = JSON.parse(entry.responseBody);
    expect(response).toMatchObject({
      error: 'feature_not_enabled',
      request_id: failed.headers['x-request-id'],
    });

    const one = await gqlData(t.app, world.dev.token, REQUEST, { id: entry.id });
    expect(one.apiRequest).toMatchObject({
      id: entry.id,
      status: 403,
      operationId: 'createOrder',
      requestId: entry.requestId,
    });
  });

  it('when a write carries a credential inside a longer string, then apiRequests shows the body with it redacted', async () => {
    const key = world.box.installationKey;
    const res = await supertest(t.app)
      .post(`${API_ROOT}/orders`)
      .set('X-Plugin-Api-Key', key)
      .send({
        order_type: 'takeaway',
        items: [],
        notes: `call back with ${key}; secret ${'a3f1'.repeat(16)}`,
      });
    expect(res.status).toBe(403);
    await t.requestLog.flush();
    const data = await gqlData(
      t.app,
      world.dev.token,
      'query($i: ID!) { apiRequests(installationId: $i, first: 5, operationId: "createOrder") { nodes { requestBody } } }',
      { i: world.box.installationId },
    );
    const [entry] = data.apiRequests.nodes;
    expect(JSON.parse(entry.requestBody)).toEqual({
      order_type: 'takeaway',
      items: [],
      notes: 'call back with [redacted]; secret [redacted]',
    });
  });

  it('when the call was a read, then it is logged without bodies, and other filters leave it out', async () => {
    const reads = await gqlData(t.app, world.dev.token, REQUESTS, {
      i: world.box.installationId,
      op: 'listOrders',
    });
    expect(reads.apiRequests.nodes).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `${API_ROOT}/orders?limit=5`,
        status: 200,
        errorCode: null,
        requestId: listed.headers['x-request-id'],
        requestBody: null,
        responseBody: null,
      }),
    ]);
    const none = await gqlData(t.app, world.dev.token, REQUESTS, {
      i: world.box.installationId,
      status: 404,
    });
    expect(none.apiRequests.nodes).toEqual([]);
    const later = await gqlData(t.app, world.dev.token, REQUESTS, {
      i: world.box.installationId,
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(later.apiRequests.nodes).toEqual([]);
  });

  it('when a read fails, then its entry keeps the error body the client got (redacted, cut small), and no request body', async () => {
    const missing = await call(t.app, 'get', '/orders/987654', {
      key: world.box.installationKey,
      errorMeta: true,
    });
    expect(missing.status).toBe(404);
    await t.requestLog.flush();
    const data = await gqlData(t.app, world.dev.token, REQUESTS, {
      i: world.box.installationId,
      status: 404,
      op: 'getOrder',
    });
    const [entry] = data.apiRequests.nodes;
    expect(entry).toMatchObject({
      method: 'GET',
      status: 404,
      errorCode: 'not_found',
      requestId: missing.headers['x-request-id'],
      requestBody: null,
    });
    expect(JSON.parse(entry.responseBody)).toEqual(missing.body);
    expect(missing.body).toMatchObject({ error: 'Order not found', request_id: entry.requestId });
  });

  it('when an error body is larger than the cap, then the log keeps its first MAX_LOGGED_ERROR_BODY_BYTES, marked', () => {
    const kept = redactBody(
      { error: 'validation_error', details: { q: ['x'.repeat(20_000)] } },
      MAX_LOGGED_ERROR_BODY_BYTES,
    )!;
    expect(MAX_LOGGED_ERROR_BODY_BYTES).toBeLessThanOrEqual(4096);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(
      MAX_LOGGED_ERROR_BODY_BYTES + '…[truncated]'.length + 2,
    );
    expect(kept.endsWith('…[truncated]')).toBe(true);
  });

  it('when paging with first and after, then every entry comes once, newest first', async () => {
    for (let i = 0; i < 3; i += 1)
      await call(t.app, 'get', `/menu?limit=${i + 1}`, { key: world.box.installationKey });
    await t.requestLog.flush();
    const all = await gqlData(t.app, world.dev.token, REQUESTS, {
      i: world.box.installationId,
      first: 100,
    });
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await gqlData(t.app, world.dev.token, REQUESTS, {
        i: world.box.installationId,
        first: 2,
        after,
      });
      seen.push(...page.apiRequests.nodes.map((n: { id: string }) => n.id));
      if (!page.apiRequests.pageInfo.hasNextPage) break;
      after = page.apiRequests.pageInfo.endCursor;
    }
    expect(seen).toEqual(all.apiRequests.nodes.map((n: { id: string }) => n.id));
    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect([...seen].sort((a, b) => Number(b) - Number(a))).toEqual(seen);
  });

  it('when another developer asks, then neither the list nor an entry is visible to them', async () => {
    const stranger = await signUpDeveloper(t.app, 'Stranger');
    expect(
      gqlError(await gql(t.app, stranger.token, REQUESTS, { i: world.box.installationId })).code,
    ).toBe('not_found');
    const data = await gqlData(t.app, world.dev.token, REQUESTS, {
      i: world.box.installationId,
      first: 1,
    });
    expect(
      gqlError(await gql(t.app, stranger.token, REQUEST, { id: data.apiRequests.nodes[0].id }))
        .code,
    ).toBe('not_found');
  });

  it('when arguments are out of range, then validation_error names them', async () => {
    expect(
      gqlError(
        await gql(t.app, world.dev.token, REQUESTS, { i: world.box.installationId, first: 101 }),
      ).details,
    ).toEqual({ first: ['must be an integer from 1 to 100'] });
    expect(
      gqlError(
        await gql(t.app, world.dev.token, REQUESTS, { i: world.box.installationId, status: 42 }),
      ).details,
    ).toEqual({ status: ['must be an HTTP status from 100 to 599'] });
    expect(
      gqlError(
        await gql(t.app, world.dev.token, REQUESTS, {
          i: world.box.installationId,
          after: 'bogus',
        }),
      ).details,
    ).toEqual({ after: ['is not a cursor returned by apiRequests'] });
  });

  it('when a request is refused before the key names an installation, then nothing is logged for anyone', async () => {
    const before = await t.db
      .selectFrom('control.api_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await call(t.app, 'get', '/orders', { key: `pik_${'0'.repeat(64)}` });
    await call(t.app, 'get', '/orders');
    await t.requestLog.flush();
    const after = await t.db
      .selectFrom('control.api_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('when SVC_REQUEST_LOG is off, then requests are answered and nothing is logged', async () => {
    const app = await t.newApp({ SVC_REQUEST_LOG: 'off' });
    const res = await supertest(app)
      .get(`${API_ROOT}/health`)
      .set('X-Plugin-Api-Key', world.box.installationKey);
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const row = await t.db
      .selectFrom('control.api_requests')
      .select('api_request_id')
      .where('request_id', '=', String(res.headers['x-request-id']))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('retention', () => {
  it('when entries are older than the window, then the prune deletes them and keeps the rest', async () => {
    const installationId = Number(world.box.installationId);
    const day = 24 * 3600 * 1000;
    const entry = (ageDays: number, requestId: string) => ({
      installation_id: installationId,
      created_at: new Date(Date.now() - ageDays * day),
      method: 'GET',
      path: '/api/plugin/v1/health',
      operation_id: 'getHealth',
      status: 200,
      error_code: null,
      duration_ms: 1,
      request_id: requestId,
      idempotency_key: null,
      client_ip: '127.0.0.1',
      request_body: null,
      response_body: null,
    });
    await t.db
      .insertInto('control.api_requests')
      .values([entry(31, 'req_old_1'), entry(45, 'req_old_2'), entry(29, 'req_recent')])
      .execute();
    const result = await pruneApiRequests(t.db, 30, 1);
    expect(result.deleted).toBe(2);
    const left = await t.db
      .selectFrom('control.api_requests')
      .select('request_id')
      .where('request_id', 'like', 'req_old_%')
      .execute();
    expect(left).toEqual([]);
    const kept = await t.db
      .selectFrom('control.api_requests')
      .select('request_id')
      .where('request_id', '=', 'req_recent')
      .execute();
    expect(kept).toHaveLength(1);
  });
});

describe('redaction', () => {
  it('when a body is over 16 KB, then it is cut at the limit and marked; credential-looking values are redacted anywhere', () => {
    const long = redactBody({ note: 'x'.repeat(40_000) })!;
    expect(Buffer.byteLength(long.replace('…[truncated]', ''), 'utf8')).toBeLessThanOrEqual(
      MAX_LOGGED_BODY_BYTES,
    );
    expect(long.endsWith('…[truncated]')).toBe(true);
    const nested = JSON.parse(
      redactBody({
        items: [{ note: `pik_${'a'.repeat(64)}` }, { webhook_secret: 'abc' }],
        idempotency_key: 'k-1',
        authorization: 'Bearer x',
      })!,
    );
    expect(nested).toEqual({
      items: [{ note: '[redacted]' }, { webhook_secret: '[redacted]' }],
      idempotency_key: 'k-1',
      authorization: '[redacted]',
    });
  });

  it('when a body has fields named like Object.prototype members, then they are logged as fields and redacted inside', () => {
    const raw =
      '{"__proto__":{"api_token":"t-1","n":1},"constructor":{"secret":"s"},"toString":"x","valueOf":1,"hasOwnProperty":true}';
    const logged = redactBody(JSON.parse(raw))!;
    expect(logged).toBe(
      '{"__proto__":{"api_token":"[redacted]","n":1},"constructor":{"secret":"[redacted]"},"toString":"x","valueOf":1,"hasOwnProperty":true}',
    );
  });
});

describe('the version of each logged request', () => {
  it('when requests are answered in the pin and in a version the header names, then each entry says which, and sends what the plugin sent', async () => {
    const key = world.box.installationKey;
    const pinned = await call(t.app, 'get', '/locations', { key });
    const named = await call(t.app, 'get', '/locations', {
      key,
      headers: { 'X-Svc-Api-Version': '2026-11-21' },
    });
    await t.requestLog.flush();
    const data = await gqlData(
      t.app,
      world.dev.token,
      `query($i: ID!) { apiRequests(installationId: $i, first: 10, operationId: "listLocations") { nodes { requestId apiVersion } } }`,
      { i: world.box.installationId },
    );
    const versionOf = (res: supertest.Response) =>
      data.apiRequests.nodes.find(
        (n: { requestId: string }) => n.requestId === res.headers['x-request-id'],
      )?.apiVersion;
    expect(versionOf(pinned)).toBe(pinned.headers['x-svc-api-version']);
    expect(versionOf(named)).toBe('2026-11-21');
    expect(pinned.headers['x-svc-api-version']).toBe('2026-11-29');
  });
});
