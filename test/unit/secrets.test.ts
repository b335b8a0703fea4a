import { describe, expect, it } from '@jest/globals';
import { createHmac, randomBytes } from 'node:crypto';
import {
  decrypt,
  encrypt,
  generateInstallationKey,
  generateWebhookSecret,
  hashKey,
  isInstallationKeyFormat,
  randomBase62,
  signBody,
  signStandard,
  standardWebhookSecret,
} from '../../src/lib/secrets.js';
import { hashPassword, passwordHashParams, verifyPassword } from '../../src/lib/passwords.js';

describe('credential formats', () => {
  it('installation keys are pik_ + 64 lowercase hex (68 characters)', () => {
    const key = generateInstallationKey();
    expect(key).toMatch(/^pik_[0-9a-f]{64}$/);
    expect(key).toHaveLength(68);
    expect(isInstallationKeyFormat(key)).toBe(true);
    expect(isInstallationKeyFormat(key.toUpperCase())).toBe(false);
    expect(isInstallationKeyFormat(key + '0')).toBe(false);
  });

  it('webhook secrets are 64 characters and unique', () => {
    const a = generateWebhookSecret();
    expect(a).toHaveLength(64);
    expect(generateWebhookSecret()).not.toBe(a);
  });

  it('hashKey is SHA-256 hex', () => {
    expect(hashKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('randomBase62 has the requested length and alphabet', () => {
    expect(randomBase62(32)).toMatch(/^[0-9A-Za-z]{32}$/);
  });
});

describe('webhook signatures', () => {
  const secret = 'a'.repeat(64);
  const body = Buffer.from('{"event":"order.created","data":{"total":"12.50"}}');

  it('signs the exact bytes with hex HMAC-SHA256', () => {
    expect(signBody(secret, body)).toBe(createHmac('sha256', secret).update(body).digest('hex'));
  });

  // Verification (current and previous secret, lowercase hex only) and its diagnoses: test/unit/signature-diagnosis.test.ts.

  it('gives the same key, in Standard Webhooks form, as whsec_ + base64 of the 64 characters', () => {
    expect(standardWebhookSecret(secret)).toBe(`whsec_${Buffer.from(secret).toString('base64')}`);
    expect(signStandard(secret, 'msg_1', 1700000000, body)).toBe(
      createHmac('sha256', secret).update(`msg_1.1700000000.${body.toString()}`).digest('base64'),
    );
  });
});

describe('encryption at rest', () => {
  const key = randomBytes(32);
  it('round-trips and detects tampering', () => {
    const sealed = encrypt(key, 'client-secret');
    expect(sealed).not.toContain('client-secret');
    expect(decrypt(key, sealed)).toBe('client-secret');
    const [iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decrypt(key, [iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => decrypt(randomBytes(32), sealed)).toThrow();
  });
});

describe('passwords', () => {
  it('hashes with scrypt and verifies', async () => {
    const encoded = await hashPassword('correct horse', passwordHashParams(10));
    expect(encoded.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse', encoded)).toBe(true);
    expect(await verifyPassword('wrong', encoded)).toBe(false);
  });
});
