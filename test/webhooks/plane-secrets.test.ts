import { beforeAll, describe, expect, it } from '@jest/globals';
import { installInProduction } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { hasValidSignature, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil, type Receiver } from '../support/webhook-receiver.js';
import {
  createProjectAndPlugin,
  gqlData,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

// Per-plane signing secrets (security review 3, finding 9): a sandbox's deliveries are signed with
// the plugin's sandbox secret, which is what provisionSandbox shows, so that showing it (to a
// developer key, or in svc listen) never gives away the secret production receivers trust.

let t: TestContext;
let receiver: Receiver;
let dev: PortalDeveloper;
let plugin: { pluginId: string; webhookSecret: string };
let box: PortalSandbox;
let productionInstallationId: string;

// The receiver, the context and their closing (webhook-fixtures.ts).
const world = webhookWorld();
beforeAll(async () => {
  t = world.t;
  receiver = world.receiver;
  dev = await signUpDeveloper(t.app);
  plugin = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: receiver.url('/hooks'),
    supportedEvents: ['order.*'],
  });
  box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
  productionInstallationId = String(
    (await installInProduction(t.db, plugin.pluginId)).installationId,
  );
});

const TEST =
  'mutation($i: ID!) { testWebhook(installationId: $i, event: "order.created") { logId } }';
const LOG = 'query($id: ID!) { webhookLog(id: $id) { status } }';
const ROTATE = `mutation($id: ID!, $plane: DataPlane) {
  rotateWebhookSecret(pluginId: $id, plane: $plane) { webhookSecret previousSecretExpiresAt } }`;

async function delivered(installationId: string) {
  const before = receiver.requests.length;
  const { testWebhook } = await gqlData(t.app, dev.token, TEST, { i: installationId });
  await waitUntil(
    async () =>
      (await gqlData(t.app, dev.token, LOG, { id: testWebhook.logId })).webhookLog.status !==
      'pending',
    10_000,
    'test webhook',
  );
  const [req] = await receiver.waitFor(before + 1).then((all) => all.slice(before));
  return req!;
}

describe('per-plane webhook secrets', () => {
  it('when a sandbox is provisioned, then its webhookSecret is not the production secret, and every sandbox of the plugin gets the same one', async () => {
    expect(box.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(box.webhookSecret).not.toBe(plugin.webhookSecret);
    const second = await provisionPortalSandbox(
      t.app,
      dev.token,
      plugin.pluginId,
      'Second sandbox',
    );
    expect(second.webhookSecret).toBe(box.webhookSecret);
  });

  it('when a sandbox and a production installation get a webhook, then each is signed with its own plane secret only', async () => {
    const sandboxRequest = await delivered(box.installationId);
    expect(hasValidSignature(sandboxRequest, box.webhookSecret)).toBe(true);
    expect(hasValidSignature(sandboxRequest, plugin.webhookSecret)).toBe(false);
    expect(JSON.stringify(sandboxRequest.headers)).not.toContain(plugin.webhookSecret);
    const productionRequest = await delivered(productionInstallationId);
    expect(hasValidSignature(productionRequest, plugin.webhookSecret)).toBe(true);
    expect(hasValidSignature(productionRequest, box.webhookSecret)).toBe(false);
    expect(productionRequest.headers['x-svc-signature-previous']).toBeUndefined();
  });

  it('when the sandbox secret is rotated, then sandbox deliveries carry the new and the previous sandbox signature and production is untouched', async () => {
    const { rotateWebhookSecret } = await gqlData(t.app, dev.token, ROTATE, {
      id: plugin.pluginId,
      plane: 'sandbox',
    });
    expect(rotateWebhookSecret.webhookSecret).not.toBe(box.webhookSecret);
    expect(rotateWebhookSecret.webhookSecret).not.toBe(plugin.webhookSecret);
    const sandboxRequest = await delivered(box.installationId);
    expect(hasValidSignature(sandboxRequest, rotateWebhookSecret.webhookSecret)).toBe(true);
    expect(sandboxRequest.headers['x-svc-signature-previous']).toBeDefined();
    const productionRequest = await delivered(productionInstallationId);
    expect(hasValidSignature(productionRequest, plugin.webhookSecret)).toBe(true);
    expect(productionRequest.headers['x-svc-signature-previous']).toBeUndefined();
    const again = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId, 'After rotation');
    expect(again.webhookSecret).toBe(rotateWebhookSecret.webhookSecret);
  });
});
