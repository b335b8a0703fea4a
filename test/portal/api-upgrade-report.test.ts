import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  changeFootprints,
  deriveVersions,
  parseRecord,
  versionCatalog,
} from '../../src/domain/api-versions/index.js';
import { pluginUpgradeReport } from '../../src/domain/api-upgrades/index.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  gql,
  gqlData,
  gqlError,
  portalWorld,
  type PortalWorld,
} from '../support/portal-builders.js';

// Plugin.apiUpgradeReport: the changes newer than the plugin's pin that meet what its
// installations used in the last 14 days (request log, deliveries), with counts and last times;
// nothing for what it did not use, nothing older than 14 days.

let t: TestContext;
let w: PortalWorld;
beforeAll(async () => {
  t = await createTestContext();
  w = await portalWorld(t.app);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

interface Request {
  operationId: string;
  at: Date;
  status?: number;
  body?: unknown;
  path?: string;
  installationId?: string;
  /** The version it was answered in (X-Svc-Api-Version); null: logged before versions were. */
  apiVersion?: string;
}

const requests = (rows: Request[]) =>
  t.db
    .insertInto('control.api_requests')
    .values(
      rows.map((r) => ({
        installation_id: Number(r.installationId ?? w.box.installationId),
        created_at: r.at,
        method: r.body === undefined ? 'GET' : 'PATCH',
        path: r.path ?? '/api/plugin/v1/x',
        operation_id: r.operationId,
        status: r.status ?? 200,
        duration_ms: 3,
        request_id: crypto.randomUUID(),
        client_ip: '127.0.0.1',
        request_body:
          r.body === undefined
            ? null
            : typeof r.body === 'string'
              ? r.body
              : JSON.stringify(r.body),
        api_version: r.apiVersion ?? null,
      })),
    )
    .execute();

const deliveries = (rows: { event: string; at: Date; status?: string }[]) =>
  t.db
    .insertInto('control.webhook_logs')
    .values(
      rows.map((d) => ({
        installation_id: Number(w.box.installationId),
        direction: 'outbound' as const,
        event_type: d.event,
        status: d.status ?? 'delivered',
        event_id: crypto.randomUUID(),
        created_at: d.at,
        updated_at: d.at,
      })),
    )
    .execute();

const REPORT = `query($id: ID!, $to: String) { plugin(id: $id) { apiVersion apiUpgradeReport(to: $to) {
  from to since
  changes { version id description upgrade uses { kind name count lastUsedAt fields } }
  unusedChanges { version id uses { name } } } } }`;

// The first breaking version: money inputs as decimal strings, unique_orderid renamed order_number.
describe('on the real record 2026-11-29', () => {
  const used = { price: ago(30), getOrder: ago(5), paid: ago(2) };
  beforeAll(async () => {
    // A new plugin is pinned to the newest version: this one stays on the first.
    await gqlData(
      t.app,
      w.dev.token,
      'mutation($id: ID!) { setPluginApiVersion(pluginId: $id, version: "2026-11-21") { id } }',
      { id: w.plugin.pluginId },
    );
    await requests([
      { operationId: 'updateMenuItem', at: ago(50), body: { price: 12 } },
      { operationId: 'updateMenuItem', at: used.price, body: { price: 16.5, is_available: true } },
      // Only is_available: the price change does not meet it.
      { operationId: 'updateMenuItem', at: ago(1), body: { is_available: false } },
      { operationId: 'getOrder', at: ago(90) },
      { operationId: 'getOrder', at: used.getOrder },
      // An error answer carries no order.
      { operationId: 'getOrder', at: ago(1), status: 404 },
      // Answered in 2026-11-29 (the header named it): it already read order_number.
      { operationId: 'getOrder', at: ago(0.5), apiVersion: '2026-11-29' },
      { operationId: 'listOrders', at: ago(20 * 24) },
      { operationId: 'getHealth', at: ago(1) },
    ]);
    await deliveries([
      { event: 'order.paid', at: ago(40) },
      { event: 'order.paid', at: used.paid },
      { event: 'order.created', at: ago(15 * 24) },
      { event: 'order.cancelled', at: ago(1), status: 'skipped' },
      { event: 'menu.item_updated', at: ago(1) },
    ]);
  });

  it('when the sandbox called some operations and received some events, then exactly the changes meeting them, with counts and last times', async () => {
    const data = await gqlData(t.app, w.dev.token, REPORT, { id: w.plugin.pluginId });
    const report = data.plugin.apiUpgradeReport;
    expect({ from: report.from, to: report.to }).toEqual({ from: '2026-11-21', to: '2026-11-29' });
    expect(Date.now() - Date.parse(report.since)).toBeGreaterThanOrEqual(14 * 24 * HOUR - 60_000);
    expect(Date.now() - Date.parse(report.since)).toBeLessThan(14 * 24 * HOUR + 60_000);
    const uses = report.changes.map((c: { id: string; uses: unknown[] }) => [c.id, c.uses]);
    expect(uses).toEqual([
      [
        'decimal-string-inputs',
        [
          {
            kind: 'OPERATION',
            name: 'updateMenuItem',
            count: 2,
            lastUsedAt: used.price.toISOString(),
            fields: ['price'],
          },
        ],
      ],
      [
        'order-number',
        [
          {
            kind: 'OPERATION',
            name: 'getOrder',
            count: 2,
            lastUsedAt: used.getOrder.toISOString(),
            fields: ['response: data.unique_orderid (now order_number)'],
          },
          {
            kind: 'EVENT',
            name: 'order.paid',
            count: 2,
            lastUsedAt: used.paid.toISOString(),
            fields: ['data.unique_orderid (now order_number)'],
          },
        ],
      ],
    ]);
    expect(report.changes[0]).toMatchObject({ version: '2026-11-29' });
    expect(report.changes[0].upgrade).toContain('"price": "16.50"');
    expect(report.unusedChanges).toEqual([]);
  });

  it('when `to` is the pinned version, then an empty report; when unknown, invalid_api_version as setPluginApiVersion gives', async () => {
    const same = await gqlData(t.app, w.dev.token, REPORT, {
      id: w.plugin.pluginId,
      to: '2026-11-21',
    });
    expect(same.plugin.apiUpgradeReport).toMatchObject({
      from: '2026-11-21',
      to: '2026-11-21',
      changes: [],
      unusedChanges: [],
    });
    const unknown = gqlError(
      await gql(t.app, w.dev.token, REPORT, { id: w.plugin.pluginId, to: '1999-01-01' }),
    );
    expect(unknown.code).toBe('invalid_api_version');
    expect(unknown.message).toContain('2026-11-29');
  });
});

const FIXTURE = `
version: 2099-01-01
title: A fixture
changes:
  - id: line-price
    description: A line's price is a string.
    upgrade: Send strings.
    instructions:
      - contract: openapi
        schema: Line
        property: price
        had: { type: number }
  - id: status-filter
    description: The status filter is renamed.
    upgrade: Send state.
    instructions:
      - contract: openapi
        operation: listThings
        parameter: { name: state, in: query }
        renamed_from: status
  - id: ping-event
    description: The ping event is new.
    upgrade: Nothing.
    instructions:
      - contract: asyncapi
        event: thing.pinged
        didnt_exist: true
`;

const body = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
};
const fixtureHead = () => ({
  openapi: {
    openapi: '3.0.3',
    info: { title: 'fixture', version: '1' },
    paths: {
      '/orders': {
        post: {
          operationId: 'createThing',
          requestBody: body,
          responses: { '204': { description: 'ok' } },
        },
        get: {
          operationId: 'listThings',
          parameters: [{ name: 'state', in: 'query', schema: { type: 'string' } }],
          responses: { '204': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        Order: {
          type: 'object',
          properties: { lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } } },
        },
        Line: { type: 'object', properties: { price: { type: 'string' } } },
      },
    },
  },
  asyncapi: {
    asyncapi: '3.0.0',
    info: { title: 'fixture', version: '1' },
    channels: { endpoint: { messages: { Ping: { $ref: '#/components/messages/Ping' } } } },
    operations: {},
    components: { messages: { Ping: { name: 'thing.pinged', payload: { type: 'object' } } } },
  },
});

describe('on a fixture record (2099-01-01)', () => {
  const record = parseRecord(FIXTURE, '2099-01-01');
  const footprints = changeFootprints([record], deriveVersions(fixtureHead(), [record]));
  const catalog = versionCatalog([record], new Date());

  it('when a body held the changed field (or was cut), or the query named the old parameter, then those count; other calls and older than 14 days do not', async () => {
    const other = await portalWorld(t.app);
    const on = (r: Omit<Request, 'installationId'>) => ({
      ...r,
      installationId: other.box.installationId,
    });
    const [last, filtered] = [ago(3), ago(4)];
    await requests([
      on({ operationId: 'createThing', at: ago(10), body: { lines: [{ price: 1 }] } }),
      on({ operationId: 'createThing', at: ago(8), body: { lines: [{ qty: 1 }] } }),
      on({ operationId: 'createThing', at: last, body: '{"lines": [{"pri…[truncated]' }),
      on({ operationId: 'createThing', at: ago(15 * 24), body: { lines: [{ price: 1 }] } }),
      on({ operationId: 'listThings', at: filtered, path: '/api/plugin/v1/orders?status=open' }),
      on({ operationId: 'listThings', at: ago(2), path: '/api/plugin/v1/orders?limit=5' }),
    ]);
    const plugin = { id: Number(other.plugin.pluginId), apiVersion: '2026-11-21' };
    const report = await pluginUpgradeReport(t.db, catalog, footprints, plugin);
    expect(report.to).toBe('2099-01-01');
    expect(report.changes.map((c) => [c.id, c.uses])).toEqual([
      [
        'line-price',
        [
          {
            kind: 'OPERATION',
            name: 'createThing',
            count: 2,
            lastUsedAt: last,
            fields: ['lines[].price'],
          },
        ],
      ],
      [
        'status-filter',
        [
          {
            kind: 'OPERATION',
            name: 'listThings',
            count: 1,
            lastUsedAt: filtered,
            fields: ['query parameter status (now state)'],
          },
        ],
      ],
    ]);
    expect(report.unusedChanges.map((c) => [c.id, c.uses])).toEqual([['ping-event', []]]);
  });
});
