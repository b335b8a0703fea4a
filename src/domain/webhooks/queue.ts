import { fromKysely, type JobInsert, type Job, type PgBoss } from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

// The webhook pipeline's queue contract: the queues, their job payloads, and pg-boss as the
// pipeline uses it. Jobs are always written through the caller's Kysely transaction (fromKysely),
// so a job exists if and only if the write that caused it committed.

export const QUEUES = {
  /** One job per event with eligible installations: creates the deliveries. */
  fanout: 'webhook-fanout',
  /** One job per delivery attempt. */
  delivery: 'webhook-delivery',
  /** One job per chunk of a replay: sends it in sequence order and queues the next chunk. */
  replay: 'webhook-replay',
  /** Hourly housekeeping (expired inbound idempotency keys). */
  maintenance: 'webhook-maintenance',
  /** Hourly: prunes events and webhook logs older than the retention window. */
  retention: 'event-retention',
  /** The steps of a sandbox's scenario run that are due (runScenario): each job queues the next. */
  scenario: 'sandbox-scenario',
} as const;

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

export interface ReplayJobData {
  replayId: number;
}

export interface ScenarioJobData {
  runId: number;
}

/** pg-boss, as the webhook modules use it: enqueue in a transaction, settle in a transaction. */
export class JobQueue {
  constructor(readonly boss: PgBoss, private readonly deliveryExpireSeconds: number) {}

  async sendFanout(db: Executor, data: FanoutJobData): Promise<void> {
    await this.boss.send(QUEUES.fanout, data, { db: fromKysely(db) });
  }

  /** The next chunk of a replay. */
  async sendReplay(db: Executor, data: ReplayJobData): Promise<void> {
    await this.boss.send(QUEUES.replay, data, { db: fromKysely(db) });
  }

  /** The depth of the webhook queues, as pg-boss's monitor last counted them (/metrics). */
  async depths(): Promise<{ queue: string; ready: number; deferred: number; active: number }[]> {
    const queues = await this.boss.getQueues(Object.values(QUEUES));
    return queues.map((q) => ({ queue: q.name, ready: q.readyCount ?? Math.max(0, q.queuedCount - q.deferredCount), deferred: q.deferredCount, active: q.activeCount }));
  }

  /** The next slice of a scenario run, `delaySeconds` from now. */
  async sendScenarioStep(db: Executor, data: ScenarioJobData, delaySeconds: number): Promise<void> {
    await this.boss.send(QUEUES.scenario, data, { db: fromKysely(db), ...(delaySeconds > 0 ? { startAfter: Number(delaySeconds.toFixed(3)) } : {}) });
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

export type QueueSettings = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

/**
 * How pg-boss keeps each queue. Deliveries retry on their own schedule (new jobs, retry.ts);
 * pg-boss's retries only cover a worker that died or a database error, so they start soon and
 * back off.
 */
export const QUEUE_SETTINGS: Readonly<Record<string, QueueSettings>> = {
  [QUEUES.fanout]: { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 60, notify: true, partition: true },
  [QUEUES.delivery]: { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 300, notify: true, partition: true },
  // A chunk is sent one delivery after the other: up to REPLAY_CHUNK request timeouts.
  [QUEUES.replay]: { retryLimit: 10, retryDelay: 1, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 3600, notify: true },
  [QUEUES.maintenance]: { retryLimit: 2, expireInSeconds: 600 },
  [QUEUES.retention]: { retryLimit: 2, expireInSeconds: 3600 },
  [QUEUES.scenario]: { retryLimit: 3, retryDelay: 1, expireInSeconds: 600, notify: true },
};
