import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestContext, type TestContext } from '../support/context.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({}, { jobs: { workers: true } });
});
afterAll(() => t.close());

describe('scheduled jobs', () => {
  it('when workers start, then the trial sweep, sandbox idle sweep and OAuth refresh run every minute on pg-boss cron', async () => {
    const schedules = await t.jobs!.boss.getSchedules();
    const byName = Object.fromEntries(schedules.map((s) => [s.name, s.cron]));
    expect(byName).toMatchObject({
      'trial-sweep': '* * * * *',
      'sandbox-idle-sweep': '* * * * *',
      'oauth-token-refresh': '* * * * *',
    });
  });

  it('when a scheduled job is sent, then a worker runs its domain function', async () => {
    await t.jobs!.boss.send('trial-sweep', {});
    const deadline = Date.now() + 10_000;
    while (!t.logs.some((line) => line.includes('"job":"trial-sweep"'))) {
      if (Date.now() > deadline) throw new Error('trial-sweep did not run');
      await new Promise((r) => setTimeout(r, 100));
    }
    const line = JSON.parse(t.logs.find((l) => l.includes('"job":"trial-sweep"'))!);
    expect(line.result).toEqual({ ending: 0, converted: 0 });
  });
});
