import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { expectMatchesSpec } from '../support/openapi.js';

// Overload: when every connection of the pool is busy, a request waits at most
// SVC_DB_ACQUIRE_TIMEOUT_MS for one and is then answered 503 service_unavailable with
// Retry-After, instead of queueing behind everyone else with no bound.

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext({ SVC_DB_POOL_SIZE: '3', SVC_DB_ACQUIRE_TIMEOUT_MS: '300' });
  // On a loaded machine opening a connection can take longer than the 300 ms under test: the pool's
  // 3 connections are opened first (and stay idle in it), so the test measures waiting, not connecting.
  for (let tries = 0; ; tries += 1) {
    try {
      await Promise.all(
        Array.from({ length: 3 }, () =>
          t.db.connection().execute(() => new Promise((resolve) => setTimeout(resolve, 50))),
        ),
      );
      break;
    } catch (err) {
      if (tries >= 10) throw err;
    }
  }
  inst = await createInstallation(t.db);
});
afterAll(() => t.close());

describe('a pool with no connection free', () => {
  it('when every connection is held, then a request gets 503 service_unavailable with Retry-After within the acquire timeout, and 200 once one is free', async () => {
    expect((await call(t.app, 'get', '/health', { key: inst.apiKey })).status).toBe(200);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: 3 }, () => t.db.connection().execute(() => released));
    try {
      const started = performance.now();
      const res = await t
        .request()
        .get('/api/plugin/v1/health')
        .set('X-Plugin-Api-Key', inst.apiKey);
      const ms = performance.now() - started;
      await expectMatchesSpec(res);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('service_unavailable');
      expect(res.headers['retry-after']).toBe('2');
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(1500);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await call(t.app, 'get', '/health', { key: inst.apiKey })).status).toBe(200);
  });
});
