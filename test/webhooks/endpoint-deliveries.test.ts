import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { insertWebhookEndpoint, type EndpointSettings } from '../support/endpoint-fixtures.js';
import { gqlData, signUpDeveloper } from '../support/portal-builders.js';
import {
  emit,
  hasValidSignature,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import type { Receiver, ReceivedRequest } from '../support/webhook-receiver.js';

// A plugin's extra webhook endpoints (issue 54, phase 2): besides the listing's webhook_endpoint,
// each endpoint receives exactly the events its events, locations, planes, status and content
// filter select, signed with its own secret; every log entry names its endpoint; an event a
// filter rules out leaves no log entry. The receiver checks every body against asyncapi.yaml.

const world = webhookWorld();
let t: TestContext;
let receiver: Receiver;
let home: InstallationFixture;
/** The same plugin installed at the organization's other location. */
let airportId: number;
const secrets = new Map<number, string>();
const endpoint: Record<'payments' | 'downtown' | 'large' | 'disabled' | 'sandbox', number> = {
  payments: 0,
  downtown: 0,
  large: 0,
  disabled: 0,
  sandbox: 0,
};

async function createEndpoint(
  db: Db,
  pluginId: number,
  path: string,
  settings: EndpointSettings,
): Promise<number> {
  const { id, secret } = await insertWebhookEndpoint(db, pluginId, receiver.url(path), settings);
  secrets.set(id, secret);
  return id;
}

beforeAll(async () => {
  ({ t, receiver } = world);
  home = await createInstallation(t.db, {
    webhookEndpoint: receiver.url('/primary'),
    supportedEvents: ['order.*'],
  });
  const airport = await t.db
    .insertInto('control.installations')
    .values({
      plugin_id: home.pluginId,
      plane: 'production',
      organization_id: home.organizationId,
      location_id: home.otherLocationId,
      status: 'active',
    })
    .returning('installation_id')
    .executeTakeFirstOrThrow();
  airportId = airport.installation_id;
  const at = (path: string, settings: Parameters<typeof createEndpoint>[3]) =>
    createEndpoint(t.db, home.pluginId, path, settings);
  endpoint.payments = await at('/payments', { events: ['payment.*'] });
  endpoint.downtown = await at('/downtown', {
    events: ['order.created'],
    location_ids: [home.locationId],
  });
  endpoint.large = await at('/large', {
    events: ['order.*'],
    filter: { 'data.party_size': { gte: 6 } },
  });
  endpoint.disabled = await at('/disabled', { status: 'disabled' });
  endpoint.sandbox = await at('/sandbox', { planes: ['sandbox'] });
});

const orderCreated = (orderId: number, partySize: number): EventDataMap['order.created'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  table_number: '4',
  order_status: 'CREATED',
  total: '12.50',
  party_size: partySize,
  created_at: '2026-03-14T18:32:05Z',
});

const paymentSucceeded: EventDataMap['payment.succeeded'] = {
  transaction_id: 88123,
  order_id: 90412,
  amount: '20.00',
  currency: 'EUR',
  payment_method: 'card',
  tip_amount: '0.00',
  tax_amount: '3.74',
  discount_amount: '0.00',
  processor_payment_intent_id: null,
  transaction_type: 'sale',
  processed_at: '2026-03-14T19:02:11Z',
};

interface EndpointLog {
  log_id: number;
  installation_id: number;
  webhook_endpoint_id: number | null;
  status: string;
  sequence: number | null;
  delivery_id: string;
}

async function logsOf(eventId: string): Promise<EndpointLog[]> {
  const { rows } = await sql<EndpointLog>`
    select log_id, installation_id, webhook_endpoint_id, status, sequence, delivery_id
      from control.webhook_logs where event_id = ${eventId} and direction = 'outbound'
     order by installation_id, webhook_endpoint_id nulls first`.execute(t.db);
  return rows;
}

const requestOf = (log: EndpointLog): ReceivedRequest =>
  receiver.requests.find((req) => req.headers['x-svc-delivery'] === log.delivery_id)!;

/** Where each delivery went, as "installation path": the primary endpoint is "/primary". */
function routes(logs: EndpointLog[]): string[] {
  return logs.map((log) => `${log.installation_id} ${requestOf(log).path}`);
}

