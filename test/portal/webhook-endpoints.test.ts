import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { decrypt } from '../../src/lib/secrets.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  signUpDeveloper,
} from '../support/portal-builders.js';

// A plugin's webhook endpoints besides the listing's webhook_endpoint: created with their own
// secret (shown once), changed, disabled, enabled, rotated with an overlap, deleted, each change
// audited; at most 50; production traffic needs a portal session to create, rotate or repoint;
// the primary endpoint listed read-only; the filter checked against the contract and previewed
// on a sandbox's real events.

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({}, { jobs: { workers: true } });
});
afterAll(() => t.close());

const FIELDS = `id primary url description events locationIds filter ordering rateLimitPerSecond
  apiVersion planes status previousSecretExpiresAt createdAt`;
const CREATE = `mutation($p: ID!, $input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(pluginId: $p, input: $input) { endpoint { ${FIELDS} } secret secretStandard } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateWebhookEndpointInput!) {
  updateWebhookEndpoint(id: $id, input: $input) { ${FIELDS} } }`;
const ROTATE = `mutation($id: ID!, $hours: Int) {
  rotateWebhookEndpointSecret(id: $id, overlapHours: $hours) { endpoint { id previousSecretExpiresAt } secret secretStandard previousSecretExpiresAt } }`;
const DISABLE = 'mutation($id: ID!) { disableWebhookEndpoint(id: $id) { id status } }';
const ENABLE = 'mutation($id: ID!) { enableWebhookEndpoint(id: $id) { id status } }';
const DELETE = 'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { id url } }';
const LIST = `query($id: ID!) { plugin(id: $id) { webhookEndpoints { ${FIELDS} } } }`;
const PREVIEW = `query($p: ID!, $input: WebhookEndpointFilterInput!, $last: Int) {
  webhookEndpointFilterPreview(pluginId: $p, input: $input, last: $last) {
    examined matched events { eventId event installationId sequence plane locationId occurredAt matched reasons } } }`;

const endpointRow = (id: string) =>
  t.db
    .selectFrom('control.webhook_endpoints')
    .selectAll()
    .where('webhook_endpoint_id', '=', Number(id))
    .executeTakeFirst();
const auditOf = (id: string) =>
  t.db
    .selectFrom('control.webhook_endpoint_audit')
    .select(['action', 'fields', 'developer_key_id'])
    .where('webhook_endpoint_id', '=', Number(id))
    .orderBy('audit_id')
    .execute();
const hoursFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 3600_000;

