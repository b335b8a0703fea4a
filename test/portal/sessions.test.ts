import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import supertest from 'supertest';
import { issueSessionToken, SESSION_TTL_SECONDS } from '../../src/portal/auth.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
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

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SIGN_UP =
  'mutation($email: String!, $password: String!, $name: String!) { signUp(email: $email, password: $password, name: $name) { token expiresAt } }';
const LOG_IN =
  'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { token expiresAt } }';
const ME = '{ me { id email name agreementVersion agreementAcceptedAt } }';
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

describe('sign-up and log-in', () => {
  it('when a developer signs up, then a 4-hour session is returned and the password is stored as scrypt', async () => {
    const before = Date.now();
    const data = await gqlData(
      t.app,
      undefined,
      SIGN_UP,
      { email: 'Ada@Example.com', password: PASSWORD, name: 'Ada' },
      from(randomIp()),
    );
    // The session starts while the request runs (seconds on a loaded machine: the portal's first
    // request loads its modules, and scrypt is slow on purpose): 4 hours from a moment inside it.
    const after = Date.now();
    const expiresAt = Date.parse(data.signUp.expiresAt);
    expect(expiresAt - before).toBeGreaterThanOrEqual(SESSION_TTL_SECONDS * 1000 - 1_000);
    expect(expiresAt - after).toBeLessThanOrEqual(SESSION_TTL_SECONDS * 1000 + 1_000);
    const me = await gqlData(t.app, data.signUp.token, ME);
    expect(me.me).toMatchObject({ email: 'ada@example.com', name: 'Ada', agreementVersion: null });
    const row = await t.db
      .selectFrom('control.developers')
      .select('password_hash')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('when the email is taken or the input is weak, then validation_error names each field', async () => {
    const dev = await signUpDeveloper(t.app);
    const taken = gqlError(
      await gql(
        t.app,
        undefined,
        SIGN_UP,
        { email: dev.email.toUpperCase(), password: PASSWORD, name: 'X' },
        from(randomIp()),
      ),
    );
    expect(taken).toMatchObject({
      code: 'validation_error',
      details: { email: ['is already registered'] },
    });
    const weak = gqlError(
      await gql(
        t.app,
        undefined,
        SIGN_UP,
        { email: 'not-an-email', password: 'short', name: ' ' },
        from(randomIp()),
      ),
    );
    expect(weak.code).toBe('validation_error');
    expect(Object.keys(weak.details!).sort()).toEqual(['email', 'name', 'password']);
  });

  it('when the password is right, then logIn returns a session; when wrong or unknown, then one authentication_failed', async () => {
    const dev = await signUpDeveloper(t.app);
    const ok = await gqlData(
      t.app,
      undefined,
      LOG_IN,
      { email: dev.email, password: PASSWORD },
      from(randomIp()),
    );
    expect((await gqlData(t.app, ok.logIn.token, ME)).me.id).toBe(String(dev.developerId));
    const wrong = gqlError(
      await gql(
        t.app,
        undefined,
        LOG_IN,
        { email: dev.email, password: 'wrong password!!' },
        from(randomIp()),
      ),
    );
    const unknown = gqlError(
      await gql(
        t.app,
        undefined,
        LOG_IN,
        { email: 'nobody@example.com', password: PASSWORD },
        from(randomIp()),
      ),
    );
    expect(wrong).toEqual(unknown);
    expect(wrong.code).toBe('authentication_failed');
  });

  it('when one IP makes more than 10 log-in attempts in a minute, then 429 with Retry-After and X-RateLimit-*', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await gql(
        t.app,
        undefined,
        LOG_IN,
        { email: 'nobody@example.com', password: 'guess' },
        from(ip),
      );
      expect(res.status).toBe(200);
    }
    const res = await gql(
      t.app,
      undefined,
      LOG_IN,
      { email: 'nobody@example.com', password: 'guess' },
      from(ip),
    );
    expectHttpError(res, 429, 'rate_limit_exceeded');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body.retry_after).toBe(Number(res.headers['retry-after']));
    expect(res.headers['x-ratelimit-limit']).toBe('10');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    // Another address has its own bucket.
    expect(
      (
        await gql(
          t.app,
          undefined,
          LOG_IN,
          { email: 'nobody@example.com', password: 'guess' },
          from(randomIp()),
        )
      ).status,
    ).toBe(200);
  });

  it('when the agreement is accepted, then me shows its version and time', async () => {
    const dev = await signUpDeveloper(t.app);
    const data = await gqlData(
      t.app,
      dev.token,
      'mutation { acceptDeveloperAgreement(version: "2026-01") { agreementVersion agreementAcceptedAt } }',
    );
    expect(data.acceptDeveloperAgreement.agreementVersion).toBe('2026-01');
    expect(Date.parse(data.acceptDeveloperAgreement.agreementAcceptedAt)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect((await gqlData(t.app, dev.token, ME)).me.agreementVersion).toBe('2026-01');
  });
});

