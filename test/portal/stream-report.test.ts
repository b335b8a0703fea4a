import { beforeAll, describe, expect, it } from '@jest/globals';
import type { TestContext } from '../support/context.js';
import { webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil, type Receiver } from '../support/webhook-receiver.js';
import {
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  randomIp,
  signUpDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

// reportWebhookStreamResult (security review 3, finding 11): a listener's report lands only on a
// delivery that was handed to the listener (svc listen), and only once; the same report again
// changes nothing, a different one is a conflict.

let t: TestContext;
let receiver: Receiver;
let token: string;
let listened: PortalSandbox;
let withEndpoint: PortalSandbox;

// The receiver, the context and their closing (webhook-fixtures.ts).
const world = webhookWorld();
beforeAll(async () => {
  t = world.t;
  receiver = world.receiver;
  token = (await signUpDeveloper(t.app)).token;
  const silent = await createProjectAndPlugin(t.app, token); // no endpoint: its deliveries go to the listener
  listened = await provisionPortalSandbox(t.app, token, silent.pluginId);
  const loud = await createProjectAndPlugin(t.app, token, {
    webhookEndpoint: receiver.url('/hooks'),
  });
  withEndpoint = await provisionPortalSandbox(t.app, token, loud.pluginId);
}, 60_000);

const REPORT =
  'mutation($id: ID!, $s: Int!, $ms: Int!) { reportWebhookStreamResult(logId: $id, status: $s, durationMs: $ms) { id status listenerHttpStatus listenerDurationMs } }';
const report = (logId: number, status: number, durationMs: number) =>
  gql(t.app, token, REPORT, { id: String(logId), s: status, ms: durationMs });

/** A menu.item_created of the sandbox, once its delivery is no longer pending: its log id. */
async function deliveredMenuEvent(box: PortalSandbox): Promise<number> {
  await gqlData(
    t.app,
    token,
    'mutation($s: ID!) { simulateMenuItemCreated(sandboxId: $s, input: { name: "Bifana", price: "4.50" }) { id } }',
    { s: box.sandboxId },
    { headers: { 'X-Forwarded-For': randomIp() } },
  );
  let logId = 0;
  await waitUntil(
    async () => {
      const row = await t.db
        .selectFrom('control.webhook_logs')
        .select(['log_id', 'status'])
        .where('installation_id', '=', Number(box.installationId))
        .where('event_type', '=', 'menu.item_created')
        .orderBy('log_id', 'desc')
        .executeTakeFirst();
      logId = row && row.status !== 'pending' ? row.log_id : 0;
      return logId > 0;
    },
    10_000,
    'the delivery',
  );
  return logId;
}

describe('reportWebhookStreamResult', () => {
  it('when the delivery went to svc listen, then the first report is kept, the same report again changes nothing and a different one is a conflict', async () => {
    await gqlData(t.app, token, 'query($s: ID!) { webhookStreamCursor(sandboxId: $s) }', {
      s: listened.sandboxId,
    });
    const logId = await deliveredMenuEvent(listened);

    const first = await report(logId, 502, 12);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.reportWebhookStreamResult).toEqual({
      id: String(logId),
      status: 'failed',
      listenerHttpStatus: 502,
      listenerDurationMs: 12,
    });
    const again = await report(logId, 502, 12);
    expect(again.body.data.reportWebhookStreamResult).toEqual(
      first.body.data.reportWebhookStreamResult,
    );

    const different = await report(logId, 200, 3);
    expect(gqlError(different).code).toBe('conflict');
    const row = await t.db
      .selectFrom('control.webhook_logs')
      .select(['status', 'listener_http_status', 'listener_duration_ms'])
      .where('log_id', '=', logId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', listener_http_status: 502, listener_duration_ms: 12 });
  });

  it("when the delivery went to the plugin's endpoint, then a report on it is validation_error and the log keeps no listener answer", async () => {
    const logId = await deliveredMenuEvent(withEndpoint);
    const res = await report(logId, 500, 5);
    expect(gqlError(res).code).toBe('validation_error');
    const row = await t.db
      .selectFrom('control.webhook_logs')
      .select(['status', 'listener_http_status'])
      .where('log_id', '=', logId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'delivered', listener_http_status: null });
  });
});
