import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { hashKey } from '../../src/lib/secrets.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  createDeveloperKey,
  expectHttpError,
  gql,
  gqlData,
  gqlError,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

let t: TestContext;
let dev: PortalDeveloper;

beforeAll(async () => {
  t = await createTestContext();
  dev = await signUpDeveloper(t.app);
});
afterAll(() => t.close());

const PROJECTS = '{ myDeveloperProjects { id name } }';
const CREATE_PROJECT = 'mutation { createProject(name: "From CI") { id } }';
const CREATE_KEY =
  'mutation($name: String!, $scopes: [String!]!, $ip: [String!]) { createDeveloperKey(name: $name, scopes: $scopes, ipAllowlist: $ip) { key developerKey { id name scopes ipAllowlist prefix } } }';
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

describe('minting, listing and revoking developer keys', () => {
  it('when a key is minted, then it is svc_dev_ + 32 characters, shown once and stored only as its SHA-256', async () => {
    const data = await gqlData(t.app, dev.token, CREATE_KEY, {
      name: 'deploy',
      scopes: ['plugins:read'],
    });
    const { key, developerKey } = data.createDeveloperKey;
    expect(key).toMatch(/^svc_dev_[0-9A-Za-z]{32}$/);
    expect(key).toHaveLength(40);
    expect(developerKey).toMatchObject({
      name: 'deploy',
      scopes: ['plugins:read'],
      ipAllowlist: [],
      prefix: key.slice(0, 12),
    });
    const row = await t.db
      .selectFrom('control.developer_keys')
      .selectAll()
      .where('developer_key_id', '=', Number(developerKey.id))
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashKey(key));
    const { rows } = await sql<{
      hits: number;
    }>`select count(*)::int as hits from control.developer_keys where row_to_json(developer_keys)::text like ${'%' + key + '%'}`.execute(
      t.db,
    );
    expect(rows[0]!.hits).toBe(0);
    // Listing never shows the key again.
    const list = await gql(
      t.app,
      dev.token,
      '{ developerKeys { id name prefix scopes revokedAt } }',
    );
    expect(JSON.stringify(list.body)).not.toContain(key);
  });

  it('when scopes or the allowlist are invalid, then validation_error names them', async () => {
    const error = gqlError(
      await gql(t.app, dev.token, CREATE_KEY, {
        name: 'x',
        scopes: ['plugins:admin'],
        ip: ['10.0.0.0/33', 'example.com'],
      }),
    );
    expect(error.code).toBe('validation_error');
    expect(error.details!.scopes).toEqual([
      'plugins:admin is not a scope (use plugins:read, plugins:write)',
    ]);
    expect(error.details!.ipAllowlist).toHaveLength(2);
    const none = gqlError(await gql(t.app, dev.token, CREATE_KEY, { name: 'x', scopes: [] }));
    expect(none.details!.scopes).toBeDefined();
  });

  it('when an account has 10 active keys, then the 11th is refused until one is revoked', async () => {
    const owner = await signUpDeveloper(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createDeveloperKey(t.app, owner.token)).id);
    const refused = gqlError(
      await gql(t.app, owner.token, CREATE_KEY, { name: 'eleventh', scopes: ['plugins:read'] }),
    );
    expect(refused.code).toBe('developer_key_limit_reached');
    await gqlData(
      t.app,
      owner.token,
      'mutation($id: ID!) { revokeDeveloperKey(id: $id) { id revokedAt } }',
      { id: ids[0] },
    );
    await createDeveloperKey(t.app, owner.token);
    const list = await gqlData(t.app, owner.token, '{ developerKeys { id revokedAt } }');
    expect(list.developerKeys).toHaveLength(11);
    expect(
      list.developerKeys.filter((k: { revokedAt: string | null }) => k.revokedAt === null),
    ).toHaveLength(10);
  });

  it('when ten keys are minted concurrently past the cap, then the cap still holds', async () => {
    const owner = await signUpDeveloper(t.app);
    for (let i = 0; i < 5; i++) await createDeveloperKey(t.app, owner.token);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        gql(t.app, owner.token, CREATE_KEY, { name: 'race', scopes: ['plugins:read'] }),
      ),
    );
    const { active } = await t.db
      .selectFrom('control.developer_keys')
      .select((eb) => eb.fn.countAll<number>().as('active'))
      .where('developer_id', '=', owner.developerId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(active).toBe(10);
  });

  it('when a developer key tries to mint, list or revoke keys or accept an agreement, then 403 portal_session_required', async () => {
    const { key, id } = await createDeveloperKey(t.app, dev.token);
    const attempts = [
      [CREATE_KEY, { name: 'child', scopes: ['plugins:read'] }],
      ['{ developerKeys { id } }', {}],
      ['mutation($id: ID!) { revokeDeveloperKey(id: $id) { id } }', { id }],
      ['mutation { acceptDeveloperAgreement(version: "2026-01") { id } }', {}],
    ] as const;
    for (const [query, variables] of attempts)
      expectHttpError(await gql(t.app, key, query, variables), 403, 'portal_session_required');
    expect(
      await t.db
        .selectFrom('control.developer_keys')
        .select('revoked_at')
        .where('developer_key_id', '=', Number(id))
        .executeTakeFirstOrThrow(),
    ).toEqual({ revoked_at: null });
  });
});

