import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createRequestLog } from '../../src/api/request-log.js';
import {
  MAX_LOGGED_ERROR_BODY_BYTES,
  redactBody,
  type ApiRequestEntry,
} from '../../src/domain/api-requests/index.js';
import { createInstallation } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';

// Security review 3, finding 2: the API request log is bounded by the rate limit, not by the
// attacker's request rate, and its in-process buffer by bytes.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '2' });
});
afterAll(() => t.close());

describe('the request log under a flood', () => {
  it('when 150 writes with 20 KB bodies are refused with 429, then at most one entry a second is kept for the installation, without request bodies', async () => {
    const inst = await createInstallation(t.db);
    const pad = randomBytes(10_000).toString('hex');
    const post = () => call(t.app, 'post', '/orders', { key: inst.apiKey, body: { pad } });
    const admitted = [await post(), await post()];
    expect(admitted.map((res) => res.status)).not.toContain(429);
    const started = Date.now();
    const statuses: number[] = [];
    for (let round = 0; round < 6; round += 1)
      statuses.push(
        ...(await Promise.all(Array.from({ length: 25 }, post))).map((res) => res.status),
      );
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(statuses).toEqual(Array(150).fill(429));
    await t.requestLog.flush();

    const rows = await t.db
      .selectFrom('control.api_requests')
      .select(['status', 'request_body', 'response_body', 'created_at'])
      .where('installation_id', '=', inst.installationId)
      .orderBy('api_request_id')
      .execute();
    const refused = rows.filter((row) => row.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(seconds);
    const perSecond = new Set(refused.map((row) => Math.floor(row.created_at.getTime() / 1000)));
    expect(perSecond.size).toBe(refused.length);
    // Without the 20 KB request body; with the small error answer the client got.
    for (const row of refused) {
      expect(row.request_body).toBeNull();
      expect(JSON.parse(row.response_body!)).toMatchObject({ error: 'rate_limit_exceeded' });
      expect(Buffer.byteLength(row.response_body!)).toBeLessThanOrEqual(
        MAX_LOGGED_ERROR_BODY_BYTES,
      );
    }
    expect(t.requestLog.suppressed).toBeGreaterThanOrEqual(150 - refused.length);
    // The two admitted writes keep their bodies.
    expect(rows.filter((row) => row.status !== 429).every((row) => row.request_body !== null)).toBe(
      true,
    );
  }, 120_000);

  it('when the database falls behind, then the buffer stays within its byte bound and counts what it drops', () => {
    const log = createRequestLog(t.pool, t.logger, {
      flushMs: 3_600_000,
      maxBatch: 1_000_000,
      maxBufferedBytes: 1_000_000,
    });
    const body = 'x'.repeat(16 * 1024);
    const entry = (i: number): ApiRequestEntry => ({
      installation_id: 1,
      created_at: new Date(),
      method: 'POST',
      path: '/api/plugin/v1/orders',
      operation_id: 'createOrder',
      status: 400,
      error_code: 'validation_error',
      duration_ms: 1,
      request_id: `req-${i}`,
      idempotency_key: null,
      client_ip: '127.0.0.1',
      request_body: body,
      response_body: body,
      api_version: null,
    });
    for (let i = 0; i < 1000; i += 1) log.add(entry(i));
    expect(log.bufferedBytes).toBeGreaterThan(0);
    expect(log.bufferedBytes).toBeLessThanOrEqual(1_000_000);
    expect(log.dropped).toBeGreaterThanOrEqual(960);
  });

  it('when one entry of a batch cannot be stored, then the rest are written as they were and only it is dropped', async () => {
    const log = createRequestLog(t.pool, t.logger, { flushMs: 3_600_000 });
    const runId = randomBytes(4).toString('hex');
    const body = 'tab\there, newline\nthere, back\\slash, é € 😀, ' + 'ü'.repeat(10_000);
    const entry = (n: number, status: number): ApiRequestEntry => ({
      installation_id: 1,
      created_at: new Date(),
      method: 'POST',
      path: `/api/plugin/v1/orders?n=${n}`,
      operation_id: 'createOrder',
      status,
      error_code: null,
      duration_ms: 1.5,
      request_id: `${runId}-${n}`,
      idempotency_key: null,
      client_ip: '127.0.0.1',
      request_body: body,
      response_body: null,
      api_version: null,
    });
    // A status beyond smallint: PostgreSQL refuses that row, and with it the batch's COPY.
    for (const [n, status] of [
      [1, 201],
      [2, 70_000],
      [3, 200],
    ] as const)
      log.add(entry(n, status));
    expect(log.bufferedBytes).toBeGreaterThan(3 * 20_000); // ü is two bytes in UTF-8: the three rows share one batch
    await log.flush();
    expect(log.bufferedBytes).toBe(0);
    expect(log.retriedBatches).toBe(1);
    expect(log.dropped).toBe(1);
    const rows = await t.db
      .selectFrom('control.api_requests')
      .select(['request_id', 'status', 'request_body', 'path'])
      .where('request_id', 'like', `${runId}-%`)
      .orderBy('request_id')
      .execute();
    expect(rows.map((row) => [row.request_id, row.status, row.path])).toEqual([
      [`${runId}-1`, 201, '/api/plugin/v1/orders?n=1'],
      [`${runId}-3`, 200, '/api/plugin/v1/orders?n=3'],
    ]);
    for (const row of rows) expect(row.request_body).toBe(body);
  });

  it('when a body carries pins, card codes, one-time codes, JWTs, setup tokens or Basic credentials, then the log keeps none of them (finding 17)', () => {
    const kept = JSON.parse(
      redactBody({
        passphrase: 'p1',
        pwd: 'p2',
        pin: '1234',
        cvv: '123',
        cvc: '456',
        otp: '999000',
        cookie: 'c=1',
        hmac: 'ab',
        salt: 'cd',
        note: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
        setup: 'stp_0123456789',
        live: 'sk_live_abc',
        header: 'Basic dXNlcjpwYXNz',
        name: 'Ada',
        spinach: 2,
      })!,
    );
    for (const field of [
      'passphrase',
      'pwd',
      'pin',
      'cvv',
      'cvc',
      'otp',
      'cookie',
      'hmac',
      'salt',
      'note',
      'setup',
      'live',
      'header',
    ])
      expect([field, kept[field]]).toEqual([field, '[redacted]']);
    expect(kept).toMatchObject({ name: 'Ada', spinach: 2 });
  });
});
