import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config.js';

// SVC_PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes. OWASP's minimum (2^17)
// unless set; lower only for the test suite (NODE_ENV=test), never in production or development.

const base = {
  SVC_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  SVC_JWT_SECRET: Buffer.alloc(32, 2).toString('base64'),
};
const load = (value: string | undefined, NODE_ENV?: string) =>
  loadConfig({ ...base, NODE_ENV, SVC_PASSWORD_HASH_COST: value });

describe('SVC_PASSWORD_HASH_COST', () => {
  it("when unset, then passwords are hashed at OWASP's minimum, N=2^17, r=8, p=1, in production as elsewhere", () => {
    for (const env of ['production', undefined, 'test'])
      expect(load(undefined, env).passwordHash).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('when set at or above the minimum, then new hashes use it', () => {
    expect(load('18', 'production').passwordHash).toEqual({ N: 2 ** 18, r: 8, p: 1 });
  });

  it('when set below 17 outside the test environment, then the start is refused naming the variable', () => {
    for (const env of ['production', undefined, 'development']) {
      expect(() => load('16', env)).toThrow(ConfigError);
      expect(() => load('10', env)).toThrow(
        /SVC_PASSWORD_HASH_COST below 17 \(OWASP's minimum for scrypt\) is for tests only/,
      );
    }
  });

  it('when NODE_ENV=test, then a cost down to 2^10 is accepted', () => {
    expect(load('10', 'test').passwordHash).toEqual({ N: 2 ** 10, r: 8, p: 1 });
  });

  it('when out of range (a stored hash may name at most 2^20) or not a number, then the start is refused', () => {
    for (const value of ['9', '21', 'high'])
      expect(() => load(value, 'test')).toThrow(
        /SVC_PASSWORD_HASH_COST must be an integer from 10 to 20/,
      );
  });
});
