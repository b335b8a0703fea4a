import { describe, expect, it } from '@jest/globals';
import { randomBytes, scryptSync } from 'node:crypto';
import {
  decoyHash,
  hashPassword,
  needsRehash,
  OWASP_MIN_HASH_COST,
  passwordHashParams,
  verifyPassword,
} from '../../src/lib/passwords.js';

// Password hashes carry their own parameters (scrypt$N$r$p$salt$hash), so the cost can rise while
// hashes written at an older cost keep verifying until the next log-in re-hashes them. The
// parameters new hashes are made at come from the configuration (SVC_PASSWORD_HASH_COST).

const OWASP = passwordHashParams(OWASP_MIN_HASH_COST);
/** The test suite's cost (test/support/context.ts). */
const LOW = passwordHashParams(10);

/** A hash as the service wrote it before the cost was raised (N=2^14, r=8, p=1). */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashing', () => {
  it('when a password is hashed, then scrypt runs at N=2^17, r=8, p=1 and the hash names those parameters', async () => {
    expect(OWASP).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const encoded = await hashPassword('correct horse battery staple', OWASP);
    const [scheme, n, r, p, salt, hash] = encoded.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64url')).toHaveLength(32);
    expect(await verifyPassword('correct horse battery staple', encoded)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', encoded)).toBe(false);
    expect(needsRehash(encoded, OWASP)).toBe(false);
  });

  it('when a hash was written at the old cost (N=2^14), then it still verifies and is marked for re-hashing', async () => {
    const old = legacyHash('an older password');
    expect(await verifyPassword('an older password', old)).toBe(true);
    expect(await verifyPassword('another password', old)).toBe(false);
    expect(needsRehash(old, OWASP)).toBe(true);
  });

  it('when a hash was made at another configured cost, then it verifies and is marked for re-hashing at the configured one', async () => {
    const low = await hashPassword('a test password', LOW);
    expect(low.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
    expect(await verifyPassword('a test password', low)).toBe(true);
    expect(needsRehash(low, LOW)).toBe(false);
    expect(needsRehash(low, OWASP)).toBe(true);
    expect(needsRehash(legacyHash('x'), LOW)).toBe(true);
  });

  it.each([
    ['not a hash'],
    ['bcrypt$10$abc$def'],
    ['scrypt$131072$8$1$$'],
    ['scrypt$abc$8$1$c2FsdA$aGFzaA'],
    ['scrypt$1000$8$1$c2FsdA$aGFzaA'], // N not a power of two
    [`scrypt$${2 ** 24}$8$1$c2FsdA$aGFzaA`], // beyond what a log-in may cost
    ['scrypt$16384$8$64$c2FsdA$aGFzaA'],
  ])(
    'when the stored value is malformed or outside the accepted costs (%s), then verification fails without throwing',
    async (encoded) => {
      await expect(verifyPassword('whatever', encoded)).resolves.toBe(false);
    },
  );
});

describe('decoyHash', () => {
  it.each([
    ['OWASP', OWASP],
    ["the tests'", LOW],
  ])(
    'when an unknown account is checked against the decoy at %s cost, then it is a hash at that cost that no password matches',
    async (_, params) => {
      const decoy = decoyHash(params);
      expect(decoy.split('$').slice(1, 4)).toEqual([String(params.N), '8', '1']);
      expect(needsRehash(decoy, params)).toBe(false);
      expect(await verifyPassword('', decoy)).toBe(false);
      expect(await verifyPassword('correct horse battery staple', decoy)).toBe(false);
    },
  );
});
