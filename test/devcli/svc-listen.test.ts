import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { WebhookStreamDocument } from '../../src/generated/devcli.generated.js';
import { subscribe } from '../../src/devcli/client.js';
import { streamCursor } from '../../src/devcli/listen.js';
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

// The developer loop end to end: the service (without SVC_WEBHOOK_ALLOW_PRIVATE and without any
// CA) behind a real port, the svc CLI as a real child process, and a plain local HTTP receiver
// on 127.0.0.1: a plugin with no public endpoint sees its sandbox's webhooks on the laptop.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SVC = path.join(ROOT, 'bin/svc.mjs');

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let t: TestContext;
let server: http.Server;
let port: number;
let env: NodeJS.ProcessEnv;
let box: PortalSandbox;
let webhookSecret: string;
let token: string;
let triggerKey: string;
let pluginId: string;
const received: Received[] = [];
let receiver: http.Server;
let receiverPort: number;
const children: ChildProcessWithoutNullStreams[] = [];

async function serve(): Promise<void> {
  server = http.createServer(await t.newApp());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

beforeAll(async () => {
  t = await createTestContext(
    { SVC_WEBHOOK_ALLOW_PRIVATE: '0', SVC_SCENARIO_SPEED: '600' },
    { jobs: { workers: true } },
  );
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;

  const dev = await signUpDeveloper(t.app);
  token = dev.token;
  const plugin = await createProjectAndPlugin(t.app, dev.token); // no webhook endpoint at all
  pluginId = plugin.pluginId;
  box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
  // svc listen prints the secret it was given: the sandbox's, which is what signs its deliveries.
  webhookSecret = box.webhookSecret;
  // Two keys, as a developer might use in two terminals: each has its own 60/minute budget.
  const { key } = await createDeveloperKey(t.app, dev.token);
  triggerKey = (await createDeveloperKey(t.app, dev.token)).key;
  env = {
    ...process.env,
    SVC_BASE_URL: `http://127.0.0.1:${port}`,
    SVC_API_KEY: key,
    XDG_CONFIG_HOME: '/nonexistent-svc-config',
    NODE_OPTIONS: '',
  };
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

/** Runs one svc command to its end. */
function svc(
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [SVC, ...args], {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Starts `svc listen` and returns its JSON lines as they come. */
function listen(args: string[]): { lines: any[]; stderr: () => string } {
  const child = spawn(process.execPath, [SVC, 'listen', ...args, '--json'], {
    cwd: ROOT,
    env: { ...env, SVC_WEBHOOK_SECRET: webhookSecret },
  });
  children.push(child);
  const lines: any[] = [];
  let buffer = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffer.slice(0, nl)));
      buffer = buffer.slice(nl + 1);
    }
  });
  child.stderr.on('data', (c) => (stderr += c));
  return { lines, stderr: () => stderr };
}

const forwardedOf = (event: string) => received.filter((r) => r.headers['x-svc-event'] === event);

let simulateBucketName: string | undefined;
/** The simulate bucket of the address svc calls from (the trigger of the first test made it). */
async function simulateBucket(): Promise<string> {
  simulateBucketName ??= (
    await t.db
      .selectFrom('control.rate_limits')
      .select('bucket')
      .where('bucket', 'like', 'simulate:%')
      .executeTakeFirstOrThrow()
  ).bucket;
  return simulateBucketName;
}

const freshSimulateBudget = async () =>
  void (await t.db
    .deleteFrom('control.rate_limits')
    .where('bucket', '=', await simulateBucket())
    .execute());

