import { beforeAll, describe, expect, it } from '@jest/globals';
import type { ServerResponse } from 'node:http';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { issueSessionToken } from '../../src/portal/auth.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { insertWebhookEndpoint } from '../support/endpoint-fixtures.js';
import { gql, gqlData, gqlError } from '../support/portal-builders.js';
import {
  emit,
  hasValidSignature,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';
import { ok, waitUntil, type ReceivedRequest } from '../support/webhook-receiver.js';

// A replay for one webhook endpoint (issue 54: replay works per endpoint): replayWebhooks with
// endpointId resends only the events that endpoint received, to it, signed with its secret; the
// primary endpoint gets nothing. Another plugin's endpoint is not_found.

const world = webhookWorld();
let home: InstallationFixture;
let token: string;
let staging: { id: number; secret: string };

const REPLAY = `mutation($i: ID!, $since: DateTime!, $e: ID, $onlyFailed: Boolean) {
  replayWebhooks(installationId: $i, since: $since, endpointId: $e, onlyFailed: $onlyFailed) { id status total } }`;
const REPLAY_STATE = 'query($id: ID!) { webhookReplay(id: $id) { status total delivered failed } }';

const created = (orderId: number): EventDataMap['order.created'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  table_number: null,
  order_status: 'CREATED',
});
const bodyOf = (req: ReceivedRequest) => JSON.parse(req.body.toString('utf8'));

const createEndpoint = (pluginId: number, path: string) =>
  insertWebhookEndpoint(world.t.db, pluginId, world.receiver.url(path), { events: ['order.*'] });

beforeAll(async () => {
  home = await createInstallation(world.t.db, {
    webhookEndpoint: world.receiver.url('/primary'),
    supportedEvents: ['order.*'],
  });
  staging = await createEndpoint(home.pluginId, '/staging');
  ({ token } = await issueSessionToken(world.t.config, home.developerId));
});

describe('replayWebhooks for one endpoint', () => {
  it('when the staging endpoint was down, then a replay with its endpointId resends its failed deliveries to it alone, in order, with its secret', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    // The staging endpoint answers 410 (no retry); the primary one is fine.
    world.receiver.respond(
      (req, res: ServerResponse) =>
        void res.writeHead(req.path === '/staging' ? 410 : 200).end('x'),
    );
    const ids = [];
    for (const orderId of [1, 2, 3])
      ids.push(await emit(world.t, scopeOf(home), 'order.created', created(orderId)));
    for (const id of ids) await waitForDelivery(world.t.db, id, 2);
    world.receiver.respond(ok);
    world.receiver.requests.length = 0;

    const started = (
      await gqlData(world.t.app, token, REPLAY, {
        i: String(home.installationId),
        since,
        e: String(staging.id),
      })
    ).replayWebhooks;
    expect(started).toMatchObject({ total: 3, status: 'running' });
    await waitUntil(
      async () =>
        (await gqlData(world.t.app, token, REPLAY_STATE, { id: started.id })).webhookReplay
          .status === 'completed',
      10_000,
    );
    expect(world.receiver.requests.map((req) => req.path)).toEqual([
      '/staging',
      '/staging',
      '/staging',
    ]);
    expect(world.receiver.requests.map((req) => bodyOf(req).data.order_id)).toEqual([1, 2, 3]);
    expect(world.receiver.requests.every((req) => hasValidSignature(req, staging.secret))).toBe(
      true,
    );
    expect(world.receiver.requests.every((req) => hasValidSignature(req, home.webhookSecret))).toBe(
      false,
    );

    // The primary endpoint's deliveries all succeeded: nothing of it to replay.
    const primary = (
      await gqlData(world.t.app, token, REPLAY, {
        i: String(home.installationId),
        since,
        e: 'primary',
      })
    ).replayWebhooks;
    expect(primary).toMatchObject({ total: 0 });
  });

  it("when the endpointId is another plugin's endpoint, then the replay is not_found", async () => {
    const other = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/other'),
    });
    const theirs = await createEndpoint(other.pluginId, '/theirs');
    const error = gqlError(
      await gql(world.t.app, token, REPLAY, {
        i: String(home.installationId),
        since: new Date(Date.now() - 60_000).toISOString(),
        e: String(theirs.id),
      }),
    );
    expect(error.code).toBe('not_found');
  });
});
