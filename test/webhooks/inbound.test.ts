import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { App } from '../../src/app.js';
import { sql } from 'kysely';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';

// POST /webhooks/external and GET /webhooks/external/{logId}, through the Data API.

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext();
  inst = await createInstallation(t.db);
});
afterAll(() => t.close());

const sign = (secret: string, raw: string) =>
  createHmac('sha256', secret).update(raw).digest('hex');

interface SendOptions {
  app?: App;
  who?: InstallationFixture;
  signature?: string | null;
}

/** Sends these exact bytes, signed with the installation's secret unless told otherwise. */
function send(raw: string, options: SendOptions = {}) {
  const who = options.who ?? inst;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const signature =
    options.signature === undefined ? sign(who.webhookSecret, raw) : options.signature;
  if (signature !== null) headers['X-Svc-Signature'] = signature;
  return call(options.app ?? t.app, 'post', '/webhooks/external', {
    key: who.apiKey,
    headers,
    body: raw,
  });
}
const event = (body: Record<string, unknown>) => JSON.stringify(body);

async function logRow(logId: number) {
  return t.db
    .selectFrom('control.webhook_logs')
    .selectAll()
    .where('log_id', '=', logId)
    .executeTakeFirstOrThrow();
}
async function lastLog(installationId: number) {
  return t.db
    .selectFrom('control.webhook_logs')
    .selectAll()
    .where('installation_id', '=', installationId)
    .orderBy('log_id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('when a signed event is forwarded', () => {
  it('then it is recorded and answered 201 with the log id, readable through GET', async () => {
    const raw = event({
      event_type: 'external.delivery.dispatched',
      payload: { delivery_id: 'dlv_1', eta_minutes: 18 },
    });
    const res = await send(raw);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        log_id: expect.any(Number),
        event_type: 'external.delivery.dispatched',
        status: 'received',
      },
    });
    const row = await logRow(res.body.data.log_id);
    expect(row).toMatchObject({
      installation_id: inst.installationId,
      direction: 'inbound',
      status: 'received',
      signature_valid: true,
      http_status: 201,
      attempts: 1,
    });
    expect(row.payload).toEqual({ delivery_id: 'dlv_1', eta_minutes: 18 });

    const read = await call(t.app, 'get', `/webhooks/external/${res.body.data.log_id}`, {
      key: inst.apiKey,
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      log_id: res.body.data.log_id,
      direction: 'inbound',
      status: 'received',
      error_message: null,
      signature_valid: true,
    });
  });

  it('then the signature is checked over the exact bytes sent, as hex in either case (upper-case is accepted)', async () => {
    const pretty = JSON.stringify({ event_type: 'payment.custom', payload: { a: 1 } }, null, 2);
    expect((await send(pretty)).status).toBe(201);
    const upper = await send(pretty, { signature: sign(inst.webhookSecret, pretty).toUpperCase() });
    expect(upper.status).toBe(201);
    expect(await logRow(upper.body.data.log_id)).toMatchObject({
      status: 'received',
      signature_valid: true,
      http_status: 201,
    });
    const compactSignature = sign(inst.webhookSecret, JSON.stringify(JSON.parse(pretty)));
    const reserialised = await send(pretty, { signature: compactSignature });
    expect(reserialised.status).toBe(401);
    expect(reserialised.body.error).toBe('invalid_signature');
  });

  it.each([
    'order.paid',
    'payment.custom',
    'inventory.audit_completed',
    'trial.extended',
    'external.x',
  ])('then event_type %s is accepted', async (eventType) => {
    expect((await send(event({ event_type: eventType, payload: {} }))).status).toBe(201);
  });
});

