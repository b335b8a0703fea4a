import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config.js';

// SVC_TRUST_PROXY: which peers may set the client address through X-Forwarded-For.

const base = {
  SVC_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  SVC_JWT_SECRET: Buffer.alloc(32, 2).toString('base64'),
};
const load = (value: string | undefined) => loadConfig({ ...base, SVC_TRUST_PROXY: value });
const problemsOf = (value: string): string[] => {
  try {
    load(value);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error(`SVC_TRUST_PROXY="${value}" was accepted`);
};

describe('SVC_TRUST_PROXY', () => {
  it('when unset, empty or off, then no proxy is trusted (not even loopback)', () => {
    expect(load(undefined).trustProxy).toBe(false);
    expect(load('').trustProxy).toBe(false);
    expect(load('off').trustProxy).toBe(false);
    expect(load('0').trustProxy).toBe(false);
  });

  it('when a hop count, then that number of proxies in front of the service is trusted', () => {
    expect(load('1').trustProxy).toBe(1);
    expect(load('2').trustProxy).toBe(2);
  });

  it('when a comma-separated list of addresses, CIDR blocks or named ranges, then exactly those peers are trusted', () => {
    expect(load('127.0.0.1/32').trustProxy).toEqual(['127.0.0.1/32']);
    expect(load(' 10.0.0.0/8 , 192.0.2.10,2001:db8::/32 ,loopback').trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it.each([
    'yes',
    '-1',
    '1.5',
    '10.0.0.0/33',
    '2001:db8::/129',
    'proxy.internal',
    '10.0.0.0/8,,',
    '300.1.1.1',
    '10.0.0.0/',
  ])('when "%s", then the boot fails naming the variable and what it accepts', (value) => {
    const problems = problemsOf(value);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('SVC_TRUST_PROXY');
    expect(problems[0]).toContain(value);
    expect(problems[0]).toMatch(/hop count/);
  });
});