describe('endpoints with a portal session', () => {
  it('when an endpoint is created, then its secret is shown once, stored encrypted, and it is listed after the primary endpoint', async () => {
    const dev = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token, {
      webhookEndpoint: 'https://primary.example.com/hooks',
      supportedEvents: ['order.*'],
    });
    const { createWebhookEndpoint: made } = await gqlData(t.app, dev.token, CREATE, {
      p: pluginId,
      input: {
        url: 'https://big-tables.example.com/hooks',
        description: 'Large parties',
        events: ['order.created'],
        locationIds: ['3'],
        filter: { 'data.party_size': { gte: 4 } },
        ordering: 'ORDER',
        rateLimitPerSecond: 5,
      },
    });
    expect(made.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(made.secretStandard).toBe(`whsec_${Buffer.from(made.secret).toString('base64')}`);
    expect(made.endpoint).toMatchObject({
      primary: false,
      url: 'https://big-tables.example.com/hooks',
      events: ['order.created'],
      locationIds: ['3'],
      filter: { 'data.party_size': { gte: 4 } },
      ordering: 'ORDER',
      rateLimitPerSecond: 5,
      apiVersion: null,
      planes: ['SANDBOX', 'PRODUCTION'],
      status: 'ENABLED',
      previousSecretExpiresAt: null,
    });
    const row = await endpointRow(made.endpoint.id);
    expect(row!.secret_enc).not.toContain(made.secret);
    expect(decrypt(t.config.encryptionKey, row!.secret_enc)).toBe(made.secret);

    const { plugin } = await gqlData(t.app, dev.token, LIST, { id: pluginId });
    expect(plugin.webhookEndpoints.map((e: any) => [e.id, e.primary, e.url])).toEqual([
      ['primary', true, 'https://primary.example.com/hooks'],
      [made.endpoint.id, false, 'https://big-tables.example.com/hooks'],
    ]);
    expect(plugin.webhookEndpoints[0]).toMatchObject({
      events: ['order.*'],
      planes: ['SANDBOX', 'PRODUCTION'],
      status: 'ENABLED',
      apiVersion: null,
      filter: null,
    });
    expect(await auditOf(made.endpoint.id)).toEqual([
      {
        action: 'created',
        developer_key_id: null,
        fields: expect.arrayContaining(['url', 'events', 'filter', 'locationIds']),
      },
    ]);
  });

  it('when the primary endpoint is changed here, then validation_error points to updatePlugin; without a webhook_endpoint it is not listed', async () => {
    const dev = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    expect(
      (await gqlData(t.app, dev.token, LIST, { id: pluginId })).plugin.webhookEndpoints,
    ).toEqual([]);
    const refused = gqlError(
      await gql(t.app, dev.token, UPDATE, { id: 'primary', input: { description: 'x' } }),
    );
    expect(refused.code).toBe('validation_error');
    expect(refused.details!.id![0]).toContain('updatePlugin');
  });

  it('when an endpoint is updated, disabled, enabled, rotated and deleted, then each change shows and is audited', async () => {
    const dev = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const { createWebhookEndpoint: made } = await gqlData(t.app, dev.token, CREATE, {
      p: pluginId,
      input: { url: 'https://a.example.com/hooks' },
    });
    const id = made.endpoint.id;
    const updated = (
      await gqlData(t.app, dev.token, UPDATE, {
        id,
        input: {
          url: 'https://b.example.com/hooks',
          events: ['payment.*'],
          apiVersion: '2026-11-21',
        },
      })
    ).updateWebhookEndpoint;
    expect(updated).toMatchObject({
      url: 'https://b.example.com/hooks',
      events: ['payment.*'],
      apiVersion: '2026-11-21',
    });
    expect((await gqlData(t.app, dev.token, DISABLE, { id })).disableWebhookEndpoint.status).toBe(
      'DISABLED',
    );
    expect((await gqlData(t.app, dev.token, ENABLE, { id })).enableWebhookEndpoint.status).toBe(
      'ENABLED',
    );

    const rotated = (await gqlData(t.app, dev.token, ROTATE, { id, hours: 1 }))
      .rotateWebhookEndpointSecret;
    expect(rotated.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.secret).not.toBe(made.secret);
    expect(hoursFromNow(rotated.previousSecretExpiresAt)).toBeCloseTo(1, 1);
    expect(rotated.endpoint.previousSecretExpiresAt).toBe(rotated.previousSecretExpiresAt);
    const row = (await endpointRow(id))!;
    expect(decrypt(t.config.encryptionKey, row.secret_enc)).toBe(rotated.secret);
    expect(decrypt(t.config.encryptionKey, row.previous_secret_enc!)).toBe(made.secret);
    const immediate = (await gqlData(t.app, dev.token, ROTATE, { id, hours: 0 }))
      .rotateWebhookEndpointSecret;
    expect(immediate.previousSecretExpiresAt).toBeNull();
    expect(
      gqlError(await gql(t.app, dev.token, ROTATE, { id, hours: 169 })).details,
    ).toHaveProperty('overlapHours');

    expect((await gqlData(t.app, dev.token, DELETE, { id })).deleteWebhookEndpoint.url).toBe(
      'https://b.example.com/hooks',
    );
    expect(await endpointRow(id)).toBeUndefined();
    expect(
      (await gqlData(t.app, dev.token, LIST, { id: pluginId })).plugin.webhookEndpoints,
    ).toEqual([]);
    expect(gqlError(await gql(t.app, dev.token, DISABLE, { id })).code).toBe('not_found');
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      'created',
      'updated',
      'disabled',
      'enabled',
      'secret_rotated',
      'secret_rotated',
      'deleted',
    ]);
  });

  it('when another developer names an endpoint, then it is not_found', async () => {
    const owner = await signUpDeveloper(t.app);
    const other = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, owner.token);
    const { createWebhookEndpoint: made } = await gqlData(t.app, owner.token, CREATE, {
      p: pluginId,
      input: { url: 'https://a.example.com/hooks' },
    });
    for (const query of [DISABLE, DELETE])
      expect(gqlError(await gql(t.app, other.token, query, { id: made.endpoint.id })).code).toBe(
        'not_found',
      );
    expect(
      gqlError(
        await gql(t.app, other.token, CREATE, {
          p: pluginId,
          input: { url: 'https://x.example.com' },
        }),
      ).code,
    ).toBe('not_found');
  });

  it('when a plugin has 50 endpoints, then the 51st is validation_error naming pluginId', async () => {
    const dev = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    await t.db
      .insertInto('control.webhook_endpoints')
      .values(
        Array.from({ length: 49 }, (_, n) => ({
          plugin_id: Number(pluginId),
          url: `https://h${n}.example.com/`,
          secret_enc: 'x',
        })),
      )
      .execute();
    const input = { url: 'https://fifty.example.com/hooks' };
    await gqlData(t.app, dev.token, CREATE, { p: pluginId, input });
    const refused = gqlError(await gql(t.app, dev.token, CREATE, { p: pluginId, input }));
    expect(refused.code).toBe('validation_error');
    expect(refused.details!.pluginId![0]).toContain('at most 50');
    const { n } = await t.db
      .selectFrom('control.webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('plugin_id', '=', Number(pluginId))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(50);
  });
});

