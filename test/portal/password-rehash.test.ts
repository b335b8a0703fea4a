import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, scryptSync } from 'node:crypto';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  gql,
  PASSWORD,
  randomIp,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

// A password hash written at the old scrypt cost keeps working and is replaced by one at the
// current cost on the next successful log-in (the only moment the service knows the password).

let t: TestContext;
let dev: PortalDeveloper;

beforeAll(async () => {
  // The production cost rather than the suite's low one: the hashes below are checked at N=2^17.
  t = await createTestContext({ SVC_PASSWORD_HASH_COST: '17' });
  dev = await signUpDeveloper(t.app);
});
afterAll(() => t.close());

const LOG_IN =
  'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { token } }';
const logIn = (password: string) =>
  gql(
    t.app,
    undefined,
    LOG_IN,
    { email: dev.email, password },
    { headers: { 'X-Forwarded-For': randomIp() } },
  );
const storedHash = async () =>
  (
    await t.db
      .selectFrom('control.developers')
      .select('password_hash')
      .where('developer_id', '=', dev.developerId)
      .executeTakeFirstOrThrow()
  ).password_hash;

function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password re-hash on log-in', () => {
  it('when an account signs up, then its hash is at the current cost', async () => {
    expect(await storedHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('when the stored hash is at the old cost, then a wrong password leaves it alone and the right one logs in and upgrades it', async () => {
    const old = legacyHash(PASSWORD);
    await t.db
      .updateTable('control.developers')
      .set({ password_hash: old })
      .where('developer_id', '=', dev.developerId)
      .execute();

    const wrong = await logIn('not the password at all');
    expect(wrong.body.errors[0].extensions.code).toBe('authentication_failed');
    expect(await storedHash()).toBe(old);

    const right = await logIn(PASSWORD);
    expect(right.body.errors).toBeUndefined();
    expect(right.body.data.logIn.token).toEqual(expect.any(String));
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);

    // The new hash is the same password: the next log-in works and changes nothing.
    const again = await logIn(PASSWORD);
    expect(again.body.data.logIn.token).toEqual(expect.any(String));
    expect(await storedHash()).toBe(upgraded);
  });
});
