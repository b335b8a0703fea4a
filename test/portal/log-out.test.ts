import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOperator } from '../../src/domain/developers/index.js';
import {
  OPERATOR_SESSION_TTL_SECONDS,
  SESSION_TTL_SECONDS,
  stillAuthenticated,
} from '../../src/portal/auth.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createDeveloperKey,
  expectHttpError,
  gql,
  gqlData,
  gqlError,
  PASSWORD,
  randomIp,
  signUpDeveloper,
} from '../support/portal-builders.js';

// Security review 4, finding 4: logOut ends the session it is sent with (its id is revoked),
// logOut(everywhere: true) every session of the account (the developer's stamp moves), both read
// by the statement each session request already runs; an operator's session lasts an hour.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const LOG_IN =
  'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { token expiresAt } }';
const ME = '{ me { id } }';
const DASHBOARD = { 'X-Svc-Dashboard': '1' };

async function logIn(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const res = await gql(
    t.app,
    undefined,
    LOG_IN,
    { email, password },
    { headers: { 'X-Forwarded-For': randomIp(), ...headers } },
  );
  expect(res.body.errors).toBeUndefined();
  return {
    token: res.body.data.logIn.token as string,
    expiresAt: res.body.data.logIn.expiresAt as string,
    setCookie: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
  };
}

describe('logOut', () => {
  it("when a session logs out, then that session is refused from its next request on, and the account's other sessions still work", async () => {
    const dev = await signUpDeveloper(t.app);
    const other = await logIn(dev.email);
    expect(await gqlData(t.app, dev.token, 'mutation { logOut }')).toEqual({ logOut: true });
    expectHttpError(await gql(t.app, dev.token, ME), 401, 'authentication_failed');
    expect((await gqlData(t.app, other.token, ME)).me.id).toBe(String(dev.developerId));
    // A stream's heartbeat re-check sees it too.
    const principal = {
      kind: 'session',
      developerId: dev.developerId,
      role: 'developer',
      session: { id: '', expiresAt: new Date() },
    } as const;
    expect(await stillAuthenticated(t.db, t.config, principal, `Bearer ${dev.token}`)).toBe(false);
    expect(await stillAuthenticated(t.db, t.config, principal, `Bearer ${other.token}`)).toBe(true);
  });

  it("when the dashboard logs out, then its cookie's session is ended, not only the cookie cleared", async () => {
    const dev = await signUpDeveloper(t.app);
    const { setCookie } = await logIn(dev.email, PASSWORD, DASHBOARD);
    const cookie = setCookie[0]!.split(';')[0]!;
    const token = cookie.slice(cookie.indexOf('=') + 1);
    expect(
      (
        await gqlData(t.app, undefined, ME, undefined, {
          headers: { ...DASHBOARD, Cookie: cookie },
        })
      ).me.id,
    ).toBe(String(dev.developerId));
    expect(
      await gqlData(t.app, undefined, 'mutation { logOut }', undefined, {
        headers: { ...DASHBOARD, Cookie: cookie },
      }),
    ).toEqual({ logOut: true });
    // A copy of the cookie (a HAR export, "Copy as cURL") no longer works, as a cookie or a bearer token.
    expectHttpError(
      await gql(t.app, undefined, ME, undefined, { headers: { ...DASHBOARD, Cookie: cookie } }),
      401,
      'authentication_failed',
    );
    expectHttpError(await gql(t.app, token, ME), 401, 'authentication_failed');
  });

  it('when a session logs out everywhere, then every session of the account issued before is refused, and a new log-in works', async () => {
    const dev = await signUpDeveloper(t.app);
    const second = await logIn(dev.email);
    const bystander = await signUpDeveloper(t.app);
    expect(await gqlData(t.app, second.token, 'mutation { logOut(everywhere: true) }')).toEqual({
      logOut: true,
    });
    for (const token of [dev.token, second.token])
      expectHttpError(await gql(t.app, token, ME), 401, 'authentication_failed');
    expect((await gqlData(t.app, bystander.token, ME)).me.id).toBe(String(bystander.developerId));
    const after = await logIn(dev.email);
    expect((await gqlData(t.app, after.token, ME)).me.id).toBe(String(dev.developerId));
  });

  it('when logOut(everywhere: true) comes with a developer key, then portal_session_required; without credentials, authentication_failed', async () => {
    const dev = await signUpDeveloper(t.app);
    const { key } = await createDeveloperKey(t.app, dev.token);
    expect(gqlError(await gql(t.app, key, 'mutation { logOut(everywhere: true) }')).code).toBe(
      'portal_session_required',
    );
    expect(
      gqlError(await gql(t.app, undefined, 'mutation { logOut(everywhere: true) }')).code,
    ).toBe('authentication_failed');
    expect((await gqlData(t.app, dev.token, ME)).me.id).toBe(String(dev.developerId));
    expect(await gqlData(t.app, undefined, 'mutation { logOut }')).toEqual({ logOut: true });
  });
});

describe('session lifetimes', () => {
  it("when an operator logs in, then the session lasts 1 hour (a developer's 4)", async () => {
    expect(OPERATOR_SESSION_TTL_SECONDS).toBe(3600);
    expect(SESSION_TTL_SECONDS).toBe(4 * 3600);
    await createOperator(t.db, t.config.passwordHash, {
      email: 'short.ops@example.com',
      name: 'Ops',
      password: PASSWORD,
    });
    const before = Date.now();
    const { expiresAt, setCookie } = await logIn('short.ops@example.com', PASSWORD, DASHBOARD);
    expect(Date.parse(expiresAt) - before).toBeLessThanOrEqual(3600_000 + 1_000);
    expect(Date.parse(expiresAt) - before).toBeGreaterThan(3600_000 - 60_000);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie[0]!)![1]);
    expect(maxAge).toBeLessThanOrEqual(3600);
  });
});
