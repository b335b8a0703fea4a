import type { PgBoss } from 'pg-boss';
import {
  DELIVERIES_PER_JOB,
  QUEUES,
  pruneExpiredEvents,
  purgeExpiredInboundKeys,
  deliveryBatches,
  runReplayChunk,
  type DeliveryDeps,
  type DeliveryJobData,
  type ReplayJobData,
  type ScenarioJobData,
} from '../domain/webhooks/index.js';
import { pruneApiRequests } from '../domain/api-requests/index.js';
import { playScenario, type ScenarioDeps } from '../domain/sandboxes/index.js';
import type { Logger } from '../logger.js';
import type { Db } from '../db/database.js';
import { asUnavailable } from '../domain/shared/index.js';
import { startPartitionMaintenance } from './partitions.js';
import { startFanoutLoop } from './fanout-loop.js';
import { recoverLostClaims, untilDatabaseAnswers, type LostClaims } from './lost-claims.js';
import { WakeUps } from './wake-ups.js';

// The webhook workers of one process. Events to fan out arrive through the fan-out outbox and its
// NOTIFY (fanout-loop.ts), jobs through pg-boss's LISTEN/NOTIFY, both the moment their
// transaction commits (queues are `notify: true`); polling is only the fallback. Deliveries are
// fetched in batches and sent concurrently on keep-alive connections, each endpoint within its own
// slots (delivery-batches.ts), so one that hangs does not hold a loop.

export interface WorkerTuning {
  /** Delivery attempts per fetch, about: jobs carry up to DELIVERIES_PER_JOB attempts each. */
  batchSize?: number;
  /** Delivery fetch loops in this process. */
  concurrency?: number;
  /** Polling fallback when no notification arrives. */
  pollingIntervalSeconds?: number;
  /** Wake-up timers for deferred delivery jobs at most (wake-ups.ts; tests lower it). */
  maxWakeUps?: number;
}

export interface RunningWorkers {
  /** Stops taking jobs and lets those in hand finish, within `withinMs` when given (shutdown's grace). */
  stop(withinMs?: number): Promise<void>;
  /** Wake-up timers alive (tests: security review 4, finding 6). */
  wakeUps(): number;
}

