import { fromKysely, type JobInsert, type Job, type PgBoss } from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';

// The webhook pipeline's queue contract: the queues, their job payloads, and pg-boss as the
// pipeline uses it. Jobs are always written through the caller's Kysely transaction (fromKysely),
// so a job exists if and only if the write that caused it committed.

export const QUEUES = {
  /** Delivery attempts due together, up to DELIVERIES_PER_JOB a job. */
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

/** One attempt of one delivery (its webhook_logs row). */
export interface DeliveryAttempt {
  logId: number;
  attempt: number;
  /**
   * The partition keys (text, as PostgreSQL wrote them): the log's created_at and its event's
   * occurred_at (null: no event row, a test webhook). With them prepare and record read one
   * partition instead of probing every day's; jobs queued before they were carried lack them.
   */
  logCreatedAt?: string;
  occurredAt?: string | null;
}

/** The attempt with only what its job carries (each partition key when known). */
export function carriedAttempt({
  logId,
  attempt,
  logCreatedAt,
  occurredAt,
}: DeliveryAttempt): DeliveryAttempt {
  return {
    logId,
    attempt,
    ...(logCreatedAt === undefined ? {} : { logCreatedAt }),
    ...(occurredAt === undefined ? {} : { occurredAt }),
  };
}

/**
 * A delivery job: up to DELIVERIES_PER_JOB attempts due at the same time (a fan-out's first
 * attempts, a batch's retries with the same wait), sent and recorded together. Jobs queued before
 * jobs carried several attempts hold one, as `logId` and `attempt`: both shapes are read.
 */
export type DeliveryJobData =
  { attempts: DeliveryAttempt[]; kind?: DeliveryJobKind } | DeliveryAttempt;

/**
 * Why a job repeats attempts another job already carried (delivery-batches.ts): `cover`, attempts
 * still running in the background when their batch completed; `line`, attempts whose endpoint's
 * line was full. Neither counts as an attempt of its own.
 */
export type DeliveryJobKind = 'cover' | 'line';

/**
 * The priority of a job of first attempts (a fan-out's, a replay's, a test's): taken before retries
 * and re-queued attempts (priority 0) that fell due earlier, so that one plugin's backlog (its
 * endpoint was down, or hung) never stands in front of every other plugin's new deliveries. The
 * rest wait only while the workers are behind on first attempts, in the order they were queued.
 */
export const FIRST_ATTEMPTS_PRIORITY = 1;

/** Attempts one delivery job carries at most: the queue's cost (insert, fetch, completion) is per job. */
export const DELIVERIES_PER_JOB = 20;

/** The attempts a delivery job carries, whichever its shape. */
export function attemptsOf(data: DeliveryJobData): DeliveryAttempt[] {
  return 'attempts' in data ? data.attempts : [{ logId: data.logId, attempt: data.attempt }];
}

export interface ReplayJobData {
  replayId: number;
  /** The created_at of the replay's deliveries (text; one transaction made them all): their partition key. */
  logsCreatedAt?: string;
}

export interface ScenarioJobData {
  runId: number;
}

/** pg-boss, as the webhook modules use it: enqueue in a transaction, settle in a transaction. */
export class JobQueue {
  constructor(
    readonly boss: PgBoss,
    private readonly deliveryExpireSeconds: number,
  ) {}

  /** The next chunk of a replay, `delaySeconds` from now (a sandbox destination at its limit). */
  async sendReplay(db: Executor, data: ReplayJobData, delaySeconds = 0): Promise<void> {
    await this.boss.send(QUEUES.replay, data, {
      db: fromKysely(db),
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
    });
  }

  /** The depth of the webhook queues, as pg-boss's monitor last counted them (/metrics). */
  async depths(): Promise<{ queue: string; ready: number; deferred: number; active: number }[]> {
    const queues = await this.boss.getQueues(Object.values(QUEUES));
    return queues.map((q) => ({
      queue: q.name,
      ready: q.readyCount ?? Math.max(0, q.queuedCount - q.deferredCount),
      deferred: q.deferredCount,
      active: q.activeCount,
    }));
  }

  /** The next slice of a scenario run, `delaySeconds` from now. */
  async sendScenarioStep(db: Executor, data: ScenarioJobData, delaySeconds: number): Promise<void> {
    await this.boss.send(QUEUES.scenario, data, {
      db: fromKysely(db),
      ...(delaySeconds > 0 ? { startAfter: Number(delaySeconds.toFixed(3)) } : {}),
    });
  }

  /**
   * Delivery attempts; `delaySeconds` defers one (a retry). Attempts with the same delay share a
   * job, up to DELIVERIES_PER_JOB each, in the order given.
   */
  async enqueueDeliveries(
    db: Executor,
    items: (DeliveryAttempt & { delaySeconds?: number })[],
    kind?: DeliveryJobKind,
  ): Promise<void> {
    if (items.length === 0) return;
    const jobs: JobInsert<DeliveryJobData>[] = groupAttempts(items).map(
      ({ delaySeconds, attempts }) => ({
        data: kind ? { attempts, kind } : { attempts },
        expireInSeconds: this.deliveryExpireSeconds,
        ...(!kind && attempts.every((a) => a.attempt === 1)
          ? { priority: FIRST_ATTEMPTS_PRIORITY }
          : {}),
        ...(delaySeconds ? { startAfter: delaySeconds } : {}),
      }),
    );
    await this.boss.insert(QUEUES.delivery, jobs, { db: fromKysely(db) });
  }

  /** Completes the jobs (fenced to the attempt the worker holds) inside the caller's transaction. */
  async complete(db: Executor, queue: string, jobs: Job<unknown>[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.complete(
      queue,
      jobs.map((job) => ({ id: job.id, retryCount: job.retryCount })),
      null,
      { db: fromKysely(db) },
    );
  }
}

/** Attempts grouped by delay (none and 0 alike) into jobs of at most DELIVERIES_PER_JOB, in the order given. */
export function groupAttempts(
  items: (DeliveryAttempt & { delaySeconds?: number })[],
): { delaySeconds: number; attempts: DeliveryAttempt[] }[] {
  const open = new Map<number, DeliveryAttempt[]>();
  const groups: { delaySeconds: number; attempts: DeliveryAttempt[] }[] = [];
  for (const { delaySeconds = 0, ...item } of items) {
    let attempts = open.get(delaySeconds);
    if (!attempts || attempts.length >= DELIVERIES_PER_JOB) {
      attempts = [];
      open.set(delaySeconds, attempts);
      groups.push({ delaySeconds, attempts });
    }
    attempts.push(carriedAttempt(item));
  }
  return groups;
}

export type QueueSettings = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

/**
 * The heartbeat of the queues whose jobs the workers take at once: pg-boss refreshes a held job's
 * every half of it, and its supervisor fails (retries) a job whose heartbeat is older. A job whose
 * claim was lost (a worker killed, or a fetch that committed just before a database crash and
 * whose answer never arrived) is retried then, not at its expiry. pg-boss allows no less.
 */
export const HEARTBEAT_SECONDS = 10;

/** The queues with a heartbeat (HEARTBEAT_SECONDS). */
export const HEARTBEAT_QUEUES: readonly string[] = [
  QUEUES.delivery,
  QUEUES.replay,
  QUEUES.scenario,
];

/**
 * How pg-boss keeps each queue. Deliveries retry on their own schedule (new jobs, retry.ts);
 * pg-boss's retries only cover a worker that died or a database error, so they start soon and
 * back off.
 */
export const QUEUE_SETTINGS: Readonly<Record<string, QueueSettings>> = {
  [QUEUES.delivery]: {
    retryLimit: 10,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 300,
    notify: true,
    partition: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  // A chunk is sent one delivery after the other: up to REPLAY_CHUNK request timeouts.
  [QUEUES.replay]: {
    retryLimit: 10,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 3600,
    notify: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
  [QUEUES.maintenance]: { retryLimit: 2, expireInSeconds: 600 },
  [QUEUES.retention]: { retryLimit: 2, expireInSeconds: 3600 },
  [QUEUES.scenario]: {
    retryLimit: 3,
    retryDelay: 1,
    expireInSeconds: 600,
    notify: true,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  },
};
