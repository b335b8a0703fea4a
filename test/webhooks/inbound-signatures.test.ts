import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { gqlData, portalWorld, type PortalWorld } from '../support/portal-builders.js';

// Inbound signatures v2 (issue 16), through the Data API and the portal: during a rotation's
// overlap either secret is accepted; a refused signature says what it most likely is (each case
// its own message, in the 401 and in the log entry) and never what it should have been.

let t: TestContext;
let world: PortalWorld;

beforeAll(async () => {
  t = await createTestContext();
  world = await portalWorld(t.app);
});
afterAll(() => t.close());

const hmac = (secret: string, raw: string | Buffer) =>
  createHmac('sha256', secret).update(raw).digest();
const hex = (secret: string, raw: string | Buffer) => hmac(secret, raw).toString('hex');
// The installation is a sandbox's: its requests are verified with the plugin's sandbox secret.
const ROTATE =
  'mutation($id: ID!, $hours: Int) { rotateWebhookSecret(pluginId: $id, overlapHours: $hours, plane: sandbox) { webhookSecret } }';
const EXPIRE = 'mutation($id: ID!) { expireWebhookSecret(pluginId: $id, plane: sandbox) { id } }';

async function rotate(hours: number): Promise<string> {
  return (await gqlData(t.app, world.dev.token, ROTATE, { id: world.plugin.pluginId, hours }))
    .rotateWebhookSecret.webhookSecret;
}

/** Sends these exact bytes with this X-Svc-Signature (none when null). */
function send(raw: string, signature: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== null) headers['X-Svc-Signature'] = signature;
  return call(t.app, 'post', '/webhooks/external', {
    key: world.box.installationKey,
    headers,
    body: raw,
  });
}

async function lastLog() {
  return t.db
    .selectFrom('control.webhook_logs')
    .selectAll()
    .where('installation_id', '=', Number(world.box.installationId))
    .where('direction', '=', 'inbound')
    .orderBy('log_id', 'desc')
    .executeTakeFirstOrThrow();
}

let counter = 0;
const body = () =>
  JSON.stringify({
    event_type: 'external.courier.assigned',
    payload: { courier: 'c-1', n: ++counter },
    idempotency_key: `sig-v2-${counter}`,
  });

/** A 401 invalid_signature whose message (and log entry) is returned, checked to reveal no expected value. */
async function refused(raw: string, signature: string | null, secrets: string[]): Promise<string> {
  const res = await send(raw, signature);
  expect(res.status).toBe(401);
  expect(res.body.error).toBe('invalid_signature');
  const log = await lastLog();
  expect(log).toMatchObject({ status: 'rejected', signature_valid: false, http_status: 401 });
  expect(log.error_message).toBe(`invalid_signature: ${res.body.message}`);
  for (const secret of secrets) {
    for (const expected of [
      hex(secret, raw),
      hmac(secret, raw).toString('base64'),
      hmac(secret, raw).toString('base64url'),
    ]) {
      expect(res.body.message).not.toContain(expected);
      expect(log.error_message).not.toContain(expected);
    }
  }
  return res.body.message as string;
}

describe('during a rotation overlap', () => {
  it('when a request is signed with the new or with the previous secret, then both are 201; after expireWebhookSecret the previous one is refused as expired', async () => {
    const previous = world.box.webhookSecret;
    const raw0 = body();
    expect((await send(raw0, hex(previous, raw0))).status).toBe(201);

    const current = await rotate(24);
    const raw1 = body();
    const raw2 = body();
    const withNew = await send(raw1, hex(current, raw1));
    const withPrevious = await send(raw2, hex(previous, raw2));
    expect([withNew.status, withPrevious.status]).toEqual([201, 201]);
    expect(await lastLog()).toMatchObject({ status: 'received', signature_valid: true });

    await gqlData(t.app, world.dev.token, EXPIRE, { id: world.plugin.pluginId });
    const raw3 = body();
    const message = await refused(raw3, hex(previous, raw3), [current, previous]);
    expect(message).toMatch(/previous webhook secret, which stopped being accepted at \S+Z/);
    world.box.webhookSecret = current;
  });
});