describe('what a developer key may do', () => {
  it('when a key creates, rotates or repoints production traffic, then portal_session_required; sandbox-only endpoints it manages', async () => {
    const dev = await signUpDeveloper(t.app);
    const { key, id: keyId } = await createDeveloperKey(t.app, dev.token);
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const code = async (query: string, vars: Record<string, unknown>) =>
      gqlError(await gql(t.app, key, query, vars)).code;

    expect(await code(CREATE, { p: pluginId, input: { url: 'https://prod.example.com/h' } })).toBe(
      'portal_session_required',
    );
    const sandboxOnly = (
      await gqlData(t.app, key, CREATE, {
        p: pluginId,
        input: { url: 'https://staging.example.com/h', planes: ['SANDBOX'] },
      })
    ).createWebhookEndpoint;
    expect(sandboxOnly.endpoint.planes).toEqual(['SANDBOX']);
    const sid = sandboxOnly.endpoint.id;
    await gqlData(t.app, key, UPDATE, {
      id: sid,
      input: { url: 'https://staging2.example.com/h' },
    });
    await gqlData(t.app, key, ROTATE, { id: sid });
    expect(await code(UPDATE, { id: sid, input: { planes: ['SANDBOX', 'PRODUCTION'] } })).toBe(
      'portal_session_required',
    );

    const prod = (
      await gqlData(t.app, dev.token, CREATE, {
        p: pluginId,
        input: { url: 'https://prod.example.com/h' },
      })
    ).createWebhookEndpoint.endpoint.id;
    expect(await code(ROTATE, { id: prod })).toBe('portal_session_required');
    expect(
      await code(UPDATE, { id: prod, input: { url: 'https://elsewhere.example.net/h' } }),
    ).toBe('portal_session_required');
    expect((await endpointRow(prod))!.url).toBe('https://prod.example.com/h');
    // What does not move production traffic elsewhere a key may change.
    await gqlData(t.app, key, UPDATE, {
      id: prod,
      input: { description: 'dispatch', events: ['order.*'] },
    });
    await gqlData(t.app, key, DISABLE, { id: prod });
    expect((await auditOf(prod)).map((a) => [a.action, a.developer_key_id])).toEqual([
      ['created', null],
      ['updated', Number(keyId)],
      ['disabled', Number(keyId)],
    ]);
  });
});

