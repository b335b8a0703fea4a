import { beforeAll, describe, expect, it } from '@jest/globals';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { webhookStream } from '../../src/domain/webhooks/index.js';
import type { StreamItem } from '../../src/domain/webhooks/stream/stream.js';
import { createSandboxInstallation } from '../support/builders.js';
import { insertWebhookEndpoint, type EndpointSettings } from '../support/endpoint-fixtures.js';
import { emit, webhookWorld } from '../support/webhook-fixtures.js';
import type { EventScope } from '../../src/domain/webhooks/delivery/outbox.js';
import { createHmac } from 'node:crypto';

// svc listen per webhook endpoint (issue 54: svc listen works per endpoint): webhookStream with
// endpointId streams only the events that endpoint receives (its events and content filter), as it
// gets them: signed with its own secret, with its ordering_key. Another plugin's endpoint is
// not_found; an endpoint without sandbox traffic is a validation_error.

const world = webhookWorld();
let box: Awaited<ReturnType<typeof createSandboxInstallation>>;
let scope: EventScope;
const secrets = new Map<number, string>();

async function createEndpoint(pluginId: number, settings: EndpointSettings): Promise<number> {
  const { id, secret } = await insertWebhookEndpoint(
    world.t.db,
    pluginId,
    world.receiver.url('/endpoint'),
    {
      planes: ['sandbox'],
      ...settings,
    },
  );
  secrets.set(id, secret);
  return id;
}

const created = (orderId: number, partySize: number): EventDataMap['order.created'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  table_number: '2',
  order_status: 'CREATED',
  total: '30.00',
  party_size: partySize,
  created_at: '2026-03-14T18:32:05Z',
});

/** The stream's first `count` items, then it is closed. */
async function firstItems(endpointId: number, count: number): Promise<StreamItem[]> {
  const abort = new AbortController();
  const items: StreamItem[] = [];
  const stream = webhookStream(world.t.db, world.t.config, {
    sandboxId: box.sandboxId,
    developerId: box.developerId,
    events: null,
    after: null,
    endpointId,
    pollMs: 50,
    signal: abort.signal,
  });
  const first = stream.next();
  await new Promise((resolve) => setTimeout(resolve, 300)); // the stream's position is now
  for (const [orderId, party] of [
    [1, 2],
    [2, 8],
    [3, 10],
  ] as const)
    await emit(world.t, scope, 'order.created', created(orderId, party));
  for (let next = await first; !next.done; next = await stream.next()) {
    items.push(next.value);
    if (items.length === count) break;
  }
  abort.abort();
  await stream.return(undefined);
  return items;
}

const header = (item: StreamItem, name: string) =>
  item.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;

beforeAll(async () => {
  box = await createSandboxInstallation(world.t.db, {
    webhookEndpoint: world.receiver.url('/primary'),
    supportedEvents: ['order.*'],
  });
  scope = {
    plane: 'sandbox',
    sandboxId: box.sandboxId,
    organizationId: box.organizationId,
    locationId: box.locationIds[0],
  };
});

describe('webhookStream for one endpoint', () => {
  it('when an endpoint takes only large parties, then its stream has only those, signed with its own secret', async () => {
    const large = await createEndpoint(box.pluginId, {
      events: ['order.created'],
      filter: { 'data.party_size': { gte: 6 } },
      ordering: 'order',
    });
    const items = await firstItems(large, 2);
    const bodies = items.map((item) => JSON.parse(item.body));
    expect(bodies.map((b) => b.data.order_id)).toEqual([2, 3]);
    expect(bodies.map((b) => b.ordering_key)).toEqual(['order:2', 'order:3']);
    for (const item of items) {
      const expected = createHmac('sha256', secrets.get(large)!).update(item.body).digest('hex');
      expect(header(item, 'X-Svc-Signature')).toBe(expected);
    }
  });

  it("when the endpoint is another plugin's, then not_found; without sandbox traffic, validation_error", async () => {
    const other = await createSandboxInstallation(world.t.db, {});
    const theirs = await createEndpoint(other.pluginId, { events: ['order.*'] });
    const productionOnly = await createEndpoint(box.pluginId, {
      events: ['order.*'],
      planes: ['production'],
    });
    const open = (endpointId: number) =>
      webhookStream(world.t.db, world.t.config, {
        sandboxId: box.sandboxId,
        developerId: box.developerId,
        events: null,
        after: null,
        endpointId,
      }).next();
    await expect(open(theirs)).rejects.toMatchObject({ code: 'not_found' });
    await expect(open(productionOnly)).rejects.toMatchObject({ code: 'validation_error' });
  });
});
