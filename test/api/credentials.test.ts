import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { admitInstallation } from '../../src/domain/installations/index.js';
import { type AccessError, RateLimitedError } from '../../src/domain/shared/index.js';
import type { Database } from '../../src/db/types.js';
import { generateInstallationKey } from '../../src/lib/secrets.js';
import {
  createInstallation,
  createSandboxInstallation,
  type InstallationFixture,
} from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext();
  inst = await createInstallation(t.db);
});
afterAll(() => t.close());

const expectError = (
  res: { status: number; body: Record<string, unknown> },
  status: number,
  code: string,
) => {
  expect({ status: res.status, error: res.body.error }).toEqual({ status, error: code });
  expect(typeof res.body.message).toBe('string');
};

describe('the installation key pipeline', () => {
  it('when the header is missing, then 401 missing_api_key', async () => {
    expectError(await call(t.app, 'get', '/health'), 401, 'missing_api_key');
  });

  it('when only an Authorization: Bearer header is sent, then 401 missing_api_key', async () => {
    const res = await call(t.app, 'get', '/health', {
      headers: { Authorization: `Bearer ${inst.apiKey}` },
    });
    expectError(res, 401, 'missing_api_key');
  });

  it.each([
    ['no pik_ prefix', 'abc_' + 'a'.repeat(64)],
    ['too short', 'pik_' + 'a'.repeat(63)],
    ['too long', 'pik_' + 'a'.repeat(65)],
    ['upper-case hex', 'pik_' + 'A'.repeat(64)],
    ['not hex', 'pik_' + 'g'.repeat(64)],
  ])('when the key is malformed (%s), then 401 invalid_api_key_format', async (_label, key) => {
    expectError(await call(t.app, 'get', '/health', { key }), 401, 'invalid_api_key_format');
  });

  it('when no installation matches, then 401 invalid_api_key', async () => {
    expectError(
      await call(t.app, 'get', '/health', { key: generateInstallationKey() }),
      401,
      'invalid_api_key',
    );
  });

  it.each(['pending_payment', 'inactive', 'removed'] as const)(
    'when the installation is %s, then 403 installation_inactive',
    async (status) => {
      const other = await createInstallation(t.db, { status });
      expectError(
        await call(t.app, 'get', '/health', { key: other.apiKey }),
        403,
        'installation_inactive',
      );
    },
  );

  it('when a production listing is not active, then 403 plugin_listing_unavailable with one body for every reason', async () => {
    const bodies = new Set<string>();
    for (const listingStatus of [
      'draft',
      'under_review',
      'approved',
      'suspended',
      'deprecated',
      'rejected',
      'deleted',
    ] as const) {
      const other = await createInstallation(t.db, { listingStatus });
      const res = await call(t.app, 'get', '/health', { key: other.apiKey });
      expectError(res, 403, 'plugin_listing_unavailable');
      bodies.add(JSON.stringify(res.body));
    }
    expect(bodies.size).toBe(1);
  });

  describe('sandbox installations', () => {
    it('are exempt from the listing check and reach their own data plane', async () => {
      const sandbox = await createSandboxInstallation(t.db, { listingStatus: 'draft' });
      const res = await call(t.app, 'get', '/installation', { key: sandbox.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.data.environment).toBe('sandbox');
      expect(res.body.data.location.location_id).toBe(sandbox.locationIds[0]);
    });

    it('when the sandbox is resetting, then 409 sandbox_resetting', async () => {
      const sandbox = await createSandboxInstallation(t.db);
      await t.db
        .updateTable('control.sandboxes')
        .set({ status: 'resetting' })
        .where('sandbox_id', '=', sandbox.sandboxId)
        .execute();
      expectError(
        await call(t.app, 'get', '/health', { key: sandbox.apiKey }),
        409,
        'sandbox_resetting',
      );
    });

    it('when the sandbox is not active, then 401 sandbox_not_ready', async () => {
      const sandbox = await createSandboxInstallation(t.db);
      await t.db
        .updateTable('control.sandboxes')
        .set({ status: 'expired' })
        .where('sandbox_id', '=', sandbox.sandboxId)
        .execute();
      expectError(
        await call(t.app, 'get', '/health', { key: sandbox.apiKey }),
        401,
        'sandbox_not_ready',
      );
    });

    it('when the sandbox schema is missing, then 500 sandbox_misconfigured', async () => {
      const sandbox = await createSandboxInstallation(t.db);
      await sql`drop schema ${sql.id(sandbox.schemaName)} cascade`.execute(t.db);
      expectError(
        await call(t.app, 'get', '/health', { key: sandbox.apiKey }),
        500,
        'sandbox_misconfigured',
      );
    });

    it('when a call is made, then the idle clock is touched (at most once a minute)', async () => {
      const sandbox = await createSandboxInstallation(t.db);
      await t.db
        .updateTable('control.sandboxes')
        .set({ last_accessed_at: sql`now() - interval '3 days'` })
        .where('sandbox_id', '=', sandbox.sandboxId)
        .execute();
      await call(t.app, 'get', '/health', { key: sandbox.apiKey });
      const row = await t.db
        .selectFrom('control.sandboxes')
        .select('last_accessed_at')
        .where('sandbox_id', '=', sandbox.sandboxId)
        .executeTakeFirstOrThrow();
      expect(Date.now() - row.last_accessed_at.getTime()).toBeLessThan(60_000);
    });
  });

  it('when a key is regenerated, then the old key fails on the very next request', async () => {
    const other = await createInstallation(t.db);
    expect((await call(t.app, 'get', '/health', { key: other.apiKey })).status).toBe(200);
    await t.db
      .updateTable('control.installations')
      .set({ api_key_hash: 'regenerated' })
      .where('installation_id', '=', other.installationId)
      .execute();
    expectError(await call(t.app, 'get', '/health', { key: other.apiKey }), 401, 'invalid_api_key');
  });

  it('stores keys only as SHA-256 hashes', async () => {
    const rows = await sql<{
      hit: number;
    }>`select count(*)::int as hit from control.installations where api_key_hash = ${inst.apiKey} or config::text like ${'%' + inst.apiKey + '%'}`.execute(
      t.db,
    );
    expect(rows.rows[0]!.hit).toBe(0);
  });

  it('never writes the key, a signature or a bearer token to the logs', async () => {
    await call(t.app, 'get', '/health', {
      key: inst.apiKey,
      headers: { 'X-Svc-Signature': 'f'.repeat(64), Authorization: 'Bearer secret-bearer-token' },
    });
    await call(t.app, 'get', '/nope', { key: inst.apiKey, unchecked: true });
    const logs = t.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('/api/plugin/v1/health');
    expect(logs).not.toContain(inst.apiKey);
    expect(logs).not.toContain('f'.repeat(64));
    expect(logs).not.toContain('secret-bearer-token');
  });
});

describe('rate limit', () => {
  it('when the 61st request arrives within a minute, then 429 with Retry-After, X-RateLimit-* and retry_after', async () => {
    const other = await createInstallation(t.db);
    for (let i = 1; i <= 60; i++) {
      const res = await call(t.app, 'get', '/health', { key: other.apiKey });
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
    }
    const res = await call(t.app, 'get', '/installation', { key: other.apiKey });
    expectError(res, 429, 'rate_limit_exceeded');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.body.retry_after).toBe(Number(res.headers['retry-after']));
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('when a request is refused before the rate limit (inactive installation), then it uses none of the budget', async () => {
    const other = await createInstallation(t.db);
    await t.db
      .updateTable('control.installations')
      .set({ status: 'inactive' })
      .where('installation_id', '=', other.installationId)
      .execute();
    for (let i = 0; i < 3; i++)
      expectError(
        await call(t.app, 'get', '/health', { key: other.apiKey }),
        403,
        'installation_inactive',
      );
    await t.db
      .updateTable('control.installations')
      .set({ status: 'active' })
      .where('installation_id', '=', other.installationId)
      .execute();
    const res = await call(t.app, 'get', '/health', { key: other.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('when two app instances share a database, then they share one bucket per installation', async () => {
    const other = await createInstallation(t.db);
    const second = await t.newApp();
    const apps = [t.app, second];
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await call(apps[i % 2]!, 'get', '/health', { key: other.apiKey })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // A different installation has its own bucket.
    expect((await call(second, 'get', '/health', { key: inst.apiKey })).status).toBe(200);
  });

  it('when the limit is configured, then SVC_RATE_LIMIT_PER_MINUTE applies', async () => {
    const other = await createInstallation(t.db);
    const strict = await t.newApp({ SVC_RATE_LIMIT_PER_MINUTE: '2' });
    expect((await call(strict, 'get', '/health', { key: other.apiKey })).status).toBe(200);
    expect((await call(strict, 'get', '/health', { key: other.apiKey })).status).toBe(200);
    const res = await call(strict, 'get', '/health', { key: other.apiKey });
    expect(res.status).toBe(429);
    expect(res.headers['x-ratelimit-limit']).toBe('2');
  });

  it('when requests of several installations reach admission together, then one statement admits them and each gets its own place in its bucket', async () => {
    const a = await createInstallation(t.db);
    const b = await createInstallation(t.db);
    const inactive = await createInstallation(t.db, { status: 'inactive' });
    const statements: string[] = [];
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => void statements.push(event.query.sql),
    });
    try {
      const keys = [a, b, a, inactive, a, b, a]
        .map((i) => i.apiKey)
        .concat(generateInstallationKey());
      const outcomes = await Promise.allSettled(
        keys.map((key) => admitInstallation(db, t.events, key, { perMinute: 4 })),
      );
      expect(statements).toHaveLength(1);
      const remaining = outcomes.map((o) =>
        o.status === 'fulfilled' ? o.value.rateLimit.remaining : (o.reason as AccessError).code,
      );
      // a's requests are its 1st to 4th of the minute, b's its 1st and 2nd, in arrival order; the
      // refused keys use nobody's budget.
      expect(remaining).toEqual([3, 3, 2, 'installation_inactive', 1, 2, 0, 'invalid_api_key']);
      // a's 5th, alone in its statement, is over the limit of 4; b's bucket is untouched by it.
      await expect(
        admitInstallation(db, t.events, a.apiKey, { perMinute: 4 }),
      ).rejects.toBeInstanceOf(RateLimitedError);
      expect(
        (await admitInstallation(db, t.events, b.apiKey, { perMinute: 4 })).rateLimit.remaining,
      ).toBe(1);

      // A route's own ceiling in the same statement: it counts only the requests that passed the
      // installation's limit, each in its place.
      const c = await createInstallation(t.db);
      const route = { bucket: 'inbound:', perMinute: 2 };
      statements.length = 0;
      const mixed = await Promise.allSettled([
        admitInstallation(db, t.events, c.apiKey, { perMinute: 4, route }),
        admitInstallation(db, t.events, c.apiKey, { perMinute: 4 }),
        admitInstallation(db, t.events, c.apiKey, { perMinute: 4, route }),
        admitInstallation(db, t.events, c.apiKey, { perMinute: 4, route }),
        admitInstallation(db, t.events, c.apiKey, { perMinute: 4 }),
        admitInstallation(db, t.events, c.apiKey, { perMinute: 4, route }),
      ]);
      expect(statements).toHaveLength(1);
      expect(
        mixed.map((o) =>
          o.status === 'fulfilled'
            ? o.value.rateLimit.remaining
            : (o.reason as RateLimitedError).code,
        ),
      ).toEqual([
        // the 4th is within the installation's 4 but the route's 3rd; the 5th and 6th are over the 4
        3,
        2,
        1,
        'rate_limit_exceeded',
        'rate_limit_exceeded',
        'rate_limit_exceeded',
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('when admissions of the same installations run together, then each locks their buckets in bucket order (no deadlock between them)', async () => {
    // Two statements that lock the same buckets in opposite orders deadlock: PostgreSQL aborts one
    // after a second (a 5xx for its requests). So a statement waiting on a bucket already holds
    // every bucket before it, whatever the order its requests arrived in.
    const fixtures: InstallationFixture[] = [];
    for (let i = 0; i < 12; i++) fixtures.push(await createInstallation(t.db));
    const bucket = (i: InstallationFixture) => `installation:${i.installationId}`;
    const sorted = [...fixtures].sort((p, q) => (bucket(p) < bucket(q) ? -1 : 1));
    const last = sorted[sorted.length - 1]!;
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const holder = await pool.connect();
    const probe = await pool.connect();
    try {
      // Every bucket exists (committed), so a lock on any is a row lock the probe can see.
      await pool.query(
        `insert into control.rate_limits (bucket, window_start, count) select unnest($1::text[]), now(), 0`,
        [sorted.map(bucket)],
      );
      const shuffled = [7, 2, 11, 0, 5, 9, 1, 10, 3, 8, 6, 4].map((i) => fixtures[i]!);
      for (const arrival of [[...sorted].reverse(), shuffled, sorted]) {
        await holder.query('begin');
        await holder.query(`select 1 from control.rate_limits where bucket = $1 for update`, [
          bucket(last),
        ]);
        const admitted = Promise.all(
          arrival.map((i) => admitInstallation(db, t.events, i.apiKey, { perMinute: 1000 })),
        );
        // The admission statement now waits for the holder's lock on the last bucket.
        for (let waited = 0; ; waited += 20) {
          const { rows } = await probe.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows.length > 0) break;
          if (waited > 5000)
            throw new Error('the admission statement never waited for the held bucket');
          await new Promise((r) => setTimeout(r, 20));
        }
        await probe.query('begin');
        const { rows: free } = await probe.query<{ bucket: string }>(
          `select bucket from control.rate_limits where bucket = any($1::text[]) order by bucket for update skip locked`,
          [sorted.slice(0, -1).map(bucket)],
        );
        await probe.query('rollback');
        await holder.query('commit');
        const outcomes = await admitted;
        expect({ arrival: arrival.map(bucket), notYetLocked: free.map((r) => r.bucket) }).toEqual({
          arrival: arrival.map(bucket),
          notYetLocked: [],
        });
        expect(outcomes.map((o) => o.auth.installationId)).toEqual(
          arrival.map((i) => i.installationId),
        );
      }
    } finally {
      await holder.query('rollback').catch(() => undefined);
      holder.release();
      probe.release();
      await db.destroy();
    }
  });

  it('when 80 requests race, then exactly 60 pass', async () => {
    const other = await createInstallation(t.db);
    const results = await Promise.all(
      Array.from({ length: 80 }, () => call(t.app, 'get', '/health', { key: other.apiKey })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(20);
  });
});