describe('settings checked when saved', () => {
  let token: string;
  let pluginId: string;
  beforeAll(async () => {
    const dev = await signUpDeveloper(t.app);
    token = dev.token;
    pluginId = (await createProjectAndPlugin(t.app, token)).pluginId;
  });
  const refusal = async (input: Record<string, unknown>) =>
    gqlError(
      await gql(t.app, token, CREATE, {
        p: pluginId,
        input: { url: 'https://a.example.com/h', ...input },
      }),
    );

  it.each([
    ['an http URL', { url: 'http://a.example.com/h' }, 'url'],
    ['a private address', { url: 'https://10.0.0.8/h' }, 'url'],
    ['a description of 501 characters', { description: 'x'.repeat(501) }, 'description'],
    ['an unknown event', { events: ['order.eaten'] }, 'events'],
    ['a rate of 0', { rateLimitPerSecond: 0 }, 'rateLimitPerSecond'],
    ['no planes', { planes: [] }, 'planes'],
    [
      '101 locations',
      { locationIds: Array.from({ length: 101 }, (_, n) => String(n + 1)) },
      'locationIds',
    ],
    [
      '51 values of in',
      { filter: { 'data.order_id': { in: Array.from({ length: 51 }, (_, n) => n + 1) } } },
      'filter.data.order_id',
    ],
  ])('when it has %s, then validation_error names %s', async (_, input, field) => {
    const error = await refusal(input);
    expect(error.code).toBe('validation_error');
    expect(Object.keys(error.details!)).toEqual([field]);
  });

  it('when the filter names a path no selected event has, then validation_error names the path and the events', async () => {
    const error = await refusal({
      events: ['order.created', 'order.paid'],
      filter: { 'data.guests': { gte: 4 } },
    });
    expect(error.details!['filter.data.guests']![0]).toMatch(
      /data\.guests.*order\.created, order\.paid/,
    );
  });

  it('when the filter compares a value of the wrong type, then validation_error names the path', async () => {
    const error = await refusal({
      events: ['order.created'],
      filter: { 'data.party_size': { eq: 'four' } },
    });
    expect(error.details!['filter.data.party_size']![0]).toContain('order.created');
  });

  it("when apiVersion is unknown, then invalid_api_version; paths are checked in the endpoint's version", async () => {
    expect((await refusal({ apiVersion: '1999-01-01' })).code).toBe('invalid_api_version');
    const old = { events: ['order.created'], apiVersion: '2026-11-21' };
    expect(
      (await refusal({ ...old, filter: { 'data.order_number': { exists: true } } })).details,
    ).toHaveProperty(['filter.data.order_number']);
    const made = await gqlData(t.app, token, CREATE, {
      p: pluginId,
      input: {
        url: 'https://a.example.com/h',
        ...old,
        filter: { 'data.unique_orderid': { exists: true } },
      },
    });
    // Moving it to head without changing the filter: the filter no longer fits.
    const moved = gqlError(
      await gql(t.app, token, UPDATE, {
        id: made.createWebhookEndpoint.endpoint.id,
        input: { apiVersion: null },
      }),
    );
    expect(moved.details).toHaveProperty(['filter.data.unique_orderid']);
  });
});

describe('webhookEndpointFilterPreview', () => {
  it("when a sandbox's orders are previewed, then each says whether it would have matched and why not", async () => {
    // Events reach an installation's feed when its plugin has an endpoint (or a listener).
    const dev = await signUpDeveloper(t.app);
    const plugin = await createProjectAndPlugin(t.app, dev.token, {
      webhookEndpoint: 'https://plugin.example.com/hook',
    });
    const box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
    const ORDER = `mutation($s: ID!, $n: Int) { simulatePosOrder(sandboxId: $s, input: { partySize: $n }) { id } }`;
    for (const n of [2, 6]) await gqlData(t.app, dev.token, ORDER, { s: box.sandboxId, n });
    const feedCount = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from control.installation_events
          where installation_id = ${Number(box.installationId)} and event_type = 'order.created'`.execute(
          t.db,
        )
      ).rows[0]!.n;
    for (let i = 0; i < 100 && (await feedCount()) < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await feedCount()).toBe(2);

    const input = { events: ['order.created'], filter: { 'data.party_size': { gte: 4 } } };
    const { webhookEndpointFilterPreview: preview } = await gqlData(t.app, dev.token, PREVIEW, {
      p: plugin.pluginId,
      input,
    });
    const orders = preview.events.filter((e: any) => e.event === 'order.created');
    expect(orders.map((e: any) => [e.matched, e.reasons])).toEqual([
      [true, []],
      [false, ['data.party_size is 2, not >= 4']],
    ]);
    expect(orders[0]).toMatchObject({ plane: 'sandbox', installationId: box.installationId });
    const others = preview.events.filter((e: any) => e.event !== 'order.created');
    expect(
      others.every(
        (e: any) => !e.matched && e.reasons[0].includes("not among the endpoint's events"),
      ),
    ).toBe(true);
    expect(preview.matched).toBe(1);
    expect(preview.examined).toBe(preview.events.length);

    const prodOnly = await gqlData(t.app, dev.token, PREVIEW, {
      p: plugin.pluginId,
      input: { ...input, planes: ['PRODUCTION'] },
      last: 1,
    });
    expect(prodOnly.webhookEndpointFilterPreview.events[0].reasons).toContain(
      'a sandbox event; the endpoint receives production only',
    );
    const bad = gqlError(
      await gql(t.app, dev.token, PREVIEW, {
        p: plugin.pluginId,
        input: { filter: { 'data.nope': { eq: 1 } } },
      }),
    );
    expect(Object.keys(bad.details!)).toEqual(['filter.data.nope']);
    expect(
      gqlError(await gql(t.app, dev.token, PREVIEW, { p: plugin.pluginId, input, last: 101 }))
        .details,
    ).toHaveProperty('last');
  });
});
