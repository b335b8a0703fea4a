import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import addFormatsModule from 'ajv-formats';
import { Ajv } from 'ajv';
import type { DataPlaneSchema } from '../../src/db/types.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { EVENT_DATA_SCHEMAS, EVENT_NAMES } from '../../src/generated/events.generated.js';
import { buildSamplePayload } from '../../src/domain/webhooks/sample-payloads.js';
import { sendTestWebhook } from '../../src/domain/webhooks/tester.js';
import { createInstallation, createSandboxInstallation } from '../support/builders.js';
import { webhookHealth } from '../../src/domain/webhooks/delivery/health.js';
import type { TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { hasValidSignature, webhookWorld } from '../support/webhook-fixtures.js';
import { expectValidWebhook, waitUntil, type Receiver } from '../support/webhook-receiver.js';

// The portal's webhook tester: sendTestWebhook(db, queue, config, { installationId, event }).

const world = webhookWorld();
let t: TestContext;
let receiver: Receiver;
let sandbox: Awaited<ReturnType<typeof createSandboxInstallation>>;

beforeAll(async () => {
  ({ t, receiver } = world);
  sandbox = await createSandboxInstallation(t.db, { webhookEndpoint: receiver.url('/tester') });
});

const logOf = (logId: number) =>
  t.db
    .selectFrom('control.webhook_logs')
    .selectAll()
    .where('log_id', '=', logId)
    .executeTakeFirstOrThrow();

describe('when the tester fires an event at a sandbox installation', () => {
  it.each(EVENT_NAMES)(
    'then a real, signed %s built from the sandbox data is delivered and its log can be polled',
    async (event) => {
      const { logId } = await sendTestWebhook(t.db, t.queue, t.config, {
        installationId: sandbox.installationId,
        event,
      });
      await waitUntil(
        async () => (await logOf(logId)).status !== 'pending',
        10_000,
        `log ${logId}`,
      );
      const { event_id: eventId } = await logOf(logId);
      const [req] = receiver.requests.filter((r) => JSON.parse(r.body.toString()).id === eventId);
      expect(hasValidSignature(req!, sandbox.webhookSecret)).toBe(true);
      const body = expectValidWebhook(req!);
      expect(body).toMatchObject({ event, installation_id: sandbox.installationId });
      if (event.startsWith('order.')) {
        const order = await (t.db as unknown as Kysely<DataPlaneSchema>)
          .withSchema(sandbox.schemaName)
          .selectFrom('orders')
          .select('order_id')
          .where('order_id', '=', body.data.order_id as number)
          .executeTakeFirst();
        expect(order).toBeDefined();
      }
      if (event === 'sandbox.expiry_warning')
        expect(body.data).toMatchObject({
          sandbox_id: sandbox.sandboxId,
          schema_name: sandbox.schemaName,
        });

      const res = await call(t.app, 'get', `/webhooks/external/${logId}`, { key: sandbox.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        log_id: logId,
        direction: 'outbound',
        event_type: event,
        status: 'delivered',
        attempts: 1,
        http_status: 200,
        error_message: null,
        signature_valid: null,
      });
    },
  );
});

describe('when the tester has delivered to an installation that never had an event', () => {
  it("then its deliveries count in the installation's delivery health, with no sequence issued", async () => {
    const health = (await webhookHealth(t.db, sandbox.pluginId)).find(
      (h) => h.installationId === sandbox.installationId,
    );
    expect(health).toMatchObject({
      consecutiveFailures: 0,
      failingSince: null,
      lastSequence: 0,
      acknowledgedThrough: 0,
      successRate: 1,
    });
    expect(health!.deliveredLast24h).toBeGreaterThanOrEqual(EVENT_NAMES.length);
  });

  it('then a failed test delivery starts its failure streak', async () => {
    const down = await createSandboxInstallation(t.db, {
      webhookEndpoint: 'https://localhost:9/hook',
    }); // nothing listens on port 9
    const { logId } = await sendTestWebhook(t.db, t.queue, t.config, {
      installationId: down.installationId,
      event: 'order.paid',
    });
    await waitUntil(
      async () => (await logOf(logId)).attempts >= 1,
      10_000,
      `first attempt of log ${logId}`,
    );
    const health = (await webhookHealth(t.db, down.pluginId)).find(
      (h) => h.installationId === down.installationId,
    );
    expect(health).toMatchObject({
      consecutiveFailures: 1,
      failingSince: expect.any(Date),
      lastError: expect.any(String),
      lastSequence: 0,
    });
  });
});

describe('when the webhook cannot be delivered', () => {
  it.each([
    ['the installation is not active', { status: 'inactive' as const }, /not active/],
    ['the plugin has no endpoint', { webhookEndpoint: null }, /no webhook_endpoint/],
    ['the plugin has no secret', { noSecret: true }, /no webhook secret/],
    [
      'the plugin is not subscribed',
      { supportedEvents: ['menu.*'] },
      /not subscribed to order.paid/,
    ],
  ])(
    'when %s, then a skipped entry says why and nothing is sent',
    async (_label, options, reason) => {
      const inst = await createInstallation(t.db, {
        webhookEndpoint: receiver.url('/skipped'),
        ...options,
      });
      if ('noSecret' in options)
        await t.db
          .updateTable('control.plugins')
          .set({ webhook_secret_enc: null })
          .where('plugin_id', '=', inst.pluginId)
          .execute();
      const { logId } = await sendTestWebhook(t.db, t.queue, t.config, {
        installationId: inst.installationId,
        event: 'order.paid',
      });
      const log = await logOf(logId);
      expect(log).toMatchObject({
        direction: 'outbound',
        status: 'skipped',
        attempts: 0,
        event_type: 'order.paid',
        installation_id: inst.installationId,
      });
      expect(log.error_message).toMatch(reason);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.requests.filter((req) => req.path === '/skipped')).toHaveLength(0);
    },
  );

  it('when a lifecycle event is not opted into, then it is skipped as not subscribed', async () => {
    const inst = await createInstallation(t.db, {
      webhookEndpoint: receiver.url('/skipped'),
      supportedEvents: ['*'],
    });
    const { logId } = await sendTestWebhook(t.db, t.queue, t.config, {
      installationId: inst.installationId,
      event: 'trial.started',
    });
    expect(await logOf(logId)).toMatchObject({
      status: 'skipped',
      error_message: expect.stringMatching(/not subscribed/),
    });
  });

  it('when the event or the installation is unknown, then a validation or not-found error', async () => {
    await expect(
      sendTestWebhook(t.db, t.queue, t.config, {
        installationId: sandbox.installationId,
        event: 'order.shipped',
      }),
    ).rejects.toMatchObject({ code: 'validation_error' });
    await expect(
      sendTestWebhook(t.db, t.queue, t.config, { installationId: 987_654, event: 'order.paid' }),
    ).rejects.toBeInstanceOf(DomainError);
  });
});

describe('sample payloads without data to draw on', () => {
  it('when the plane has no matching records, then every event still gets a payload valid against asyncapi.yaml', async () => {
    const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
    const ajv = new Ajv({ strict: false, allowUnionTypes: true });
    addFormats(ajv);
    const empty = await createInstallation(t.db);
    const data = (t.db as unknown as Kysely<DataPlaneSchema>).withSchema('production');
    const inst = {
      installation_id: empty.installationId,
      plugin_id: empty.pluginId,
      organization_id: empty.organizationId,
      location_id: empty.locationId,
      is_trial: false,
      trial_ends_at: null,
      trial_days: 0,
      sandbox: null,
    };
    for (const event of EVENT_NAMES) {
      const payload = await buildSamplePayload(data, inst, event, 30);
      const validate = ajv.compile(EVENT_DATA_SCHEMAS[event]);
      expect({ event, valid: validate(payload), errors: validate.errors ?? null }).toEqual({
        event,
        valid: true,
        errors: null,
      });
    }
  });
});
