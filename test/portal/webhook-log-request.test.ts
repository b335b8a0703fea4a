import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { call } from '../support/http.js';
import { createProjectAndPlugin, gqlData, provisionPortalSandbox, signUpDeveloper } from '../support/portal-builders.js';
import { webhookWorld } from '../support/webhook-fixtures.js';
import { ok, waitUntil } from '../support/webhook-receiver.js';

// WebhookLog.request and WebhookLog.deliveryAttempts: a delivery as its endpoint gets it and each
// attempt, read through the portal after a real delivery that failed once and was retried.

const world = webhookWorld();

const LOG = `query($id: ID!) { webhookLog(id: $id) {
  status attempts request { headers { name value } body }
  deliveryAttempts { attempt status httpStatus errorMessage refusalReason durationMs attemptedAt } } }`;

describe('a delivery in the webhook log', () => {
  it('when a delivery failed once and was retried, then the log shows its request exactly as sent and both attempts', async () => {
    const dev = await signUpDeveloper(world.t.app);
    const plugin = await createProjectAndPlugin(world.t.app, dev.token, { webhookEndpoint: world.receiver.url('/flaky'), supportedEvents: ['order.created'] });
    const box = await provisionPortalSandbox(world.t.app, dev.token, plugin.pluginId);
    world.receiver.respond((req, res) => {
      if (world.receiver.requests.length === 1) res.writeHead(500).end('down');
      else ok(req, res);
    });
    await gqlData(world.t.app, dev.token, 'mutation($s: ID!) { simulatePosOrder(sandboxId: $s, input: { partySize: 2 }) { id } }', { s: box.sandboxId });

    const logs = async () =>
      (await gqlData(world.t.app, dev.token, 'query($i: ID!) { webhookLogs(installationId: $i) { nodes { id eventType status } } }', { i: box.installationId })).webhookLogs.nodes as any[];
    await waitUntil(async () => (await logs()).some((l) => l.eventType === 'order.created' && l.status === 'delivered'), 15_000, 'the retried delivery');
    const logId = (await logs()).find((l) => l.eventType === 'order.created').id;
    const { webhookLog } = await gqlData(world.t.app, dev.token, LOG, { id: logId });

    expect(webhookLog.deliveryAttempts).toEqual([
      { attempt: 1, status: 'failed', httpStatus: 500, errorMessage: expect.any(String), refusalReason: null, durationMs: expect.any(Number), attemptedAt: expect.any(String) },
      { attempt: 2, status: 'delivered', httpStatus: 200, errorMessage: null, refusalReason: null, durationMs: expect.any(Number), attemptedAt: expect.any(String) },
    ]);
    const [first, second] = world.receiver.requests;
    const headers = Object.fromEntries(webhookLog.request.headers.map((h: { name: string; value: string }) => [h.name.toLowerCase(), h.value]));
    expect(webhookLog.request.body).toBe(second!.body.toString('utf8'));
    expect(first!.body.equals(second!.body)).toBe(true);
    expect(headers).toMatchObject({
      'x-svc-event': 'order.created',
      'x-svc-delivery': second!.headers['x-svc-delivery'],
      'x-svc-signature': second!.headers['x-svc-signature'],
      'x-svc-attempt': '2',
      'webhook-id': second!.headers['webhook-id'],
      'webhook-signature': expect.stringMatching(/^v1,/),
    });
  }, 30_000);

  it('when the log entry is an inbound webhook, then it has no request and no attempts', async () => {
    const dev = await signUpDeveloper(world.t.app);
    const plugin = await createProjectAndPlugin(world.t.app, dev.token);
    const box = await provisionPortalSandbox(world.t.app, dev.token, plugin.pluginId);
    const raw = JSON.stringify({ event_type: 'external.courier.delivered', idempotency_key: 'k-1', payload: { ok: true } });
    const res = await call(world.t.app, 'post', '/webhooks/external', {
      key: box.installationKey,
      headers: { 'Content-Type': 'application/json', 'X-Svc-Signature': createHmac('sha256', plugin.webhookSecret).update(raw).digest('hex') },
      body: raw,
    });
    expect(res.status).toBeLessThan(300);
    const { webhookLogs } = await gqlData(world.t.app, dev.token, 'query($i: ID!) { webhookLogs(installationId: $i) { nodes { direction request { body } deliveryAttempts { attempt } } } }', { i: box.installationId });
    expect(webhookLogs.nodes).toEqual([{ direction: 'inbound', request: null, deliveryAttempts: [] }]);
  });
});
