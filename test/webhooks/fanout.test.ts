import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { InstallationStatus } from '../../src/db/types.js';
import type { EventDataMap, EventName } from '../../src/generated/events.generated.js';
import type { EventScope } from '../../src/domain/webhooks/delivery/outbox.js';
import {
  createInstallation,
  createPlugin,
  createSandboxInstallation,
  type InstallationFixture,
  type PluginOptions,
} from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import {
  deliveriesOf,
  emit,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import { expectValidWebhook, type Receiver } from '../support/webhook-receiver.js';

// Fan-out: which installations an event reaches, decided inside the emitting transaction.

const world = webhookWorld();
let t: TestContext;
let receiver: Receiver;
let home: InstallationFixture;

beforeAll(async () => {
  ({ t, receiver } = world);
  home = await createInstallation(t.db, { webhookEndpoint: receiver.url('/home') });
});

/** Another plugin installed at a location of `home`'s organization. */
async function installAt(
  db: Db,
  locationId: number,
  options: PluginOptions & { status?: InstallationStatus; noSecret?: boolean } = {},
): Promise<number> {
  const plugin = await createPlugin(db, {
    webhookEndpoint: receiver.url(`/p${randomUUID().slice(0, 8)}`),
    ...options,
  });
  if (options.noSecret)
    await db
      .updateTable('control.plugins')
      .set({ webhook_secret_enc: null })
      .where('plugin_id', '=', plugin.pluginId)
      .execute();
  const row = await db
    .insertInto('control.installations')
    .values({
      plugin_id: plugin.pluginId,
      plane: 'production',
      organization_id: home.organizationId,
      location_id: locationId,
      status: options.status ?? 'active',
    })
    .returning('installation_id')
    .executeTakeFirstOrThrow();
  return row.installation_id;
}

const orderCreated = (orderId: number): EventDataMap['order.created'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  table_number: '4',
  order_status: 'CREATED',
  total: '12.50',
  party_size: 2,
  created_at: '2026-03-14T18:32:05Z',
});
const installationData = (installationId: number): EventDataMap['installation.created'] => ({
  installation_id: installationId,
  plugin_id: 1,
  organization_id: home.organizationId,
  location_id: home.locationId,
  is_trial: false,
});

/** The event's fan-out outbox rows that `db` sees. */
async function fanoutRows(db: Db, eventId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from control.fanout_outbox where event_id = ${eventId}`.execute(db);
  return rows[0]!.n;
}

/** Emits in a transaction of its own and counts, before it commits (no fan-out can have taken it yet), the event's fan-out rows. */
async function emitCounting<E extends EventName>(
  scope: EventScope,
  event: E,
  data: EventDataMap[E],
): Promise<{ eventId: string; rows: number }> {
  return t.db.transaction().execute(async (trx) => {
    const { eventId } = await t.events.emit(trx, scope, event, data);
    return { eventId, rows: await fanoutRows(trx as unknown as Db, eventId) };
  });
}

describe('when an event fires at a location', () => {
  it('then exactly the active, subscribed installations of that location with an endpoint and a secret get a delivery', async () => {
    const subscribedToOrders = await installAt(t.db, home.locationId, {
      supportedEvents: ['order.*'],
    });
    const menuOnly = await installAt(t.db, home.locationId, { supportedEvents: ['menu.*'] });
    const otherLocation = await installAt(t.db, home.otherLocationId);
    const otherOrganization = (
      await createInstallation(t.db, { webhookEndpoint: receiver.url('/other-org') })
    ).installationId;
    const inactive = await installAt(t.db, home.locationId, { status: 'inactive' });
    const pending = await installAt(t.db, home.locationId, { status: 'pending_payment' });
    const noEndpoint = await installAt(t.db, home.locationId, { webhookEndpoint: null });
    const noSecret = await installAt(t.db, home.locationId, { noSecret: true });
    const sandbox = await createSandboxInstallation(t.db, {
      webhookEndpoint: receiver.url('/sandbox'),
    });

    const eventId = await emit(t, scopeOf(home), 'order.created', orderCreated(1));
    const logs = await waitForDelivery(t.db, eventId, 2);
    expect(logs.map((log) => log.installation_id).sort()).toEqual(
      [home.installationId, subscribedToOrders].sort(),
    );
    expect(logs.every((log) => log.status === 'delivered')).toBe(true);
    const filteredOut = [
      menuOnly,
      otherLocation,
      otherOrganization,
      inactive,
      pending,
      noEndpoint,
      noSecret,
      sandbox.installationId,
    ];
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from control.webhook_logs where installation_id = any(${filteredOut}::int[])`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(0);
    const received = receiver.requests
      .map((req) => expectValidWebhook(req))
      .filter((body) => body.id === eventId);
    expect([...new Set(received.map((body) => body.installation_id))].sort()).toEqual(
      [home.installationId, subscribedToOrders].sort(),
    );
  });

  it('then an event in a sandbox reaches that sandbox installation and no production one', async () => {
    const sandbox = await createSandboxInstallation(t.db, {
      webhookEndpoint: receiver.url('/sandbox'),
    });
    const scope = {
      plane: 'sandbox' as const,
      sandboxId: sandbox.sandboxId,
      organizationId: sandbox.organizationId,
      locationId: sandbox.locationIds[0],
    };
    const eventId = await emit(t, scope, 'order.created', orderCreated(2));
    const logs = await waitForDelivery(t.db, eventId, 1);
    expect(logs.map((log) => log.installation_id)).toEqual([sandbox.installationId]);
  });

  it('then an event nobody is eligible for writes no fan-out row and leaves no log', async () => {
    const eligible = await emitCounting(scopeOf(home), 'order.created', orderCreated(30));
    expect(eligible.rows).toBe(1);
    const { eventId, rows } = await emitCounting(
      scopeOf(home, { locationId: 999_999 }),
      'order.created',
      orderCreated(3),
    );
    expect(rows).toBe(0);
    await waitForDelivery(t.db, eligible.eventId, 1);
    expect(await deliveriesOf(t.db, eventId)).toEqual([]);
  });
});

