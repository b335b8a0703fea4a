import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { App } from '../../src/app.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createDeveloperKey,
  expectHttpError,
  gql,
  randomIp,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

// X-Forwarded-For is honoured only from the peers SVC_TRUST_PROXY names. supertest connects from
// the loopback address, so it plays a local peer that forwards whatever header it likes.

let t: TestContext;
let trustedHop: App;
let trustedCidr: App;
let dev: PortalDeveloper;
let allowlistedKey: string;

const PROJECTS = '{ myDeveloperProjects { id } }';
const LOG_IN =
  'mutation { logIn(email: "nobody@example.com", password: "wrong password") { token } }';
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

beforeAll(async () => {
  // The default: SVC_TRUST_PROXY unset (the harness otherwise trusts its own loopback proxy).
  t = await createTestContext({ SVC_TRUST_PROXY: '' });
  trustedHop = await t.newApp({ SVC_TRUST_PROXY: '1' });
  trustedCidr = await t.newApp({ SVC_TRUST_PROXY: '127.0.0.1/32' });
  dev = await signUpDeveloper(trustedHop);
  allowlistedKey = (
    await createDeveloperKey(trustedHop, dev.token, ['plugins:read'], ['203.0.113.0/24'])
  ).key;
});
afterAll(() => t.close());

describe('by default no proxy is trusted', () => {
  it('when a loopback peer sends X-Forwarded-For inside a developer key allowlist, then the key is still refused with ip_not_allowed', async () => {
    expect(t.config.trustProxy).toBe(false);
    expectHttpError(
      await gql(t.app, allowlistedKey, PROJECTS, {}, from('203.0.113.7')),
      403,
      'ip_not_allowed',
    );
  });

  it('when each logIn attempt forwards a different address, then they all share the peer bucket and the 11th is refused', async () => {
    await t.db.deleteFrom('control.rate_limits').where('bucket', 'like', 'login:%').execute();
    for (let i = 0; i < 10; i += 1) {
      // An email each: one email's own failure count would refuse its 7th attempt whatever the address.
      const res = await gql(
        t.app,
        undefined,
        LOG_IN.replace('nobody@', `nobody-${i}@`),
        undefined,
        from(randomIp()),
      );
      expect(res.body.errors?.[0]?.extensions?.code).toBe('authentication_failed');
    }
    expectHttpError(
      await gql(t.app, undefined, LOG_IN, undefined, from(randomIp())),
      429,
      'rate_limit_exceeded',
    );
    const buckets = await t.db
      .selectFrom('control.rate_limits')
      .select('bucket')
      .where('bucket', 'like', 'login:%')
      .execute();
    expect(buckets.map((b) => b.bucket)).toEqual([
      expect.stringMatching(/^login:(::ffff:)?127\.0\.0\.1$/),
    ]);
  });
});

describe('with SVC_TRUST_PROXY set', () => {
  it('when it is a hop count of 1, then the forwarded address is the client: inside the allowlist passes, outside is refused', async () => {
    expect((await gql(trustedHop, allowlistedKey, PROJECTS, {}, from('203.0.113.7'))).status).toBe(
      200,
    );
    expectHttpError(
      await gql(trustedHop, allowlistedKey, PROJECTS, {}, from('198.51.100.7')),
      403,
      'ip_not_allowed',
    );
  });

  it('when it lists the loopback peer (127.0.0.1/32), then the forwarded address is honoured from it', async () => {
    expect((await gql(trustedCidr, allowlistedKey, PROJECTS, {}, from('203.0.113.7'))).status).toBe(
      200,
    );
    expectHttpError(
      await gql(trustedCidr, allowlistedKey, PROJECTS, {}, from('198.51.100.7')),
      403,
      'ip_not_allowed',
    );
  });

  it('when a trusted proxy forwards a chain, then only the hop it added counts, not what the client wrote before it', async () => {
    // The client wrote 203.0.113.7; the one trusted proxy appended the address it saw.
    expectHttpError(
      await gql(trustedHop, allowlistedKey, PROJECTS, {}, from('203.0.113.7, 198.51.100.7')),
      403,
      'ip_not_allowed',
    );
  });
});