describe('svc listen and svc trigger', () => {
  it('when a plugin has no endpoint, then listen forwards a triggered order.created, signed with the plugin secret, and the log shows the local answer', async () => {
    const listener = listen([
      '--sandbox',
      box.sandboxId,
      '--forward-to',
      `http://127.0.0.1:${receiverPort}/hook`,
    ]);
    await waitUntil(
      () => listener.lines.some((l) => l.ready),
      20_000,
      `svc listen ready (${listener.stderr()})`,
    );
    expect(listener.lines[0]).toEqual({ ready: true, secret: webhookSecret });

    const trigger = await svc(['trigger', 'order.created', '--sandbox', box.sandboxId], {
      SVC_API_KEY: triggerKey,
    });
    expect({ code: trigger.code, stderr: trigger.stderr }).toEqual({ code: 0, stderr: '' });
    await waitUntil(
      () => forwardedOf('order.created').length === 1,
      20_000,
      `forwarded order.created (${listener.stderr()})`,
    );
    const [req] = forwardedOf('order.created');
    expect(req!.headers['x-svc-signature']).toBe(
      createHmac('sha256', webhookSecret).update(req!.body).digest('hex'),
    );
    const body = JSON.parse(req!.body.toString('utf8'));
    expect(body).toMatchObject({
      event: 'order.created',
      installation_id: Number(box.installationId),
      sequence: expect.any(Number),
    });

    await waitUntil(
      () => listener.lines.some((l) => l.event === 'order.created' && l.status === 202),
      10_000,
      'the listen line',
    );
    const line = listener.lines.find((l) => l.event === 'order.created');
    expect(line).toMatchObject({
      deliveryId: req!.headers['x-svc-delivery'],
      status: 202,
      ms: expect.any(Number),
    });
    const logs = async () =>
      (
        await gqlData(
          t.app,
          token,
          'query($i: ID!) { webhookLogs(installationId: $i, first: 5) { nodes { id eventType status listenerHttpStatus listenerDurationMs } } }',
          { i: box.installationId },
        )
      ).webhookLogs.nodes as any[];
    await waitUntil(
      async () =>
        (await logs()).some((l) => l.eventType === 'order.created' && l.listenerHttpStatus === 202),
      10_000,
      'the reported local status',
    );
    expect((await logs()).find((l) => l.eventType === 'order.created')).toMatchObject({
      status: 'delivered',
      listenerHttpStatus: 202,
      listenerDurationMs: expect.any(Number),
    });
  }, 60_000);

  it('when an event is emitted after the cursor was asked for and before the stream opened, then the stream delivers it (the cursor announces the listener)', async () => {
    // A sandbox of its own: no listener of the other tests keeps it addressed.
    const other = await provisionPortalSandbox(t.app, token, pluginId, 'Cursor race sandbox');
    const credentials = { baseUrl: `http://127.0.0.1:${port}`, apiKey: triggerKey };
    const cursor = await streamCursor(credentials, other.sandboxId);
    const trigger = await svc(['trigger', 'order.created', '--sandbox', other.sandboxId], {
      SVC_API_KEY: triggerKey,
    });
    expect({ code: trigger.code, stderr: trigger.stderr }).toEqual({ code: 0, stderr: '' });
    const abort = new AbortController();
    const first = await Promise.race([
      (async () => {
        for await (const data of subscribe(
          credentials,
          WebhookStreamDocument,
          { s: other.sandboxId, a: cursor },
          abort.signal,
        ))
          return data.webhookStream;
        return null;
      })(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000)),
    ]);
    abort.abort();
    expect(first).toMatchObject({
      event: 'order.created',
      installationId: String(other.installationId),
    });
  });

  it('when the server restarts mid-run, then listen reconnects and forwards the events emitted while it was away, each once', async () => {
    const before = received.length;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    // While the server is down, the plugin changes two prices (through the same app's Data API).
    for (const price of ['7.25', '7.50']) {
      const res = await call(t.app, 'patch', '/menu/7', {
        key: box.installationKey,
        body: { price },
      });
      expect(res.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await serve();
    await waitUntil(
      () => received.length - before >= 2,
      30_000,
      'the two orders forwarded after the reconnect',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = received.slice(before);
    expect(after.map((r) => r.headers['x-svc-event'])).toEqual([
      'menu.item_updated',
      'menu.item_updated',
    ]);
    expect(new Set(after.map((r) => r.headers['x-svc-delivery'])).size).toBe(2);
    const sequences = after.map((r) => JSON.parse(r.body.toString('utf8')).sequence);
    expect(sequences[1]).toBe(sequences[0] + 1);
  }, 60_000);

  it("when another developer's sandbox is named, then listen exits non-zero with not_found on one line", async () => {
    const other = await signUpDeveloper(t.app);
    const { key } = await createDeveloperKey(t.app, other.token);
    const result = await svc(
      ['listen', '--sandbox', box.sandboxId, '--forward-to', 'http://127.0.0.1:1/x'],
      { SVC_API_KEY: key },
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^svc: not_found: Sandbox not found/);
    // Refused before it claims to be ready.
    expect(result.stdout).toBe('');
    // The stream itself refuses too, before it opens.
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({
        query: 'subscription($s: ID!) { webhookStream(sandboxId: $s) { logId } }',
        variables: { s: box.sandboxId },
      }),
    });
    expect(await res.text()).toMatch(/not_found/);
  }, 30_000);

  it('when no secret is given, then Ready says where the webhook secret is shown', async () => {
    const child = spawn(
      process.execPath,
      [SVC, 'listen', '--sandbox', box.sandboxId, '--forward-to', 'http://127.0.0.1:1/x'],
      { cwd: ROOT, env },
    );
    children.push(child);
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    await waitUntil(() => stdout.includes('\n'), 20_000, 'the Ready line');
    child.kill('SIGKILL');
    expect(stdout).toMatch(
      /^Ready\. Deliveries are signed with your plugin's sandbox webhook secret, shown by provisionSandbox/,
    );
  });

  it('when the address has spent its simulate budget, then trigger waits out Retry-After, says so on one line, and the event arrives', async () => {
    // The simulate* mutations allow 30 a minute per client address: this one's window is full and ends in 2 s.
    await t.db
      .updateTable('control.rate_limits')
      .set({ count: 30, window_start: sql<Date>`now() - interval '58 seconds'` })
      .where('bucket', '=', await simulateBucket())
      .execute();
    const before = forwardedOf('order.created').length;
    const trigger = await svc(['trigger', 'order.created', '--sandbox', box.sandboxId], {
      SVC_API_KEY: triggerKey,
    });
    expect({ code: trigger.code, stderr: trigger.stderr }).toEqual({
      code: 0,
      stderr: expect.stringMatching(/^svc: rate limited by the platform; retrying in [12] s\n$/),
    });
    await waitUntil(
      () => forwardedOf('order.created').length === before + 1,
      20_000,
      'the order.created sent after the wait',
    );
  });

  it('when each of the 20 events is triggered, then each arrives at the local receiver (plugin-caused ones with --key)', async () => {
    const { sandbox } = await gqlData(
      t.app,
      token,
      'query($s: ID!) { sandbox(id: $s) { pluginId } }',
      { s: box.sandboxId },
    );
    // A key of its own (a third terminal): the loop's ~35 portal calls stay clear of the others' 60 a minute.
    const { key: loopKey } = await createDeveloperKey(t.app, token);
    const list = await svc(['trigger', '--list', '--json']);
    const events = list.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).event as string);
    expect(events).toHaveLength(20);
    for (const event of events) {
      // The loop's 32 simulate* mutations are over the address's 30 a minute: each event starts on a
      // fresh bucket rather than svc waiting out the window (that wait is the test above's subject).
      await freshSimulateBudget();
      // installation.created needs a free plugin; trials and subscriptions a paid one with a trial.
      if (event === 'trial.started') {
        await gqlData(
          t.app,
          token,
          'mutation($id: ID!) { updatePlugin(id: $id, input: { pricing: { model: paid, price: "19.00" }, trialDays: 14 }) { id } }',
          { id: sandbox.pluginId },
        );
        const refused = await svc(['trigger', 'installation.created', '--sandbox', box.sandboxId], {
          SVC_API_KEY: loopKey,
        });
        expect({ code: refused.code, stderr: refused.stderr }).toEqual({
          code: 1,
          stderr: expect.stringMatching(
            /^svc: installation.created fires when a free plugin is installed/,
          ),
        });
      }
      const result = await svc(
        ['trigger', event, '--sandbox', box.sandboxId, '--key', box.installationKey],
        { SVC_API_KEY: loopKey },
      );
      expect({ event, code: result.code, stderr: result.stderr }).toEqual({
        event,
        code: 0,
        stderr: '',
      });
      await waitUntil(() => forwardedOf(event).length > 0, 20_000, `${event} forwarded`);
    }
    expect(new Set(received.map((r) => r.headers['x-svc-event']))).toEqual(new Set(events));
  }, 240_000);
});

