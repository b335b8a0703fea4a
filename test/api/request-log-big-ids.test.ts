import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { gqlData, portalWorld, type PortalWorld } from '../support/portal-builders.js';

// api_request_id is a bigint (security review 3, finding 18): ids past 2^31 - 1 are found by
// apiRequest and paged by apiRequests like any other (other ids are int4 and keep their bound).

let t: TestContext;
let world: PortalWorld;

beforeAll(async () => {
  t = await createTestContext();
  world = await portalWorld(t.app);
  await sql`select setval(pg_get_serial_sequence('control.api_requests', 'api_request_id'), 3000000000)`.execute(
    t.db,
  );
  for (let i = 0; i < 3; i += 1)
    await call(t.app, 'get', '/orders?limit=1', { key: world.box.installationKey });
  await t.requestLog.flush();
});
afterAll(() => t.close());

const PAGE =
  'query($i: ID!, $after: String) { apiRequests(installationId: $i, first: 2, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }';

describe('API request ids past 2^31 - 1', () => {
  it('when the log holds ids above 2^31, then apiRequests pages through all of them and apiRequest finds each', async () => {
    const first = (await gqlData(t.app, world.dev.token, PAGE, { i: world.box.installationId }))
      .apiRequests;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (
      await gqlData(t.app, world.dev.token, PAGE, {
        i: world.box.installationId,
        after: first.pageInfo.endCursor,
      })
    ).apiRequests;
    const ids = [...first.nodes, ...second.nodes].map((node: { id: string }) => node.id);
    expect(ids).toEqual(['3000000003', '3000000002', '3000000001']);
    expect(second.pageInfo.hasNextPage).toBe(false);
    for (const id of ids) {
      expect(
        (
          await gqlData(t.app, world.dev.token, 'query($id: ID!) { apiRequest(id: $id) { id } }', {
            id,
          })
        ).apiRequest,
      ).toEqual({ id });
    }
  });
});
