import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config.js';

// SVC_JOBS_SUPERVISE_INTERVAL_SECONDS: how soon pg-boss's supervisor finds a dead worker's expired
// jobs. 30 s unless set; the scale-out test's SIGKILL shortens it to wait less.

const base = {
  SVC_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  SVC_JWT_SECRET: Buffer.alloc(32, 2).toString('base64'),
};
const load = (value: string | undefined) =>
  loadConfig({ ...base, SVC_JOBS_SUPERVISE_INTERVAL_SECONDS: value });

describe('SVC_JOBS_SUPERVISE_INTERVAL_SECONDS', () => {
  it('when unset, then the supervisor runs every 30 s; when set, then as often as asked', () => {
    expect(load(undefined).jobsSuperviseIntervalSeconds).toBe(30);
    expect(load('1').jobsSuperviseIntervalSeconds).toBe(1);
  });

  it('when below 1 s or not a number, then the start is refused naming the variable', () => {
    for (const value of ['0', 'soon']) {
      expect(() => load(value)).toThrow(ConfigError);
      expect(() => load(value)).toThrow(/SVC_JOBS_SUPERVISE_INTERVAL_SECONDS/);
    }
  });
});
