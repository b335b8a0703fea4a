import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateInstallationKey, hashKey } from '../../src/lib/secrets.js';
import { createOrganization } from '../support/builders.js';
import { createDeveloperKey, createProjectAndPlugin, gqlData, provisionPortalSandbox, signUpDeveloper, type PortalDeveloper, type PortalSandbox } from '../support/portal-builders.js';
import { webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil } from '../support/webhook-receiver.js';

// svc mcp end to end: the service behind a real port with webhook workers and a real HTTPS
// receiver, `svc mcp` as a child process, and the MCP SDK's own Client talking to it over stdio.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SVC = path.join(ROOT, 'bin/svc.mjs');

const world = webhookWorld();
let server: http.Server;
let client: Client;
let box: PortalSandbox;
let webhookSecret: string;
let dev: PortalDeveloper;
let pluginId: string;
let stderr = '';

const TOOLS: Record<string, { fields: string[]; required: string[]; readOnly: boolean }> = {
  search_docs: { fields: ['query'], required: ['query'], readOnly: true },
  get_operation: { fields: ['operationId'], required: ['operationId'], readOnly: true },
  get_event: { fields: ['event'], required: ['event'], readOnly: true },
  list_sandboxes: { fields: [], required: [], readOnly: true },
  call_data_api: { fields: ['sandboxId', 'method', 'path', 'body', 'headers'], required: ['sandboxId', 'method', 'path'], readOnly: false },
  trigger_event: { fields: ['sandboxId', 'event'], required: ['sandboxId', 'event'], readOnly: false },
  list_deliveries: { fields: ['sandboxId', 'status', 'event', 'first'], required: ['sandboxId'], readOnly: true },
  get_delivery: { fields: ['logId'], required: ['logId'], readOnly: true },
  redeliver: { fields: ['logId'], required: ['logId'], readOnly: false },
  list_api_requests: { fields: ['sandboxId', 'status', 'operationId'], required: ['sandboxId'], readOnly: true },
  get_api_request: { fields: ['requestId'], required: ['requestId'], readOnly: true },
  verify_signature: { fields: ['secret', 'body', 'signature', 'headers'], required: ['secret', 'body'], readOnly: true },
};

/** Calls a tool; its JSON answer, or `{ isError, error }` for a tool error. */
async function call(name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  const value = JSON.parse(result.content[0]!.text);
  return result.isError ? { isError: true, ...value } : value;
}

