import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { getIntrospectionQuery } from 'graphql';
import supertest, { type Response } from 'supertest';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  expectHttpError,
  gql,
  gqlData,
  gqlError,
  PASSWORD,
  provisionPortalSandbox,
  randomIp,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

// Abuse of the portal's GraphQL surface: aliases that multiply rate-limited fields, documents
// that cost too much to parse or execute, sessions without a budget, sandboxes without a cap.

let t: TestContext;
let dev: PortalDeveloper;

beforeAll(async () => {
  t = await createTestContext();
  dev = await signUpDeveloper(t.app);
});
afterAll(() => t.close());

const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
const codesOf = (res: Response): string[] =>
  (res.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;

/** Log lines at error level (pino 50) or with a stack trace written since `mark`. */
const errorLogsSince = (mark: number) =>
  t.logs.slice(mark).filter((line) => JSON.parse(line).level >= 50 || line.includes('"stack"'));

describe('rate-limited fields are charged per execution', () => {
  it('when one request carries 15 aliased logIn fields, then at most 10 run, the rest are rate_limit_exceeded, and the next request is refused', async () => {
    const ip = randomIp();
    const fields = Array.from(
      { length: 15 },
      (_, i) => `a${i}: logIn(email: "nobody@example.com", password: "guess-${i}") { token }`,
    );
    const res = await gql(
      t.app,
      undefined,
      `mutation { ${fields.join('\n')} }`,
      undefined,
      from(ip),
    );
    expect(res.status).toBe(200);
    const codes = codesOf(res);
    expect(codes).toHaveLength(15);
    expect(count(codes, 'authentication_failed')).toBeLessThanOrEqual(10);
    expect(count(codes, 'authentication_failed') + count(codes, 'rate_limit_exceeded')).toBe(15);
    const limited = res.body.errors.find(
      (e: { extensions: { code: string } }) => e.extensions.code === 'rate_limit_exceeded',
    );
    expect(limited.extensions.retry_after).toBeGreaterThanOrEqual(1);

    const next = await gql(
      t.app,
      undefined,
      'mutation { logIn(email: "nobody@example.com", password: "again") { token } }',
      undefined,
      from(ip),
    );
    expectHttpError(next, 429, 'rate_limit_exceeded');
  });

  it('when aliased signUp and logIn fields share a request, then they share the one log-in budget', async () => {
    const ip = randomIp();
    const fields = Array.from(
      { length: 12 },
      (_, i) =>
        i % 2 === 0
          ? `s${i}: signUp(email: "alias-${i}-${Date.now()}@example.com", password: "${PASSWORD}", name: "A") { token }`
          : `l${i}: logIn(email: "nobody-${i}-${Date.now()}@example.com", password: "guess-${i}") { token }`, // an email each: its own failure count
    );
    const res = await gql(
      t.app,
      undefined,
      `mutation { ${fields.join('\n')} }`,
      undefined,
      from(ip),
    );
    const executed =
      Object.values(res.body.data ?? {}).filter((v) => v !== null).length +
      count(codesOf(res), 'authentication_failed');
    expect(executed).toBeLessThanOrEqual(10);
    expect(count(codesOf(res), 'rate_limit_exceeded')).toBe(2);
  });

  it('when aliased simulate* fields exceed 30 a minute across requests, then the ones past the budget fail and the next request is refused', async () => {
    const ip = randomIp();
    // An unknown sandbox: every execution is a cheap not_found, but it is charged all the same.
    const fields = Array.from(
      { length: 20 },
      (_, i) => `m${i}: simulateMenuItemDeleted(sandboxId: "2147483647", itemId: "1") { id }`,
    );
    const query = `mutation { ${fields.join('\n')} }`;
    const first = codesOf(await gql(t.app, dev.token, query, undefined, from(ip)));
    expect(count(first, 'not_found')).toBe(20);
    const second = codesOf(await gql(t.app, dev.token, query, undefined, from(ip)));
    expect(second).toHaveLength(20);
    expect(count(first, 'not_found') + count(second, 'not_found')).toBeLessThanOrEqual(30);
    expect(count(second, 'rate_limit_exceeded')).toBe(10);
    const third = await gql(t.app, dev.token, query, undefined, from(ip));
    expectHttpError(third, 429, 'rate_limit_exceeded');
  });
});

describe('cost limits before execution', () => {
  it('when a selection is nested 100,000 levels deep, then a 400 validation_error before parsing, and nothing is logged as an error', async () => {
    const mark = t.logs.length;
    const query = `query { ${'me { '.repeat(100_000)}id${' }'.repeat(100_000)} }`;
    const res = await gql(t.app, dev.token, query);
    expectHttpError(res, 400, 'validation_error');
    expect(res.body.message).toMatch(/too large: it has \d+ characters, the limit is 20000/);
    expect(JSON.stringify(res.body)).not.toContain('internal_error');
    expect(errorLogsSince(mark)).toEqual([]);
  });

  it('when 3,000 inline fragments are nested, then a 400 validation_error, and nothing is logged as an error', async () => {
    const mark = t.logs.length;
    const query = `query { ${'... on Query { '.repeat(3_000)}__typename${' }'.repeat(3_000)} }`;
    const res = await gql(t.app, dev.token, query);
    expectHttpError(res, 400, 'validation_error');
    expect(res.body.message).toMatch(/too large/);
    expect(errorLogsSince(mark)).toEqual([]);
  });

  it('when a small document nests more than 40 levels (selections, fragments, a GET query string, argument values), then a 400 validation_error names the nesting', async () => {
    const mark = t.logs.length;
    const fragments = await gql(
      t.app,
      dev.token,
      `query { ${'... on Query { '.repeat(41)}__typename${' }'.repeat(41)} }`,
    );
    expectHttpError(fragments, 400, 'validation_error');
    expect(fragments.body.message).toMatch(/more than 40 levels deep/);
    const get = await supertest(t.app)
      .get('/graphql')
      .query({ query: `{ ${'a { '.repeat(50)}b${' }'.repeat(50)} }` })
      .set('Accept', 'application/json')
      .set('Authorization', `Bearer ${dev.token}`);
    expectHttpError(get, 400, 'validation_error');
    const values = await gql(
      t.app,
      dev.token,
      `{ plugin(id: ${'['.repeat(5_000)}1${']'.repeat(5_000)}) { id } }`,
    );
    expectHttpError(values, 400, 'validation_error');
    expect(values.body.message).toMatch(/levels deep/);
    // Braces inside strings and comments are not nesting.
    const quoted = await gql(
      t.app,
      dev.token,
      `# ${'{'.repeat(100)}\n{ plugin(id: "${'{'.repeat(100)}") { id } }`,
    );
    expect(gqlError(quoted).code).toBe('not_found');
    expect(errorLogsSince(mark)).toEqual([]);
  });

  it('when a document is too large, then a 400 validation_error before parsing', async () => {
    const res = await gql(t.app, dev.token, `{ me { ${'id '.repeat(60_000)} } }`);
    expectHttpError(res, 400, 'validation_error');
    expect(res.body.message).toMatch(/characters|tokens/i);
  });

  it('when a document has too many tokens, then it is refused with a clear message and nothing executes', async () => {
    const res = await gql(t.app, dev.token, `{ me { ${'id '.repeat(5_000)} } }`);
    expectHttpError(res, 400, 'validation_error');
    expect(res.body.message).toMatch(/more than 2000 tokens/);
  });

  it('when 1,000 aliases of myDeveloperProjects { plugins } are sent, then the request is refused before execution', async () => {
    const mark = t.logs.length;
    const fields = Array.from(
      { length: 1_000 },
      (_, i) => `p${i}: myDeveloperProjects { id plugins { id name } }`,
    );
    const res = await gql(t.app, dev.token, `{ ${fields.join(' ')} }`);
    expectHttpError(res, 400, 'validation_error');
    expect(errorLogsSince(mark)).toEqual([]);
  });

  it('when 31 aliases are sent in a small document, then the alias limit refuses them before execution', async () => {
    const mark = t.logs.length;
    const fields = Array.from(
      { length: 31 },
      (_, i) => `p${i}: myDeveloperProjects { id plugins { id name } }`,
    );
    const res = await gql(t.app, dev.token, `{ ${fields.join(' ')} }`);
    // A GraphQL validation error, as for any invalid document: no data, nothing executed.
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      expect.stringMatching(/alias limit: it has 31 aliased fields, the limit is 30 \(1 over\)/),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('internal_error');
    expect(errorLogsSince(mark)).toEqual([]);
    // 30 pass.
    await gqlData(t.app, dev.token, `{ ${fields.slice(1).join(' ')} }`);
  });

  it('when a selection is deeper than the schema needs, then the depth limit refuses it', async () => {
    // The schema's deepest useful selection is 4 levels (myDeveloperProjects { plugins { pricing { model } } });
    // inline fragments add none.
    const selection = `me { ${'x { ... on Developer { '.repeat(15)}id${' } }'.repeat(15)} }`;
    const res = await gql(t.app, dev.token, `{ ${selection} }`);
    expect(res.body.data).toBeUndefined();
    expect(JSON.stringify(res.body.errors)).toMatch(/depth/i);
  });

  it("when GraphiQL's introspection query is sent, then it passes every limit", async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    const data = await gqlData(t.app, undefined, query);
    expect(data.__schema.queryType.name).toBe('Query');
  });
});

