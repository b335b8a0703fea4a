import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { checkInboundSignature, type InboundSecrets } from '../../src/domain/webhooks/signature-diagnosis.js';

// The pure inbound check: what is accepted (lowercase hex of the exact bytes, current secret or
// the previous one during its overlap) and what each refusal says. End to end:
// test/webhooks/inbound-signatures.test.ts.

const current = 'a'.repeat(64);
const previous = 'b'.repeat(64);
const body = Buffer.from('{"event_type":"external.x","payload":{"total":"12.50"}}');
const sign = (secret: string, bytes: Buffer | string) => createHmac('sha256', secret).update(bytes).digest();
const only: InboundSecrets = { current, previous: null, previousActive: false, previousExpiresAt: null };
const overlap: InboundSecrets = { current, previous, previousActive: true, previousExpiresAt: new Date(Date.now() + 3600_000) };
const expiredAt = new Date('2026-11-24T10:00:00.000Z');
const expired: InboundSecrets = { current, previous, previousActive: false, previousExpiresAt: expiredAt };
const problem = (raw: Buffer, signature: string | undefined, secrets: InboundSecrets) => {
  const verdict = checkInboundSignature(raw, signature, secrets);
  return verdict.ok ? 'accepted' : verdict.problem;
};

describe('inbound signature check', () => {
  it('accepts only lowercase hex of the exact bytes with an accepted secret', () => {
    expect(problem(body, sign(current, body).toString('hex'), only)).toBe('accepted');
    expect(problem(body, sign(previous, body).toString('hex'), only)).toMatch(/does not match/);
    expect(problem(Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)), sign(current, body).toString('hex'), only)).not.toBe('accepted');
    expect(problem(body, sign(current, body).toString('hex').toUpperCase(), only)).toMatch(/upper-case hex/);
    expect(problem(body, 'abc', only)).toMatch(/does not match/);
    expect(problem(body, undefined, only)).toMatch(/missing/);
  });

  it('accepts the previous secret only while its overlap runs, and names it once expired', () => {
    expect(problem(body, sign(previous, body).toString('hex'), overlap)).toBe('accepted');
    expect(problem(body, sign(current, body).toString('hex'), overlap)).toBe('accepted');
    expect(problem(body, sign(previous, body).toString('hex'), expired)).toBe(
      'X-Svc-Signature was made with the previous webhook secret, which stopped being accepted at 2026-11-24T10:00:00.000Z: sign with the current secret.',
    );
  });

  it('gives each likely mistake its own message, and never the expected value', () => {
    const hex = (bytes: Buffer | string) => sign(current, bytes).toString('hex');
    const text = body.toString();
    const cases: Record<string, [Buffer, string | undefined, InboundSecrets]> = {
      missing: [body, undefined, only],
      noSecret: [body, hex(body), { ...only, current: null }],
      upperHex: [body, hex(body).toUpperCase(), only],
      base64: [body, sign(current, body).toString('base64'), only],
      base64url: [body, sign(current, body).toString('base64url'), only],
      expired: [body, sign(previous, body).toString('hex'), expired],
      trailingNewline: [Buffer.from(`${text}\n`), hex(body), only],
      signedWithNewline: [body, hex(`${text}\n`), only],
      reserialised: [Buffer.from(JSON.stringify(JSON.parse(text), null, 2)), hex(body), only],
      pythonSeparators: [body, hex(text.replace(/,/g, ', ').replace(/:/g, ': ')), only],
      noMatch: [body, sign('c'.repeat(64), body).toString('hex'), only],
    };
    const messages = Object.fromEntries(Object.entries(cases).map(([name, args]) => [name, problem(...args)]));
    expect(messages.base64url).toBe(messages.base64);
    expect(messages.signedWithNewline).toBe(messages.trailingNewline);
    expect(messages.pythonSeparators).toBe(messages.reserialised);
    const distinct = ['missing', 'noSecret', 'upperHex', 'base64', 'expired', 'trailingNewline', 'reserialised', 'noMatch'].map((name) => messages[name]);
    expect(new Set(distinct).size).toBe(8);
    expect(messages.reserialised).toMatch(/re-serialised body \(the JSON is equal but the bytes differ\)/);
    expect(messages.trailingNewline).toMatch(/trailing newline or whitespace/);
    expect(messages.base64).toMatch(/base64 where lowercase hex is expected/);
    expect(messages.noSecret).toMatch(/no webhook secret/);
    for (const secret of [current, previous]) {
      for (const raw of [body, Buffer.from(`${text}\n`)]) {
        const expected = sign(secret, raw);
        for (const message of Object.values(messages)) {
          for (const form of [expected.toString('hex'), expected.toString('base64'), expected.toString('base64url')]) expect(message).not.toContain(form);
        }
      }
    }
  });
});
