import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { namedStatementStats } from '../../src/db/named-statements.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { gqlData, portalWorld, type PortalWorld } from '../support/portal-builders.js';

// Security review 3, finding 6: the service's statements name their columns, so a migration that
// adds a column while a process runs (the README's rollout order) changes the result type of none
// of the statements that process keeps prepared: nothing has to be forgotten and parsed again.

let t: TestContext;
let world: PortalWorld;
let logId: string;
let requestId: string;

beforeAll(async () => {
  t = await createTestContext();
  world = await portalWorld(t.app);
  const log = await t.db
    .insertInto('control.webhook_logs')
    .values({
      installation_id: Number(world.box.installationId),
      direction: 'outbound',
      event_type: 'order.paid',
      status: 'delivered',
      attempts: 1,
      http_status: 200,
      payload: '{"event":"order.paid"}',
    })
    .returning('log_id')
    .executeTakeFirstOrThrow();
  logId = String(log.log_id);
  await call(t.app, 'get', '/installation', { key: world.box.installationKey });
  await t.requestLog.flush();
  const listed = await gqlData(
    t.app,
    world.dev.token,
    'query($i: ID!) { apiRequests(installationId: $i, first: 1) { nodes { id } } }',
    { i: world.box.installationId },
  );
  requestId = listed.apiRequests.nodes[0].id;
}, 120_000);
afterAll(() => t.close());

const PORTAL = {
  webhookLog:
    'query($id: ID!) { webhookLog(id: $id) { id installationId direction eventType status httpStatus attempts payload createdAt } }',
  apiRequest:
    'query($id: ID!) { apiRequest(id: $id) { id installationId createdAt method path operationId status durationMs requestId } }',
  plugin:
    'query($id: ID!) { plugin(id: $id) { id name listingStatus webhookEndpoint supportedFeatures trialDays } }',
  sandbox:
    'query($id: ID!) { sandbox(id: $id) { id pluginId name purpose schemaName status installationId createdAt } }',
};

/** Reads of whole rows through the public doors: the portal's and the sandbox installation's Data API. */
async function readAll(): Promise<Record<string, unknown>> {
  const key = world.box.installationKey;
  const orders = await call(t.app, 'get', '/orders?limit=5', { key });
  const orderId = orders.body.data[0].order_id;
  const menu = await call(t.app, 'get', '/menu?limit=5', { key });
  const api = {
    installation: await call(t.app, 'get', '/installation', { key }),
    orders,
    order: await call(t.app, 'get', `/orders/${orderId}`, { key }),
    menu,
    item: await call(t.app, 'get', `/menu/${menu.body.data[0].item_id}`, { key }),
    locations: await call(t.app, 'get', '/locations', { key }),
    customers: await call(t.app, 'get', '/customers?limit=5', { key }),
    inventory: await call(t.app, 'get', '/inventory?limit=5', { key }),
  };
  const bodies: Record<string, unknown> = {};
  for (const [name, res] of Object.entries(api))
    bodies[name] = { status: res.status, body: res.body };
  const token = world.dev.token;
  bodies.webhookLog = await gqlData(t.app, token, PORTAL.webhookLog, { id: logId });
  bodies.apiRequest = await gqlData(t.app, token, PORTAL.apiRequest, { id: requestId });
  bodies.plugin = await gqlData(t.app, token, PORTAL.plugin, { id: world.plugin.pluginId });
  bodies.sandbox = await gqlData(t.app, token, PORTAL.sandbox, { id: world.box.sandboxId });
  return bodies;
}

/** A write in a transaction (where a stale statement fails the request), returning the whole row. */
async function patchItem(preparationTime: number): Promise<unknown> {
  const key = world.box.installationKey;
  const menu = await call(t.app, 'get', '/menu?limit=1', { key });
  const res = await call(t.app, 'patch', `/menu/${menu.body.data[0].item_id}`, {
    key,
    body: { preparation_time: preparationTime },
  });
  return { status: res.status, preparationTime: res.body.data?.preparation_time };
}

describe('statements that name their columns', () => {
  it('when a migration adds a column to every table while the process runs, then every read and write answers as before and no statement is parsed again', async () => {
    // One request at a time: the pool hands out the connection released last, so the reads after
    // the migration run on connections that prepared their statements before it.
    for (const minutes of [11, 12])
      expect(await patchItem(minutes)).toEqual({ status: 200, preparationTime: minutes });
    const before = await readAll();
    expect(await readAll()).toEqual(before);
    for (const [name, value] of Object.entries(before))
      expect([name, (value as { status?: number }).status ?? 200]).toEqual([name, 200]);
    const stale = namedStatementStats().staleNames;

    const tables = await sql<{ name: string }>`
      select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('control', 'production', ${world.box.schemaName}) and c.relkind in ('r', 'p') and not c.relispartition`.execute(
      t.db,
    );
    expect(tables.rows.length).toBeGreaterThan(30);
    for (const { name } of tables.rows)
      await sql`alter table ${sql.raw(name)} add column probe int`.execute(t.db);

    expect(await readAll()).toEqual(before);
    expect(await readAll()).toEqual(before);
    for (const minutes of [13, 14])
      expect(await patchItem(minutes)).toEqual({ status: 200, preparationTime: minutes });
    expect(namedStatementStats().staleNames - stale).toBe(0);
  }, 120_000);
});
