import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { installInProduction } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { waitUntil, type Receiver, type ReceivedRequest } from '../support/webhook-receiver.js';
import { emit, webhookWorld } from '../support/webhook-fixtures.js';
import {
  createProjectAndPlugin,
  gqlData,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

// Security review 3, finding 7 (traffic reflection): a sandbox can point at any public URL, and its
// faults, retries and replays multiply what one write sends there. Sandbox delivery attempts are
// bounded per destination host and minute across worker processes, a replay's sends too; the rest
// wait for the next window (not lost, not counted as attempts). Production deliveries are never held.

const LIMIT = 3;
let t: TestContext;
let receiver: Receiver;
let dev: PortalDeveloper;
let box: PortalSandbox;
let productionInstallationId: string;

// The receiver, the context and their closing (webhook-fixtures.ts).
const world = webhookWorld({ SVC_SANDBOX_DELIVERIES_PER_HOST_PER_MINUTE: String(LIMIT) });
beforeAll(async () => {
  t = world.t;
  receiver = world.receiver;
  dev = await signUpDeveloper(t.app);
  const plugin = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: receiver.url('/hooks'),
    supportedEvents: ['order.*'],
  });
  box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
  productionInstallationId = String(
    (await installInProduction(t.db, plugin.pluginId)).installationId,
  );
});

const TEST =
  'mutation($i: ID!) { testWebhook(installationId: $i, event: "order.created") { logId } }';
const sendTests = async (installationId: string, count: number): Promise<string[]> => {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1)
    ids.push((await gqlData(t.app, dev.token, TEST, { i: installationId })).testWebhook.logId);
  return ids;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const installationOf = (req: { body: Buffer }) =>
  String(JSON.parse(req.body.toString('utf8')).installation_id);

describe('sandbox deliveries toward one destination host', () => {
  it(`when a sandbox sends ${LIMIT * 2} deliveries in a minute to one host, then ${LIMIT} go out and the rest wait for the next window; production to the same host is not held`, async () => {
    const sandboxLogs = await sendTests(box.installationId, LIMIT * 2);
    await receiver.waitFor(LIMIT);
    await sleep(2000);
    expect(
      receiver.requests.filter((req) => installationOf(req) === box.installationId),
    ).toHaveLength(LIMIT);
    const { rows } = await sql<{ status: string; attempts: number }>`
      select status, attempts from control.webhook_logs where log_id = any(${sandboxLogs.map(Number)}::int[]) order by log_id`.execute(
      t.db,
    );
    expect(rows.filter((r) => r.status === 'pending' && r.attempts === 0)).toHaveLength(LIMIT);

    await sendTests(productionInstallationId, LIMIT * 2);
    await waitUntil(
      () =>
        receiver.requests.filter((req) => installationOf(req) === productionInstallationId)
          .length ===
        LIMIT * 2,
      10_000,
      'every production delivery',
    );

    // The next window: the held attempts go out then (their jobs fall due when it starts).
    await sql`update control.rate_limits set window_start = now() - interval '61 seconds' where bucket = 'sandbox-deliveries:localhost'`.execute(
      t.db,
    );
    await sql`update pgboss.job set start_after = now() where name = 'webhook-delivery' and data->>'kind' = 'line' and state = 'created'`.execute(
      t.db,
    );
    await waitUntil(
      () =>
        receiver.requests.filter((req) => installationOf(req) === box.installationId).length ===
        LIMIT * 2,
      10_000,
      'the held sandbox deliveries',
    );
  }, 60_000);
});

const sequenceOf = (req: ReceivedRequest) => Number(JSON.parse(req.body.toString('utf8')).sequence);
/** The minute's window of every sandbox bucket ends now (as a minute passing would). */
const endWindows = () =>
  sql`update control.rate_limits set window_start = now() - interval '61 seconds' where bucket like 'sandbox-%'`.execute(
    t.db,
  );
const REPLAY =
  'mutation($i: ID!, $since: DateTime!) { replayWebhooks(installationId: $i, since: $since, onlyFailed: false) { id total } }';
const REPLAY_STATE =
  'query($id: ID!) { webhookReplay(id: $id) { status queued delivered failed } }';

/** Ends the window and lets the attempts it held go now. */
const releaseHeld = async () => {
  await endWindows();
  await sql`update pgboss.job set start_after = now() where name = 'webhook-delivery' and data->>'kind' = 'line' and state = 'created'`.execute(
    t.db,
  );
};

