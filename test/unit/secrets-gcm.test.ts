import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { decrypt, encrypt } from '../../src/lib/secrets.js';

// Secrets at rest are AES-256-GCM with a 16-byte tag: a shorter tag would let a forger guess it.

describe('AES-GCM tag length', () => {
  const key = randomBytes(32);

  it('when a value is sealed, then its tag is 16 bytes and it opens', () => {
    const sealed = encrypt(key, 'client secret');
    expect(Buffer.from(sealed.split('.')[1]!, 'base64url')).toHaveLength(16);
    expect(decrypt(key, sealed)).toBe('client secret');
  });

  it.each([4, 8, 12, 15])(
    'when the tag is truncated to %i bytes, then decryption is refused',
    (length) => {
      const [iv, tag, data] = encrypt(key, 'client secret').split('.');
      const short = Buffer.from(tag!, 'base64url').subarray(0, length).toString('base64url');
      expect(() => decrypt(key, [iv, short, data].join('.'))).toThrow();
    },
  );

  it('when a byte of the tag is changed, then decryption is refused', () => {
    const [iv, tag, data] = encrypt(key, 'client secret').split('.');
    const bytes = Buffer.from(tag!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => decrypt(key, [iv, bytes.toString('base64url'), data].join('.'))).toThrow();
  });
});
