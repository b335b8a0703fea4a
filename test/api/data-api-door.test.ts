import { afterAll, beforeAll, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { API_ROOT } from '../../src/api/router.js';
import { loadConfig } from '../../src/config.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { portalWorld, type PortalWorld } from '../support/portal-builders.js';

// SVC_DOORS=data-api: a process of a deployment that splits the doors serves the Data API (and its
// probes) and nothing else, so the portal's, the dashboard's and the docs' code never loads in it.

let t: TestContext;
let world: PortalWorld;

beforeAll(async () => {
  t = await createTestContext();
  world = await portalWorld(t.app);
});
afterAll(() => t.close());

it('when SVC_DOORS is data-api, then the Data API and the probes answer and nothing else does', async () => {
  const app = await t.newApp({ SVC_DOORS: 'data-api' });
  const api = await supertest(app)
    .get(`${API_ROOT}/health`)
    .set('X-Plugin-Api-Key', world.box.installationKey);
  expect(api.status).toBe(200);
  expect((await supertest(app).get('/healthz')).status).toBe(200);
  for (const res of [
    await supertest(app).post('/graphql').send({ query: '{ __typename }' }),
    await supertest(app).get('/dashboard'),
    await supertest(app).get('/docs'),
    await supertest(app).get('/api/v1/oauth/callback'),
  ]) {
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'route_not_found' });
  }
});

it('when SVC_DOORS is neither all nor data-api, then the configuration is refused', () => {
  expect(() => loadConfig({ ...process.env, SVC_DOORS: 'portal' })).toThrow(/SVC_DOORS/);
});