/** A sandbox of a new plugin whose `count` events were all delivered to /first; then its endpoint becomes `path`. */
async function sandboxWithDeliveredEvents(
  count: number,
  path: string,
): Promise<{ installationId: string; since: string }> {
  const plugin = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: receiver.url('/first'),
    supportedEvents: ['order.*'],
  });
  const sandbox = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
  const inst = await t.db
    .selectFrom('control.installations')
    .select(['sandbox_id', 'organization_id', 'location_id'])
    .where('installation_id', '=', Number(sandbox.installationId))
    .executeTakeFirstOrThrow();
  const scope = {
    plane: 'sandbox' as const,
    sandboxId: inst.sandbox_id,
    organizationId: inst.organization_id,
    locationId: inst.location_id,
  };
  const since = new Date(Date.now() - 60_000).toISOString();
  for (let n = 1; n <= count; n += 1) {
    await emit(t, scope, 'order.paid', {
      order_id: n,
      order_number: `ORD-${n}`,
      total: '1.00',
      paid_at: '2026-03-14T18:40:00Z',
    });
  }
  const delivered = sql<{
    n: number;
  }>`select count(*)::int as n from control.webhook_logs where installation_id = ${Number(sandbox.installationId)} and status = 'delivered'`;
  await waitUntil(
    async () => (await releaseHeld(), (await delivered.execute(t.db)).rows[0]!.n === count),
    20_000,
    'the first deliveries',
  );
  await gqlData(
    t.app,
    dev.token,
    'mutation($id: ID!, $url: String) { updatePlugin(id: $id, input: { webhookEndpoint: $url }) { id } }',
    { id: plugin.pluginId, url: receiver.url(path) },
  );
  return { installationId: sandbox.installationId, since };
}

describe('sandbox replays toward one destination host', () => {
  it(`when a sandbox replay resends ${LIMIT + 2} deliveries to one host, then ${LIMIT} go out in the window and the rest, in sequence order, once it ends; each is attempted once`, async () => {
    const { installationId, since } = await sandboxWithDeliveredEvents(LIMIT + 2, '/replayed');
    await endWindows();
    const replayed = () => receiver.requests.filter((req) => req.path === '/replayed');
    const replay = (await gqlData(t.app, dev.token, REPLAY, { i: installationId, since }))
      .replayWebhooks;
    expect(replay.total).toBe(LIMIT + 2);

    await waitUntil(() => replayed().length === LIMIT, 10_000, 'the first window of the replay');
    await sleep(2000);
    expect(replayed()).toHaveLength(LIMIT);
    // Held, not failed: the replay still runs, the rest queued and never attempted.
    expect(
      (await gqlData(t.app, dev.token, REPLAY_STATE, { id: replay.id })).webhookReplay,
    ).toEqual({ status: 'running', queued: 2, delivered: LIMIT, failed: 0 });
    const { rows: next } = await sql<{ later: boolean }>`
      select start_after > now() + interval '10 seconds' as later from pgboss.job where name = 'webhook-replay' and state = 'created'`.execute(
      t.db,
    );
    expect(next).toEqual([{ later: true }]);

    await endWindows();
    await sql`update pgboss.job set start_after = now() where name = 'webhook-replay' and state = 'created'`.execute(
      t.db,
    );
    await waitUntil(() => replayed().length === LIMIT + 2, 10_000, 'the rest of the replay');
    const sequences = replayed().map(sequenceOf);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    await waitUntil(
      async () =>
        (await gqlData(t.app, dev.token, REPLAY_STATE, { id: replay.id })).webhookReplay.status ===
        'completed',
      10_000,
      'the replay completed',
    );
    expect(
      (await gqlData(t.app, dev.token, REPLAY_STATE, { id: replay.id })).webhookReplay,
    ).toEqual({ status: 'completed', queued: 0, delivered: LIMIT + 2, failed: 0 });
    const { rows: attempts } = await sql<{ attempt: number }>`
      select a.attempt from control.webhook_delivery_attempts a join control.webhook_logs l on l.log_id = a.log_id
       where l.replay_id = ${Number(replay.id)}`.execute(t.db);
    expect(attempts).toEqual(Array.from({ length: LIMIT + 2 }, () => ({ attempt: 1 })));
  }, 60_000);
});
