import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decrypt } from '../../src/lib/secrets.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  signUpDeveloper,
} from '../support/portal-builders.js';
import { SVC } from '../support/hostile-platform.js';

// svc mcp's list_endpoints and create_endpoint: the service behind a real port, `svc mcp` as a
// child process, the MCP SDK's Client over stdio. create_endpoint makes sandbox-only endpoints
// (svc mcp never writes to production) and keeps the secret out of the transcript: in a file.

let t: TestContext;
let server: http.Server;
let client: Client;
let pluginId: string;
let otherPluginId: string;
const configHome = mkdtempSync(path.join(os.tmpdir(), 'svc-mcp-endpoints-'));

async function call(name: string, args: Record<string, unknown>): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text: string }[];
  };
  const value = JSON.parse(result.content[0]!.text);
  return result.isError ? { isError: true, ...value, text: result.content[0]!.text } : value;
}

beforeAll(async () => {
  t = await createTestContext({});
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dev = await signUpDeveloper(t.app);
  ({ pluginId } = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: 'https://primary.example.com/hooks',
  }));
  const other = await signUpDeveloper(t.app);
  ({ pluginId: otherPluginId } = await createProjectAndPlugin(t.app, other.token));
  const { key } = await createDeveloperKey(t.app, dev.token);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SVC, 'mcp'],
    env: {
      ...(process.env as Record<string, string>),
      SVC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      SVC_API_KEY: key,
      SVC_INSTALLATION_KEY: '',
      SVC_WEBHOOK_SECRET: '',
      XDG_CONFIG_HOME: configHome,
      NODE_OPTIONS: '',
    },
    stderr: 'pipe',
  });
  client = new Client({ name: 'svc-mcp-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('svc mcp: webhook endpoints', () => {
  it('when the tools are listed, then list_endpoints reads and create_endpoint writes, with their input schemas', async () => {
    const { tools } = await client.listTools();
    const list = tools.find((tool) => tool.name === 'list_endpoints')!;
    const create = tools.find((tool) => tool.name === 'create_endpoint')!;
    expect(list.annotations?.readOnlyHint).toBe(true);
    expect(list.inputSchema.required).toEqual(['pluginId']);
    expect(create.annotations?.readOnlyHint).toBe(false);
    expect([...(create.inputSchema.required ?? [])].sort()).toEqual(['pluginId', 'url']);
    expect(Object.keys(create.inputSchema.properties ?? {}).sort()).toEqual(
      [
        'pluginId',
        'url',
        'description',
        'events',
        'locationIds',
        'filter',
        'ordering',
        'rateLimitPerSecond',
        'apiVersion',
      ].sort(),
    );
    expect(create.description).toMatch(/sandbox/i);
    expect(create.description).toMatch(/secret_file|file/);
  });

  it('when create_endpoint makes an endpoint, then it receives sandbox traffic only, its secret is in a 0600 file and not in the answer, and list_endpoints shows it after the primary one', async () => {
    const made = await call('create_endpoint', {
      pluginId,
      url: 'https://big-tables.example.com/hooks',
      description: 'Large parties',
      events: ['order.created'],
      filter: { 'data.party_size': { gte: 4 } },
      ordering: 'ORDER',
    });
    expect(made.isError).toBeUndefined();
    expect(made.endpoint).toMatchObject({
      url: 'https://big-tables.example.com/hooks',
      planes: ['SANDBOX'],
      filter: { 'data.party_size': { gte: 4 } },
      ordering: 'ORDER',
      status: 'ENABLED',
    });
    const file = made.secretFile as string;
    expect(file.startsWith(configHome)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, 'utf8').trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(made)).not.toContain(secret);
    const row = await t.db
      .selectFrom('control.webhook_endpoints')
      .select('secret_enc')
      .where('webhook_endpoint_id', '=', Number(made.endpoint.id))
      .executeTakeFirstOrThrow();
    expect(decrypt(t.config.encryptionKey, row.secret_enc)).toBe(secret);

    const listed = await call('list_endpoints', { pluginId });
    expect(listed.map((e: any) => [e.id, e.primary, e.url])).toEqual([
      ['primary', true, 'https://primary.example.com/hooks'],
      [made.endpoint.id, false, 'https://big-tables.example.com/hooks'],
    ]);
  });

  it("when the filter names a path no selected event has, then validation_error names it; another developer's plugin is not_found", async () => {
    const bad = await call('create_endpoint', {
      pluginId,
      url: 'https://a.example.com/h',
      events: ['order.created'],
      filter: { 'data.nope': { eq: 1 } },
    });
    expect(bad).toMatchObject({ isError: true, error: 'validation_error' });
    expect(bad.message).toContain('filter.data.nope');
    expect(await call('list_endpoints', { pluginId: otherPluginId })).toMatchObject({
      isError: true,
      error: 'not_found',
    });
    expect(
      await call('create_endpoint', { pluginId: otherPluginId, url: 'https://a.example.com/h' }),
    ).toMatchObject({ isError: true, error: 'not_found' });
  });
});
