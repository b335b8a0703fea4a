import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { API_ROOT } from '../../src/api/router.js';
import { createInstallation } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Security review 3, finding 4: a NUL or a lone surrogate in one request's idempotency key must
// not drop the request log entries of everyone else in the same batch.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the request log batch', () => {
  it('when one tenant sends a NUL and a lone surrogate in idempotency keys beside 20 writes of another, then every entry is kept', async () => {
    const a = await createInstallation(t.db);
    const b = await createInstallation(t.db);
    const post = (key: string, raw: string) =>
      supertest(t.app)
        .post(`${API_ROOT}/events/ack`)
        .set('X-Plugin-Api-Key', key)
        .set('Content-Type', 'application/json')
        .send(raw);
    const retried = t.requestLog.retriedBatches;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => post(a.apiKey, '{"through":0}')),
      post(b.apiKey, '{"through":0,"idempotency_key":"bad\\u0000key"}'),
      post(b.apiKey, '{"through":0,"idempotency_key":"lone\\ud800"}'),
    ]);
    expect(answers.every((res) => res.status < 500)).toBe(true);
    await t.requestLog.flush();
    const kept = await t.db
      .selectFrom('control.api_requests')
      .select(['installation_id', 'idempotency_key'])
      .where('installation_id', 'in', [a.installationId, b.installationId])
      .execute();
    expect(kept.filter((row) => row.installation_id === a.installationId)).toHaveLength(20);
    expect(
      kept
        .filter((row) => row.installation_id === b.installationId)
        .map((row) => row.idempotency_key)
        .sort(),
    ).toEqual(['badkey', 'lone\ufffd']);
    expect(t.requestLog.dropped).toBe(0);
    expect(t.requestLog.retriedBatches).toBe(retried);
  });
});

describe('the request log written with COPY', () => {
  it('when a key carries a tab, a newline, a backslash and a carriage return, then the key and the body (JSON escapes) are kept as sent', async () => {
    const a = await createInstallation(t.db);
    const retried = t.requestLog.retriedBatches;
    const key = 'tab\there\\back\nline\rret';
    const res = await supertest(t.app)
      .post(`${API_ROOT}/events/ack`)
      .set('X-Plugin-Api-Key', a.apiKey)
      .set('Content-Type', 'application/json')
      .send({ through: 0, idempotency_key: key });
    // The ack takes no idempotency_key: a 400 whose entry keeps both bodies (an admitted write).
    expect(res.status).toBe(400);
    await t.requestLog.flush();
    const row = await t.db
      .selectFrom('control.api_requests')
      .selectAll()
      .where('installation_id', '=', a.installationId)
      .executeTakeFirstOrThrow();
    expect(row.idempotency_key).toBe(key);
    expect(JSON.parse(row.request_body!)).toEqual({ through: 0, idempotency_key: key });
    expect(row.request_body).toContain('\\t');
    expect(row.error_code).toBe('validation_error');
    expect(JSON.parse(row.response_body!)).toMatchObject({ error: 'validation_error' });
    expect(t.requestLog.dropped).toBe(0);
    expect(t.requestLog.retriedBatches).toBe(retried);
  });
});