describe('lifecycle events', () => {
  it('when one addresses an installation, then only that installation receives it, and only after opting in', async () => {
    const addressed = await installAt(t.db, home.locationId, { supportedEvents: null });
    const neighbour = await installAt(t.db, home.locationId, {
      supportedEvents: ['installation.*'],
    });
    const notOptedIn = await installAt(t.db, home.locationId, {
      supportedEvents: ['order.*', 'payment.*'],
    });

    const toAddressed = await emit(
      t,
      scopeOf(home, { installationId: addressed }),
      'installation.created',
      installationData(addressed),
    );
    const logs = await waitForDelivery(t.db, toAddressed, 1);
    expect(logs.map((log) => log.installation_id)).toEqual([addressed]);

    const toNotOptedIn = await emitCounting(
      scopeOf(home, { installationId: notOptedIn }),
      'installation.created',
      installationData(notOptedIn),
    );
    const unaddressed = await emitCounting(
      scopeOf(home),
      'installation.created',
      installationData(neighbour),
    );
    expect(toNotOptedIn.rows).toBe(0);
    expect(unaddressed.rows).toBe(0);
  });

  it('when installation.removed fires in the transaction that removes the installation, then it is still delivered there', async () => {
    const removed = await installAt(t.db, home.locationId, {
      supportedEvents: ['installation.removed'],
    });
    const eventId = await t.db.transaction().execute(async (trx) => {
      const event = await t.events.emit(
        trx,
        scopeOf(home, { installationId: removed }),
        'installation.removed',
        {
          installation_id: removed,
          plugin_id: 1,
          organization_id: home.organizationId,
          location_id: home.locationId,
        },
      );
      await trx
        .updateTable('control.installations')
        .set({ status: 'removed', removed_at: new Date() })
        .where('installation_id', '=', removed)
        .execute();
      return event.eventId;
    });
    const [log] = await waitForDelivery(t.db, eventId, 1);
    expect(log).toMatchObject({
      installation_id: removed,
      status: 'delivered',
      event_type: 'installation.removed',
    });
  });
});

describe('the fan-out outbox row', () => {
  it('when the emitting transaction rolls back, then neither the event nor its fan-out row exists', async () => {
    let eventId = '';
    await expect(
      t.db.transaction().execute(async (trx) => {
        eventId = (await t.events.emit(trx, scopeOf(home), 'order.created', orderCreated(4)))
          .eventId;
        expect(await fanoutRows(trx as unknown as Db, eventId)).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await fanoutRows(t.db, eventId)).toBe(0);
    expect(
      await t.db
        .selectFrom('control.events')
        .select('event_id')
        .where('event_id', '=', eventId)
        .execute(),
    ).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveriesOf(t.db, eventId)).toEqual([]);
  });

  it('when it is written, then it is visible only inside the emitting transaction until that commits, and the fan-out deletes it', async () => {
    const eventId = await t.db.transaction().execute(async (trx) => {
      const event = await t.events.emit(trx, scopeOf(home), 'order.created', orderCreated(5));
      expect(await fanoutRows(trx as unknown as Db, event.eventId)).toBe(1);
      expect(await fanoutRows(t.db, event.eventId)).toBe(0);
      return event.eventId;
    });
    await waitForDelivery(t.db, eventId, 1);
    expect(await fanoutRows(t.db, eventId)).toBe(0);
  });
});
