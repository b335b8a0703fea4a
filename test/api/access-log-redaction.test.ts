import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestContext, type TestContext } from '../support/context.js';

// The access log keeps the path and harmless parameters of a URL, never a capability carried in
// its query string (OAuth start token, callback code and state, a GraphQL GET document).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function loggedUrl(url: string): Promise<string> {
  const mark = t.logs.length;
  const res = await t.request().get(url).set('Accept', 'application/json');
  const id = res.headers['x-request-id'];
  // The line is written on 'finish', which can come a tick after the client has the response.
  for (let i = 0; i < 50; i += 1) {
    const line = t.logs
      .slice(mark)
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request completed' && l.req?.id === id);
    if (line) return line.req.url as string;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no access-log line for ${url}`);
}

const REDACTED = '[redacted]';

describe('capabilities in query strings are redacted from the access log', () => {
  it('when the OAuth start link is opened, then its token is not logged', async () => {
    const url = await loggedUrl('/api/v1/oauth/authorize/12?token=start-token-secret-value');
    expect(url).toBe(`/api/v1/oauth/authorize/12?token=${REDACTED}`);
  });

  it('when the OAuth callback is called, then code and state are not logged', async () => {
    const url = await loggedUrl(
      '/api/v1/oauth/callback?code=auth-code-123&state=state-456&iss=https%3A%2F%2Fprovider.example',
    );
    expect(url).toBe(
      `/api/v1/oauth/callback?code=${REDACTED}&state=${REDACTED}&iss=https%3A%2F%2Fprovider.example`,
    );
  });

  it('when GraphQL is called over GET, then the document and its variables are not logged', async () => {
    const query = encodeURIComponent(
      'mutation { logIn(email: "a@example.com", password: "hunter2-password") { token } }',
    );
    const variables = encodeURIComponent(JSON.stringify({ password: 'hunter2-password' }));
    const url = await loggedUrl(`/graphql?query=${query}&variables=${variables}&operationName=x`);
    expect(url).toBe(`/graphql?query=${REDACTED}&variables=${REDACTED}&operationName=x`);
    expect(t.logs.join('\n')).not.toContain('hunter2');
  });

  it('when any parameter is named after a password, key, secret or token, then its value is not logged, whatever the case or encoding', async () => {
    const url = await loggedUrl(
      '/healthz?Password=p1&api_key=k1&client%5Fsecret=s1&setup_token=t1&KEY=k2&limit=5&flag&cursor=abc%3D',
    );
    expect(url).toBe(
      `/healthz?Password=${REDACTED}&api_key=${REDACTED}&client%5Fsecret=${REDACTED}&setup_token=${REDACTED}&KEY=${REDACTED}&limit=5&flag&cursor=abc%3D`,
    );
    for (const value of ['p1', 'k1', 's1', 't1', 'k2']) expect(url).not.toContain(`=${value}`);
  });

  it('when a URL has no query string, then it is logged as it is', async () => {
    expect(await loggedUrl('/healthz')).toBe('/healthz');
  });
});
