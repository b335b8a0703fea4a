import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import {
  hashPassword,
  MAX_CONCURRENT_PASSWORD_HASHES,
  PasswordHashesBusyError,
  passwordHashParams,
  verifyPassword,
} from '../../src/lib/passwords.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  expectHttpError,
  gql,
  PASSWORD,
  randomIp,
  signUpDeveloper,
} from '../support/portal-builders.js';

// Security review 4, finding 3: log-in is limited per account (a failure counter per normalised
// email with a growing wait, in PostgreSQL so that every process shares it), per IPv6 /64 rather
// than per address, and the process checks at most a few passwords at once.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const LOG_IN =
  'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { token } }';
const attempt = (email: string, password: string, ip = randomIp()) =>
  gql(t.app, undefined, LOG_IN, { email, password }, { headers: { 'X-Forwarded-For': ip } });
const codeOf = (res: Response) =>
  (res.body.errors?.[0]?.extensions?.code as string | undefined) ??
  (res.body.data?.logIn ? 'ok' : res.body.error);
const failuresOf = (email: string) =>
  t.db
    .selectFrom('control.log_in_failures')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();

describe('failed log-ins per email', () => {
  it('when an email has 6 failed attempts from as many addresses, then the next is refused for a while, even with the right password; after the wait it logs in and the count is cleared', async () => {
    const dev = await signUpDeveloper(t.app);
    for (let i = 0; i < 6; i++)
      expect(codeOf(await attempt(dev.email, `wrong password ${i}`))).toBe('authentication_failed');
    // Another spelling of the same email shares the count.
    const refused = await attempt(` ${dev.email.toUpperCase()}`, PASSWORD);
    expect(codeOf(refused)).toBe('rate_limit_exceeded');
    expect(refused.body.errors[0].extensions.retry_after).toBe(1);
    expect((await failuresOf(dev.email))?.failures).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(codeOf(await attempt(dev.email, PASSWORD))).toBe('ok');
    expect(await failuresOf(dev.email)).toBeUndefined();
  });

  it('when an email that no account has is guessed, then it is counted the same way (no hint of which emails exist)', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 6; i++)
      expect(codeOf(await attempt(email, `guess ${i}`))).toBe('authentication_failed');
    expect(codeOf(await attempt(email, 'another guess'))).toBe('rate_limit_exceeded');
  });

  it('when the failures go on, then each wait doubles, up to 15 minutes', async () => {
    const email = `doubling-${Date.now()}@example.com`;
    await t.db
      .insertInto('control.log_in_failures')
      .values({ email, failures: 9, next_attempt_at: new Date(Date.now() - 1_000) })
      .execute();
    expect(codeOf(await attempt(email, 'guess'))).toBe('authentication_failed');
    const tenth = (await failuresOf(email))!;
    expect(tenth.failures).toBe(10);
    expect((tenth.next_attempt_at.getTime() - Date.now()) / 1000).toBeGreaterThan(14); // 2^(10-6) s
    expect((tenth.next_attempt_at.getTime() - Date.now()) / 1000).toBeLessThanOrEqual(16);
    const refused = await attempt(email, 'guess');
    expect(codeOf(refused)).toBe('rate_limit_exceeded');
    expect(refused.body.errors[0].extensions.retry_after).toBeGreaterThan(14);
    await t.db
      .updateTable('control.log_in_failures')
      .set({ failures: 30, next_attempt_at: new Date(Date.now() - 1_000) })
      .where('email', '=', email)
      .execute();
    expect(codeOf(await attempt(email, 'guess'))).toBe('authentication_failed');
    const capped = (await failuresOf(email))!;
    expect((capped.next_attempt_at.getTime() - Date.now()) / 1000).toBeGreaterThan(890);
    expect((capped.next_attempt_at.getTime() - Date.now()) / 1000).toBeLessThanOrEqual(900);
  });

  it('when 20 attempts on one email run at once, then at most the 6 free ones are checked', async () => {
    const email = `burst-${Date.now()}@example.com`;
    const codes = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(email, `guess ${i}`)))
    ).map(codeOf);
    expect(codes.filter((c) => c === 'authentication_failed').length).toBeLessThanOrEqual(6);
    expect(
      codes.filter((c) => c !== 'authentication_failed').every((c) => c === 'rate_limit_exceeded'),
    ).toBe(true);
    expect((await failuresOf(email))!.failures).toBeLessThanOrEqual(6);
  });
});

describe('per-address log-in bucket', () => {
  it('when the addresses of one IPv6 /64 make 11 attempts in a minute, then the 11th is 429; another /64 has its own bucket', async () => {
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let i = 1; i <= 10; i++)
      expect(
        (
          await attempt(
            `v6-${i}-${Date.now()}@example.com`,
            'guess',
            `${prefix}::${i.toString(16)}`,
          )
        ).status,
      ).toBe(200);
    const res = await attempt(
      `v6-last-${Date.now()}@example.com`,
      'guess',
      `${prefix}:ffff:ffff:ffff:ffff`,
    );
    expectHttpError(res, 429, 'rate_limit_exceeded');
    expect(res.headers['retry-after']).toBeDefined();
    expect(
      (
        await attempt(
          `v6-other-${Date.now()}@example.com`,
          'guess',
          `${prefix.replace(/:[0-9a-f]+$/, ':1')}::1`,
        )
      ).status,
    ).toBe(200);
  });
});

describe('password checks at once', () => {
  it(`when more than ${MAX_CONCURRENT_PASSWORD_HASHES} scrypt runs are asked for at once, then the others are refused at once, and a slot is free again afterwards`, async () => {
    const params = passwordHashParams(14);
    const encoded = await hashPassword(PASSWORD, params);
    const runs = Array.from({ length: MAX_CONCURRENT_PASSWORD_HASHES + 2 }, () =>
      verifyPassword(PASSWORD, encoded).then(String, (err: unknown) => err),
    );
    const results = await Promise.all(runs);
    expect(results.filter((r) => r === 'true')).toHaveLength(MAX_CONCURRENT_PASSWORD_HASHES);
    const refused = results.filter((r) => r !== 'true');
    expect(refused).toHaveLength(2);
    for (const err of refused) expect(err).toBeInstanceOf(PasswordHashesBusyError);
    expect(await verifyPassword(PASSWORD, encoded)).toBe(true);
  });

  it('when log-ins arrive faster than the server checks passwords, then the excess ones are rate_limit_exceeded rather than queued', async () => {
    // The production cost: each check takes long enough for the requests below to overlap.
    const app = await t.newApp({ SVC_PASSWORD_HASH_COST: '16' });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gql(
          app,
          undefined,
          LOG_IN,
          { email: `flood-${i}-${Date.now()}@example.com`, password: 'guess' },
          { headers: { 'X-Forwarded-For': randomIp() } },
        ),
      ),
    );
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 'rate_limit_exceeded').length).toBeGreaterThanOrEqual(1);
    const limited = results.find((r) => codeOf(r) === 'rate_limit_exceeded')!;
    expect(limited.body.errors[0].extensions.retry_after).toBe(1);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(codes.every((c) => c === 'rate_limit_exceeded' || c === 'authentication_failed')).toBe(
      true,
    );
  });
});
