import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { createTestContext, type TestContext } from '../support/context.js';
import { gql, gqlData, PASSWORD, randomIp, signUpDeveloper } from '../support/portal-builders.js';

// The dashboard's browser session: the portal session in an HttpOnly, SameSite=Strict cookie the
// logIn / signUp mutations set for a request carrying X-Svc-Dashboard, honoured only on a JSON
// POST with that header (what a page of another site cannot send).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const LOG_IN =
  'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { expiresAt } }';
const DASHBOARD = { 'X-Svc-Dashboard': '1' };
const CREATE_KEY = 'mutation { createDeveloperKey(name: "x", scopes: ["plugins:read"]) { key } }';

async function dashboardLogIn(app = t.app) {
  const dev = await signUpDeveloper(t.app);
  const res = await gql(
    app,
    undefined,
    LOG_IN,
    { email: dev.email, password: PASSWORD },
    { headers: { ...DASHBOARD, 'X-Forwarded-For': randomIp() } },
  );
  expect(res.status).toBe(200);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  expect(setCookie).toHaveLength(1);
  return { dev, setCookie: setCookie[0]!, cookie: setCookie[0]!.split(';')[0]! };
}

describe('dashboard session cookie', () => {
  it('when the dashboard logs in, then the session is an HttpOnly, SameSite=Strict cookie for /graphql of 4 hours, and the body need not carry the token', async () => {
    const { setCookie } = await dashboardLogIn();
    expect(setCookie).toMatch(/^svc_dashboard_session=[\w-]+\.[\w-]+\.[\w-]+; /);
    const attributes = setCookie.split('; ').slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/graphql', 'HttpOnly', 'SameSite=Strict']),
    );
    expect(attributes).not.toContain('Secure');
    const maxAge = Number(attributes.find((a) => a.startsWith('Max-Age='))!.slice(8));
    expect(maxAge).toBeGreaterThan(4 * 3600 - 10);
    expect(maxAge).toBeLessThanOrEqual(4 * 3600);
  });

  it('when BASE_URL is https, then the cookie is __Host- prefixed: Secure, Path=/, no Domain (security review 4, finding 12)', async () => {
    const app = await t.newApp({ BASE_URL: 'https://plugins.example.com' });
    const { dev, setCookie, cookie } = await dashboardLogIn(app);
    expect(setCookie).toMatch(/^__Host-svc_dashboard_session=[\w-]+\.[\w-]+\.[\w-]+; /);
    const attributes = setCookie.split('; ').slice(1);
    expect(attributes).toEqual(
      expect.arrayContaining(['Secure', 'Path=/', 'HttpOnly', 'SameSite=Strict']),
    );
    expect(attributes.filter((a) => /^(Domain|Path)=/i.test(a))).toEqual(['Path=/']);
    const me = await gqlData(app, undefined, '{ me { id } }', undefined, {
      headers: { ...DASHBOARD, Cookie: cookie },
    });
    expect(me.me.id).toBe(String(dev.developerId));
    // The unprefixed name is what a sibling subdomain could plant: over https it is not read.
    const token = cookie.slice(cookie.indexOf('=') + 1);
    const planted = await gql(app, undefined, '{ me { id } }', undefined, {
      headers: { ...DASHBOARD, Cookie: `svc_dashboard_session=${token}` },
    });
    expect({ status: planted.status, error: planted.body.error }).toEqual({
      status: 401,
      error: 'authentication_failed',
    });
    const out = await gql(app, undefined, 'mutation { logOut }', undefined, {
      headers: { ...DASHBOARD, Cookie: cookie },
    });
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? [])[0]!;
    expect(cleared.split('; ')).toEqual(
      expect.arrayContaining(['__Host-svc_dashboard_session=', 'Max-Age=0', 'Path=/', 'Secure']),
    );
  });

  it('when logIn comes without the dashboard header (a script), then no cookie is set', async () => {
    const dev = await signUpDeveloper(t.app);
    const res = await gql(
      t.app,
      undefined,
      'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { token } }',
      { email: dev.email, password: PASSWORD },
      { headers: { 'X-Forwarded-For': randomIp() } },
    );
    expect(res.body.data.logIn.token).toEqual(expect.any(String));
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('when a JSON POST carries the cookie and the dashboard header, then it acts as the developer; with the cookie only, as nobody', async () => {
    const { dev, cookie } = await dashboardLogIn();
    const me = await gqlData(t.app, undefined, '{ me { id } }', undefined, {
      headers: { ...DASHBOARD, Cookie: cookie },
    });
    expect(me.me.id).toBe(String(dev.developerId));
    // What a page of another site can make: the cookie without the header (a simple request) ...
    const noHeader = await gql(t.app, undefined, CREATE_KEY, undefined, {
      headers: { Cookie: cookie },
    });
    expect({ status: noHeader.status, error: noHeader.body.error }).toEqual({
      status: 401,
      error: 'authentication_failed',
    });
    // ... a form post (text/plain or urlencoded) ...
    const form = await supertest(t.app)
      .post('/graphql')
      .set('Cookie', cookie)
      .set('X-Svc-Dashboard', '1')
      .type('form')
      .send({ query: CREATE_KEY });
    expect(form.status).toBe(415);
    // ... or a GET.
    const get = await supertest(t.app)
      .get('/graphql')
      .query({ query: '{ me { id } }' })
      .set('Cookie', cookie)
      .set('X-Svc-Dashboard', '1')
      .set('Accept', 'application/json');
    expect(get.status).toBe(401);
    const keys = await t.db
      .selectFrom('control.developer_keys')
      .select('developer_key_id')
      .where('developer_id', '=', dev.developerId)
      .execute();
    expect(keys).toEqual([]);
  });

  it("when a bearer token comes with another developer's cookie, then the bearer token decides", async () => {
    const { cookie } = await dashboardLogIn();
    const other = await signUpDeveloper(t.app);
    const me = await gqlData(t.app, other.token, '{ me { id } }', undefined, {
      headers: { ...DASHBOARD, Cookie: cookie },
    });
    expect(me.me.id).toBe(String(other.developerId));
  });

  it('when the dashboard logs out, then the cookie is cleared; a stale cookie does not stop a new log-in', async () => {
    const { cookie } = await dashboardLogIn();
    const res = await gql(t.app, undefined, 'mutation { logOut }', undefined, {
      headers: { ...DASHBOARD, Cookie: cookie },
    });
    expect(res.body.data).toEqual({ logOut: true });
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]!;
    expect(cleared.split('; ')).toEqual(
      expect.arrayContaining(['svc_dashboard_session=', 'Max-Age=0', 'Path=/graphql', 'HttpOnly']),
    );
    const stale = await gql(t.app, undefined, '{ me { id } }', undefined, {
      headers: { ...DASHBOARD, Cookie: 'svc_dashboard_session=not.a.token' },
    });
    expect({ status: stale.status, error: stale.body.error }).toEqual({
      status: 401,
      error: 'authentication_failed',
    });
    const dev = await signUpDeveloper(t.app);
    const again = await gql(
      t.app,
      undefined,
      LOG_IN,
      { email: dev.email, password: PASSWORD },
      {
        headers: {
          ...DASHBOARD,
          Cookie: 'svc_dashboard_session=not.a.token',
          'X-Forwarded-For': randomIp(),
        },
      },
    );
    expect(again.body.data.logIn.expiresAt).toEqual(expect.any(String));
  });
});

describe('GET /dashboard', () => {
  it('when /dashboard or a deep link is opened, then the same page comes with its hashed assets and a CSP of this origin only', async () => {
    for (const path of ['/dashboard', '/dashboard/plugins/12', '/dashboard/requests/abc']) {
      const res = await supertest(t.app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.text).toMatch(
        /<script type="module" src="\/dashboard\/assets\/app-[0-9a-f]{12}\.js">/,
      );
    }
    const page = await supertest(t.app).get('/dashboard');
    const [js] = /\/dashboard\/assets\/app-[0-9a-f]{12}\.js/.exec(page.text)!;
    const asset = await supertest(t.app).get(js).set('Accept-Encoding', 'gzip');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await supertest(t.app).get('/dashboard/assets/app-000000000000.js')).status).toBe(404);
  });
});
