import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { takeErrorMeta } from '../support/http.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Paths an attacker (or a broken client) makes up: malformed percent-encoding in a route
// parameter, and asset names that are Object.prototype members. Each is a 4xx in the error shape,
// never a 500 and never an error log line.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Log lines at warn level or above, or carrying a stack trace, written since `mark`. */
const noisyLogsSince = (mark: number) =>
  t.logs
    .slice(mark)
    .filter(
      (line) =>
        JSON.parse(line).level >= 40 || line.includes('"stack"') || line.includes('unhandled'),
    );

describe('malformed percent-encoding in a path parameter', () => {
  it.each([
    '/api/v1/oauth/authorize/%E0%A4%A',
    '/api/v1/oauth/authorize/%E0%A4%A?token=x',
    '/api/v1/oauth/authorize/%',
    '/api/v1/oauth/authorize/%zz',
    '/docs/assets/graphiql/%E0%A4%A',
    '/docs/assets/graphiql/%C0%80',
  ])(
    'when GET %s, then 400 validation_error naming the path, and nothing is logged as an error',
    async (url) => {
      const mark = t.logs.length;
      const res = await t.request().get(url);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      takeErrorMeta(res);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: { path: [expect.stringMatching(/percent-encoding/)] },
      });
      await new Promise((r) => setImmediate(r));
      expect(noisyLogsSince(mark)).toEqual([]);
    },
  );
});

describe('GraphiQL assets are looked up by own property', () => {
  it.each([
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '__defineGetter__',
    'isPrototypeOf',
  ])('when GET /docs/assets/graphiql/%s, then 404 route_not_found', async (name) => {
    const mark = t.logs.length;
    const res = await t.request().get(`/docs/assets/graphiql/${name}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'route_not_found', message: expect.any(String) });
    expect(noisyLogsSince(mark)).toEqual([]);
  });

  it('when GET a real asset, then it is served', async () => {
    const res = await t.request().get('/docs/assets/graphiql/graphiql.css');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
  });
});
