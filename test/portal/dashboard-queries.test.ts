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
} from '../support/portal-builders.js';

// The fields the dashboard added to the SDL: webhookDeliveries (every installation of the
// caller's plugins, filtered), WebhookLog.request / deliveryAttempts, apiRequestByRequestId. Another
// developer's records are the not_found of unknown ones.

let t: TestContext;
let ada: PortalDeveloper & { installationId: number };
let eve: PortalDeveloper & { installationId: number };

async function developerWithSandbox(name: string) {
  const dev = await signUpDeveloper(t.app, name);
  const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
  const sandbox = await provisionPortalSandbox(t.app, dev.token, pluginId);
  return { ...dev, installationId: Number(sandbox.installationId) };
}

const insertLog = (installationId: number, event: string, status: string) =>
  t.db
    .insertInto('control.webhook_logs')
    .values({
      installation_id: installationId,
      direction: 'outbound',
      event_type: event,
      status,
      payload: JSON.stringify({ order_id: 1 }),
      event_id: crypto.randomUUID(),
      sequence: 1,
    })
    .returning('log_id')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestContext();
  ada = await developerWithSandbox('Ada');
  eve = await developerWithSandbox('Eve');
}, 60_000);
afterAll(() => t.close());

const DELIVERIES = `query($first: Int, $after: String, $installationId: ID, $status: String, $event: String) {
  webhookDeliveries(first: $first, after: $after, installationId: $installationId, status: $status, event: $event) {
    nodes { id eventType status installationId } pageInfo { hasNextPage endCursor } } }`;

describe('webhookDeliveries', () => {
  it('when a developer lists deliveries, then only their own come, newest first, filtered and paged without gaps', async () => {
    const own = [
      await insertLog(ada.installationId, 'order.created', 'delivered'),
      await insertLog(ada.installationId, 'order.paid', 'failed'),
      await insertLog(ada.installationId, 'order.created', 'failed'),
    ];
    await insertLog(eve.installationId, 'order.created', 'failed');
    const all = (await gqlData(t.app, ada.token, DELIVERIES, { event: null })).webhookDeliveries;
    const ids = all.nodes.map((n: { id: string }) => Number(n.id));
    expect(ids.filter((id: number) => own.some((o) => o.log_id === id))).toEqual(
      own.map((o) => o.log_id).reverse(),
    );
    expect(
      all.nodes.every(
        (n: { installationId: string }) => n.installationId === String(ada.installationId),
      ),
    ).toBe(true);
    const failed = (
      await gqlData(t.app, ada.token, DELIVERIES, { status: 'failed', event: 'order.created' })
    ).webhookDeliveries.nodes;
    expect(failed.map((n: { id: string }) => Number(n.id))).toEqual([own[2]!.log_id]);
    const first = (
      await gqlData(t.app, ada.token, DELIVERIES, { first: 1, event: 'order.created' })
    ).webhookDeliveries;
    const second = (
      await gqlData(t.app, ada.token, DELIVERIES, {
        first: 1,
        event: 'order.created',
        after: first.pageInfo.endCursor,
      })
    ).webhookDeliveries;
    expect([first.nodes[0].id, second.nodes[0].id].map(Number)).toEqual([
      own[2]!.log_id,
      own[0]!.log_id,
    ]);
  });

  it("when another developer's installation is named, then not_found; their delivery's page is not_found too", async () => {
    expect(
      gqlError(
        await gql(t.app, eve.token, DELIVERIES, { installationId: String(ada.installationId) }),
      ).code,
    ).toBe('not_found');
    const log = await insertLog(ada.installationId, 'order.created', 'pending');
    const query =
      'query($id: ID!) { webhookLog(id: $id) { id request { body headers { name } } deliveryAttempts { attempt } } }';
    expect(gqlError(await gql(t.app, eve.token, query, { id: String(log.log_id) })).code).toBe(
      'not_found',
    );
    const own = (await gqlData(t.app, ada.token, query, { id: String(log.log_id) })).webhookLog;
    expect(own.request.headers).toBeNull(); // no attempt went out yet
    expect(JSON.parse(own.request.body)).toMatchObject({
      event: 'order.created',
      installation_id: ada.installationId,
      sequence: 1,
      data: { order_id: 1 },
    });
    expect(own.deliveryAttempts).toEqual([]);
  });
});

describe('apiRequestByRequestId', () => {
  it("when a request id of the caller's installation is given, then its entry; of another developer's, then not_found", async () => {
    await t.db
      .insertInto('control.api_requests')
      .values({
        installation_id: ada.installationId,
        created_at: new Date(),
        method: 'GET',
        path: '/api/plugin/v1/orders/7',
        operation_id: 'getOrder',
        status: 404,
        error_code: 'not_found',
        duration_ms: 1.5,
        request_id: 'req_dashboard_test',
        idempotency_key: null,
        client_ip: '198.51.100.7',
        request_body: null,
        response_body: null,
      })
      .execute();
    const query =
      'query($r: String!) { apiRequestByRequestId(requestId: $r) { path status errorCode } }';
    expect(
      (await gqlData(t.app, ada.token, query, { r: 'req_dashboard_test' })).apiRequestByRequestId,
    ).toEqual({ path: '/api/plugin/v1/orders/7', status: 404, errorCode: 'not_found' });
    const other = gqlError(await gql(t.app, eve.token, query, { r: 'req_dashboard_test' }));
    const unknown = gqlError(await gql(t.app, eve.token, query, { r: 'req_nothing' }));
    expect(other).toEqual(unknown);
    expect(other.code).toBe('not_found');
  });
});
