import { PgBoss } from 'pg-boss';
import { QUEUE_SETTINGS, type QueueSettings } from '../domain/webhooks/index.js';
import type { Logger } from '../logger.js';

// The process's one pg-boss instance (schema `pgboss` in the service's database) and the queues it
// serves; the queue contract (names, payloads, how jobs are written) is the webhook component's.

export interface BossOptions {
  connectionString: string;
  logger: Logger;
  /** Run pg-boss's supervisor (job expiry, retention) and cron in this process. */
  supervise: boolean;
  /** How often the supervisor looks for expired jobs (tests: 1). */
  superviseIntervalSeconds?: number;
  /** Pool size of pg-boss's own connections (fetch, complete, LISTEN). */
  max?: number;
}

/** The least time between two passes of pg-boss's monitor (expiry, heartbeats) over a queue. */
export const MONITOR_GAP_SECONDS = 5;

/** Creates and starts pg-boss (installing or migrating its schema) and the webhook queues. */
export async function startBoss(options: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    application_name: 'svc-jobs',
    max: options.max ?? 10,
    useListenNotify: true,
    supervise: options.supervise,
    schedule: options.supervise,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    // The timer passes every superviseIntervalSeconds; a pass asked for after an outage
    // (lost-claims.ts) runs when the last one is at least this old.
    monitorIntervalSeconds: Math.min(options.superviseIntervalSeconds ?? 30, MONITOR_GAP_SECONDS),
    migrate: true,
  });
  boss.on('error', (err) => {
    // Logged without the pg client that pg errors carry (a multi-kilobyte dump). 57P01 is the
    // server closing connections (shutdown or restart; every Ctrl-C of `make run`): pg-boss
    // reconnects on its own, so it is a warning.
    const { name, message, stack, code } = err as Error & { code?: string };
    if (code === '57P01')
      options.logger.warn(
        { code },
        'pg-boss: the database closed its connection (server stopping or restarting)',
      );
    else options.logger.error({ err: { type: name, message, code, stack } }, 'pg-boss error');
  });
  boss.on('warning', (warning) => options.logger.warn({ warning: warning.data }, warning.message));
  await boss.start();
  for (const [name, settings] of Object.entries(QUEUE_SETTINGS))
    await ensureQueue(boss, name, settings);
  return boss;
}

async function ensureQueue(boss: PgBoss, name: string, settings: QueueSettings): Promise<void> {
  await boss.createQueue(name, settings);
  const { partition: _partition, policy: _policy, ...mutable } = settings;
  await boss.updateQueue(name, mutable);
}
