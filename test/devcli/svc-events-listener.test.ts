import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';
import { waitUntil } from '../support/webhook-receiver.js';

// Issue 31, item 3: with svc listen forwarding a sandbox whose plugin has no endpoint, svc events
// resend and svc events replay reach the local receiver, and a local non-2xx counts as a failure.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SVC = path.join(ROOT, 'bin/svc.mjs');

interface Received {
  event: string;
  eventId: string;
  deliveryId: string;
}

let t: TestContext;
let server: http.Server;
let receiver: http.Server;
let env: NodeJS.ProcessEnv;
let token: string;
let box: PortalSandbox;
let failing = true;
const received: Received[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  t = await createTestContext({ SVC_WEBHOOK_ALLOW_PRIVATE: '0' }, { jobs: { workers: true } });
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      received.push({
        event: body.event,
        eventId: body.id,
        deliveryId: String(req.headers['x-svc-delivery']),
      });
      res.writeHead(failing ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dev = await signUpDeveloper(t.app);
  token = dev.token;
  const plugin = await createProjectAndPlugin(t.app, token); // no endpoint
  box = await provisionPortalSandbox(t.app, token, plugin.pluginId);
  const { key } = await createDeveloperKey(t.app, token);
  env = {
    ...process.env,
    SVC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    SVC_API_KEY: key,
    XDG_CONFIG_HOME: '/nonexistent-svc-config',
    NODE_OPTIONS: '',
  };
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

function svc(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SVC, ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** The sandbox installation's delivery log, read from the table (the portal's 60/minute budget is for the CLI). */
const logs = async () =>
  (
    await t.db
      .selectFrom('control.webhook_logs')
      .select(['log_id', 'event_id', 'status', 'listener_http_status'])
      .where('installation_id', '=', Number(box.installationId))
      .where('direction', '=', 'outbound')
      .orderBy('log_id')
      .execute()
  ).map((l) => ({
    id: String(l.log_id),
    eventId: l.event_id,
    status: l.status,
    listenerHttpStatus: l.listener_http_status,
  }));

describe('svc events with svc listen running', () => {
  it('when the local receiver answered 500, then the deliveries are failed, resend reaches the receiver, and replay re-sends exactly the failed ones', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const child = spawn(
      process.execPath,
      [
        SVC,
        'listen',
        '--sandbox',
        box.sandboxId,
        '--forward-to',
        `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        '--json',
      ],
      { cwd: ROOT, env },
    );
    children.push(child);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    await waitUntil(() => out.includes('"ready"'), 20_000, 'svc listen ready');

    // Two events the local receiver fails, then one it takes (a new plugin: money as decimal strings).
    for (const price of ['6.10', '6.20'])
      expect(
        (await call(t.app, 'patch', '/menu/7', { key: box.installationKey, body: { price } }))
          .status,
      ).toBe(200);
    await waitUntil(
      async () =>
        (await logs()).filter((l) => l.status === 'failed' && l.listenerHttpStatus === 500)
          .length === 2,
      30_000,
      'two failed deliveries',
    );
    failing = false;
    expect(
      (await call(t.app, 'patch', '/menu/7', { key: box.installationKey, body: { price: '6.30' } }))
        .status,
    ).toBe(200);
    await waitUntil(
      async () =>
        (await logs()).some((l) => l.status === 'delivered' && l.listenerHttpStatus === 200),
      30_000,
      'one delivered',
    );
    const before = await logs();
    const failedEvents = before
      .filter((l) => l.status === 'failed')
      .map((l) => l.eventId)
      .sort();
    const delivered = before.find((l) => l.status === 'delivered')!;

    // resend: the same event arrives again, as a new delivery.
    received.length = 0;
    const resent = await svc(['events', 'resend', delivered.id, '--json']);
    expect(resent.code).toBe(0);
    await waitUntil(
      () => received.some((r) => r.eventId === delivered.eventId),
      30_000,
      `the resent delivery at the receiver (${out})`,
    );

    // replay --since: exactly the two the receiver failed.
    received.length = 0;
    const replay = await svc([
      'events',
      'replay',
      '--sandbox',
      box.sandboxId,
      '--since',
      since,
      '--json',
    ]);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject({ total: 2 });
    await waitUntil(() => received.length >= 2, 30_000, 'the replayed deliveries at the receiver');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.map((r) => r.eventId).sort()).toEqual(failedEvents);
  }, 120_000);
});