describe('svc login and svc events', () => {
  it('when logging in, then the URL and key are checked and stored mode 0600, and later commands use them', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'svc-home-'));
    try {
      const bad = await svc(
        ['login', '--base-url', `http://127.0.0.1:${port}`, '--api-key', 'svc_dev_nope'],
        { XDG_CONFIG_HOME: home, SVC_API_KEY: '', SVC_BASE_URL: '' },
      );
      expect(bad.code).toBe(1);
      expect(existsSync(path.join(home, 'svc/config.json'))).toBe(false);
      const ok = await svc(
        ['login', '--base-url', `http://127.0.0.1:${port}/`, '--api-key', triggerKey, '--json'],
        { XDG_CONFIG_HOME: home, SVC_API_KEY: '', SVC_BASE_URL: '' },
      );
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({
        baseUrl: `http://127.0.0.1:${port}`,
        email: expect.stringContaining('@'),
      });
      const file = path.join(home, 'svc/config.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const listed = await svc(['events', 'list', '--sandbox', box.sandboxId, '--json'], {
        XDG_CONFIG_HOME: home,
        SVC_API_KEY: '',
        SVC_BASE_URL: '',
      });
      expect(listed.code).toBe(0);
      const logs = JSON.parse(listed.stdout) as {
        id: string;
        eventType: string;
        direction: string;
      }[];
      expect(logs.length).toBeGreaterThan(0);
      const delivery = logs.find((l) => l.direction === 'outbound')!;
      const resent = await svc(['events', 'resend', delivery.id, '--json'], {
        XDG_CONFIG_HOME: home,
        SVC_API_KEY: '',
        SVC_BASE_URL: '',
      });
      expect(resent.code).toBe(0);
      expect(JSON.parse(resent.stdout)).toMatchObject({
        original: delivery.id,
        logId: expect.any(String),
      });
      const replay = await svc(
        [
          'events',
          'replay',
          '--sandbox',
          box.sandboxId,
          '--since',
          new Date(Date.now() - 3_600_000).toISOString(),
          '--json',
        ],
        {
          XDG_CONFIG_HOME: home,
          SVC_API_KEY: '',
          SVC_BASE_URL: '',
        },
      );
      expect(replay.code).toBe(0);
      expect(JSON.parse(replay.stdout)).toMatchObject({
        id: expect.any(String),
        total: expect.any(Number),
      });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('svc basics', () => {
  it('when a scenario, the clock and faults are driven from the command line, then each runs through the portal and reports', async () => {
    const as = { SVC_API_KEY: triggerKey };
    const faults = await svc(
      [
        'faults',
        'set',
        '--sandbox',
        box.sandboxId,
        '--duplicate-rate',
        '0.5',
        '--fail-first-attempt',
        '--json',
      ],
      as,
    );
    expect(faults.code).toBe(0);
    expect(JSON.parse(faults.stdout).deliveryFaults).toEqual({
      duplicateRate: 0.5,
      reorderWindowSeconds: 0,
      failFirstAttempt: true,
    });
    const off = await svc(['faults', 'set', '--sandbox', box.sandboxId, '--json'], as);
    expect(JSON.parse(off.stdout).deliveryFaults).toEqual({
      duplicateRate: 0,
      reorderWindowSeconds: 0,
      failFirstAttempt: false,
    });

    const clock = await svc(['clock', 'advance', '--sandbox', box.sandboxId, '--days', '2'], as);
    expect(clock.code).toBe(0);
    expect(clock.stdout).toMatch(new RegExp(`^sandbox ${box.sandboxId}: clock 2 days ahead`));
    const badClock = await svc(
      ['clock', 'advance', '--sandbox', box.sandboxId, '--days', '99'],
      as,
    );
    expect(badClock.code).toBe(1);
    expect(badClock.stderr).toMatch(/days/);

    const run = await svc(
      [
        'scenario',
        'run',
        'item_86',
        '--sandbox',
        box.sandboxId,
        '--minutes',
        '1',
        '--wait',
        '--json',
      ],
      as,
    );
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ kind: 'ITEM_86', status: 'running' });
    expect(lines.at(-1)).toMatchObject({ kind: 'ITEM_86', status: 'completed', error: null });
    expect(lines.at(-1).eventsEmitted).toBeGreaterThanOrEqual(3);
    const status = await svc(['scenario', 'status', lines[0].id], as);
    expect(status.stdout).toMatch(
      new RegExp(`^scenario run ${lines[0].id} \\(ITEM_86\\): completed`),
    );
  }, 60_000);

  it('when asked for help or given nonsense, then --help exits 0 and errors exit non-zero with one line', async () => {
    for (const command of [
      'listen',
      'trigger',
      'events',
      'logs',
      'login',
      'scenario',
      'clock',
      'faults',
    ]) {
      const help = await svc([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^usage: svc/);
    }
    const unknown = await svc(['trigger', 'order.bogus', '--sandbox', '1']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'svc: unknown event order.bogus: svc trigger --list shows the 20\n',
    );
    const loggedOut = await svc(['listen', '--sandbox', '1', '--forward-to', 'http://x'], {
      SVC_API_KEY: '',
      SVC_BASE_URL: '',
    });
    expect(loggedOut.stderr).toMatch(/^svc: not logged in/);
  }, 60_000);
});
