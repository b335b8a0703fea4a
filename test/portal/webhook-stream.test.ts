import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { streamCursor } from '../../src/devcli/listen.js';
import type { EventScope } from '../../src/domain/webhooks/delivery/outbox.js';
import { issueSessionToken, SESSION_TTL_SECONDS } from '../../src/portal/auth.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  gqlData,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';
import { waitUntil } from '../support/webhook-receiver.js';

// webhookStream (svc listen) under security review 3 (findings 3, 5, 10 and 12) and issue 31's
// read-scoped listener: a real server on a port, real SSE, the real workers.

let t: TestContext;
let server: http.Server;
let baseUrl: string;
let token: string;
let developerId: number;
let box: PortalSandbox;
let writeKey: string;
let readKey: string;

beforeAll(async () => {
  // A heartbeat every 2 s rather than 10: the revocation test waits for one.
  t = await createTestContext({ SVC_STREAM_HEARTBEAT_SECONDS: '2' }, { jobs: { workers: true } });
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dev = await signUpDeveloper(t.app);
  token = dev.token;
  developerId = dev.developerId;
  const plugin = await createProjectAndPlugin(t.app, token); // no endpoint: deliveries go to the listener
  box = await provisionPortalSandbox(t.app, token, plugin.pluginId);
  writeKey = (await createDeveloperKey(t.app, token)).key;
  readKey = (await createDeveloperKey(t.app, token, ['plugins:read'])).key;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const STREAM =
  'subscription($s: ID!, $a: String) { webhookStream(sandboxId: $s, after: $a) { event sequence installationId cursor headers { name value } } }';

/** An open SSE stream: its frames' payloads as they arrive, whether the server ended it, and a way to close it. */
interface OpenStream {
  payloads: any[];
  ended: () => boolean;
  close: () => void;
}

async function openStream(
  credential: string,
  variables: Record<string, unknown>,
): Promise<OpenStream> {
  const abort = new AbortController();
  const request = () =>
    fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${credential}`,
      },
      body: JSON.stringify({ query: STREAM, variables }),
      signal: abort.signal,
    });
  // A pooled keep-alive socket the server closed as it was reused (ECONNRESET before any answer):
  // the request never reached the portal, so it is sent again, as any HTTP client would.
  const res = await request().catch((err: Error & { cause?: { code?: string } }) => {
    if (err.cause?.code !== 'ECONNRESET') throw err;
    return request();
  });
  if (res.status !== 200) throw new Error(`the stream answered ${res.status}: ${await res.text()}`);
  const payloads: any[] = [];
  let ended = false;
  void (async () => {
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += Buffer.from(chunk).toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          if (data) payloads.push(JSON.parse(data));
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return { payloads, ended: () => ended, close: () => abort.abort() };
}

const cursorFor = (credential: string) =>
  streamCursor({ baseUrl, apiKey: credential }, box.sandboxId);
// The sandbox's plugin is new, so pinned to the newest version: money goes as a decimal string.
const priceChange = (price: number) =>
  call(t.app, 'patch', '/menu/7', { key: box.installationKey, body: { price: price.toFixed(2) } });
const errorCodes = (stream: OpenStream) =>
  stream.payloads.flatMap((p) => (p.errors ?? []).map((e: any) => e.extensions?.code));
const events = (stream: OpenStream) =>
  stream.payloads.filter((p) => p.data).map((p) => p.data.webhookStream);

describe('webhookStream', () => {
  it('when a plugins:read key opens the stream of its own sandbox, then it receives a delivery', async () => {
    const stream = await openStream(readKey, { s: box.sandboxId, a: await cursorFor(readKey) });
    try {
      expect((await priceChange(8.25)).status).toBe(200);
      await waitUntil(
        () => events(stream).some((e) => e.event === 'menu.item_updated'),
        40_000,
        `a delivery on the stream (${JSON.stringify(stream.payloads)})`,
      );
      // The delivery's headers, as a POST would carry them: the pinned API version among them.
      const delivery = events(stream).find((e) => e.event === 'menu.item_updated');
      expect(delivery.headers).toContainEqual({ name: 'X-Svc-Api-Version', value: '2026-11-29' });
    } finally {
      stream.close();
    }
  }, 60_000);

  it('when a developer opens an 11th stream, then it is refused with stream_limit_reached, and a closed one frees its place', async () => {
    const open: OpenStream[] = [];
    try {
      for (let i = 0; i < 10; i += 1) open.push(await openStream(writeKey, { s: box.sandboxId }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(open.flatMap(errorCodes)).toEqual([]);
      const eleventh = await openStream(token, { s: box.sandboxId });
      await waitUntil(() => eleventh.ended(), 5_000, 'the 11th stream refused');
      expect(errorCodes(eleventh)).toEqual(['stream_limit_reached']);
      expect(eleventh.payloads[0].errors[0].message).toMatch(/at most 10 open webhook streams/);
      open.pop()!.close();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const again = await openStream(writeKey, { s: box.sandboxId });
      open.push(again);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(errorCodes(again)).toEqual([]);
    } finally {
      for (const stream of open) stream.close();
    }
  }, 30_000);

  it('when its key is revoked or its session expires, then the stream ends within one heartbeat', async () => {
    const doomed = await createDeveloperKey(t.app, token, ['plugins:read']);
    // A session that expires 3 s from now.
    const session = await issueSessionToken(
      t.config,
      developerId,
      new Date(Date.now() - (SESSION_TTL_SECONDS - 3) * 1000),
    );
    const byKey = await openStream(doomed.key, { s: box.sandboxId });
    const bySession = await openStream(session.token, { s: box.sandboxId });
    await gqlData(t.app, token, 'mutation($id: ID!) { revokeDeveloperKey(id: $id) { id } }', {
      id: doomed.id,
    });
    const revokedAt = Date.now();
    try {
      await waitUntil(() => byKey.ended(), 13_000, "the revoked key's stream ended");
      // Before the default 10 s heartbeat could have come: SVC_STREAM_HEARTBEAT_SECONDS is the stream's.
      expect(Date.now() - revokedAt).toBeLessThan(9_000);
      await waitUntil(() => byKey.ended() && bySession.ended(), 13_000, 'both streams ended');
      expect(Date.now() - revokedAt).toBeLessThan(13_000);
    } finally {
      byKey.close();
      bySession.close();
    }
  }, 30_000);

  it('when the cursor names foreign installations, a sequence beyond int4 or is huge, then foreign ones are ignored and the others are validation_error', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const after of [
      cursor({ [box.installationId]: 3_000_000_000 }),
      cursor(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [String(i + 1), 0]))),
    ]) {
      const stream = await openStream(writeKey, { s: box.sandboxId, a: after });
      await waitUntil(() => stream.ended(), 5_000, 'the refused stream');
      expect(errorCodes(stream)).toEqual(['validation_error']);
    }
    // An installation of another sandbox in the cursor is dropped, not used.
    const stream = await openStream(writeKey, { s: box.sandboxId, a: cursor({ '999999': 5 }) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(errorCodes(stream)).toEqual([]);
    stream.close();
  }, 30_000);

  it('when an event commits after a later-started one, then the stream still delivers both, in sequence order', async () => {
    const after = await cursorFor(writeKey);
    const { rows } = await sql<{
      organization_id: number;
      location_id: number;
      sandbox_id: number;
    }>`
      select organization_id, location_id, sandbox_id from control.installations where installation_id = ${Number(box.installationId)}`.execute(
      t.db,
    );
    const scope: EventScope = {
      plane: 'sandbox',
      sandboxId: rows[0]!.sandbox_id,
      organizationId: rows[0]!.organization_id,
      locationId: rows[0]!.location_id,
    };
    const deleted = (itemId: number) => ({
      item_id: itemId,
      name: 'Soup',
      location_id: scope.locationId!,
      deleted_at: '2026-03-14T18:40:00Z',
    });
    const feed = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from control.installation_events where installation_id = ${Number(box.installationId)}`.execute(
          t.db,
        )
      ).rows[0]!.n;
    const before = await feed();
    let commitFirst: () => void = () => {};
    const held = new Promise<void>((resolve) => (commitFirst = resolve));
    // The first event's transaction starts first (its occurred_at is earlier) and commits last.
    const first = t.db.transaction().execute(async (trx) => {
      await t.events.emit(trx, scope, 'menu.item_deleted', deleted(101));
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.db
      .transaction()
      .execute((trx) => t.events.emit(trx, scope, 'menu.item_deleted', deleted(102)));
    await waitUntil(
      async () => (await feed()) === before + 1,
      10_000,
      'the second event in the feed',
    );
    commitFirst();
    await first;
    await waitUntil(async () => (await feed()) === before + 2, 10_000, 'both events in the feed');

    const stream = await openStream(writeKey, { s: box.sandboxId, a: after });
    try {
      await waitUntil(
        () => events(stream).length >= 2,
        10_000,
        `two events streamed (${JSON.stringify(stream.payloads)})`,
      );
      const sequences = events(stream).map((e) => e.sequence);
      expect(sequences).toEqual([sequences[0], sequences[0] + 1]);
    } finally {
      stream.close();
    }
  }, 30_000);

  it('when only a read-scoped key listens, then a delivery the destination guard refuses stays failed (the stream still carries it)', async () => {
    const plugin = await createProjectAndPlugin(t.app, token);
    const other = await provisionPortalSandbox(
      t.app,
      token,
      plugin.pluginId,
      'Guarded endpoint sandbox',
    );
    // An endpoint on a loopback address: the destination guard refuses it (private addresses are not allowed here).
    await t.db
      .updateTable('control.plugins')
      .set({ webhook_endpoint: 'https://127.0.0.1:9/hook' })
      .where('plugin_id', '=', Number(plugin.pluginId))
      .execute();
    const cursor = await streamCursor({ baseUrl, apiKey: readKey }, other.sandboxId);
    const stream = await openStream(readKey, { s: other.sandboxId, a: cursor });
    try {
      expect(
        (
          await call(t.app, 'patch', '/menu/7', {
            key: other.installationKey,
            body: { price: '9.50' },
          })
        ).status,
      ).toBe(200);
      await waitUntil(
        () => events(stream).some((e) => e.event === 'menu.item_updated'),
        30_000,
        'the delivery on the stream',
      );
      // The first attempt: refused by the guard and recorded so, not handed to the read-only listener.
      const attempt = async () =>
        (
          await sql<{
            status: string;
            remote_address: string | null;
            refusal_reason: string | null;
          }>`
          select a.status, a.remote_address, a.refusal_reason from control.webhook_delivery_attempts a join control.webhook_logs l on l.log_id = a.log_id
           where l.installation_id = ${Number(other.installationId)} and l.event_type = 'menu.item_updated' and a.attempt = 1`.execute(
            t.db,
          )
        ).rows[0];
      await waitUntil(
        async () => (await attempt()) !== undefined,
        20_000,
        'the first attempt recorded',
      );
      expect(await attempt()).toMatchObject({
        status: 'failed',
        refusal_reason: expect.any(String),
      });
    } finally {
      stream.close();
    }
  }, 60_000);
});
