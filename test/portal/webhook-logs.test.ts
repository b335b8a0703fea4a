import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

let t: TestContext;
let dev: PortalDeveloper;
let box: PortalSandbox;

beforeAll(async () => {
  t = await createTestContext();
  dev = await signUpDeveloper(t.app);
  // No webhook endpoint: the tester cannot deliver, so it records a skipped entry.
  const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
  box = await provisionPortalSandbox(t.app, dev.token, pluginId);
});
afterAll(() => t.close());

const LOGS =
  'query($i: ID!, $first: Int, $after: String) { webhookLogs(installationId: $i, first: $first, after: $after) { nodes { id eventType status } pageInfo { hasNextPage endCursor } } }';
const LOG =
  'query($id: ID!) { webhookLog(id: $id) { id installationId direction eventType status httpStatus errorMessage attempts payload createdAt } }';

describe('webhook logs', () => {
  it('when an installation has logs, then webhookLogs pages through them newest first without gaps or repeats', async () => {
    const rows = await t.db
      .insertInto('control.webhook_logs')
      .values(
        [
          'order.created',
          'order.paid',
          'menu.item_updated',
          'payment.succeeded',
          'order.cancelled',
        ].map((event_type) => ({
          installation_id: Number(box.installationId),
          direction: 'outbound' as const,
          event_type,
          status: 'delivered',
          attempts: 1,
          http_status: 200,
          payload: JSON.stringify({ event: event_type }),
        })),
      )
      .returning('log_id')
      .execute();
    const expected = rows.map((r) => String(r.log_id)).reverse();
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const data: any = await gqlData(t.app, dev.token, LOGS, {
        i: box.installationId,
        first: 2,
        after,
      });
      seen.push(...data.webhookLogs.nodes.map((n: { id: string }) => n.id));
      expect(data.webhookLogs.pageInfo.hasNextPage).toBe(page < 2);
      after = data.webhookLogs.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);

    const one = await gqlData(t.app, dev.token, LOG, { id: expected[0] });
    expect(one.webhookLog).toMatchObject({
      id: expected[0],
      installationId: box.installationId,
      direction: 'outbound',
      eventType: 'order.cancelled',
      status: 'delivered',
      httpStatus: 200,
      attempts: 1,
      payload: { event: 'order.cancelled' },
    });
  });

  it('when first or after is invalid, then validation_error names it', async () => {
    expect(
      gqlError(await gql(t.app, dev.token, LOGS, { i: box.installationId, first: 0 })).details,
    ).toEqual({ first: ['must be an integer from 1 to 100'] });
    expect(
      gqlError(await gql(t.app, dev.token, LOGS, { i: box.installationId, first: 101 })).code,
    ).toBe('validation_error');
    expect(
      gqlError(await gql(t.app, dev.token, LOGS, { i: box.installationId, after: 'bogus' }))
        .details,
    ).toEqual({ after: ['is not a cursor returned by webhookLogs'] });
  });
});

describe('webhook tester', () => {
  const TEST =
    'mutation($i: ID!, $e: String!) { testWebhook(installationId: $i, event: $e) { logId } }';

  it('when the plugin has no webhook endpoint, then testWebhook returns a log id whose entry is skipped with the reason', async () => {
    const data = await gqlData(t.app, dev.token, TEST, {
      i: box.installationId,
      e: 'order.created',
    });
    const log = await gqlData(t.app, dev.token, LOG, { id: data.testWebhook.logId });
    expect(log.webhookLog).toMatchObject({
      installationId: box.installationId,
      direction: 'outbound',
      eventType: 'order.created',
      status: 'skipped',
      attempts: 0,
    });
    expect(log.webhookLog.errorMessage).toMatch(/webhook_endpoint/);
  });

  it('when the event is not in the catalog, then validation_error', async () => {
    expect(
      gqlError(await gql(t.app, dev.token, TEST, { i: box.installationId, e: 'order.teleported' }))
        .code,
    ).toBe('validation_error');
  });
});