describe("a developer's portal budget", () => {
  it('when SVC_PORTAL_SESSION_REQUESTS_PER_MINUTE is 3, then the sessions share 3 a minute (X-RateLimit-Limit 3, then 429) while a developer key keeps its 60', async () => {
    const app = await t.newApp({ SVC_PORTAL_SESSION_REQUESTS_PER_MINUTE: '3' });
    const dev = await signUpDeveloper(app);
    const { key } = await createDeveloperKey(app, dev.token);
    // signUpDeveloper and createDeveloperKey spent part of the three already.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await gql(app, dev.token, ME));
    const served = answers.filter((res) => res.status === 200);
    expect(served.length).toBeGreaterThanOrEqual(1);
    for (const res of served) expect(res.headers['x-ratelimit-limit']).toBe('3');
    const refused = answers.at(-1)!;
    expectHttpError(refused, 429, 'rate_limit_exceeded');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const byKey = await gql(app, key, ME);
    expect([byKey.status, byKey.headers['x-ratelimit-limit']]).toEqual([200, '60']);
  });
});

describe('portal session failures are HTTP statuses with the spec body', () => {
  it('when no credentials are sent to a protected field, then 401 authentication_failed and nothing executes', async () => {
    const res = await gql(t.app, undefined, ME);
    expectHttpError(res, 401, 'authentication_failed');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    const viaFragment = await gql(
      t.app,
      undefined,
      'query { ...F } fragment F on Query { myDeveloperProjects { id } }',
    );
    expectHttpError(viaFragment, 401, 'authentication_failed');
  });

  it('when the session has expired, then 401 authentication_failed', async () => {
    const dev = await signUpDeveloper(t.app);
    const { token } = await issueSessionToken(
      t.config,
      dev.developerId,
      new Date(Date.now() - SESSION_TTL_SECONDS * 1000 - 1_000),
    );
    const res = await gql(t.app, token, ME);
    expectHttpError(res, 401, 'authentication_failed');
    expect(res.body.message).toMatch(/expired/);
  });

  it('when a session that has been used expires, then its next request is 401 authentication_failed (expired)', async () => {
    const dev = await signUpDeveloper(t.app);
    // A session with two seconds left: its first request verifies it, the next comes after its end.
    const { token, expiresAt } = await issueSessionToken(
      t.config,
      dev.developerId,
      new Date(Date.now() - SESSION_TTL_SECONDS * 1000 + 2_000),
    );
    expect((await gql(t.app, token, ME)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    const res = await gql(t.app, token, ME);
    expectHttpError(res, 401, 'authentication_failed');
    expect(res.body.message).toMatch(/expired/);
  });

  it('when a valid session names a developer that does not exist, then 401 authentication_failed (no longer exists), and not a 5xx', async () => {
    for (const developerId of [999_999_999, -1]) {
      const { token } = await issueSessionToken(t.config, developerId, new Date());
      const res = await gql(t.app, token, ME);
      expectHttpError(res, 401, 'authentication_failed');
      expect(res.body.message).toMatch(/no longer exists/);
    }
  });

  it('when the token is tampered with, signed with another key or not HS256, then 401 authentication_failed', async () => {
    const dev = await signUpDeveloper(t.app);
    const [header, , signature] = dev.token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: '1', iss: 'svc-portal', aud: 'svc-portal', exp: 9_999_999_999 }),
    ).toString('base64url');
    const otherKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(dev.developerId))
      .setIssuer('svc-portal')
      .setAudience('svc-portal')
      .setExpirationTime('1h')
      .sign(Buffer.alloc(32, 7));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(dev.developerId) })).toString('base64url')}.`;
    for (const token of [
      `${header}.${forgedPayload}.${signature}`,
      otherKey,
      unsigned,
      'garbage',
    ]) {
      expectHttpError(await gql(t.app, token, ME), 401, 'authentication_failed');
    }
  });

  it('when the Authorization scheme is not Bearer, then 401 authentication_failed', async () => {
    const dev = await signUpDeveloper(t.app);
    const res = await supertest(t.app)
      .post('/graphql')
      .set('Authorization', `Basic ${dev.token}`)
      .send({ query: ME });
    expectHttpError(res, 401, 'authentication_failed');
  });

  it('when an installation key is sent to /graphql, in either header, then 401 authentication_failed', async () => {
    const pik = `pik_${'a'.repeat(64)}`;
    expectHttpError(await gql(t.app, pik, ME), 401, 'authentication_failed');
    const res = await supertest(t.app)
      .post('/graphql')
      .set('X-Plugin-Api-Key', pik)
      .send({ query: ME });
    expectHttpError(res, 401, 'authentication_failed');
  });

  it('when a portal session is sent to the Data API, then 401 missing_api_key', async () => {
    const dev = await signUpDeveloper(t.app);
    const res = await call(t.app, 'get', '/health', {
      headers: { Authorization: `Bearer ${dev.token}` },
    });
    expectHttpError(res, 401, 'missing_api_key');
  });

  it('when a query comes by GET without credentials, then the same 401', async () => {
    expectHttpError(
      await supertest(t.app).get('/graphql').query({ query: ME }).set('Accept', 'application/json'),
      401,
      'authentication_failed',
    );
  });

  it('when a field fails with a domain error, then nothing is logged at error level', async () => {
    const before = t.logs.length;
    await gql(
      t.app,
      undefined,
      LOG_IN,
      { email: 'nobody@example.com', password: PASSWORD },
      from(randomIp()),
    );
    expect(t.logs.slice(before).filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
    expect(t.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('serves GraphiQL to a browser and the schema to anonymous introspection', async () => {
    for (const query of [{}, { query: ME }]) {
      const page = await supertest(t.app).get('/graphql').query(query).set('Accept', 'text/html');
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/graphiql/i);
    }
    const data = await gqlData(t.app, undefined, '{ __schema { mutationType { name } } }');
    expect(data.__schema.mutationType.name).toBe('Mutation');
  });
});

describe('transport', () => {
  it.each([
    ['application/graphql', '{ me { id } }'],
    ['application/x-www-form-urlencoded', 'query=%7B%20me%20%7B%20id%20%7D%20%7D'],
  ])(
    'when the body is %s rather than JSON, then 415 before anything executes',
    async (type, body) => {
      const res = await supertest(t.app).post('/graphql').set('Content-Type', type).send(body);
      expectHttpError(res, 415, 'unsupported_media_type');
    },
  );

  it('when the JSON body is not one GraphQL request, then 400 validation_error', async () => {
    for (const body of [{}, [{ query: '{ me { id } }' }], { query: 42 }]) {
      const res = await supertest(t.app)
        .post('/graphql')
        .set('Content-Type', 'application/json')
        .send(body);
      expectHttpError(res, 400, 'validation_error');
      expect(res.body.details).toEqual({
        query: ['is required (a string); batches are not supported'],
      });
    }
    const broken = await supertest(t.app)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send('{"query": ');
    expectHttpError(broken, 400, 'validation_error');
  });
});