describe('developer key failures are HTTP statuses with the spec body', () => {
  it('when the key is unknown or malformed, then 401 authentication_failed', async () => {
    expectHttpError(
      await gql(t.app, `svc_dev_${'A'.repeat(32)}`, PROJECTS),
      401,
      'authentication_failed',
    );
    expectHttpError(await gql(t.app, 'svc_dev_short', PROJECTS), 401, 'authentication_failed');
  });

  it('when the key is revoked, then the very next request is 401 authentication_failed', async () => {
    const { key, id } = await createDeveloperKey(t.app, dev.token);
    expect((await gql(t.app, key, PROJECTS)).status).toBe(200);
    await gqlData(t.app, dev.token, 'mutation($id: ID!) { revokeDeveloperKey(id: $id) { id } }', {
      id,
    });
    const res = await gql(t.app, key, PROJECTS);
    expectHttpError(res, 401, 'authentication_failed');
    expect(res.body.message).toMatch(/revoked/);
  });

  it('when a developer key is sent to the Data API, then 401 missing_api_key', async () => {
    const { key } = await createDeveloperKey(t.app, dev.token);
    expectHttpError(
      await call(t.app, 'get', '/health', { headers: { Authorization: `Bearer ${key}` } }),
      401,
      'missing_api_key',
    );
  });
});

describe('scopes', () => {
  beforeAll(async () => {
    dev = await signUpDeveloper(t.app);
  });

  it('when a key has plugins:read only, then queries pass and mutations are 403 insufficient_scope', async () => {
    const { key } = await createDeveloperKey(t.app, dev.token, ['plugins:read']);
    expect((await gqlData(t.app, key, PROJECTS)).myDeveloperProjects).toEqual([]);
    const res = await gql(t.app, key, CREATE_PROJECT);
    expectHttpError(res, 403, 'insufficient_scope');
    expect(res.body.message).toContain('plugins:write');
    expect(
      await t.db
        .selectFrom('control.projects')
        .select('project_id')
        .where('developer_id', '=', dev.developerId)
        .execute(),
    ).toEqual([]);
  });

  it('when a key has plugins:write only, then mutations pass and queries are 403 insufficient_scope', async () => {
    const { key } = await createDeveloperKey(t.app, dev.token, ['plugins:write']);
    expect((await gqlData(t.app, key, CREATE_PROJECT)).createProject.id).toBeDefined();
    expectHttpError(await gql(t.app, key, PROJECTS), 403, 'insufficient_scope');
    expectHttpError(await gql(t.app, key, '{ me { id } }'), 403, 'insufficient_scope');
  });

  it('when a key has both scopes, then it reaches what a session reaches, as its developer', async () => {
    const { key } = await createDeveloperKey(t.app, dev.token);
    const viaKey = await gqlData(t.app, key, PROJECTS);
    const viaSession = await gqlData(t.app, dev.token, PROJECTS);
    expect(viaKey).toEqual(viaSession);
    expect((await gqlData(t.app, key, '{ me { id } }')).me.id).toBe(String(dev.developerId));
  });
});

describe('IP allowlist', () => {
  beforeAll(async () => {
    dev = await signUpDeveloper(t.app);
  });

  it('when the source is inside an IPv4 block, then the request passes; outside, then 403 ip_not_allowed', async () => {
    const { key } = await createDeveloperKey(
      t.app,
      dev.token,
      ['plugins:read'],
      ['203.0.113.0/24'],
    );
    expect((await gql(t.app, key, PROJECTS, {}, from('203.0.113.77'))).status).toBe(200);
    expectHttpError(
      await gql(t.app, key, PROJECTS, {}, from('198.51.100.7')),
      403,
      'ip_not_allowed',
    );
    // Without a forwarded address the client is the loopback address, outside the list too.
    expectHttpError(await gql(t.app, key, PROJECTS), 403, 'ip_not_allowed');
  });

  it('when the allowlist has IPv6 blocks and bare addresses, then they match IPv6 clients exactly', async () => {
    const { key } = await createDeveloperKey(
      t.app,
      dev.token,
      ['plugins:read'],
      ['2001:db8:abcd::/48', '192.0.2.10'],
    );
    expect((await gql(t.app, key, PROJECTS, {}, from('2001:db8:abcd:12::1'))).status).toBe(200);
    expect((await gql(t.app, key, PROJECTS, {}, from('192.0.2.10'))).status).toBe(200);
    expectHttpError(
      await gql(t.app, key, PROJECTS, {}, from('2001:db8:abce::1')),
      403,
      'ip_not_allowed',
    );
    expectHttpError(await gql(t.app, key, PROJECTS, {}, from('192.0.2.11')), 403, 'ip_not_allowed');
  });

  it('stores the allowlist in canonical CIDR form', async () => {
    const data = await gqlData(t.app, dev.token, CREATE_KEY, {
      name: 'net',
      scopes: ['plugins:read'],
      ip: ['10.1.2.3/8', '2001:DB8::1', '::ffff:192.0.2.0/120'],
    });
    expect(data.createDeveloperKey.developerKey.ipAllowlist).toEqual([
      '10.0.0.0/8',
      '2001:db8::1/128',
      '192.0.2.0/24',
    ]);
  });
});

describe('rate limit per key', () => {
  it('when the 61st request with one key arrives within a minute, then 429 with Retry-After and X-RateLimit-*', async () => {
    const owner = await signUpDeveloper(t.app);
    const { key } = await createDeveloperKey(t.app, owner.token, ['plugins:read']);
    const other = await createDeveloperKey(t.app, owner.token, ['plugins:read']);
    for (let i = 1; i <= 60; i++) {
      const res = await gql(t.app, key, PROJECTS);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
    }
    const res = await gql(t.app, key, PROJECTS);
    expectHttpError(res, 429, 'rate_limit_exceeded');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.body.retry_after).toBe(Number(res.headers['retry-after']));
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    // Another key of the same account, and the portal session, have their own budgets.
    expect((await gql(t.app, other.key, PROJECTS)).status).toBe(200);
    expect((await gql(t.app, owner.token, PROJECTS)).status).toBe(200);
  });
});
