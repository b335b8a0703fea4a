import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ApiRequestEntry } from '../../src/domain/api-requests/index.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  gql,
  gqlData,
  gqlError,
  portalWorld,
  type PortalWorld,
} from '../support/portal-builders.js';

// Security review 4, finding 10: a request id is the client's choice (X-Request-Id), so another
// tenant can log any number of requests under a plugin's id. The owner's entry must still be found.

let t: TestContext;
let owner: PortalWorld;
let other: PortalWorld;

beforeAll(async () => {
  t = await createTestContext();
  owner = await portalWorld(t.app);
  other = await portalWorld(t.app);
});
afterAll(() => t.close());

const QUERY =
  'query($r: String!) { apiRequestByRequestId(requestId: $r) { installationId path status createdAt } }';

const entry = (
  installationId: string,
  path: string,
  createdAt: Date,
  requestId: string,
): ApiRequestEntry => ({
  installation_id: Number(installationId),
  created_at: createdAt,
  method: 'GET',
  path,
  operation_id: 'getOrder',
  status: 404,
  error_code: 'not_found',
  duration_ms: 1,
  request_id: requestId,
  idempotency_key: null,
  client_ip: '198.51.100.9',
  request_body: null,
  response_body: null,
  api_version: null,
});

describe('apiRequestByRequestId under a shared request id', () => {
  it("when another tenant logged 12 requests with the owner's request id (older and newer), then the owner still gets their own entry", async () => {
    const id = 'req_shadowed_0001';
    const now = Date.now();
    const theirs = Array.from({ length: 12 }, (_, i) =>
      entry(
        other.box.installationId,
        `/api/plugin/v1/orders/${i}`,
        new Date(now - 60_000 + i * 10_000),
        id,
      ),
    );
    // The attacker's first rows are the ones PostgreSQL reads first: inserted before the owner's.
    await t.db.insertInto('control.api_requests').values(theirs.slice(0, 11)).execute();
    await t.db
      .insertInto('control.api_requests')
      .values(
        entry(owner.box.installationId, '/api/plugin/v1/orders/7', new Date(now - 30_000), id),
      )
      .execute();
    await t.db.insertInto('control.api_requests').values(theirs.slice(11)).execute();

    const found = (await gqlData(t.app, owner.dev.token, QUERY, { r: id })).apiRequestByRequestId;
    expect(found).toMatchObject({
      installationId: owner.box.installationId,
      path: '/api/plugin/v1/orders/7',
    });
    // The other tenant sees its own newest entry, never the owner's.
    const theirsFound = (await gqlData(t.app, other.dev.token, QUERY, { r: id }))
      .apiRequestByRequestId;
    expect(theirsFound).toMatchObject({
      installationId: other.box.installationId,
      path: '/api/plugin/v1/orders/11',
    });
  });

  it('when the owner logged the same request id twice, then the newer entry is the one shown', async () => {
    const id = 'req_twice_0001';
    const now = Date.now();
    await t.db
      .insertInto('control.api_requests')
      .values([
        entry(owner.box.installationId, '/api/plugin/v1/orders/1', new Date(now - 5_000), id),
        entry(owner.box.installationId, '/api/plugin/v1/orders/2', new Date(now - 1_000), id),
      ])
      .execute();
    expect(
      (await gqlData(t.app, owner.dev.token, QUERY, { r: id })).apiRequestByRequestId.path,
    ).toBe('/api/plugin/v1/orders/2');
    expect(gqlError(await gql(t.app, other.dev.token, QUERY, { r: id })).code).toBe('not_found');
  });
});