describe('when the signature is missing or wrong', () => {
  it.each([
    ['missing', null, /missing/],
    ['signed with another secret', sign('f'.repeat(64), '{}'), /does not match/],
    ['not hex', 'z'.repeat(64), /does not match/],
    ['too short', 'ab12', /does not match/],
  ])(
    'when it is %s, then 401 invalid_signature, recorded with signature_valid false',
    async (_label, signature, reason) => {
      const raw = event({
        event_type: 'external.refund.issued',
        payload: { refund: 'r_1' },
        idempotency_key: 'sig-test',
      });
      const res = await send(raw, { signature });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_signature');
      const row = await lastLog(inst.installationId);
      expect(row).toMatchObject({
        direction: 'inbound',
        status: 'rejected',
        signature_valid: false,
        http_status: 401,
        event_type: 'external.refund.issued',
        idempotency_key: 'sig-test',
      });
      expect(row.error_message).toMatch(reason);
    },
  );

  it('when the body is also invalid, then the answer is still 401 invalid_signature (the signature comes first)', async () => {
    const res = await send(event({ event_type: 42, extra: true }), { signature: null });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_signature');
    expect(await lastLog(inst.installationId)).toMatchObject({
      status: 'rejected',
      signature_valid: false,
      event_type: '',
    });
  });

  it('when the installation key is missing, then 401 missing_api_key: both headers are required', async () => {
    const raw = event({ event_type: 'external.x', payload: {} });
    const res = await call(t.app, 'post', '/webhooks/external', {
      headers: {
        'Content-Type': 'application/json',
        'X-Svc-Signature': sign(inst.webhookSecret, raw),
      },
      body: raw,
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('missing_api_key');
  });
});

describe('when a signed body is not acceptable', () => {
  it.each([
    ['no payload', { event_type: 'external.x' }, 'payload'],
    ['a payload that is not an object', { event_type: 'external.x', payload: [1, 2] }, 'payload'],
    ['no event_type', { payload: {} }, 'event_type'],
    [
      'an event_type over 100 characters',
      { event_type: `external.${'x'.repeat(92)}`, payload: {} },
      'event_type',
    ],
    [
      'an idempotency_key over 128 characters',
      { event_type: 'external.x', payload: {}, idempotency_key: 'k'.repeat(129) },
      'idempotency_key',
    ],
    ['an unknown field', { event_type: 'external.x', payload: {}, extra: 1 }, 'extra'],
  ])('when it has %s, then 400 validation_error', async (_label, body, field) => {
    const res = await send(event(body));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(JSON.stringify(res.body.details)).toContain(field);
  });

  it.each(['delivery.dispatched', 'payments.custom', 'external.', 'order'])(
    'when event_type is %s, then 400 unknown_event_type, recorded as rejected',
    async (eventType) => {
      const res = await send(event({ event_type: eventType, payload: { x: 1 } }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('unknown_event_type');
      expect(await lastLog(inst.installationId)).toMatchObject({
        event_type: eventType,
        status: 'rejected',
        signature_valid: true,
        http_status: 400,
      });
    },
  );
});

describe('idempotency_key', () => {
  it('when a key is repeated within 24 hours, then 200 with the original entry and duplicate: true, and nothing new is recorded', async () => {
    const raw = event({
      event_type: 'external.order.accepted',
      payload: { n: 1 },
      idempotency_key: 'dup-1',
    });
    const first = await send(raw);
    expect(first.status).toBe(201);
    const again = await send(
      event({ event_type: 'external.order.accepted', payload: { n: 2 }, idempotency_key: 'dup-1' }),
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      log_id: first.body.data.log_id,
      duplicate: true,
      status: 'received',
      direction: 'inbound',
      idempotency_key: 'dup-1',
    });
    const rows = await t.db
      .selectFrom('control.webhook_logs')
      .select('log_id')
      .where('idempotency_key', '=', 'dup-1')
      .where('status', '=', 'received')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('when ten duplicates arrive at once, then exactly one is recorded and every answer names it', async () => {
    const raw = event({
      event_type: 'external.race',
      payload: { n: 1 },
      idempotency_key: 'race-1',
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => send(raw)));
    expect(results.map((r) => r.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const created = results.find((r) => r.status === 201)!.body.data.log_id;
    for (const r of results.filter((r) => r.status === 200))
      expect(r.body.data).toMatchObject({ log_id: created, duplicate: true });
    const rows = await t.db
      .selectFrom('control.webhook_logs')
      .select('log_id')
      .where('idempotency_key', '=', 'race-1')
      .execute();
    expect(rows.map((r) => r.log_id)).toEqual([created]);
  });

  it('when another installation uses the same key, then it is its own first request', async () => {
    const other = await createInstallation(t.db);
    const raw = event({ event_type: 'external.x', payload: {}, idempotency_key: 'shared-key' });
    expect((await send(raw)).status).toBe(201);
    expect((await send(raw, { who: other })).status).toBe(201);
  });

  it('when the first use is older than 24 hours, then the key is accepted again as new', async () => {
    const raw = event({ event_type: 'external.x', payload: {}, idempotency_key: 'old-key' });
    const first = await send(raw);
    await sql`update control.inbound_webhook_keys set created_at = now() - interval '24 hours 1 second'
              where installation_id = ${inst.installationId} and idempotency_key = 'old-key'`.execute(
      t.db,
    );
    const again = await send(raw);
    expect(again.status).toBe(201);
    expect(again.body.data.log_id).not.toBe(first.body.data.log_id);
    expect((await send(raw)).status).toBe(200);
  });
});

describe('rate limits', () => {
  const bucket = (name: string, count: number) =>
    sql`insert into control.rate_limits (bucket, window_start, count) values (${name}, now(), ${count})
        on conflict (bucket) do update set window_start = now(), count = ${count}`.execute(t.db);
  const count = async (name: string) =>
    (
      await t.db
        .selectFrom('control.rate_limits')
        .select('count')
        .where('bucket', '=', name)
        .executeTakeFirst()
    )?.count ?? 0;

  it('when the 60/minute Data API gate is spent, then 429 before the route ceiling is touched', async () => {
    const who = await createInstallation(t.db);
    await bucket(`installation:${who.installationId}`, 60);
    const res = await send(event({ event_type: 'external.x', payload: {} }), { who });
    expect(res.status).toBe(429);
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(await count(`inbound:${who.installationId}`)).toBe(0);
  });

  it('when the gate is raised above 600, then the 600/minute ceiling of the route applies', async () => {
    const app = await t.newApp({ SVC_RATE_LIMIT_PER_MINUTE: '5000' });
    const who = await createInstallation(t.db);
    await bucket(`inbound:${who.installationId}`, 599);
    expect(
      (await send(event({ event_type: 'external.x', payload: {} }), { who, app })).status,
    ).toBe(201);
    const res = await send(event({ event_type: 'external.x', payload: {} }), { who, app });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      error: 'rate_limit_exceeded',
      retry_after: expect.any(Number),
    });
    expect(res.headers['x-ratelimit-limit']).toBe('600');
  });
});

describe('GET /webhooks/external/{logId}', () => {
  it('when the entry belongs to another installation or does not exist, then 404 not_found', async () => {
    const other = await createInstallation(t.db);
    const raw = event({ event_type: 'external.private', payload: {} });
    const mine = await send(raw, { who: other });
    for (const logId of [mine.body.data.log_id, 2_000_000_000]) {
      const res = await call(t.app, 'get', `/webhooks/external/${logId}`, { key: inst.apiKey });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
  });
});

describe('when a request carries strings PostgreSQL cannot store (NUL, unpaired surrogates, control characters)', () => {
  const NUL = '\u0000';
  const LONE = '\ud800';
  const ESC = '\u001b]8;;https://x.example\u0007';

  it.each([
    ['a NUL in the payload', { event_type: 'external.x', payload: { note: `a${NUL}b` } }],
    [
      'an unpaired surrogate in the payload',
      { event_type: 'external.x', payload: { note: `a${LONE}b`, [`k${LONE}`]: 1 } },
    ],
    ['a NUL in a payload key', { event_type: 'external.x', payload: { [`k${NUL}`]: 1 } }],
    [
      'a NUL and an escape sequence in event_type',
      { event_type: `external.${NUL}${ESC}red`, payload: {} },
    ],
    ['an unpaired surrogate in event_type', { event_type: `external.${LONE}`, payload: {} }],
    [
      'a NUL in idempotency_key',
      { event_type: 'external.x', payload: {}, idempotency_key: `k${NUL}1` },
    ],
  ])(
    'when a refused request has %s, then 401 invalid_signature and the audit row is kept, its labels storable',
    async (_label, body) => {
      const raw = event(body);
      const res = await send(raw, { signature: '0'.repeat(64) });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_signature');
      const row = await lastLog(inst.installationId);
      expect(row).toMatchObject({
        direction: 'inbound',
        status: 'rejected',
        signature_valid: false,
        http_status: 401,
      });
      expect(row.event_type).toMatch(/^[^\p{Cc}\p{Cs}]*$/u);
      expect(
        row.event_type.startsWith(
          body.event_type.startsWith('external.x') ? 'external.x' : 'external.',
        ),
      ).toBe(true);
      expect(JSON.stringify(row.payload)).not.toMatch(/\\u0000|\\ud800/);
      expect(row.payload).not.toBeNull();
      if ('idempotency_key' in body) expect(row.idempotency_key).toBe('k\uFFFD1');
    },
  );

  it('when a signed request has an escape sequence in an unknown event_type, then 400 unknown_event_type and the stored label has no control characters', async () => {
    const eventType = `delivery${ESC}${NUL}`;
    const res = await send(event({ event_type: eventType, payload: {} }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unknown_event_type');
    const row = await lastLog(inst.installationId);
    expect(row).toMatchObject({
      status: 'rejected',
      signature_valid: true,
      http_status: 400,
      event_type: 'delivery\uFFFD]8;;https://x.example\uFFFD\uFFFD',
    });
  });

  it.each([
    ['payload', { event_type: 'external.x', payload: { note: `a${NUL}` } }],
    ['payload', { event_type: 'external.x', payload: { note: `a${LONE}` } }],
    ['idempotency_key', { event_type: 'external.x', payload: {}, idempotency_key: `k${NUL}2` }],
  ])(
    'when a signed, valid request has such a string in %s, then 400 validation_error naming it, recorded as rejected',
    async (field, body) => {
      const res = await send(event(body));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: { [field]: [expect.stringMatching(/NUL|surrogate/)] },
      });
      const row = await lastLog(inst.installationId);
      expect(row).toMatchObject({
        status: 'rejected',
        signature_valid: true,
        http_status: 400,
        event_type: 'external.x',
      });
    },
  );
});
