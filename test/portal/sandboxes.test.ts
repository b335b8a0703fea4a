import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import type { DataPlaneSchema } from '../../src/db/types.js';
import { hashKey } from '../../src/lib/secrets.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  gql,
  gqlData,
  gqlError,
  portalWorld,
  provisionPortalSandbox,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

let t: TestContext;
let dev: PortalDeveloper;
let plugin: { pluginId: string; webhookSecret: string };
let box: PortalSandbox;

beforeAll(async () => {
  t = await createTestContext();
  ({ dev, plugin, box } = await portalWorld(t.app));
});
afterAll(() => t.close());

const SANDBOX =
  '{ sandbox(id: $id) { id name purpose schemaName status installationId lastAccessedAt protectedUntil wouldExpireAt } }';
const getSandbox = async (id: string) =>
  (await gqlData(t.app, dev.token, `query($id: ID!) ${SANDBOX}`, { id })).sandbox;
const plane = (schema: string) => (t.db as unknown as Kysely<DataPlaneSchema>).withSchema(schema);
const schemaExists = async (schema: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from pg_namespace where nspname = ${schema}`.execute(t.db)
  ).rows[0]!.n === 1;
const DAY = 86_400_000;

describe('provisioning', () => {
  it('when a sandbox is provisioned, then its schema holds demo data and its key, shown once, reaches it', async () => {
    expect(box.installationKey).toMatch(/^pik_[0-9a-f]{64}$/);
    expect(box.schemaName).toBe(`sandbox_${box.sandboxId}`);
    // The plugin's sandbox secret, not the production one (security review 3, finding 9).
    expect(box.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(box.webhookSecret).not.toBe(plugin.webhookSecret);
    expect(
      await plane(box.schemaName).selectFrom('locations').select('location_id').execute(),
    ).toHaveLength(2);
    const installation = await t.db
      .selectFrom('control.installations')
      .selectAll()
      .where('installation_id', '=', Number(box.installationId))
      .executeTakeFirstOrThrow();
    expect(installation).toMatchObject({
      plane: 'sandbox',
      sandbox_id: Number(box.sandboxId),
      plugin_id: Number(plugin.pluginId),
      status: 'active',
      api_key_hash: hashKey(box.installationKey),
    });

    const res = await call(t.app, 'get', '/installation', { key: box.installationKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      installation_id: Number(box.installationId),
      environment: 'sandbox',
      plugin: { plugin_id: Number(plugin.pluginId) },
    });

    const sandbox = await getSandbox(box.sandboxId);
    expect(sandbox).toMatchObject({
      name: 'QA sandbox',
      purpose: 'Testing order sync',
      status: 'active',
      installationId: box.installationId,
      protectedUntil: null,
    });
    expect(Date.parse(sandbox.wouldExpireAt) - Date.parse(sandbox.lastAccessedAt)).toBe(
      t.config.sandboxIdleDays * DAY,
    );
    const list = await gqlData(t.app, dev.token, '{ sandboxes { id } }');
    expect(list.sandboxes.map((s: { id: string }) => s.id)).toContain(box.sandboxId);
  });

  it('when the plugin is unknown or the name is empty, then not_found or validation_error', async () => {
    const PROVISION =
      'mutation($p: ID!, $n: String!) { provisionSandbox(pluginId: $p, name: $n) { installationKey } }';
    expect(gqlError(await gql(t.app, dev.token, PROVISION, { p: '999999', n: 'x' })).code).toBe(
      'not_found',
    );
    expect(
      gqlError(await gql(t.app, dev.token, PROVISION, { p: plugin.pluginId, n: '  ' })).details,
    ).toEqual({ name: ['must be 1 to 100 characters'] });
  });
});

describe('reset', () => {
  it('when a reset is in flight, then the Data API answers 409 sandbox_resetting; after it, fresh demo data and the same key', async () => {
    await plane(box.schemaName).deleteFrom('stock_movements').execute();
    await plane(box.schemaName).deleteFrom('stock_levels').execute();
    // Hold the reset mid-way: a lock on a sandbox table blocks its DROP SCHEMA until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`lock table ${sql.id(box.schemaName, 'locations')} in access share mode`.execute(
        trx,
      );
      locked();
      await released;
    });
    await lockTaken;
    const reset = gql(
      t.app,
      dev.token,
      'mutation($id: ID!) { resetSandbox(id: $id) { id status } }',
      { id: box.sandboxId },
    ).then((r) => r);
    for (let i = 0; i < 100 && (await getSandbox(box.sandboxId)).status !== 'resetting'; i++)
      await new Promise((r) => setTimeout(r, 20));

    const during = await call(t.app, 'get', '/health', { key: box.installationKey });
    expect({ status: during.status, error: during.body.error }).toEqual({
      status: 409,
      error: 'sandbox_resetting',
    });
    expect(
      gqlError(
        await gql(t.app, dev.token, 'mutation($id: ID!) { resetSandbox(id: $id) { id } }', {
          id: box.sandboxId,
        }),
      ).code,
    ).toBe('sandbox_resetting');
    expect(
      gqlError(
        await gql(t.app, dev.token, 'mutation($id: ID!) { deleteSandbox(id: $id) { id } }', {
          id: box.sandboxId,
        }),
      ).code,
    ).toBe('sandbox_resetting');

    release();
    await holder;
    const res = await reset;
    expect(res.body).toEqual({ data: { resetSandbox: { id: box.sandboxId, status: 'active' } } });
    expect(
      (await plane(box.schemaName).selectFrom('stock_levels').select('ingredient_id').execute())
        .length,
    ).toBeGreaterThan(0);
    expect((await call(t.app, 'get', '/health', { key: box.installationKey })).status).toBe(200);
  });
});

describe('protection', () => {
  const PROTECT =
    'mutation($id: ID!, $days: Int!) { protectSandbox(id: $id, days: $days) { protectedUntil wouldExpireAt } }';

  it('when protected for 60 days, then it would not expire before; a shorter request never shortens it', async () => {
    const first = (await gqlData(t.app, dev.token, PROTECT, { id: box.sandboxId, days: 60 }))
      .protectSandbox;
    expect(Math.abs(Date.parse(first.protectedUntil) - (Date.now() + 60 * DAY))).toBeLessThan(
      60_000,
    );
    expect(first.wouldExpireAt).toBe(first.protectedUntil);
    const second = (await gqlData(t.app, dev.token, PROTECT, { id: box.sandboxId, days: 5 }))
      .protectSandbox;
    expect(second.protectedUntil).toBe(first.protectedUntil);
  });

  it.each([0, 91])('when days is %i, then validation_error', async (days) => {
    expect(
      gqlError(await gql(t.app, dev.token, PROTECT, { id: box.sandboxId, days })).details,
    ).toEqual({ days: ['must be an integer from 1 to 90'] });
  });
});

describe('installation keys', () => {
  it('when the key is regenerated, then the old key fails on the very next request and the new one works', async () => {
    expect((await call(t.app, 'get', '/health', { key: box.installationKey })).status).toBe(200);
    const data = await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { regenerateInstallationKey(installationId: $id) { installationKey } }',
      { id: box.installationId },
    );
    const fresh = data.regenerateInstallationKey.installationKey;
    expect(fresh).toMatch(/^pik_[0-9a-f]{64}$/);
    const old = await call(t.app, 'get', '/health', { key: box.installationKey });
    expect({ status: old.status, error: old.body.error }).toEqual({
      status: 401,
      error: 'invalid_api_key',
    });
    expect((await call(t.app, 'get', '/health', { key: fresh })).status).toBe(200);
    box.installationKey = fresh;
  });
});

describe('deletion', () => {
  it('when a sandbox is deleted, then its schema is dropped, its installation inactive and it is gone from the portal', async () => {
    const other = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId, 'Throwaway');
    const data = await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { deleteSandbox(id: $id) { id status } }',
      { id: other.sandboxId },
    );
    expect(data.deleteSandbox).toEqual({ id: other.sandboxId, status: 'deleted' });
    expect(await schemaExists(other.schemaName)).toBe(false);
    const res = await call(t.app, 'get', '/health', { key: other.installationKey });
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 403,
      error: 'installation_inactive',
    });
    expect(
      gqlError(await gql(t.app, dev.token, `query($id: ID!) ${SANDBOX}`, { id: other.sandboxId }))
        .code,
    ).toBe('not_found');
    const list = await gqlData(t.app, dev.token, '{ sandboxes { id } }');
    expect(list.sandboxes.map((s: { id: string }) => s.id)).not.toContain(other.sandboxId);
    const regenerate = await gql(
      t.app,
      dev.token,
      'mutation($id: ID!) { regenerateInstallationKey(installationId: $id) { installationKey } }',
      { id: other.installationId },
    );
    expect(gqlError(regenerate).code).toBe('not_found');
  });
});
