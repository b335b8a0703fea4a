import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import supertest from 'supertest';
import { handlers } from '../../src/api/handlers/index.js';
import { API_ROOT, createDataApi } from '../../src/api/router.js';
import {
  versionCatalog,
  identityMigrator,
  type ApiVersions,
  type ChangeRecord,
} from '../../src/domain/api-versions/index.js';
import {
  createInstallation,
  createSandboxInstallation,
  type InstallationFixture,
} from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { ROOT } from '../contracts/contract-copies.js';

// Dated API versions at the Data API's door: X-Svc-Api-Version chosen by the request, else the
// installation's pin, echoed on every response; an unknown one is 400 invalid_api_version.

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext();
  inst = await createInstallation(t.db);
});
afterAll(() => t.close());

describe('X-Svc-Api-Version on the real contracts (2026-11-21 and 2026-11-29)', () => {
  it('when a request names 2026-11-21, then the response says it was answered in it', async () => {
    const res = await call(t.app, 'get', '/health', {
      key: inst.apiKey,
      headers: { 'X-Svc-Api-Version': '2026-11-21' },
    });
    expect({ status: res.status, version: res.headers['x-svc-api-version'] }).toEqual({
      status: 200,
      version: '2026-11-21',
    });
  });

  it('when a request names an unknown version, then 400 invalid_api_version naming the supported ones', async () => {
    const res = await call(t.app, 'get', '/orders', {
      key: inst.apiKey,
      headers: { 'X-Svc-Api-Version': '1999-01-01' },
    });
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 400,
      error: 'invalid_api_version',
    });
    expect(res.body.message).toContain('2026-11-21');
    expect(res.body.message).toContain('2026-11-29');
    expect(res.body.message).toContain('1999-01-01');
    // Refused before its version was resolved: the newest answers.
    expect(res.headers['x-svc-api-version']).toBe('2026-11-29');
  });

  it('when a request names no version, then the plugin pin is echoed', async () => {
    const { api_version } = await t.db
      .selectFrom('control.plugins')
      .select('api_version')
      .where('plugin_id', '=', inst.pluginId)
      .executeTakeFirstOrThrow();
    const res = await call(t.app, 'get', '/locations', { key: inst.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers['x-svc-api-version']).toBe(api_version);
  });

  it('when the key is refused or the events feed is read, then the response still carries the version', async () => {
    const refused = await call(t.app, 'get', '/health');
    expect(refused.status).toBe(401);
    expect(refused.headers['x-svc-api-version']).toBe('2026-11-29');
    const feed = await call(t.app, 'get', '/events', { key: inst.apiKey });
    expect(feed.status).toBe(200);
    expect(feed.headers['x-svc-api-version']).toBe('2026-11-21');
  });

  it('when listApiVersions is called, then 2026-11-29 is current with its two changes and 2026-11-21 is supported until 12 months after it', async () => {
    const res = await call(t.app, 'get', '/api-versions', { key: inst.apiKey });
    expect(res.status).toBe(200);
    const data = res.body.data as {
      version: string;
      status: string;
      sunset_at: string | null;
      changes: { id: string }[];
    }[];
    expect(data.map((v) => [v.version, v.status, v.sunset_at, v.changes.map((c) => c.id)])).toEqual(
      [
        ['2026-11-29', 'current', null, ['decimal-string-inputs', 'order-number']],
        ['2026-11-21', 'supported', '2027-11-29', []],
      ],
    );
  });
});

// A door whose catalog has a second, synthetic version (2027-03-01) and a clock of its own.
const NEXT: ChangeRecord = {
  version: '2027-03-01',
  title: 'Synthetic',
  changes: [
    {
      id: 'synthetic',
      description: 'Nothing real.',
      upgrade: 'Nothing to do.',
      instructions: [{ contract: 'openapi', schema: 'Health', didnt_exist: true }],
    },
  ],
};

describe('X-Svc-Api-Version with two versions', () => {
  let now: Date;
  let door: Awaited<ReturnType<typeof createDataApi>>;
  beforeAll(async () => {
    const apiVersions: ApiVersions = {
      catalog: () => versionCatalog([NEXT], now),
      migrator: identityMigrator,
      derived: [],
    };
    door = await createDataApi(
      { config: t.config, db: t.db, logger: t.logger, events: t.events, apiVersions },
      handlers,
      path.join(ROOT, 'openapi.yaml'),
      {},
      () => false,
    );
  });
  const health = (key: string, version?: string) => {
    const req = supertest(door).get(`${API_ROOT}/health`).set('X-Plugin-Api-Key', key);
    return version ? req.set('X-Svc-Api-Version', version) : req;
  };

  it('when a plugin pinned to the first version asks nothing, then it is answered in its pin, not the newest', async () => {
    now = new Date('2027-04-01T00:00:00Z');
    const pinned = await health(inst.apiKey);
    expect(pinned.headers['x-svc-api-version']).toBe('2026-11-21');
    expect(pinned.headers.deprecation).toBeUndefined();
    const newest = await health(inst.apiKey, '2027-03-01');
    expect(newest.headers['x-svc-api-version']).toBe('2027-03-01');
  });

  it("when a sandbox overrides the plugin's version, then its requests are answered in the sandbox's", async () => {
    now = new Date('2027-04-01T00:00:00Z');
    const box = await createSandboxInstallation(t.db);
    await t.db
      .updateTable('control.sandboxes')
      .set({ api_version: '2027-03-01' })
      .where('sandbox_id', '=', box.sandboxId)
      .execute();
    const res = await health(box.apiKey);
    expect(res.headers['x-svc-api-version']).toBe('2027-03-01');
  });

  it('when the pinned version is deprecated, then Deprecation and Sunset come with it; once sunset it is refused by name', async () => {
    now = new Date('2027-10-01T00:00:00Z');
    const res = await health(inst.apiKey);
    expect(res.headers['x-svc-api-version']).toBe('2026-11-21');
    expect(res.headers.deprecation).toBe(`@${Date.parse('2027-09-01T00:00:00Z') / 1000}`);
    expect(res.headers.sunset).toBe(new Date('2028-03-01T00:00:00Z').toUTCString());

    now = new Date('2028-03-02T00:00:00Z');
    const refused = await health(inst.apiKey, '2026-11-21');
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 400,
      error: 'invalid_api_version',
    });
    expect(refused.body.message).toContain('2027-03-01');
    // The pin itself is past its sunset: the plugin is answered in the version after it.
    expect((await health(inst.apiKey)).headers['x-svc-api-version']).toBe('2027-03-01');
  });
});