describe('portal sessions are rate-limited per developer', () => {
  it('when one developer makes more than 60 requests a minute with portal sessions, then 429 with X-RateLimit-*, whichever session', async () => {
    const email = `budget-${Date.now()}@example.com`;
    const signUp = await gqlData(
      t.app,
      undefined,
      'mutation($email: String!, $password: String!) { signUp(email: $email, password: $password, name: "Budget") { token } }',
      { email, password: PASSWORD },
      from(randomIp()),
    );
    const token = signUp.signUp.token as string;
    for (let i = 1; i <= 59; i++) {
      const res = await gql(t.app, token, '{ me { id } }');
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('60');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(60 - i));
    }
    // A second session of the same developer shares the budget.
    const again = await gqlData(
      t.app,
      undefined,
      `mutation { logIn(email: "${email}", password: "${PASSWORD}") { token } }`,
      undefined,
      from(randomIp()),
    );
    expect((await gql(t.app, again.logIn.token, '{ me { id } }')).status).toBe(200);
    const refused = await gql(t.app, again.logIn.token, '{ me { id } }');
    expectHttpError(refused, 429, 'rate_limit_exceeded');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expectHttpError(await gql(t.app, token, '{ me { id } }'), 429, 'rate_limit_exceeded');
    // Another developer has a budget of its own.
    expect((await gql(t.app, dev.token, '{ me { id } }')).status).toBe(200);
  });
});

