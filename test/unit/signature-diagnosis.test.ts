import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import {
  checkInboundSignature,
  DIAGNOSED_BODY_BYTES,
  type InboundSecrets,
  type Mac,
} from '../../src/domain/webhooks/inbound/signature-diagnosis.js';

// The pure inbound check: what is accepted (hex in either case of the exact bytes, current secret or
// the previous one during its overlap) and what each refusal says. End to end:
// test/webhooks/inbound-signatures.test.ts.

const current = 'a'.repeat(64);
const previous = 'b'.repeat(64);
const body = Buffer.from('{"event_type":"external.x","payload":{"total":"12.50"}}');
const sign = (secret: string, bytes: Buffer | string) =>
  createHmac('sha256', secret).update(bytes).digest();
const only: InboundSecrets = {
  current,
  previous: null,
  previousActive: false,
  previousExpiresAt: null,
};
const overlap: InboundSecrets = {
  current,
  previous,
  previousActive: true,
  previousExpiresAt: new Date(Date.now() + 3600_000),
};
const expiredAt = new Date('2026-11-24T10:00:00.000Z');
const expired: InboundSecrets = {
  current,
  previous,
  previousActive: false,
  previousExpiresAt: expiredAt,
};
const problem = (raw: Buffer, signature: string | undefined, secrets: InboundSecrets) => {
  const verdict = checkInboundSignature(raw, signature, secrets);
  return verdict.ok ? 'accepted' : verdict.problem;
};

describe('inbound signature check', () => {
  it('accepts only hex (lower, upper or mixed case) of the exact bytes with an accepted secret', () => {
    expect(problem(body, sign(current, body).toString('hex'), only)).toBe('accepted');
    const upper = sign(current, body).toString('hex').toUpperCase();
    expect(problem(body, upper, only)).toBe('accepted');
    expect(problem(body, upper.slice(0, 32) + upper.slice(32).toLowerCase(), only)).toBe(
      'accepted',
    );
    expect(problem(body, sign(previous, body).toString('hex').toUpperCase(), overlap)).toBe(
      'accepted',
    );
    expect(problem(body, sign(previous, body).toString('hex').toUpperCase(), only)).toMatch(
      /does not match/,
    );
    expect(problem(body, sign(previous, body).toString('hex'), only)).toMatch(/does not match/);
    expect(
      problem(
        Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)),
        sign(current, body).toString('hex'),
        only,
      ),
    ).not.toBe('accepted');
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
      base64: [body, sign(current, body).toString('base64'), only],
      base64url: [body, sign(current, body).toString('base64url'), only],
      expired: [body, sign(previous, body).toString('hex'), expired],
      trailingNewline: [Buffer.from(`${text}\n`), hex(body), only],
      trailingNewlineUpper: [Buffer.from(`${text}\n`), hex(body).toUpperCase(), only],
      signedWithNewline: [body, hex(`${text}\n`), only],
      reserialised: [Buffer.from(JSON.stringify(JSON.parse(text), null, 2)), hex(body), only],
      pythonSeparators: [body, hex(text.replace(/,/g, ', ').replace(/:/g, ': ')), only],
      noMatch: [body, sign('c'.repeat(64), body).toString('hex'), only],
    };
    const messages = Object.fromEntries(
      Object.entries(cases).map(([name, args]) => [name, problem(...args)]),
    );
    expect(messages.base64url).toBe(messages.base64);
    expect(messages.signedWithNewline).toBe(messages.trailingNewline);
    expect(messages.pythonSeparators).toBe(messages.reserialised);
    expect(messages.trailingNewlineUpper).toBe(messages.trailingNewline);
    const distinct = [
      'missing',
      'noSecret',
      'base64',
      'expired',
      'trailingNewline',
      'reserialised',
      'noMatch',
    ].map((name) => messages[name]);
    expect(new Set(distinct).size).toBe(7);
    expect(messages.reserialised).toMatch(
      /re-serialised body \(the JSON is equal but the bytes differ\)/,
    );
    expect(messages.trailingNewline).toMatch(/trailing newline or whitespace/);
    expect(messages.base64).toMatch(/base64 where lowercase hex is expected/);
    expect(messages.noSecret).toMatch(/no webhook secret/);
    for (const secret of [current, previous]) {
      for (const raw of [body, Buffer.from(`${text}\n`)]) {
        const expected = sign(secret, raw);
        for (const message of Object.values(messages)) {
          for (const form of [
            expected.toString('hex'),
            expected.toString('base64'),
            expected.toString('base64url'),
          ])
            expect(message).not.toContain(form);
        }
      }
    }
  });
});

describe('inbound signature check on large bodies', () => {
  /** The check with its HMAC passes counted. */
  function counted(raw: Buffer, signature: string, secrets: InboundSecrets) {
    let passes = 0;
    const mac: Mac = (secret, bytes) => {
      passes++;
      return sign(secret, bytes);
    };
    const verdict = checkInboundSignature(raw, signature, secrets, mac);
    return { problem: verdict.ok ? 'accepted' : verdict.problem, passes };
  }
  const json = (bytes: number) => {
    const head = '{"event_type":"external.x","payload":{"note":"';
    return Buffer.from(`${head}${'x'.repeat(bytes - head.length - 3)}"}}`);
  };

  it('when a refused body is over 64 KiB, then only the accepted secrets are computed and the message says it was not diagnosed', () => {
    const mib = json(1024 * 1024);
    expect(mib.length).toBe(1024 * 1024);
    for (const secrets of [only, overlap, expired]) {
      const refused = counted(mib, '0'.repeat(64), secrets);
      expect(refused.passes).toBe(secrets.previousActive ? 2 : 1);
      expect(refused.problem).toMatch(
        /does not match the request body.*Bodies over 64 KiB are not diagnosed further/,
      );
    }
    // A whitespace mistake on a large body is not searched for either.
    expect(
      counted(Buffer.from(`${mib.toString()}\n`), sign(current, mib).toString('hex'), only),
    ).toEqual({ problem: expect.stringMatching(/not diagnosed further/), passes: 1 });
    // The verdict itself is unchanged: a right signature is accepted, base64 still named.
    expect(counted(mib, sign(current, mib).toString('hex').toUpperCase(), only)).toEqual({
      problem: 'accepted',
      passes: 1,
    });
    expect(counted(mib, sign(current, mib).toString('base64'), only).problem).toMatch(
      /base64 where lowercase hex is expected/,
    );
  });

  it('when a refused body is at most 64 KiB, then the mistakes are searched for as before', () => {
    const edge = json(DIAGNOSED_BODY_BYTES);
    const text = edge.toString();
    const refused = counted(edge, '0'.repeat(64), only);
    expect(refused.problem).toMatch(
      /^X-Svc-Signature does not match the request body: sign the exact bytes sent with the current webhook secret, as 64 lowercase hex characters\.$/,
    );
    expect(refused.passes).toBeGreaterThan(5);
    expect(counted(edge, sign(current, `${text}\n`).toString('hex'), only).problem).toMatch(
      /trailing newline or whitespace/,
    );
    expect(
      counted(edge, sign(current, JSON.stringify(JSON.parse(text), null, 2)).toString('hex'), only)
        .problem,
    ).toMatch(/re-serialised body/);
    expect(counted(edge, sign(previous, edge).toString('hex'), expired).problem).toMatch(
      /previous webhook secret/,
    );
  });
});
