import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { installInProduction } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { createTestTls } from '../support/tls.js';
import { hasValidSignature } from '../support/webhook-fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../support/webhook-receiver.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

// A test event per endpoint (issue 54): sendWebhookEndpointTestEvent fires a real webhook at one
// endpoint, signed with that endpoint's own secret, in its API version, to its URL, through the
// delivery pipeline as testWebhook does; the installation is the newest sandbox one unless named,
// and must be on a plane the endpoint receives; the rules for a developer key are testWebhook's.

let t: TestContext;
let receiver: Receiver;
let dev: PortalDeveloper;
let plugin: { pluginId: string; webhookSecret: string };
let box: PortalSandbox;
/** The endpoint receiving both planes, made with a portal session, and its secret. */
let both: { id: string; secret: string; apiVersion: string };

const CREATE = `mutation($p: ID!, $input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(pluginId: $p, input: $input) { endpoint { id } secret } }`;
const TEST = `mutation($id: ID!, $event: String!, $i: ID) {
  sendWebhookEndpointTestEvent(id: $id, event: $event, installationId: $i) { logId } }`;
const LOG = `query($id: ID!) { webhookLog(id: $id) {
  installationId status httpStatus attempts errorMessage webhookEndpointId } }`;

beforeAll(async () => {
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  t = await createTestContext({ SVC_WEBHOOK_ALLOW_PRIVATE: '1' }, { jobs: { webhookCa: tls.ca } });
  dev = await signUpDeveloper(t.app);
  plugin = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: receiver.url('/hooks'),
    supportedEvents: ['order.*'],
  });
  box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
  const { plugin: read, apiVersions } = await gqlData(
    t.app,
    dev.token,
    'query($id: ID!) { plugin(id: $id) { apiVersion } apiVersions { version status } }',
    { id: plugin.pluginId },
  );
  // The endpoint's version is not the plugin's: the payload must be rendered at the endpoint's.
  const apiVersion = apiVersions
    .map((v: { version: string }) => v.version)
    .find((v: string) => v !== read.apiVersion);
  const made = (
    await gqlData(t.app, dev.token, CREATE, {
      p: plugin.pluginId,
      input: { url: receiver.url('/extra'), events: ['order.*'], apiVersion },
    })
  ).createWebhookEndpoint;
  both = { id: made.endpoint.id, secret: made.secret, apiVersion };
}, 60_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function fire(token: string, variables: Record<string, unknown>) {
  const before = receiver.requests.length;
  const { sendWebhookEndpointTestEvent } = await gqlData(t.app, token, TEST, variables);
  const logId = sendWebhookEndpointTestEvent.logId as string;
  let log: Record<string, unknown> = {};
  await waitUntil(
    async () => {
      log = (await gqlData(t.app, dev.token, LOG, { id: logId })).webhookLog;
      return log.status !== 'pending';
    },
    10_000,
    'test event',
  );
  return { logId, log, req: receiver.requests.slice(before)[0] };
}

describe('sendWebhookEndpointTestEvent', () => {
  it("when an endpoint is tested, then a webhook signed with the endpoint's own secret reaches its URL, in its API version, from the sandbox's installation", async () => {
    const { log, req } = await fire(dev.token, { id: both.id, event: 'order.created' });
    expect(log).toMatchObject({
      installationId: box.installationId,
      status: 'delivered',
      httpStatus: 200,
      attempts: 1,
      webhookEndpointId: both.id,
    });
    expect(req!.path).toBe('/extra');
    expect(req!.headers['x-svc-event']).toBe('order.created');
    expect(req!.headers['x-svc-api-version']).toBe(both.apiVersion);
    expect(hasValidSignature(req!, both.secret)).toBe(true);
    expect(hasValidSignature(req!, box.webhookSecret)).toBe(false);
    expect(JSON.parse(req!.body.toString('utf8'))).toMatchObject({
      event: 'order.created',
      installation_id: Number(box.installationId),
    });
  });

  it('when a production installation is named, then the test goes out from it, with a developer key as testWebhook allows', async () => {
    const production = await installInProduction(t.db, plugin.pluginId);
    const { key } = await createDeveloperKey(t.app, dev.token);
    const { log, req } = await fire(key, {
      id: both.id,
      event: 'order.created',
      i: String(production.installationId),
    });
    expect(log).toMatchObject({
      installationId: String(production.installationId),
      status: 'delivered',
    });
    expect(hasValidSignature(req!, both.secret)).toBe(true);
  });

  it("when a sandbox-only endpoint is given a production installation, then it is validation_error: production data never goes to an endpoint that doesn't receive production traffic", async () => {
    const { key } = await createDeveloperKey(t.app, dev.token);
    const sandboxOnly = (
      await gqlData(t.app, key, CREATE, {
        p: plugin.pluginId,
        input: { url: receiver.url('/sandbox-only'), planes: ['SANDBOX'] },
      })
    ).createWebhookEndpoint.endpoint.id;
    const production = await installInProduction(t.db, plugin.pluginId);
    const res = await gql(t.app, key, TEST, {
      id: sandboxOnly,
      event: 'order.created',
      i: String(production.installationId),
    });
    const error = gqlError(res);
    expect(error.code).toBe('validation_error');
    expect(error.details?.installationId?.[0]).toMatch(/production.*SANDBOX/);
    expect(receiver.requests.filter((r) => r.path === '/sandbox-only')).toEqual([]);
  });

  it('when the endpoint is disabled or does not select the event, then a skipped entry says why and nothing is sent', async () => {
    const unselected = await fire(dev.token, { id: both.id, event: 'payment.succeeded' });
    expect(unselected.log).toMatchObject({ status: 'skipped', webhookEndpointId: both.id });
    expect(unselected.log.errorMessage).toMatch(/does not select payment\.succeeded/);
    await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { disableWebhookEndpoint(id: $id) { id } }',
      {
        id: both.id,
      },
    );
    const off = await fire(dev.token, { id: both.id, event: 'order.created' });
    expect(off.log).toMatchObject({ status: 'skipped' });
    expect(off.log.errorMessage).toMatch(/disabled/);
    expect(off.req).toBeUndefined();
    await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { enableWebhookEndpoint(id: $id) { id } }',
      {
        id: both.id,
      },
    );
  });

  it('when the primary endpoint is tested, then it is testWebhook on the named installation; without one it is validation_error', async () => {
    const res = await gql(t.app, dev.token, TEST, { id: 'primary', event: 'order.created' });
    expect(gqlError(res)).toMatchObject({ code: 'validation_error' });
    const { log, req } = await fire(dev.token, {
      id: 'primary',
      event: 'order.created',
      i: box.installationId,
    });
    expect(log).toMatchObject({ status: 'delivered', webhookEndpointId: 'primary' });
    expect(req!.path).toBe('/hooks');
    expect(hasValidSignature(req!, box.webhookSecret)).toBe(true);
  });

  it("when another developer's endpoint is tested, then it is not_found", async () => {
    const other = await signUpDeveloper(t.app, 'Mallory');
    const res = await gql(t.app, other.token, TEST, { id: both.id, event: 'order.created' });
    expect(gqlError(res).code).toBe('not_found');
  });
});