describe('sandboxes per developer', () => {
  const PROVISION =
    'mutation($pluginId: ID!, $name: String!) { provisionSandbox(pluginId: $pluginId, name: $name) { sandbox { id } } }';

  it('when a developer has 10 live sandboxes, then the 11th is refused with what to do, until one is deleted', async () => {
    const owner = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, owner.token);
    const first = await provisionPortalSandbox(t.app, owner.token, pluginId, 'Real one');
    // Nine more live sandboxes without paying for nine schemas (an expired one still counts).
    await t.db
      .insertInto('control.sandboxes')
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          plugin_id: Number(pluginId),
          developer_id: owner.developerId,
          name: `Filler ${i}`,
          purpose: 'development',
          schema_name: `sandbox_filler_${owner.developerId}_${i}`,
          status: i === 0 ? ('expired' as const) : ('active' as const),
        })),
      )
      .execute();
    const refused = gqlError(
      await gql(t.app, owner.token, PROVISION, { pluginId, name: 'Eleventh' }),
    );
    expect(refused.code).toBe('validation_error');
    expect(refused.message).toMatch(/10 .*sandboxes/);
    expect(refused.message).toMatch(/deleteSandbox/);
    expect(refused.details).toEqual({ pluginId: [expect.stringMatching(/10/)] });

    await gqlData(
      t.app,
      owner.token,
      'mutation($id: ID!) { deleteSandbox(id: $id) { id status } }',
      { id: first.sandboxId },
    );
    const again = await gqlData(t.app, owner.token, PROVISION, { pluginId, name: 'Eleventh' });
    expect(again.provisionSandbox.sandbox.id).toBeDefined();
  });

  it('when aliased provisionSandbox fields would pass the cap, then only the ones within it run', async () => {
    const owner = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, owner.token);
    await t.db
      .insertInto('control.sandboxes')
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          plugin_id: Number(pluginId),
          developer_id: owner.developerId,
          name: `Filler ${i}`,
          purpose: 'development',
          schema_name: `sandbox_filler_${owner.developerId}_${i}`,
          status: 'active' as const,
        })),
      )
      .execute();
    const res = await gql(
      t.app,
      owner.token,
      `mutation($pluginId: ID!) { a: provisionSandbox(pluginId: $pluginId, name: "A") { sandbox { id } } b: provisionSandbox(pluginId: $pluginId, name: "B") { sandbox { id } } }`,
      { pluginId },
    );
    expect(res.body.data.a.sandbox.id).toBeDefined();
    expect(res.body.data.b).toBeNull();
    expect(codesOf(res)).toEqual(['validation_error']);
    const live = await t.db
      .selectFrom('control.sandboxes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('developer_id', '=', owner.developerId)
      .where('status', '<>', 'deleted')
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(10);
  });

  it('when two provisionings race for the last place, then the cap still holds', async () => {
    const owner = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, owner.token);
    await t.db
      .insertInto('control.sandboxes')
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          plugin_id: Number(pluginId),
          developer_id: owner.developerId,
          name: `Filler ${i}`,
          purpose: 'development',
          schema_name: `sandbox_filler_${owner.developerId}_${i}`,
          status: 'active' as const,
        })),
      )
      .execute();
    const results = await Promise.all(
      ['A', 'B'].map((name) => gql(t.app, owner.token, PROVISION, { pluginId, name })),
    );
    const codes = results.map((res) => (res.body.errors ? gqlError(res).code : 'ok'));
    expect(codes).toContain('ok');
    const live = await t.db
      .selectFrom('control.sandboxes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('developer_id', '=', owner.developerId)
      .where('status', '<>', 'deleted')
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(10);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok')).toEqual(['validation_error']);
  });

  it('the cap is documented in the schema', async () => {
    const data = await gqlData(
      t.app,
      undefined,
      '{ __type(name: "Mutation") { fields { name description } } }',
    );
    const field = data.__type.fields.find((f: { name: string }) => f.name === 'provisionSandbox');
    expect(field.description).toMatch(/at most 10 live\s+sandboxes/);
  });
});

