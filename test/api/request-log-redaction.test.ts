import { describe, expect, it } from '@jest/globals';
import { redactBody } from '../../src/domain/api-requests/index.js';

// Security review 3, finding 17: the request log keeps no credential, wherever in a body it sits:
// inside a longer string, as an object key, or deeper than the redaction walks (through the API:
// test/api/request-log.test.ts).

const HEX = 'a3f1'.repeat(16);
const HEX_2 = '0b9e'.repeat(16);
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLWJ5dGVz';
const SETUP = `stp_${'Ab3'.repeat(13)}x`;
const logged = (value: unknown) => JSON.parse(redactBody(value)!);

describe('redactBody', () => {
  it('when a credential sits inside a longer string, then only the credential is replaced', () => {
    expect(
      logged({
        note: `the webhook secret is ${HEX}, keep it safe`,
        memo: `session=${JWT}; path=/`,
        setup: `install with ${SETUP} today`,
        stripe: 'charged through sk_live_51HxQ2eKz9yVbN3c and refunded',
        header: 'Authorization: Basic dXNlcjpwYXNz',
        basic: 'sent Basic dXNlcjpwYXNz first',
        curl: 'curl -H "authorization: bearer abcdef0123456789abcdef" https://example.com',
        pasted: `keys pik_${HEX} and svc_dev_${'Z9'.repeat(16)}`,
      }),
    ).toEqual({
      note: 'the webhook secret is [redacted], keep it safe',
      memo: 'session=[redacted]; path=/',
      setup: 'install with [redacted] today',
      stripe: 'charged through [redacted] and refunded',
      header: 'Authorization: [redacted]',
      basic: 'sent [redacted] first',
      curl: 'curl -H "authorization: [redacted]" https://example.com',
      pasted: 'keys [redacted] and [redacted]',
    });
  });

  it('when strings only resemble credentials, then they are kept', () => {
    const body = {
      name: 'Basic Cheeseburger',
      description: 'The bearer of good news: basic fries included',
      reference: 'ORD-2026-000123',
      id: '5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
      short_hex: 'deadbeef',
      task_live_count: 'task_live_updates',
      price: '12.50',
    };
    expect(logged(body)).toEqual(body);
  });

  it('when an object key is a credential, then the key is replaced and its value still redacted on its own terms', () => {
    expect(
      logged({
        map: { [HEX]: 'plugin A', [HEX_2]: { webhook_secret: 'x' }, [`pik_${HEX}`]: 3, plain: 1 },
      }),
    ).toEqual({
      map: {
        '[redacted]': 'plugin A',
        '[redacted]#2': { webhook_secret: '[redacted]' },
        '[redacted]#3': 3,
        plain: 1,
      },
    });
  });

  it('when a body nests deeper than 64 levels, then the deeper subtree is redacted whole', () => {
    let deep: unknown = { note: 'plain text', more: ['x'] };
    for (let i = 0; i < 70; i++) deep = { level: deep };
    const text = redactBody(deep)!;
    expect(text).not.toContain('plain text');
    let node = JSON.parse(text);
    let depth = 0;
    while (typeof node === 'object') {
      node = node.level;
      depth++;
    }
    expect(node).toBe('[redacted]');
    expect(depth).toBe(65);
  });

  it('when fields carry pins, card codes, one-time codes, cookies, sessions, auth, hmacs, salts or passphrases, then their values are redacted', () => {
    const names = [
      'passphrase',
      'pwd',
      'pin',
      'cvv',
      'cvc',
      'otp',
      'cookie',
      'session',
      'auth',
      'hmac',
      'salt',
      'card_cvc',
      'session_id',
      'Set-Cookie',
    ];
    const body = Object.fromEntries(names.map((n) => [n, '1234']));
    expect(logged(body)).toEqual(Object.fromEntries(names.map((n) => [n, '[redacted]'])));
  });
});
