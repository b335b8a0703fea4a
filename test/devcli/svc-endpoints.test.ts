import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  signUpDeveloper,
} from '../support/portal-builders.js';

// svc endpoints list|create|update|delete: the svc CLI as a real child process against the
// service behind a real port, with a developer key (which may manage sandbox-only endpoints).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SVC = path.join(ROOT, 'bin/svc.mjs');

let t: TestContext;
let server: http.Server;
let env: NodeJS.ProcessEnv;
let pluginId: string;

beforeAll(async () => {
  t = await createTestContext({});
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dev = await signUpDeveloper(t.app);
  ({ pluginId } = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: 'https://primary.example.com/hooks',
  }));
  const { key } = await createDeveloperKey(t.app, dev.token);
  env = {
    ...process.env,
    SVC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    SVC_API_KEY: key,
    XDG_CONFIG_HOME: '/nonexistent-svc-config',
    NODE_OPTIONS: '',
  };
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
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

const row = (id: string) =>
  t.db
    .selectFrom('control.webhook_endpoints')
    .selectAll()
    .where('webhook_endpoint_id', '=', Number(id))
    .executeTakeFirst();

describe('svc endpoints', () => {
  let id: string;

  it('when an endpoint is created with every flag, then it is saved as given and the secret is printed once, said to be shown once', async () => {
    const made = await svc([
      'endpoints',
      'create',
      '--plugin',
      pluginId,
      '--url',
      'https://big-tables.example.com/hooks',
      '--description',
      'Large parties',
      '--events',
      'order.created,order.paid',
      '--locations',
      '3,4',
      '--filter',
      '{"data.party_size":{"gte":4}}',
      '--ordering',
      'order',
      '--rate-limit',
      '5',
      '--api-version',
      '2026-11-21',
      '--planes',
      'sandbox',
    ]);
    expect({ code: made.code, stderr: made.stderr }).toEqual({ code: 0, stderr: '' });
    const secret = /\b([0-9a-f]{64})\b/.exec(made.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(made.stdout.split(secret!).length).toBe(2);
    expect(made.stdout).toMatch(/shown once/i);
    expect(made.stdout).toContain('whsec_');
    id = /endpoint (\d+)/.exec(made.stdout)![1]!;
    expect(await row(id)).toMatchObject({
      url: 'https://big-tables.example.com/hooks',
      description: 'Large parties',
      events: ['order.created', 'order.paid'],
      location_ids: [3, 4],
      filter: { 'data.party_size': { gte: 4 } },
      ordering: 'order',
      rate_limit_per_second: 5,
      api_version: '2026-11-21',
      planes: ['sandbox'],
    });
  }, 60_000);

  it('when the endpoints are listed, then the primary one comes first, then the new one with its status; --json has every field', async () => {
    const listed = await svc(['endpoints', 'list', '--plugin', pluginId]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^primary\s+ENABLED\s+.*https:\/\/primary\.example\.com\/hooks/);
    expect(lines[1]).toMatch(
      new RegExp(`^${id}\\s+ENABLED\\s+SANDBOX\\s+https://big-tables\\.example\\.com/hooks`),
    );
    expect(lines[1]).toContain('Large parties');
    const json = await svc(['endpoints', 'list', '--plugin', pluginId, '--json']);
    const all = JSON.parse(json.stdout);
    expect(all.map((e: { id: string }) => e.id)).toEqual(['primary', id]);
    expect(all[1]).toMatchObject({
      filter: { 'data.party_size': { gte: 4 } },
      ordering: 'ORDER',
      rateLimitPerSecond: 5,
      locationIds: ['3', '4'],
    });
  }, 60_000);

  it('when an endpoint is updated, then only the given fields change; null clears the filter and the rate limit', async () => {
    const updated = await svc([
      'endpoints',
      'update',
      id,
      '--description',
      'Big tables',
      '--filter',
      'null',
      '--rate-limit',
      'null',
      '--json',
    ]);
    expect({ code: updated.code, stderr: updated.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(updated.stdout)).toMatchObject({ id, description: 'Big tables' });
    expect(await row(id)).toMatchObject({
      url: 'https://big-tables.example.com/hooks',
      description: 'Big tables',
      filter: null,
      rate_limit_per_second: null,
      events: ['order.created', 'order.paid'],
    });
  }, 60_000);

  it('when the portal refuses, then the error line is svc: <code>: <message> naming the field', async () => {
    const badFilter = await svc([
      'endpoints',
      'create',
      '--plugin',
      pluginId,
      '--url',
      'https://a.example.com/h',
      '--events',
      'order.created',
      '--filter',
      '{"data.nope":{"eq":1}}',
    ]);
    expect(badFilter.code).toBe(1);
    expect(badFilter.stderr).toMatch(/^svc: validation_error: .*filter\.data\.nope: /);
    const production = await svc([
      'endpoints',
      'create',
      '--plugin',
      pluginId,
      '--url',
      'https://a.example.com/h',
      '--planes',
      'sandbox,production',
    ]);
    expect(production.stderr).toMatch(/^svc: portal_session_required: /);
    const primary = await svc(['endpoints', 'update', 'primary', '--url', 'https://b.example.com']);
    expect(primary.stderr).toMatch(/^svc: validation_error: /);
    const notJson = await svc(['endpoints', 'update', id, '--filter', '{nope']);
    expect(notJson).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^svc: --filter is not JSON/),
    });
    const badOrdering = await svc(['endpoints', 'update', id, '--ordering', 'fifo']);
    expect(badOrdering.stderr).toMatch(/^svc: --ordering is none or order/);
  }, 60_000);

  it('when an endpoint is deleted, then it is gone from the list; --help names every flag', async () => {
    const deleted = await svc(['endpoints', 'delete', id]);
    expect({ code: deleted.code, stdout: deleted.stdout }).toEqual({
      code: 0,
      stdout: expect.stringContaining(`Deleted endpoint ${id}`),
    });
    expect(await row(id)).toBeUndefined();
    const listed = await svc(['endpoints', 'list', '--plugin', pluginId, '--json']);
    expect(JSON.parse(listed.stdout).map((e: { id: string }) => e.id)).toEqual(['primary']);
    const help = await svc(['endpoints', '--help']);
    for (const flag of [
      '--url',
      '--description',
      '--events',
      '--locations',
      '--filter',
      '--ordering',
      '--rate-limit',
      '--api-version',
      '--planes',
    ])
      expect(help.stdout).toContain(flag);
    expect((await svc(['--help'])).stdout).toMatch(/endpoints list\|create\|update\|delete/);
  }, 60_000);
});