describe('a plugin with three extra endpoints beside its primary one', () => {
  it('when an order of a small party is created downtown, then the primary and the downtown endpoint receive it, each signed with its own secret', async () => {
    const eventId = await emit(t, scopeOf(home), 'order.created', orderCreated(501, 2));
    const logs = await waitForDelivery(t.db, eventId, 2);
    expect(logs.every((log) => log.status === 'delivered')).toBe(true);
    const entries = await logsOf(eventId);
    expect(entries.map((log) => log.webhook_endpoint_id)).toEqual([null, endpoint.downtown]);
    expect(routes(entries)).toEqual([
      `${home.installationId} /primary`,
      `${home.installationId} /downtown`,
    ]);
    // One event, one number in the installation's sequence, whichever endpoint it goes to.
    expect(new Set(entries.map((log) => log.sequence)).size).toBe(1);
    const [primary, downtown] = entries.map(requestOf);
    expect(hasValidSignature(primary!, home.webhookSecret)).toBe(true);
    expect(hasValidSignature(downtown!, secrets.get(endpoint.downtown)!)).toBe(true);
    expect(hasValidSignature(downtown!, home.webhookSecret)).toBe(false);
    expect(JSON.parse(downtown!.body.toString()).sequence).toBe(entries[0]!.sequence);
  });

  it('when a large party orders at the airport, then the primary and the large-party endpoint receive it, not the downtown one', async () => {
    const scope = scopeOf({
      organizationId: home.organizationId,
      locationId: home.otherLocationId,
    });
    const eventId = await emit(t, scope, 'order.created', orderCreated(502, 8));
    await waitForDelivery(t.db, eventId, 2);
    const entries = await logsOf(eventId);
    expect(entries.map((log) => [log.installation_id, log.webhook_endpoint_id])).toEqual([
      [airportId, null],
      [airportId, endpoint.large],
    ]);
    expect(routes(entries)).toEqual([`${airportId} /primary`, `${airportId} /large`]);
    expect(hasValidSignature(requestOf(entries[1]!), secrets.get(endpoint.large)!)).toBe(true);
  });

  it('when a payment succeeds, which the listing does not subscribe to, then only the payments endpoint receives it, and the feed names that delivery', async () => {
    const eventId = await emit(t, scopeOf(home), 'payment.succeeded', paymentSucceeded);
    await waitForDelivery(t.db, eventId, 1);
    const entries = await logsOf(eventId);
    expect(entries.map((log) => log.webhook_endpoint_id)).toEqual([endpoint.payments]);
    expect(routes(entries)).toEqual([`${home.installationId} /payments`]);
    expect(hasValidSignature(requestOf(entries[0]!), secrets.get(endpoint.payments)!)).toBe(true);
    const feed = await t.db
      .selectFrom('control.installation_events')
      .select(['log_id', 'sequence'])
      .where('event_id', '=', eventId)
      .execute();
    expect(feed).toEqual([{ log_id: entries[0]!.log_id, sequence: entries[0]!.sequence }]);
  });

  it('when the filter rules an event out, then it leaves no log entry for that endpoint, and a disabled or sandbox-only endpoint receives no production traffic', async () => {
    // A small party at the airport: the primary only (the large-party filter fails, the downtown
    // endpoint's location does not match).
    const scope = scopeOf({
      organizationId: home.organizationId,
      locationId: home.otherLocationId,
    });
    const small = await emit(t, scope, 'order.created', orderCreated(503, 3));
    await waitForDelivery(t.db, small, 1);
    const entries = await logsOf(small);
    expect(entries.map((log) => log.webhook_endpoint_id)).toEqual([null]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from control.webhook_logs
       where webhook_endpoint_id = any(${[endpoint.disabled, endpoint.sandbox]}::int[])`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(0);
    expect(receiver.requests.filter((req) => ['/disabled', '/sandbox'].includes(req.path))).toEqual(
      [],
    );
  });

  it('when the portal lists the webhook log by endpoint, then each entry names its endpoint', async () => {
    const dev = await signUpDeveloper(t.app);
    // The fixture's plugin belongs to a builder's developer: hand it to the portal's one.
    await sql`update control.projects set developer_id = ${dev.developerId}
               where project_id = (select project_id from control.plugins where plugin_id = ${home.pluginId})`.execute(
      t.db,
    );
    const LOGS = `query($i: ID!, $e: ID) {
      webhookLogs(installationId: $i, first: 50, endpointId: $e) { nodes { eventType webhookEndpointId } } }`;
    const all = (await gqlData(t.app, dev.token, LOGS, { i: home.installationId })).webhookLogs
      .nodes;
    expect(new Set(all.map((n: { webhookEndpointId: string }) => n.webhookEndpointId))).toEqual(
      new Set(['primary', String(endpoint.downtown), String(endpoint.payments)]),
    );
    const payments = (
      await gqlData(t.app, dev.token, LOGS, {
        i: home.installationId,
        e: String(endpoint.payments),
      })
    ).webhookLogs.nodes;
    expect(payments).toEqual([
      { eventType: 'payment.succeeded', webhookEndpointId: String(endpoint.payments) },
    ]);
    const primary = (
      await gqlData(t.app, dev.token, LOGS, { i: home.installationId, e: 'primary' })
    ).webhookLogs.nodes;
    expect(primary.every((n: { eventType: string }) => n.eventType.startsWith('order.'))).toBe(
      true,
    );
  });
});
