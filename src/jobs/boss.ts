import { fromKysely, PgBoss, type JobInsert, type Job } from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import type { Logger } from '../logger.js';

// The process's one pg-boss instance (schema `pgboss` in the service's database) and the queues it
// serves. Jobs are always written through the caller's Kysely transaction (fromKysely), so a job
// exists if and only if the write that caused it committed (STYLE.md habit 7).

export const QUEUES = {
  /** One job per event with eligible installations: creates the deliveries. */
  fanout: 'webhook-fanout',
  /** One job per delivery attempt. */
  delivery: 'webhook-delivery',
  /** Hourly housekeeping (expired inbound idempotency keys). */
  maintenance: 'webhook-maintenance',
} as const;

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

export type Executor = Kysely<Database> | Transaction<Database>;

export interface FanoutJobData {
  eventId: string;
  event: string;
  installationIds: number[];
}

export interface DeliveryJobData {
  logId: number;
  attempt: number;
}

/** pg-boss, as the webhook modules use it: enqueue in a transaction, settle in a transaction. */
export class JobQueue {
  constructor(readonly boss: PgBoss, private readonly deliveryExpireSeconds: number) {}

  async sendFanout(db: Executor, data: FanoutJobData): Promise<void> {
    await this.boss.send(QUEUES.fanout, data, { db: fromKysely(db) });
  }

  /** Delivery jobs; `delaySeconds` defers a retry. */
  async enqueueDeliveries(db: Executor, items: (DeliveryJobData & { delaySeconds?: number })[]): Promise<void> {
    if (items.length === 0) return;
    const jobs: JobInsert<DeliveryJobData>[] = items.map(({ logId, attempt, delaySeconds }) => ({
      data: { logId, attempt },
      expireInSeconds: this.deliveryExpireSeconds,
      ...(delaySeconds ? { startAfter: delaySeconds } : {}),
    }));
    await this.boss.insert(QUEUES.delivery, jobs, { db: fromKysely(db) });
  }

  /** Completes the jobs (fenced to the attempt the worker holds) inside the caller's transaction. */
  async complete(db: Executor, queue: string, jobs: Job<unknown>[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.complete(queue, jobs.map((job) => ({ id: job.id, retryCount: job.retryCount })), null, { db: fromKysely(db) });
  }
}

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
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    migrate: true,
  });
  boss.on('error', (err) => {
    // Logged without the pg client that pg errors carry (a multi-kilobyte dump). 57P01 is the
    // server closing connections (shutdown or restart; every Ctrl-C of `make run`): pg-boss
    // reconnects on its own, so it is a warning.
    const { name, message, stack, code } = err as Error & { code?: string };
    if (code === '57P01') options.logger.warn({ code }, 'pg-boss: the database closed its connection (server stopping or restarting)');
    else options.logger.error({ err: { type: name, message, code, stack } }, 'pg-boss error');
  });
  boss.on('warning', (warning) => options.logger.warn({ warning: warning.data }, warning.message));
  await boss.start();
  // Deliveries retry on their own schedule (new jobs); pg-boss's retries only cover a worker
  // that died or a database error, so they start soon and back off.
  await ensureQueue(boss, QUEUES.fanout, { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 60, notify: true, partition: true });
  await ensureQueue(boss, QUEUES.delivery, { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 300, notify: true, partition: true });
  await ensureQueue(boss, QUEUES.maintenance, { retryLimit: 2, expireInSeconds: 600 });
  return boss;
}

type QueueSettings = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

async function ensureQueue(boss: PgBoss, name: string, settings: QueueSettings): Promise<void> {
  await boss.createQueue(name, settings);
  const { partition: _partition, policy: _policy, ...mutable } = settings;
  await boss.updateQueue(name, mutable);
}