describe('when a signature is refused, then the message says what it most likely is', () => {
  const messages = new Map<string, string>();
  afterAll(() => {
    // Each diagnosis has its own message.
    expect(messages.size).toBe(7);
    expect(new Set(messages.values()).size).toBe(messages.size);
  });

  it('made with a previous secret after a rotation with no overlap', async () => {
    const previous = world.box.webhookSecret;
    const current = await rotate(0);
    world.box.webhookSecret = current;
    const raw = body();
    const message = await refused(raw, hex(previous, raw), [current, previous]);
    expect(message).toMatch(
      /made with the previous webhook secret, which stopped being accepted at/,
    );
    messages.set('expired previous', message.replace(/at \S+Z/, 'at <time>'));
  });

  it('base64 where hex is expected', async () => {
    const raw = body();
    const secret = world.box.webhookSecret;
    const message = await refused(raw, hmac(secret, raw).toString('base64'), [secret]);
    expect(message).toMatch(/base64/);
    expect(message).toMatch(/lowercase hex/);
    // base64url too
    expect(await refused(raw, hmac(secret, raw).toString('base64url'), [secret])).toBe(message);
    messages.set('base64', message);
  });

  it('computed over a re-serialised body: equal JSON, other bytes', async () => {
    const secret = world.box.webhookSecret;
    const pretty = JSON.stringify(JSON.parse(body()), null, 2);
    const message = await refused(pretty, hex(secret, JSON.stringify(JSON.parse(pretty))), [
      secret,
    ]);
    expect(message).toMatch(/re-serialised/);
    // The other way round: sent compact, signed over an indented copy.
    const compact = body();
    expect(
      await refused(compact, hex(secret, JSON.stringify(JSON.parse(compact), null, 4)), [secret]),
    ).toBe(message);
    messages.set('re-serialised', message);
  });

  it('a trailing newline or whitespace difference', async () => {
    const secret = world.box.webhookSecret;
    const raw = body();
    const message = await refused(`${raw}\n`, hex(secret, raw), [secret]);
    expect(message).toMatch(/trailing newline or whitespace/);
    expect(await refused(raw, hex(secret, `${raw}\r\n`), [secret])).toBe(message);
    expect(await refused(`  ${raw} `, hex(secret, raw), [secret])).toBe(message);
    messages.set('whitespace', message);
  });

  it('no signature header', async () => {
    const message = await refused(body(), null, [world.box.webhookSecret]);
    expect(message).toMatch(/X-Svc-Signature is missing/);
    expect(await refused(body(), '', [world.box.webhookSecret])).toBe(message);
    messages.set('missing', message);
  });

  it('a signature that is none of these (another secret, or not a signature at all)', async () => {
    const raw = body();
    const message = await refused(raw, hex('f'.repeat(64), raw), [world.box.webhookSecret]);
    expect(message).toMatch(/does not match/);
    expect(await refused(raw, 'not-a-signature', [world.box.webhookSecret])).toBe(message);
    messages.set('no match', message);
  });

  it('no secret configured', async () => {
    const pluginId = Number(world.plugin.pluginId);
    const { rows } = await sql<{
      enc: string;
      sandbox: string;
    }>`select webhook_secret_enc as enc, sandbox_webhook_secret_enc as sandbox from control.plugins where plugin_id = ${pluginId}`.execute(
      t.db,
    );
    await sql`update control.plugins set webhook_secret_enc = null, sandbox_webhook_secret_enc = null where plugin_id = ${pluginId}`.execute(
      t.db,
    );
    try {
      const raw = body();
      const message = await refused(raw, hex(world.box.webhookSecret, raw), [
        world.box.webhookSecret,
      ]);
      expect(message).toMatch(/no webhook secret/);
      messages.set('no secret', message);
    } finally {
      await sql`update control.plugins set webhook_secret_enc = ${rows[0]!.enc}, sandbox_webhook_secret_enc = ${rows[0]!.sandbox} where plugin_id = ${pluginId}`.execute(
        t.db,
      );
    }
  });
});

describe('upper-case hex and large bodies', () => {
  it('when a body is signed in upper-case hex (as .NET writes it), then 201, with either secret during an overlap', async () => {
    const raw = body();
    const res = await send(raw, hex(world.box.webhookSecret, raw).toUpperCase());
    expect(res.status).toBe(201);
    expect(await lastLog()).toMatchObject({
      status: 'received',
      signature_valid: true,
      http_status: 201,
    });
    const previous = world.box.webhookSecret;
    world.box.webhookSecret = await rotate(1);
    const other = body();
    expect((await send(other, hex(previous, other).toUpperCase())).status).toBe(201);
  });

  it('when a refused body is 1 MiB, then 401 with the plain verdict, saying it was not diagnosed further', async () => {
    const head = '{"event_type":"external.courier.assigned","payload":{"note":"';
    const raw = `${head}${'x'.repeat(1024 * 1024 - head.length - 3)}"}}`;
    expect(Buffer.byteLength(raw)).toBe(1024 * 1024);
    const message = await refused(raw, '0'.repeat(64), [world.box.webhookSecret]);
    expect(message).toMatch(
      /does not match the request body.*Bodies over 64 KiB are not diagnosed further/,
    );
    // The same mistake on a small body is still diagnosed.
    const small = body();
    expect(
      await refused(`${small}\n`, hex(world.box.webhookSecret, small), [world.box.webhookSecret]),
    ).toMatch(/trailing newline/);
  });
});
