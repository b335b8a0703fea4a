import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestContext, type TestContext } from '../support/context.js';
import { createTestTls } from '../support/tls.js';
import { hasValidSignature } from '../support/webhook-fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../support/webhook-receiver.js';
import {
  createProjectAndPlugin,
  gqlData,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

// The tester end to end through the portal, with the job runtime and a local HTTPS receiver:
// a real signed delivery, and a rotated secret that signs the very next one.

let t: TestContext;
let receiver: Receiver;
let dev: PortalDeveloper;
let plugin: { pluginId: string; webhookSecret: string };
let box: PortalSandbox;

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
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const TEST =
  'mutation($i: ID!) { testWebhook(installationId: $i, event: "order.created") { logId } }';
const LOG = 'query($id: ID!) { webhookLog(id: $id) { status httpStatus attempts } }';

async function fireAndReceive() {
  const before = receiver.requests.length;
  const { testWebhook } = await gqlData(t.app, dev.token, TEST, { i: box.installationId });
  await waitUntil(
    async () =>
      (await gqlData(t.app, dev.token, LOG, { id: testWebhook.logId })).webhookLog.status !==
      'pending',
    10_000,
    'test webhook',
  );
  const [req] = await receiver.waitFor(before + 1).then((all) => all.slice(before));
  return { logId: testWebhook.logId as string, req: req! };
}

describe('webhook tester through the portal', () => {
  it('when testWebhook fires, then a signed webhook arrives and its log is delivered', async () => {
    const { logId, req } = await fireAndReceive();
    expect(req.headers['x-svc-event']).toBe('order.created');
    expect(hasValidSignature(req, box.webhookSecret)).toBe(true);
    expect(hasValidSignature(req, plugin.webhookSecret)).toBe(false);
    expect((await gqlData(t.app, dev.token, LOG, { id: logId })).webhookLog).toEqual({
      status: 'delivered',
      httpStatus: 200,
      attempts: 1,
    });
  });

  it('when the secret is rotated, then the very next webhook is signed with the new secret and not the old', async () => {
    const { rotateWebhookSecret } = await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { rotateWebhookSecret(pluginId: $id, plane: sandbox) { webhookSecret } }',
      { id: plugin.pluginId },
    );
    const { req } = await fireAndReceive();
    expect(hasValidSignature(req, rotateWebhookSecret.webhookSecret)).toBe(true);
    expect(hasValidSignature(req, box.webhookSecret)).toBe(false);
  });
});
