import { describe, expect, it, beforeAll } from '@jest/globals';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { loadWebhookContract } from '../../codegen/events.js';
import {
  EVENT_NAMES,
  type EventDataMap,
  type EventName,
} from '../../src/generated/events.generated.js';
import { isLifecycleEvent } from '../../src/domain/webhooks/delivery/subscriptions.js';
import type { EventScope } from '../../src/domain/webhooks/delivery/outbox.js';
import { gqlData, signUpDeveloper, type PortalDeveloper } from '../support/portal-builders.js';
import {
  emit,
  hasValidSignature,
  headersOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import {
  expectValidWebhook,
  ok,
  waitUntil,
  type ReceivedRequest,
} from '../support/webhook-receiver.js';

// Standard Webhooks (issue 16): every real delivery verifies with the npm packages
// `standardwebhooks` and `svix`, unchanged, with the secret in the form the portal shows
// (webhookSecretStandard), for every event, before, during and after a rotation's overlap; and a
// retry is signed with the secrets current when it is sent.

const world = webhookWorld({ SVC_WEBHOOK_BACKOFF_SECONDS: '2,2', SVC_WEBHOOK_TIMEOUT_MS: '2000' });

interface Secret {
  hex: string;
  standard: string;
}

let dev: PortalDeveloper;
let pluginId: string;
let scope: EventScope;
let installationId: number;
let current: Secret;

const CREATE = `mutation($projectId: ID!, $input: CreatePluginInput!) {
  createPlugin(projectId: $projectId, input: $input) { plugin { id } webhookSecret webhookSecretStandard } }`;
const PROVISION = `mutation($pluginId: ID!) {
  provisionSandbox(pluginId: $pluginId, name: "Signatures", purpose: "Standard Webhooks") { installationId webhookSecret webhookSecretStandard } }`;
const ROTATE = `mutation($id: ID!, $hours: Int) {
  rotateWebhookSecret(pluginId: $id, overlapHours: $hours, plane: sandbox) { webhookSecret webhookSecretStandard previousSecretExpiresAt } }`;
const EXPIRE =
  'mutation($id: ID!) { expireWebhookSecret(pluginId: $id, plane: sandbox) { id sandboxPreviousSecretExpiresAt } }';
const PLUGIN = 'query($id: ID!) { plugin(id: $id) { sandboxPreviousSecretExpiresAt } }';

beforeAll(async () => {
  dev = await signUpDeveloper(world.t.app);
  const project = await gqlData(
    world.t.app,
    dev.token,
    'mutation { createProject(name: "Signatures v2") { id } }',
  );
  const created = (
    await gqlData(world.t.app, dev.token, CREATE, {
      projectId: project.createProject.id,
      input: { name: 'Standard receiver', webhookEndpoint: world.receiver.url('/standard') },
    })
  ).createPlugin;
  pluginId = created.plugin.id;
  // The deliveries go to a sandbox installation: signed with the plugin's sandbox secret.
  const box = (await gqlData(world.t.app, dev.token, PROVISION, { pluginId })).provisionSandbox;
  current = { hex: box.webhookSecret, standard: box.webhookSecretStandard };
  expect(box.webhookSecret).not.toBe(created.webhookSecret);
  installationId = Number(box.installationId);
  const inst = await world.t.db
    .selectFrom('control.installations')
    .select(['sandbox_id', 'organization_id', 'location_id'])
    .where('installation_id', '=', installationId)
    .executeTakeFirstOrThrow();
  scope = {
    plane: 'sandbox',
    sandboxId: inst.sandbox_id,
    organizationId: inst.organization_id,
    locationId: inst.location_id,
  };
});

async function rotate(
  overlapHours?: number,
): Promise<{ secret: Secret; previousSecretExpiresAt: string | null }> {
  const data = (
    await gqlData(world.t.app, dev.token, ROTATE, { id: pluginId, hours: overlapHours })
  ).rotateWebhookSecret;
  return {
    secret: { hex: data.webhookSecret, standard: data.webhookSecretStandard },
    previousSecretExpiresAt: data.previousSecretExpiresAt,
  };
}

/** The overlap's end has passed: the stored expiry, moved into the past (as time would). */
async function letOverlapElapse(): Promise<void> {
  await sql`update control.plugins set previous_sandbox_secret_expires_at = now() - interval '1 second' where plugin_id = ${Number(pluginId)}`.execute(
    world.t.db,
  );
}

/** Which of the two npm packages accept this real request with this secret (whsec_ form, as the portal shows it). */
function verifiedBy(
  req: ReceivedRequest,
  standardSecret: string,
): { standardwebhooks: boolean; svix: boolean } {
  const attempt = (verify: () => unknown) => {
    try {
      verify();
      return true;
    } catch {
      return false;
    }
  };
  const headers = headersOf(req);
  const body = req.body.toString('utf8');
  return {
    standardwebhooks: attempt(() => new StandardWebhook(standardSecret).verify(body, headers)),
    svix: attempt(() => new SvixWebhook(standardSecret).verify(body, headers)),
  };
}

/** The Standard Webhooks recipe, written out: base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the 64 characters' bytes. */
const standardSignature = (hexSecret: string, req: ReceivedRequest) =>
  `v1,${createHmac('sha256', hexSecret)
    .update(`${String(req.headers['webhook-id'])}.${String(req.headers['webhook-timestamp'])}.`)
    .update(req.body)
    .digest('base64')}`;

const previousHeaderValid = (req: ReceivedRequest, secret: string) =>
  req.headers['x-svc-signature-previous'] !== undefined &&
  hasValidSignature(
    {
      ...req,
      headers: { ...req.headers, 'x-svc-signature': req.headers['x-svc-signature-previous'] },
    },
    secret,
  );

/** One event of each of the 20 kinds (the asyncapi.yaml examples' data), each waited for; the first request of each delivery. */
async function deliverEveryEvent(): Promise<ReceivedRequest[]> {
  const contract = await loadWebhookContract(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  );
  const ids: string[] = [];
  for (const name of EVENT_NAMES) {
    const example = contract.events.find((e) => e.name === name)!.examples[0]!
      .payload as unknown as { data: EventDataMap[EventName] };
    ids.push(
      await emit(
        world.t,
        isLifecycleEvent(name) ? { ...scope, installationId } : scope,
        name,
        example.data,
      ),
    );
  }
  const logs = (
    await Promise.all(ids.map((id) => waitForDelivery(world.t.db, id, 1, 20_000)))
  ).flat();
  expect(logs.map((log) => log.status)).toEqual(EVENT_NAMES.map(() => 'delivered'));
  const requests = logs.map((log) =>
    world.receiver.requests.find((req) => req.headers['x-svc-delivery'] === log.delivery_id)!,
  );
  expect(requests.map((req) => expectValidWebhook(req).event)).toEqual([...EVENT_NAMES]);
  return requests;
}

describe('the Standard Webhooks form of the secret', () => {
  it('when a sandbox is provisioned, then its webhookSecretStandard is whsec_ + base64 of the 64 characters that key X-Svc-Signature', () => {
    expect(current.hex).toMatch(/^[0-9a-f]{64}$/);
    expect(current.standard).toBe(`whsec_${Buffer.from(current.hex, 'utf8').toString('base64')}`);
    expect(Buffer.from(current.standard.slice('whsec_'.length), 'base64').toString('utf8')).toBe(
      current.hex,
    );
  });
});

describe('when every event is delivered, before, during and after a rotation overlap', () => {
  it('then before a rotation each delivery verifies with standardwebhooks and svix, carries one signature and no X-Svc-Signature-Previous', async () => {
    const requests = await deliverEveryEvent();
    for (const req of requests) {
      expect(verifiedBy(req, current.standard)).toEqual({ standardwebhooks: true, svix: true });
      expect(hasValidSignature(req, current.hex)).toBe(true);
      expect(req.headers['x-svc-signature-previous']).toBeUndefined();
      expect(req.headers['webhook-signature']).toBe(standardSignature(current.hex, req));
      expect(req.headers['webhook-id']).toBe(expectValidWebhook(req).id);
      expect(Math.abs(Number(req.headers['webhook-timestamp']) - req.at / 1000)).toBeLessThan(5);
    }
  });

  it('then during the overlap each delivery verifies with the new and with the previous secret, in both packages and both header schemes', async () => {
    const previous = current;
    const rotated = await rotate(24);
    current = rotated.secret;
    expect(current.hex).not.toBe(previous.hex);
    const expiresAt = Date.parse(rotated.previousSecretExpiresAt!);
    expect(Math.abs(expiresAt - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    expect(
      (await gqlData(world.t.app, dev.token, PLUGIN, { id: pluginId })).plugin
        .sandboxPreviousSecretExpiresAt,
    ).toBe(rotated.previousSecretExpiresAt);

    const requests = await deliverEveryEvent();
    for (const req of requests) {
      expect(verifiedBy(req, current.standard)).toEqual({ standardwebhooks: true, svix: true });
      expect(verifiedBy(req, previous.standard)).toEqual({ standardwebhooks: true, svix: true });
      // New first, space-separated; X-Svc-Signature is the new secret's, the previous one has its own header.
      expect(req.headers['webhook-signature']).toBe(
        `${standardSignature(current.hex, req)} ${standardSignature(previous.hex, req)}`,
      );
      expect(hasValidSignature(req, current.hex)).toBe(true);
      expect(hasValidSignature(req, previous.hex)).toBe(false);
      expect(previousHeaderValid(req, previous.hex)).toBe(true);
      expect(previousHeaderValid(req, current.hex)).toBe(false);
    }
    // An unrelated secret verifies nothing.
    const stranger = `whsec_${Buffer.from('0'.repeat(64)).toString('base64')}`;
    expect(verifiedBy(requests[0]!, stranger)).toEqual({ standardwebhooks: false, svix: false });
  });

  it('then after the overlap each delivery verifies with the new secret only, and X-Svc-Signature-Previous is gone', async () => {
    // `current` was rotated in by the previous test; its previous secret is still stored.
    const { rows } = await sql<{
      previous: string | null;
    }>`select previous_sandbox_webhook_secret_enc as previous from control.plugins where plugin_id = ${Number(pluginId)}`.execute(
      world.t.db,
    );
    expect(rows[0]!.previous).not.toBeNull();
    await letOverlapElapse();
    expect(
      (await gqlData(world.t.app, dev.token, PLUGIN, { id: pluginId })).plugin
        .sandboxPreviousSecretExpiresAt,
    ).toBeNull();

    const requests = await deliverEveryEvent();
    for (const req of requests) {
      expect(verifiedBy(req, current.standard)).toEqual({ standardwebhooks: true, svix: true });
      expect(req.headers['webhook-signature']).toBe(standardSignature(current.hex, req));
      expect(hasValidSignature(req, current.hex)).toBe(true);
      expect(req.headers['x-svc-signature-previous']).toBeUndefined();
    }
  });
});

describe('when a retry was scheduled before a rotation', () => {
  it('then it is signed with the secrets current when it is sent: both during the overlap, only the new one after it', async () => {
    const before = (await rotate(0)).secret; // a clean start: no previous secret accepted
    world.receiver.respond((_req, res) => void res.writeHead(500).end('try again'));
    try {
      const eventId = await emit(world.t, scope, 'order.paid', {
        order_id: 7001,
        order_number: 'ORD-7001',
        total: '12.00',
        paid_at: '2026-03-14T18:40:00Z',
      });
      const attempt = async (n: number) => {
        await waitUntil(
          () =>
            world.receiver.requests.some(
              (req) =>
                req.headers['x-svc-attempt'] === String(n) &&
                expectValidWebhook(req).id === eventId,
            ),
          15_000,
          `attempt ${n}`,
        );
        return world.receiver.requests.find(
          (req) =>
            req.headers['x-svc-attempt'] === String(n) && expectValidWebhook(req).id === eventId,
        )!;
      };

      const first = await attempt(1);
      expect(hasValidSignature(first, before.hex)).toBe(true);
      expect(first.headers['x-svc-signature-previous']).toBeUndefined();

      // Rotated while attempt 2 waits in the queue: it is sent during the overlap.
      const during = (await rotate(24)).secret;
      const second = await attempt(2);
      expect(hasValidSignature(second, during.hex)).toBe(true);
      expect(previousHeaderValid(second, before.hex)).toBe(true);
      expect(verifiedBy(second, before.standard)).toEqual({ standardwebhooks: true, svix: true });
      expect(verifiedBy(second, during.standard)).toEqual({ standardwebhooks: true, svix: true });

      // The overlap ended (expireWebhookSecret) while attempt 3 waits: only the new secret signs it.
      const expired = (await gqlData(world.t.app, dev.token, EXPIRE, { id: pluginId }))
        .expireWebhookSecret;
      expect(expired).toEqual({ id: pluginId, sandboxPreviousSecretExpiresAt: null });
      const third = await attempt(3);
      expect(hasValidSignature(third, during.hex)).toBe(true);
      expect(third.headers['x-svc-signature-previous']).toBeUndefined();
      expect(third.headers['webhook-signature']).toBe(standardSignature(during.hex, third));
      expect(verifiedBy(third, during.standard)).toEqual({ standardwebhooks: true, svix: true });
      expect(verifiedBy(third, before.standard)).toEqual({ standardwebhooks: false, svix: false });

      // One message id on every attempt; each attempt has its own timestamp; the same bytes.
      expect(new Set([first, second, third].map((req) => req.headers['webhook-id']))).toEqual(
        new Set([eventId]),
      );
      expect(Number(third.headers['webhook-timestamp'])).toBeGreaterThan(
        Number(first.headers['webhook-timestamp']),
      );
      expect(third.body.equals(first.body)).toBe(true);
      current = during;
      await waitForDelivery(world.t.db, eventId, 1, 15_000);
    } finally {
      world.receiver.respond(ok);
    }
  });
});
