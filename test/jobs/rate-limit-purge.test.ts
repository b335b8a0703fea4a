import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { purgeExpiredRateLimits } from '../../src/domain/installations/access.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Rate-limit buckets are one row per client address, installation or developer: a row whose
// one-minute window has closed is only a future INSERT, so the purge deletes it.

let t: TestContext;
// A second database with the job runtime, so that its once-a-minute run cannot interleave with
// the counts asserted on the first.
let withJobs: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  withJobs = await createTestContext({}, { jobs: { workers: true } });
});
afterAll(async () => {
  await t.close();
  await withJobs.close();
});

const bucketsLike = async (prefix: string, db = t.db) =>
  (
    await db
      .selectFrom('control.rate_limits')
      .select('bucket')
      .where('bucket', 'like', `${prefix}%`)
      .orderBy('bucket')
      .execute()
  ).map((r) => r.bucket);

describe('expired rate-limit windows are purged', () => {
  it('when a window closed more than a minute ago, then its row is deleted; a current one is kept', async () => {
    await sql`insert into control.rate_limits (bucket, window_start, count) values
      ('purge-a:expired', now() - interval '61 seconds', 7),
      ('purge-a:current', now() - interval '30 seconds', 3)`.execute(t.db);
    const result = await purgeExpiredRateLimits(t.db, new Date());
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await bucketsLike('purge-a:')).toEqual(['purge-a:current']);
    const kept = await t.db
      .selectFrom('control.rate_limits')
      .select('count')
      .where('bucket', '=', 'purge-a:current')
      .executeTakeFirstOrThrow();
    expect(kept.count).toBe(3);
  });

  it('when there are more expired rows than one batch, then every batch runs and all of them go', async () => {
    await sql`insert into control.rate_limits (bucket, window_start, count)
      select 'purge-b:' || i, now() - interval '5 minutes', 1 from generate_series(1, 2500) i`.execute(
      t.db,
    );
    await sql`insert into control.rate_limits (bucket, window_start, count) values ('purge-b:now', now(), 1)`.execute(
      t.db,
    );
    const result = await purgeExpiredRateLimits(t.db, new Date(), { batchSize: 1000 });
    expect(result).toMatchObject({ deleted: 2500, batches: 3 });
    expect(await bucketsLike('purge-b:')).toEqual(['purge-b:now']);
  });

  it('when the purge runs with a clock, then windows that are still open at that instant are kept', async () => {
    await sql`insert into control.rate_limits (bucket, window_start, count) values ('purge-c:x', now() - interval '90 seconds', 1)`.execute(
      t.db,
    );
    await purgeExpiredRateLimits(t.db, new Date(Date.now() - 60_000));
    expect(await bucketsLike('purge-c:')).toEqual(['purge-c:x']);
    await purgeExpiredRateLimits(t.db, new Date());
    expect(await bucketsLike('purge-c:')).toEqual([]);
  });

  it('when workers start, then the purge is scheduled every minute and its job runs the domain function', async () => {
    const schedules = await withJobs.jobs!.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'rate-limit-purge')?.cron).toBe('* * * * *');
    await sql`insert into control.rate_limits (bucket, window_start, count) values ('purge-d:expired', now() - interval '2 minutes', 1)`.execute(
      withJobs.db,
    );
    await withJobs.jobs!.boss.send('rate-limit-purge', {});
    const deadline = Date.now() + 10_000;
    while (!withJobs.logs.some((line) => line.includes('"job":"rate-limit-purge"'))) {
      if (Date.now() > deadline) throw new Error('rate-limit-purge did not run');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await bucketsLike('purge-d:', withJobs.db)).toEqual([]);
  });
});
