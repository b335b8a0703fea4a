import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { webhookRecipients } from '../../src/domain/installations/installation.repository.js';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { installInProduction } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { createProjectAndPlugin, gqlData, signUpDeveloper } from '../support/portal-builders.js';
import {
  emit,
  hasValidSignature,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import type { Receiver } from '../support/webhook-receiver.js';

// A plugin whose listing has no webhook_endpoint (no primary endpoint) may still have extra
// endpoints: its installations' events reach them, signed with each endpoint's own secret. Whether
// a plugin has an enabled one is kept on its row by the endpoints' create, disable, enable and
// delete, so an event's recipients are still read in one lookup.

const world = webhookWorld();
let t: TestContext;
let receiver: Receiver;
let dev: Awaited<ReturnType<typeof signUpDeveloper>>;
let pluginId: string;
let scope: ReturnType<typeof scopeOf>;
let installationId: number;

const CREATE = `mutation($p: ID!, $input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(pluginId: $p, input: $input) { endpoint { id } secret } }`;
const DISABLE = 'mutation($id: ID!) { disableWebhookEndpoint(id: $id) { id status } }';
const ENABLE = 'mutation($id: ID!) { enableWebhookEndpoint(id: $id) { id status } }';
const DELETE = 'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }';

beforeAll(async () => {
  ({ t, receiver } = world);
  dev = await signUpDeveloper(t.app);
  ({ pluginId } = await createProjectAndPlugin(t.app, dev.token, { supportedEvents: ['order.*'] }));
  const installation = await installInProduction(t.db, pluginId);
  installationId = installation.installationId;
  scope = scopeOf(installation);
});

const orderCreated = (n: number): EventDataMap['order.created'] => ({
  order_id: n,
  order_number: `ORD-${n}`,
  table_number: '4',
  order_status: 'CREATED',
  total: '12.50',
  party_size: 2,
  created_at: '2026-03-14T18:32:05Z',
});

/** The installations an event at the scope is read for, and which of them for extra endpoints. */
async function recipients(): Promise<{ installation_id: number; endpoints: boolean }[]> {
  const statement = webhookRecipients({ ...scope, installationId: null });
  const { rows } = await sql<{ installation_id: number; endpoints: boolean }>`
    select installation_id, endpoints from (${statement}) r`.execute(t.db);
  return rows.map((row) => ({ installation_id: row.installation_id, endpoints: row.endpoints }));
}

describe('a plugin without a primary endpoint', () => {
  let endpointId: string;
  let secret: string;

  it("when its one extra endpoint is created, then the installation's events reach it, signed with the endpoint's secret, and the feed names that delivery", async () => {
    const made = (
      await gqlData(t.app, dev.token, CREATE, {
        p: pluginId,
        input: { url: receiver.url('/only'), events: ['order.*'] },
      })
    ).createWebhookEndpoint;
    endpointId = made.endpoint.id;
    secret = made.secret;

    const eventId = await emit(t, scope, 'order.created', orderCreated(1));
    const [log] = await waitForDelivery(t.db, eventId, 1);
    expect(log).toMatchObject({ installation_id: installationId, status: 'delivered' });
    const row = await t.db
      .selectFrom('control.webhook_logs')
      .select(['webhook_endpoint_id', 'sequence'])
      .where('log_id', '=', log!.log_id)
      .executeTakeFirstOrThrow();
    expect(row.webhook_endpoint_id).toBe(Number(endpointId));
    const req = receiver.requests.find((r) => r.headers['x-svc-delivery'] === log!.delivery_id)!;
    expect(req.path).toBe('/only');
    expect(hasValidSignature(req, secret)).toBe(true);
    expect(JSON.parse(req.body.toString('utf8'))).toMatchObject({
      id: eventId,
      installation_id: installationId,
      sequence: row.sequence,
    });
    const feed = await t.db
      .selectFrom('control.installation_events')
      .select(['log_id', 'sequence'])
      .where('event_id', '=', eventId)
      .execute();
    expect(feed).toEqual([{ log_id: log!.log_id, sequence: row.sequence }]);
  });

  it('when the endpoint is disabled, then the installation is no recipient; enabled again, its events reach the endpoint; deleted, no recipient again', async () => {
    await gqlData(t.app, dev.token, DISABLE, { id: endpointId });
    expect(await recipients()).toEqual([]);

    await gqlData(t.app, dev.token, ENABLE, { id: endpointId });
    expect(await recipients()).toEqual([{ installation_id: installationId, endpoints: true }]);
    const eventId = await emit(t, scope, 'order.created', orderCreated(2));
    const [log] = await waitForDelivery(t.db, eventId, 1);
    expect(log!.status).toBe('delivered');
    const req = receiver.requests.find((r) => r.headers['x-svc-delivery'] === log!.delivery_id)!;
    expect(hasValidSignature(req, secret)).toBe(true);

    await gqlData(t.app, dev.token, DELETE, { id: endpointId });
    expect(await recipients()).toEqual([]);
  });
});
