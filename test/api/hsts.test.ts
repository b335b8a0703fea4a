import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import type { App } from '../../src/app.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { createTestTls } from '../support/tls.js';

// Strict-Transport-Security (security review 4, finding 12): once a browser has reached the
// service over HTTPS, it must never again send the dashboard's session cookie in clear text.
// The header goes on every response served over TLS: when BASE_URL is https (TLS ends at a proxy
// in front), when the request itself came over TLS, or when a proxy SVC_TRUST_PROXY trusts says
// X-Forwarded-Proto: https. Not includeSubDomains: the service does not own its parent domain's
// other hosts, and the header would force HTTPS on them.

const HSTS = 'max-age=31536000';
// A Data API answer (door of src/api/router.ts), a probe, a docs page, the dashboard, a 404.
const PATHS = ['/api/plugin/v1/health', '/healthz', '/docs/errors', '/dashboard', '/nowhere'];

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

async function headersOf(app: App, set: Record<string, string> = {}) {
  const out: Record<string, string | undefined> = {};
  for (const path of PATHS)
    out[path] = (await supertest(app).get(path).set(set)).headers['strict-transport-security'];
  return out;
}
const every = (value: string | undefined) => Object.fromEntries(PATHS.map((p) => [p, value]));

describe('Strict-Transport-Security', () => {
  it('when BASE_URL is https, then every response carries it, whatever door answers', async () => {
    const app = await t.newApp({ BASE_URL: 'https://plugins.example.com' });
    expect(await headersOf(app)).toEqual(every(HSTS));
  });

  it('when BASE_URL is http and the request is plain, then no response carries it', async () => {
    expect(await headersOf(t.app)).toEqual(every(undefined));
  });

  it('when a trusted proxy says X-Forwarded-Proto: https, then it is sent; from a peer SVC_TRUST_PROXY does not trust, it is not', async () => {
    // The tests' SVC_TRUST_PROXY is loopback, where supertest connects from.
    expect(await headersOf(t.app, { 'X-Forwarded-Proto': 'https' })).toEqual(every(HSTS));
    const untrusting = await t.newApp({ SVC_TRUST_PROXY: 'off' });
    expect(await headersOf(untrusting, { 'X-Forwarded-Proto': 'https' })).toEqual(every(undefined));
  });

  it('when the request itself comes over TLS, then it is sent', async () => {
    const tls = createTestTls();
    const server = https.createServer({ key: tls.key, cert: tls.cert }, t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const header = await new Promise<string | string[] | undefined>((resolve, reject) => {
        https
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/plugin/v1/health',
              ca: tls.ca,
              servername: 'localhost',
            },
            (res) => {
              res.resume();
              resolve(res.headers['strict-transport-security']);
            },
          )
          .on('error', reject);
      });
      expect(header).toBe(HSTS);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