beforeAll(async () => {
  server = http.createServer(world.t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dev = await signUpDeveloper(world.t.app);
  const plugin = await createProjectAndPlugin(world.t.app, dev.token, { webhookEndpoint: world.receiver.url('/hooks'), supportedFeatures: ['orders:create'] });
  pluginId = plugin.pluginId;
  box = await provisionPortalSandbox(world.t.app, dev.token, plugin.pluginId);
  webhookSecret = box.webhookSecret;
  const { key } = await createDeveloperKey(world.t.app, dev.token);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SVC, 'mcp'],
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), SVC_BASE_URL: baseUrl, SVC_API_KEY: key, SVC_INSTALLATION_KEY: box.installationKey, XDG_CONFIG_HOME: '/nonexistent-svc-config', NODE_OPTIONS: '' },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  client = new Client({ name: 'svc-mcp-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('svc mcp', () => {
  it('when the tools are listed, then the twelve come with their input schemas, descriptions and read-only or write hints, and the three contracts are resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(TOOLS).sort());
    for (const tool of tools) {
      const want = TOOLS[tool.name]!;
      expect({ name: tool.name, fields: Object.keys(tool.inputSchema.properties ?? {}).sort(), required: [...(tool.inputSchema.required ?? [])].sort() }).toEqual({
        name: tool.name,
        fields: [...want.fields].sort(),
        required: [...want.required].sort(),
      });
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description!.length).toBeGreaterThan(80);
      expect({ name: tool.name, readOnly: tool.annotations?.readOnlyHint }).toEqual({ name: tool.name, readOnly: want.readOnly });
    }
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.name).sort()).toEqual(['asyncapi.yaml', 'openapi.yaml', 'schema.graphql']);
    const sdl = await client.readResource({ uri: resources.find((r) => r.name === 'schema.graphql')!.uri });
    expect((sdl.contents[0] as { text: string }).text).toMatch(/type WebhookLog \{[\s\S]*deliveryAttempts: \[WebhookAttempt!\]!/);
  });

  it('when get_operation asks for createOrder, then its request schema (refs resolved) has external_order_id, with its error codes and an example', async () => {
    const op = await call('get_operation', { operationId: 'createOrder' });
    expect(op).toMatchObject({ operationId: 'createOrder', method: 'POST', path: '/api/plugin/v1/orders', link: expect.stringMatching(/\/docs#operation\/createOrder$/) });
    expect(op.requestBody.schema.properties.external_order_id).toMatchObject({ type: 'string' });
    expect(op.requestBody.schema.required).toEqual(expect.arrayContaining(['order_type', 'items']));
    expect(op.errors).toEqual(expect.arrayContaining([expect.objectContaining({ status: 403, codes: expect.arrayContaining(['feature_not_enabled']) })]));
    expect(op.responses['201'].schema.properties.data).toBeDefined();
    expect(op.example.request.body).toMatchObject({ external_order_id: expect.any(String) });
    expect(await call('get_operation', { operationId: 'noSuchOperation' })).toMatchObject({ isError: true, error: 'not_found' });

    const search = await call('search_docs', { query: 'idempotency key' });
    expect(search.results.length).toBeGreaterThan(0);
    expect(search.results).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'section', name: 'Idempotency', link: expect.stringMatching(/\/docs#\/section\/idempotency$/) })]));
    expect(search.results.every((r: { link: string }) => r.link.startsWith('http'))).toBe(true);
    expect((await call('get_event', { event: 'order.created' })).payloadSchema.properties.data).toBeDefined();
  });

  it('when call_data_api creates an order in a sandbox, then it answers 201 with the order, and the key appears nowhere', async () => {
    const sandboxes = await call('list_sandboxes');
    expect(sandboxes).toEqual([expect.objectContaining({ id: box.sandboxId, installationId: box.installationId })]);
    const res = await client.callTool({
      name: 'call_data_api',
      arguments: { sandboxId: box.sandboxId, method: 'POST', path: '/orders', body: { external_order_id: 'mcp-1', order_type: 'takeaway', items: [{ item_id: 7, quantity: 1 }] } },
    });
    const text = (res.content as { text: string }[])[0]!.text;
    expect(text).not.toContain(box.installationKey);
    const answer = JSON.parse(text);
    expect(answer).toMatchObject({ status: 201, body: { data: { order_id: expect.any(Number) } } });
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));

    const outside = await call('call_data_api', { sandboxId: box.sandboxId, method: 'GET', path: '/../../graphql' });
    expect(outside).toMatchObject({ isError: true, error: 'validation_error' });
    // The request log shows it (entries are written in batches, within a second).
    let requests: any[] = [];
    await waitUntil(async () => (requests = (await call('list_api_requests', { sandboxId: box.sandboxId, operationId: 'createOrder' })).requests).length > 0, 10_000, 'the request log');
    expect(requests[0]).toMatchObject({ method: 'POST', status: 201, requestId: answer.headers['x-request-id'] });
    const one = await call('get_api_request', { requestId: answer.headers['x-request-id'] });
    expect(JSON.parse(one.requestBody)).toMatchObject({ external_order_id: 'mcp-1' });
  });

  it('when trigger_event produces order.created, then list_deliveries shows it, get_delivery its signed request and attempts, and verify_signature accepts it and names a trailing newline', async () => {
    const deliveries = async () => (await call('list_deliveries', { sandboxId: box.sandboxId, event: 'order.*', status: 'delivered' })).deliveries as any[];
    await waitUntil(async () => (await deliveries()).length === 1, 15_000, 'the delivery of the API-created order');
    expect(await call('trigger_event', { sandboxId: box.sandboxId, event: 'order.created' })).toMatchObject({ triggered: 'order.created' });
    await waitUntil(async () => (await deliveries()).length === 2, 15_000, 'the triggered delivery');
    const [newest] = await deliveries();
    expect(newest).toMatchObject({ eventType: 'order.created', status: 'delivered', httpStatus: 200, attempts: 1, sequence: expect.any(Number) });

    const delivery = await call('get_delivery', { logId: newest.logId });
    const headers = Object.fromEntries(delivery.request.headers.map((h: { name: string; value: string }) => [h.name, h.value]));
    expect(headers).toMatchObject({ 'X-Svc-Event': 'order.created', 'X-Svc-Signature': expect.stringMatching(/^[0-9a-f]{64}$/), 'webhook-signature': expect.stringMatching(/^v1,/) });
    const received = world.receiver.requests.find((r) => r.headers['x-svc-delivery'] === headers['X-Svc-Delivery']);
    expect(received?.body.toString('utf8')).toBe(delivery.request.body);
    expect(delivery.deliveryAttempts).toEqual([expect.objectContaining({ attempt: 1, status: 'delivered', httpStatus: 200 })]);

    const verified = await call('verify_signature', { secret: webhookSecret, body: delivery.request.body, headers: delivery.request.headers });
    expect(verified).toEqual({ verified: true, header: 'X-Svc-Signature', standardWebhooks: { header: 'webhook-signature', verified: true } });
    const newline = await call('verify_signature', { secret: webhookSecret, body: `${delivery.request.body}\n`, signature: headers['X-Svc-Signature'] });
    expect(newline).toMatchObject({ verified: false, cause: expect.stringMatching(/trailing newline/) });

    const again = await call('redeliver', { logId: newest.logId });
    expect(again).toMatchObject({ redeliveryOf: newest.logId, eventType: 'order.created' });
  }, 60_000);

  it("when another developer's delivery or sandbox is named, then it is not_found, like an unknown id, and the server keeps serving", async () => {
    const other = await signUpDeveloper(world.t.app);
    const plugin = await createProjectAndPlugin(world.t.app, other.token, { webhookEndpoint: world.receiver.url('/other') });
    const otherBox = await provisionPortalSandbox(world.t.app, other.token, plugin.pluginId);
    const { testWebhook } = await gqlData(world.t.app, other.token, 'mutation($i: ID!) { testWebhook(installationId: $i, event: "order.created") { logId } }', { i: otherBox.installationId });
    await waitUntil(() => world.receiver.requests.some((r) => r.path === '/other'), 10_000, 'the other developer\'s delivery');

    for (const [tool, args] of [
      ['get_delivery', { logId: testWebhook.logId }],
      ['redeliver', { logId: testWebhook.logId }],
      ['get_delivery', { logId: '99999999' }],
      ['list_deliveries', { sandboxId: otherBox.sandboxId }],
      ['call_data_api', { sandboxId: otherBox.sandboxId, method: 'GET', path: '/orders' }],
      ['trigger_event', { sandboxId: otherBox.sandboxId, event: 'order.created' }],
    ] as const) {
      expect({ tool, answer: await call(tool, args) }).toEqual({ tool, answer: { isError: true, error: 'not_found', message: expect.any(String) } });
    }
    expect(await call('list_sandboxes')).toHaveLength(1);
    expect(stderr).toBe('');
  }, 30_000);

  it("when a delivery of the developer's own production installation is named, then get_delivery reads it and redeliver refuses to write to production", async () => {
    // A restaurant's production installation of the developer's plugin (as the marketplace makes it).
    const org = await createOrganization(world.t.db);
    const { installation_id } = await world.t.db
      .insertInto('control.installations')
      .values({ plugin_id: Number(pluginId), plane: 'production', organization_id: org.organizationId, location_id: org.locationId, status: 'active', api_key_hash: hashKey(generateInstallationKey()) })
      .returning('installation_id')
      .executeTakeFirstOrThrow();
    const { testWebhook } = await gqlData(world.t.app, dev.token, 'mutation($i: ID!) { testWebhook(installationId: $i, event: "order.created") { logId } }', { i: installation_id });
    expect(await call('get_delivery', { logId: testWebhook.logId })).toMatchObject({ id: testWebhook.logId, installationId: String(installation_id) });
    expect(await call('redeliver', { logId: testWebhook.logId })).toEqual({ isError: true, error: 'forbidden', message: expect.stringMatching(/sandboxes only/) });
    const { webhookLogs } = await gqlData(world.t.app, dev.token, 'query($i: ID!) { webhookLogs(installationId: $i) { nodes { id } } }', { i: installation_id });
    expect(webhookLogs.nodes).toEqual([{ id: testWebhook.logId }]); // no redelivery was made
  }, 30_000);
});
