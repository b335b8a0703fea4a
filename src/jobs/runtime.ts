import type { PgBoss } from 'pg-boss';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { AttemptOutcome, LookupAll } from '../domain/webhooks/index.js';
import type { Metrics } from '../observability/metrics.js';
import { JobQueue, createEventSink, type EventSink } from '../domain/webhooks/index.js';
import { WebhookHttpClient } from '../domain/webhooks/index.js';
import { startBoss } from './boss.js';
import { loadApiVersions, type ApiVersions } from '../domain/api-versions/index.js';
import { startScheduledJobs } from './schedules.js';
import {
  startScenarioWorker,
  startWebhookWorkers,
  type RunningWorkers,
  type WorkerTuning,
} from './workers.js';

// Jobs in one process: every role enqueues (the event sink and the webhook tester need pg-boss),
// roles `worker` and `all` also run the workers and pg-boss's supervisor.

export interface JobRuntimeOptions {
  connectionString: string;
  db: Db;
  config: Config;
  logger: Logger;
  /** Run the workers now (SVC_ROLE worker or all). */
  workers: boolean;
  /** Run the once-a-minute jobs (trial sweep, sandbox idle sweep, OAuth refresh) with the workers; default true. */
  schedules?: boolean;
  /** Run pg-boss's supervisor (expiry of a dead worker's jobs, retention); defaults to `workers`. */
  supervise?: boolean;
  /** TLS trust anchors for deliveries instead of the defaults (tests). */
  webhookCa?: string | Buffer;
  /** Resolver for the destination guard (tests). */
  lookup?: LookupAll;
  /** The process's metrics: delivery attempts are counted in it. */
  metrics?: Pick<Metrics, 'observeDelivery'>;
  /** The dated API versions: a deprecated pin's deliveries carry Deprecation and Sunset. */
  apiVersions?: ApiVersions;
  tuning?: WorkerTuning & {
    /** Supervisor pass interval: how soon a dead worker's jobs are noticed. */
    superviseIntervalSeconds?: number;
    /** How long a delivery job may stay active before pg-boss retries it elsewhere. */
    deliveryExpireSeconds?: number;
  };
}

export interface JobRuntime {
  boss: PgBoss;
  queue: JobQueue;
  /** The process's event sink: events and their fan-out outbox rows on the caller's transaction. */
  events: EventSink;
  startWorkers(): Promise<void>;
  stopWorkers(withinMs?: number): Promise<void>;
  /**
   * Stops the workers and pg-boss. With `withinMs`, the jobs in hand may finish within that time;
   * those still running then are failed, so pg-boss retries them at once elsewhere.
   */
  stop(options?: { withinMs?: number }): Promise<void>;
}

export async function startJobRuntime(options: JobRuntimeOptions): Promise<JobRuntime> {
  const { config, logger, tuning = {} } = options;
  const boss = await startBoss({
    connectionString: options.connectionString,
    logger,
    supervise: options.supervise ?? options.workers,
    superviseIntervalSeconds:
      tuning.superviseIntervalSeconds ?? config.jobsSuperviseIntervalSeconds,
  });
  // A batch runs its requests concurrently, so the slowest one bounds it; the rest is margin for
  // the database round trips around it.
  const expire = tuning.deliveryExpireSeconds ?? Math.ceil(config.webhook.timeoutMs / 1000) + 30;
  const queue = new JobQueue(boss, expire);
  const events = createEventSink();

  const http = new WebhookHttpClient({
    timeoutMs: config.webhook.timeoutMs,
    allowPrivate: config.webhook.allowPrivate,
    ca: options.webhookCa,
    lookup: options.lookup,
    // As many sockets per endpoint as attempts may be in flight to it (delivery-lanes.ts).
    connections: config.webhook.endpointConcurrency,
  });
  let workers: RunningWorkers | undefined;
  let scenarios: RunningWorkers | undefined;
  let schedules: { stop(): Promise<void> } | undefined;
  const runtime: JobRuntime = {
    boss,
    queue,
    events,
    startWorkers: async () => {
      const onAttempt = options.metrics
        ? (outcome: AttemptOutcome, seconds: number) =>
            options.metrics!.observeDelivery(outcome, seconds)
        : undefined;
      workers ??= await startWebhookWorkers(
        boss,
        {
          db: options.db,
          config,
          logger,
          http,
          queue,
          onAttempt,
          apiVersions: options.apiVersions ?? (await loadApiVersions()),
        },
        tuning,
        options.connectionString,
      );
      scenarios ??= await startScenarioWorker(
        boss,
        { db: options.db, events, queue, speed: config.scenarioSpeed, logger },
        tuning,
      );
      if (options.schedules ?? true)
        schedules ??= await startScheduledJobs(boss, { db: options.db, events, config, logger });
    },
    stopWorkers: async (withinMs?: number) => {
      const running = workers;
      const scheduled = schedules;
      const playing = scenarios;
      workers = undefined;
      schedules = undefined;
      scenarios = undefined;
      await Promise.all([running?.stop(withinMs), scheduled?.stop(), playing?.stop()]);
    },
    stop: async ({ withinMs } = {}) => {
      if (withinMs === undefined) await runtime.stopWorkers();
      else
        await Promise.race([
          runtime.stopWorkers(withinMs),
          new Promise((resolve) => setTimeout(resolve, withinMs).unref()),
        ]);
      await boss.stop({ graceful: withinMs === undefined, close: true });
      await http.close();
    },
  };
  if (options.workers) await runtime.startWorkers();
  return runtime;
}