export async function startWebhookWorkers(
  boss: PgBoss,
  deps: Omit<DeliveryDeps, 'onAttemptDeferred'>,
  tuning: WorkerTuning = {},
  connectionString: string,
): Promise<RunningWorkers> {
  const polling = tuning.pollingIntervalSeconds ?? 2;
  let deliveryWorker = '';
  const wakeUps = new WakeUps(boss, () => deliveryWorker, { max: tuning.maxWakeUps });

  // Any sign of a lost database (pg-boss's fetches and heartbeats, the handlers, the fan-out loop).
  const lostClaims = recoverLostClaims(boss, deps.db, deps.logger);
  const onBossError = (err: unknown) => void (asUnavailable(err) && lostClaims.databaseLost());
  boss.on('error', onBossError);
  const outlastOutages = outlastOutagesOf(deps.db, lostClaims);

  // A deferred delivery job is not notified when it falls due (pg-boss notifies only jobs due at
  // once): without a wake-up it waits for the worker's next poll (notifyPollingIntervalSeconds).
  const wakeDeliveries = (delaySeconds: number) => wakeUps.after(delaySeconds);
  // A sandbox's reorder fault holds first attempts: each is sent when its own hold ends.
  const fanout = startFanoutLoop({
    db: deps.db,
    queue: deps.queue,
    logger: deps.logger,
    connectionString,
    pollMs: polling * 1000,
    onDatabaseLost: lostClaims.databaseLost,
    onAttemptDeferred: wakeDeliveries,
    versions: deps.apiVersions,
  });

  const delivery: DeliveryDeps = {
    ...deps,
    // A retry, or an attempt held back, is a deferred job: wake a worker when it falls due instead of waiting for a poll.
    onAttemptDeferred: wakeDeliveries,
  };
  const batches = deliveryBatches(delivery);
  // A fetch takes as many jobs as make about `batchSize` attempts when each carries a full chunk.
  const attemptsPerFetch = tuning.batchSize ?? deps.config.webhook.batchSize;
  deliveryWorker = await boss.work<DeliveryJobData>(
    QUEUES.delivery,
    {
      batchSize: Math.max(1, Math.ceil(attemptsPerFetch / DELIVERIES_PER_JOB)),
      localConcurrency: tuning.concurrency ?? deps.config.webhook.concurrency,
      pollingIntervalSeconds: polling,
      notifyPollingIntervalSeconds: Math.max(polling, 5),
      burstWhenBatchFull: true,
    },
    outlastOutages((jobs) => batches.run(jobs)),
  );

  // Replays of different installations run side by side; a replay's chunks one after the other.
  await boss.work<ReplayJobData>(
    QUEUES.replay,
    {
      batchSize: 1,
      localConcurrency: 2,
      pollingIntervalSeconds: polling,
      notifyPollingIntervalSeconds: Math.max(polling, 5),
    },
    outlastOutages(([job]) => runReplayChunk(delivery, job!)),
  );

  await boss.work(QUEUES.retention, async () => {
    const pruned = await pruneExpiredEvents(deps.db, deps.config.eventRetentionDays);
    deps.logger.info(pruned, 'events and webhook logs past the retention window pruned');
    const requests = await pruneApiRequests(deps.db, deps.config.requestLog.retentionDays);
    deps.logger.info(requests, 'API request log entries past the retention window pruned');
  });
  await boss.schedule(QUEUES.retention, '41 * * * *');

  await boss.work(QUEUES.maintenance, async () => {
    const deleted = await purgeExpiredInboundKeys(deps.db);
    deps.logger.info({ deleted }, 'expired inbound idempotency keys deleted');
  });
  await boss.schedule(QUEUES.maintenance, '17 * * * *');
  const partitions = await startPartitionMaintenance(boss, deps);

  return {
    wakeUps: () => wakeUps.size,
    stop: async (withinMs = Infinity) => {
      const deadline = performance.now() + withinMs;
      await partitions.stop();
      await fanout.stop();
      boss.off('error', onBossError);
      lostClaims.stop();
      wakeUps.clear();
      await Promise.all(
        [QUEUES.delivery, QUEUES.replay, QUEUES.retention, QUEUES.maintenance].map((name) =>
          boss.offWork(name, { wait: true }),
        ),
      );
      // Attempts still running in the background end within the timeout; those that would outlast
      // the grace are handed back as jobs due at once (a moment before it ends, to write them).
      await batches.drain(
        Math.max(
          0,
          Math.min(deps.config.webhook.timeoutMs + 1000, deadline - performance.now() - 500),
        ),
      );
    },
  };
}

/** How long a handler that lost the database waits for it before handing its jobs back anyway. */
const OUTAGE_WAIT_MS = 30_000;

/**
 * A job handler that lost its database connection waits until the database answers again before
 * failing: pg-boss records the failure only then (it cannot while the database is down), so the
 * jobs retry about a second after the database is back instead of staying active until their
 * heartbeat or expiry finds them.
 */
function outlastOutagesOf(db: Db, lostClaims: LostClaims) {
  return <T, R>(handler: (jobs: T) => Promise<R>): ((jobs: T) => Promise<R>) =>
    async (jobs) => {
      try {
        return await handler(jobs);
      } catch (err) {
        if (asUnavailable(err)) {
          lostClaims.databaseLost();
          await untilDatabaseAnswers(db, OUTAGE_WAIT_MS);
        }
        throw err;
      }
    };
}

/** Scenario runs of sandboxes (runScenario): each job plays the due steps of one run and queues the next. */
export async function startScenarioWorker(
  boss: PgBoss,
  deps: ScenarioDeps & { logger: Logger },
  tuning: WorkerTuning = {},
): Promise<RunningWorkers> {
  const polling = tuning.pollingIntervalSeconds ?? 2;
  let worker = '';
  // One job a fetch: each step keeps a wake-up of its own (a run has one step scheduled at a time).
  const wakeUps = new WakeUps(boss, () => worker, { shared: false });
  // The next step is a deferred job, which no notification announces: wake the worker when it is due.
  const playing: ScenarioDeps = {
    ...deps,
    onStepScheduled: (delaySeconds) => wakeUps.after(delaySeconds),
  };
  worker = await boss.work<ScenarioJobData>(
    QUEUES.scenario,
    {
      batchSize: 1,
      localConcurrency: 2,
      pollingIntervalSeconds: polling,
      notifyPollingIntervalSeconds: Math.max(polling, 5),
    },
    async ([job]) => {
      await playScenario(playing, job!.data.runId);
    },
  );
  return {
    wakeUps: () => wakeUps.size,
    stop: async () => {
      wakeUps.clear();
      await boss.offWork(QUEUES.scenario, { wait: true });
    },
  };
}
