import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setPluginApiVersion } from '../../src/domain/plugins/index.js';
import { versionCatalog, type ChangeRecord } from '../../src/domain/api-versions/index.js';
import { DomainError } from '../../src/domain/shared/index.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createDeveloperKey,
  expectHttpError,
  gql,
  gqlData,
  gqlError,
  portalWorld,
  type PortalWorld,
} from '../support/portal-builders.js';

// The portal side of dated API versions: the list, a new plugin's pin, and who may move a pin.

let t: TestContext;
let w: PortalWorld;
let key: string;
beforeAll(async () => {
  t = await createTestContext();
  w = await portalWorld(t.app);
  ({ key } = await createDeveloperKey(t.app, w.dev.token));
});
afterAll(() => t.close());

const SET_PLUGIN =
  'mutation($id: ID!, $v: String!) { setPluginApiVersion(pluginId: $id, version: $v) { id apiVersion } }';
const SET_SANDBOX =
  'mutation($id: ID!, $v: String) { setSandboxApiVersion(sandboxId: $id, version: $v) { id apiVersion } }';

describe('apiVersions and the pins', () => {
  it('when apiVersions is read, then 2026-11-29 is current and 2026-11-21 supported for 12 months; a new plugin is pinned to the newest', async () => {
    const data = await gqlData(
      t.app,
      key,
      `query($id: ID!) { apiVersions { version status sunsetAt changes { id } } plugin(id: $id) { apiVersion } }`,
      { id: w.plugin.pluginId },
    );
    expect(data.apiVersions).toEqual([
      {
        version: '2026-11-29',
        status: 'current',
        sunsetAt: null,
        changes: [{ id: 'decimal-string-inputs' }, { id: 'order-number' }],
      },
      {
        version: '2026-11-21',
        status: 'supported',
        sunsetAt: '2027-11-29T00:00:00.000Z',
        changes: [],
      },
    ]);
    expect(data.plugin.apiVersion).toBe(data.apiVersions[0].version);
  });

  it('when a developer key moves the plugin, then portal_session_required; a session to an unknown version gets invalid_api_version', async () => {
    const vars = { id: w.plugin.pluginId, v: '2026-11-21' };
    expectHttpError(await gql(t.app, key, SET_PLUGIN, vars), 403, 'portal_session_required');
    const unknown = gqlError(
      await gql(t.app, w.dev.token, SET_PLUGIN, { ...vars, v: '1999-01-01' }),
    );
    expect(unknown.code).toBe('invalid_api_version');
    expect(unknown.message).toContain('2026-11-21');
    const data = await gqlData(t.app, w.dev.token, SET_PLUGIN, vars);
    expect(data.setPluginApiVersion.apiVersion).toBe('2026-11-21');
  });

  it("when a developer key sets a sandbox's version, then it holds; null follows the plugin again; an unknown one is refused", async () => {
    const id = w.box.sandboxId;
    const set = await gqlData(t.app, key, SET_SANDBOX, { id, v: '2026-11-21' });
    expect(set.setSandboxApiVersion).toEqual({ id, apiVersion: '2026-11-21' });
    const cleared = await gqlData(t.app, key, SET_SANDBOX, { id, v: null });
    expect(cleared.setSandboxApiVersion.apiVersion).toBeNull();
    expect(gqlError(await gql(t.app, key, SET_SANDBOX, { id, v: '2000-01-01' })).code).toBe(
      'invalid_api_version',
    );
  });
});

const record = (version: string): ChangeRecord => ({
  version,
  title: version,
  changes: [
    {
      id: 'x',
      description: 'd',
      upgrade: 'u',
      instructions: [{ contract: 'openapi', schema: 'Health', didnt_exist: true }],
    },
  ],
});

describe('setPluginApiVersion on a synthetic catalog (2026-11-21, 2027-02-01, 2027-06-01)', () => {
  const catalog = versionCatalog([record('2027-02-01'), record('2027-06-01')], new Date());
  const move = (version: string, now: Date) =>
    setPluginApiVersion(
      t.db,
      t.config,
      catalog,
      w.dev.developerId,
      Number(w.plugin.pluginId),
      version,
      now,
    );
  const refusal = async (version: string, now: Date) => {
    try {
      await move(version, now);
    } catch (err) {
      return err instanceof DomainError ? err.code : String(err);
    }
    return 'accepted';
  };
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

  it('when the plugin is not live, then any answered version; when live, forward, or back within 72 hours of an upgrade only', async () => {
    expect((await move('2027-06-01', hours(0))).apiVersion).toBe('2027-06-01');
    expect((await move('2026-11-21', hours(0))).apiVersion).toBe('2026-11-21');
    await t.db
      .updateTable('control.plugins')
      .set({ listing_status: 'active' })
      .where('plugin_id', '=', Number(w.plugin.pluginId))
      .execute();
    expect((await move('2027-02-01', hours(1))).apiVersion).toBe('2027-02-01');
    expect((await move('2026-11-21', hours(2))).apiVersion).toBe('2026-11-21');
    expect((await move('2027-02-01', hours(3))).apiVersion).toBe('2027-02-01');
    expect(await refusal('2026-11-21', hours(3 + 73))).toBe('validation_error');
    expect((await move('2027-06-01', hours(80))).apiVersion).toBe('2027-06-01');
    // Back, but not to the version it left: refused even within 72 hours.
    expect(await refusal('2026-11-21', hours(81))).toBe('validation_error');
    expect(await refusal('1999-01-01', hours(81))).toBe('invalid_api_version');
  });
});
