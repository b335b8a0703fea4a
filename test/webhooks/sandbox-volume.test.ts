import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { installInProduction } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { createTestTls } from '../support/tls.js';
import { startReceiver, waitUntil, type Receiver } from '../support/webhook-receiver.js';
import { createProjectAndPlugin, gqlData, provisionPortalSandbox, signUpDeveloper, type PortalDeveloper, type PortalSandbox } from '../support/portal-builders.js';

// Security review 3, finding 7 (traffic reflection): a sandbox can point at any public URL, and its
// faults, retries and replays multiply what one write sends there. Sandbox delivery attempts are
// bounded per destination host and minute across worker processes; the rest wait for the next
// window (not lost, not counted as attempts). Production deliveries are never held.

const LIMIT = 3;
let t: TestContext;
let receiver: Receiver;
let dev: PortalDeveloper;
let box: PortalSandbox;
let productionInstallationId: string;

beforeAll(async () => {
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  t = await createTestContext({ SVC_WEBHOOK_ALLOW_PRIVATE: '1', SVC_SANDBOX_DELIVERIES_PER_HOST_PER_MINUTE: String(LIMIT) }, { jobs: { webhookCa: tls.ca } });
  dev = await signUpDeveloper(t.app);
  const plugin = await createProjectAndPlugin(t.app, dev.token, { webhookEndpoint: receiver.url('/hooks'), supportedEvents: ['order.*'] });
  box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
  productionInstallationId = String((await installInProduction(t.db, plugin.pluginId)).installationId);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const TEST = 'mutation($i: ID!) { testWebhook(installationId: $i, event: "order.created") { logId } }';
const sendTests = async (installationId: string, count: number): Promise<string[]> => {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) ids.push((await gqlData(t.app, dev.token, TEST, { i: installationId })).testWebhook.logId);
  return ids;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const installationOf = (req: { body: Buffer }) => String(JSON.parse(req.body.toString('utf8')).installation_id);

describe('sandbox deliveries toward one destination host', () => {
  it(`when a sandbox sends ${LIMIT * 2} deliveries in a minute to one host, then ${LIMIT} go out and the rest wait for the next window; production to the same host is not held`, async () => {
    const sandboxLogs = await sendTests(box.installationId, LIMIT * 2);
    await receiver.waitFor(LIMIT);
    await sleep(2000);
    expect(receiver.requests.filter((req) => installationOf(req) === box.installationId)).toHaveLength(LIMIT);
    const { rows } = await sql<{ status: string; attempts: number }>`
      select status, attempts from control.webhook_logs where log_id = any(${sandboxLogs.map(Number)}::int[]) order by log_id`.execute(t.db);
    expect(rows.filter((r) => r.status === 'pending' && r.attempts === 0)).toHaveLength(LIMIT);

    await sendTests(productionInstallationId, LIMIT * 2);
    await waitUntil(() => receiver.requests.filter((req) => installationOf(req) === productionInstallationId).length === LIMIT * 2, 10_000, 'every production delivery');

    // The next window: the held attempts go out then (their jobs fall due when it starts).
    await sql`update control.rate_limits set window_start = now() - interval '61 seconds' where bucket = 'sandbox-deliveries:localhost'`.execute(t.db);
    await sql`update pgboss.job set start_after = now() where name = 'webhook-delivery' and data->>'kind' = 'line' and state = 'created'`.execute(t.db);
    await waitUntil(() => receiver.requests.filter((req) => installationOf(req) === box.installationId).length === LIMIT * 2, 10_000, 'the held sandbox deliveries');
  }, 60_000);
});
