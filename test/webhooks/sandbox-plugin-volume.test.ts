import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { installInProduction } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil, type Receiver, type ReceivedRequest } from '../support/webhook-receiver.js';
import {
  createProjectAndPlugin,
  gqlData,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

// Security review 3, finding 7 (traffic reflection): besides its destination host's bucket, a
// sandbox delivery attempt counts against its plugin's bucket a minute, across worker processes,
// so a plugin that moves its endpoint from host to host cannot multiply its volume. The rest wait
// for the next window; other plugins and production are not held.

const LIMIT = 3;
let t: TestContext;
let receiver: Receiver;
let dev: PortalDeveloper;

// The receiver, the context and their closing (webhook-fixtures.ts).
const world = webhookWorld({ SVC_SANDBOX_DELIVERIES_PER_PLUGIN_PER_MINUTE: String(LIMIT) });
beforeAll(async () => {
  t = world.t;
  receiver = world.receiver;
  dev = await signUpDeveloper(t.app);
});

const TEST =
  'mutation($i: ID!) { testWebhook(installationId: $i, event: "order.created") { logId } }';
const UPDATE =
  'mutation($id: ID!, $url: String) { updatePlugin(id: $id, input: { webhookEndpoint: $url }) { id } }';
const sendTests = async (installationId: string, count: number): Promise<void> => {
  for (let n = 0; n < count; n += 1) await gqlData(t.app, dev.token, TEST, { i: installationId });
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const from = (installationId: string) => (req: ReceivedRequest) =>
  String(JSON.parse(req.body.toString('utf8')).installation_id) === installationId;

/** A plugin with an endpoint at `path` of the receiver, its sandbox installation and a production one. */
async function pluginAt(
  path: string,
): Promise<{ pluginId: string; sandbox: string; production: string }> {
  const plugin = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: receiver.url(path),
    supportedEvents: ['order.*'],
  });
  const box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
  const production = await installInProduction(t.db, plugin.pluginId);
  return {
    pluginId: plugin.pluginId,
    sandbox: box.installationId,
    production: String(production.installationId),
  };
}

describe('sandbox deliveries of one plugin', () => {
  it(`when a plugin's sandbox sends ${LIMIT * 2} deliveries in a minute, moving its endpoint to another host midway, then ${LIMIT} go out and the rest wait for the next window; another plugin and production are not held`, async () => {
    const mover = await pluginAt('/mover');
    const other = await pluginAt('/other');
    await sendTests(mover.sandbox, LIMIT);
    await waitUntil(
      () => receiver.requests.filter(from(mover.sandbox)).length === LIMIT,
      10_000,
      'the first window',
    );
    await gqlData(t.app, dev.token, UPDATE, {
      id: mover.pluginId,
      url: `https://127.0.0.1:${receiver.port}/moved`,
    });
    await sendTests(mover.sandbox, LIMIT);
    await sendTests(other.sandbox, LIMIT);
    await sendTests(mover.production, LIMIT);
    const expected = (installationId: string, count: number) => () =>
      receiver.requests.filter(from(installationId)).length === count;
    await waitUntil(
      expected(other.sandbox, LIMIT),
      10_000,
      "the other plugin's sandbox deliveries",
    );
    await waitUntil(expected(mover.production, LIMIT), 10_000, 'the production deliveries');
    await sleep(2000);
    expect(receiver.requests.filter(from(mover.sandbox))).toHaveLength(LIMIT);
    expect(
      receiver.requests.filter((req) => req.path === '/moved' && from(mover.sandbox)(req)),
    ).toHaveLength(0);

    // The next window: the held attempts go out then, to the endpoint of their moment.
    await sql`update control.rate_limits set window_start = now() - interval '61 seconds' where bucket like 'sandbox-%'`.execute(
      t.db,
    );
    await sql`update pgboss.job set start_after = now() where name = 'webhook-delivery' and data->>'kind' = 'line' and state = 'created'`.execute(
      t.db,
    );
    await waitUntil(
      () => receiver.requests.filter((req) => req.path === '/moved').length === LIMIT,
      10_000,
      'the held sandbox deliveries',
    );
  }, 60_000);
});