describe('CORS', () => {
  it('when another origin sends a request or a preflight, then its origin is not reflected and credentials are not allowed', async () => {
    const evil = await supertest(t.app)
      .post('/graphql')
      .set('Origin', 'https://evil.example')
      .set('Content-Type', 'application/json')
      .send({ query: '{ __typename }' });
    expect(evil.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await supertest(t.app)
      .options('/graphql')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.headers['access-control-allow-origin']).not.toBe('https://evil.example');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it("when the service's own origin asks, then it is allowed, without credentials", async () => {
    const origin = new URL(t.config.baseUrl).origin;
    const preflight = await supertest(t.app)
      .options('/graphql')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('ID arguments out of range', () => {
  it('when an ID is past 2,147,483,647 or not a number, then not_found or validation_error, never internal_error', async () => {
    const key = await createDeveloperKey(t.app, dev.token);
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    for (const id of ['2147483648', '99999999999999999999', '-1', '0', '1e3', ' 1']) {
      expect(
        gqlError(await gql(t.app, key.key, 'query($id: ID!) { plugin(id: $id) { id } }', { id }))
          .code,
      ).toBe('not_found');
    }
    expect(
      gqlError(await gql(t.app, dev.token, 'query { sandbox(id: 2147483648) { id } }')).code,
    ).toBe('not_found');
    const box = await provisionPortalSandbox(t.app, dev.token, pluginId);
    const release = await gql(
      t.app,
      dev.token,
      'mutation($s: ID!) { simulateReleaseOrder(sandboxId: $s, orderId: "99999999999") { id } }',
      { s: box.sandboxId },
      from(randomIp()),
    );
    expect(['not_found', 'validation_error']).toContain(gqlError(release).code);
    const item = await gql(
      t.app,
      dev.token,
      'mutation($s: ID!) { simulateMenuItemCreated(sandboxId: $s, input: { name: "X", price: "1.00", categoryId: "2147483648" }) { id } }',
      { s: box.sandboxId },
      from(randomIp()),
    );
    expect(gqlError(item).code).toBe('validation_error');
  });
});

describe('each refusal of a GraphQL limit carries a documented code and says which limit and by how much', () => {
  /** The one error of a refused document: validation_error, nothing executed, details.query names the limit. */
  function refusal(res: Response, limit: string, found: number, max: number) {
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    const [error] = res.body.errors;
    expect(error.message).not.toMatch(/Syntax Error/);
    expect(error.message).toMatch(
      new RegExp(
        `over the ${limit} limit: .*${found}.*the limit is ${max} \\(${found - max} over\\)`,
      ),
    );
    expect(error.extensions).toEqual({
      code: 'validation_error',
      details: { query: [expect.stringContaining(`the limit is ${max}`)] },
    });
  }

  it('when the depth limit is passed, then validation_error says the depth and the limit', async () => {
    const selection = `me { ${'x { ... on Developer { '.repeat(11)}id${' } }'.repeat(11)} }`;
    refusal(await gql(t.app, dev.token, `{ ${selection} }`), 'depth', 13, 10);
  });

  it('when the alias limit is passed, then validation_error says the aliases and the limit', async () => {
    const fields = Array.from({ length: 33 }, (_, i) => `p${i}: me { id }`);
    refusal(await gql(t.app, dev.token, `{ ${fields.join(' ')} }`), 'alias', 33, 30);
  });

  it('when the directive limit is passed, then validation_error says the directives and the limit', async () => {
    const fields = Array.from(
      { length: 26 },
      () => '__typename @include(if: true) @skip(if: false)',
    );
    refusal(await gql(t.app, dev.token, `{ ${fields.join(' ')} }`), 'directive', 52, 50);
  });

  it('when the cost limit is passed, then validation_error says the cost and the limit', async () => {
    const page = (alias: string) =>
      `${alias}: webhookLogs(installationId: "1", first: 100) { nodes { id eventType status attempts httpStatus errorMessage durationMs sequence } pageInfo { hasNextPage endCursor } }`;
    const res = await gql(t.app, dev.token, `{ ${page('a')} ${page('b')} }`);
    const found = Number(/its cost is (\d+)/.exec(res.body.errors?.[0]?.message ?? '')?.[1]);
    expect(found).toBeGreaterThan(5000);
    refusal(res, 'cost', found, 5000);
  });

  it('when webhookLogs or apiRequests ask for more than 100 (a literal or a variable), then validation_error names first', async () => {
    for (const field of [
      'webhookLogs(installationId: "1", first: 1000000) { nodes { id } }',
      'apiRequests(installationId: "1", first: 101) { nodes { id } }',
    ]) {
      const res = await gql(t.app, dev.token, `{ ${field} }`);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/^`first` must be an integer from 1 to 100/),
          extensions: {
            code: 'validation_error',
            details: { first: ['must be an integer from 1 to 100'] },
          },
        }),
      ]);
    }
    const variable = await gql(
      t.app,
      dev.token,
      'query($n: Int) { webhookLogs(installationId: "1", first: $n) { nodes { id } } }',
      { n: 1_000_000 },
    );
    expect(gqlError(variable)).toMatchObject({
      code: 'validation_error',
      details: { first: ['must be an integer from 1 to 100'] },
    });
  });

  it('when the SDL and /docs/errors are read, then they document the limits, their code and the page maxima', async () => {
    const sdl = readFileSync(new URL('../../src/portal/schema.graphql', import.meta.url), 'utf8');
    expect(sdl).toMatch(/`extensions\.details\.query`/);
    expect(sdl).toMatch(/An installation's webhook log, newest first\. `first` is 1 to 100/);
    expect(sdl).toMatch(/`first` is 1\s+to 100/);
    const docs = await supertest(t.app).get('/docs/errors');
    expect(docs.text).toMatch(/GraphQL document over a limit/);
  });
});
