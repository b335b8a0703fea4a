import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';

let t: TestContext;
let inst: InstallationFixture;
let stranger: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '1000' });
  inst = await createInstallation(t.db);
  stranger = await createInstallation(t.db);
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('answers a top-level object and records the check', async () => {
    const res = await call(t.app, 'get', '/health', { key: inst.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      installation_id: inst.installationId,
      timestamp: expect.any(String),
    });
    expect(res.body.data).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    const checks = await t.db
      .selectFrom('control.health_checks')
      .select('checked_at')
      .where('installation_id', '=', inst.installationId)
      .execute();
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(new Date(res.body.timestamp).getTime()).toBe(
      checks[checks.length - 1]!.checked_at.getTime(),
    );
  });
});

describe('GET /installation and POST /installation/config', () => {
  it('returns plugin, organization, location, config and enabled_features', async () => {
    const res = await call(t.app, 'get', '/installation', { key: inst.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      installation_id: inst.installationId,
      status: 'active',
      environment: 'production',
      plugin: { plugin_id: inst.pluginId },
      organization: { organization_id: inst.organizationId },
      location: { location_id: inst.locationId, currency: 'EUR' },
      config: {},
      enabled_features: ['orders:create', 'payments:capture'],
    });
  });

  it('merges sent keys shallowly and keeps unsent keys', async () => {
    let res = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      body: { store_code: 'LIS-01', sync: { menu: true } },
    });
    expect(res.status).toBe(200);
    res = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      body: { sync: { orders: true }, region: 'eu' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.config).toEqual({
      store_code: 'LIS-01',
      sync: { orders: true },
      region: 'eu',
    });
    const again = await call(t.app, 'get', '/installation', { key: inst.apiKey });
    expect(again.body.data.config).toEqual({
      store_code: 'LIS-01',
      sync: { orders: true },
      region: 'eu',
    });
  });

  it('refuses to overwrite the service-managed oauth key (400 validation_error)', async () => {
    const res = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      body: { oauth: { access_token: 'x' } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'validation_error',
      details: { oauth: [expect.any(String)] },
    });
  });

  it('answers malformed JSON with 400 validation_error in the error shape', async () => {
    const res = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":',
      unchecked: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'validation_error',
      message: expect.any(String),
      details: { body: ['must be valid JSON'] },
    });
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      headers: { 'Content-Type': 'text/plain' },
      body: 'a=1',
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('unsupported_media_type');
  });

  it('answers an oversized body with 413', async () => {
    const res = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      body: { blob: 'x'.repeat(1_100_000) },
      unchecked: true,
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('payload_too_large');
  });

  it('answers a body that is not an object with 400 validation_error and details', async () => {
    const res = await call(t.app, 'post', '/installation/config', {
      key: inst.apiKey,
      body: [1, 2],
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(Object.keys(res.body.details).length).toBeGreaterThan(0);
  });
});

describe('GET /locations', () => {
  it("lists the organization's locations and pages with next_cursor", async () => {
    const first = await call(t.app, 'get', '/locations?limit=1', { key: inst.apiKey });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ count: 1, limit: 1, next_cursor: expect.any(String) });
    const second = await call(
      t.app,
      'get',
      `/locations?limit=1&cursor=${first.body.meta.next_cursor}`,
      { key: inst.apiKey },
    );
    expect(second.body.meta.next_cursor).toBeNull();
    const ids = [...first.body.data, ...second.body.data].map(
      (l: { location_id: number }) => l.location_id,
    );
    expect(ids).toEqual([inst.locationId, inst.otherLocationId]);
  });

  it('rejects a limit outside 1..100 and a forged cursor with 400', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor']) {
      const res = await call(t.app, 'get', `/locations?${q}`, { key: inst.apiKey });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_error');
    }
  });

  it('returns one location, and the spec sentence body for an unknown one', async () => {
    const res = await call(t.app, 'get', `/locations/${inst.otherLocationId}`, {
      key: inst.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      location_id: inst.otherLocationId,
      organization_id: inst.organizationId,
      currency: 'USD',
    });
    const missing = await call(t.app, 'get', '/locations/999999', { key: inst.apiKey });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Location not found' });
  });

  it("never shows another organization's location: 404, as if absent", async () => {
    const res = await call(t.app, 'get', `/locations/${stranger.locationId}`, { key: inst.apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Location not found' });
    const list = await call(t.app, 'get', '/locations', { key: inst.apiKey });
    expect(list.body.data.map((l: { organization_id: number }) => l.organization_id)).not.toContain(
      stranger.organizationId,
    );
  });
});

describe('routing', () => {
  it('answers an unknown route with a JSON 404, never HTML', async () => {
    const res = await supertest(t.app)
      .get('/api/plugin/v1/nope')
      .set('X-Plugin-Api-Key', inst.apiKey);
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body.error).toBe('route_not_found');
  });

  it('routes templated and literal paths by method, and answers a known path with a wrong method 405', async () => {
    expect(
      (await call(t.app, 'get', `/locations/${inst.locationId}`, { key: inst.apiKey })).status,
    ).toBe(200);
    expect((await call(t.app, 'get', '/locations/', { key: inst.apiKey })).status).toBe(200);
    const wrong = await supertest(t.app)
      .delete(`/api/plugin/v1/locations/${inst.locationId}`)
      .set('X-Plugin-Api-Key', inst.apiKey);
    expect(wrong.status).toBe(405);
    expect(wrong.body.error).toBe('method_not_allowed');
  });

  it('serves the contract files', async () => {
    const res = await supertest(t.app).get('/openapi.yaml');
    expect(res.status).toBe(200);
    expect(res.text).toContain('openapi: 3.0.3');
  });
});
