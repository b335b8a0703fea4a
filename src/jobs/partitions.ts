import type { PgBoss } from 'pg-boss';
import type { Db } from '../db/database.js';
import { ensurePartitions } from '../db/partitions.js';
import type { Logger } from '../logger.js';

// The history tables' partitions made ahead (src/db/partitions.ts): hourly, one run cluster-wide,
// so that a day's partition exists days before its first row (migrate makes them too).
export const PARTITIONS_QUEUE = 'history-partitions';
export const PARTITIONS_CRON = '7 * * * *';

export async function startPartitionMaintenance(
  boss: PgBoss,
  deps: { db: Db; logger: Logger },
): Promise<{ stop(): Promise<void> }> {
  await boss.createQueue(PARTITIONS_QUEUE, {
    retryLimit: 2,
    expireInSeconds: 600,
    policy: 'singleton',
  });
  await boss.work(PARTITIONS_QUEUE, async () => {
    const created = await ensurePartitions(deps.db, new Date());
    deps.logger.info({ created }, 'history partitions made ahead');
  });
  await boss.schedule(PARTITIONS_QUEUE, PARTITIONS_CRON);
  return { stop: () => boss.offWork(PARTITIONS_QUEUE, { wait: true }) };
}
