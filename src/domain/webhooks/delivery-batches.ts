import type { Job } from 'pg-boss';
import { EndpointSlots, endpointKey } from './endpoint-slots.js';
import { prepare, recordOutcomes, send, type DeliveryDeps, type Outcome, type Prepared } from './delivery.js';
import { admitSandboxDeliveries } from './sandbox-volume.js';
import { asUnavailable } from '../shared/index.js';
import { QUEUES, attemptsOf, type DeliveryAttempt, type DeliveryJobData } from './queue.js';

// The delivery worker's batches, with its capacity shared between endpoints. A batch's attempts are
// sent at once, each taking a slot of its endpoint (endpoint-slots.ts). The batch waits only for
// its requests to endpoints that answer (one of their requests ended within WAVE_MS), up to
// PATIENCE_MS; then what answered is recorded and the batch's jobs are completed, so the worker
// loop fetches its next batch instead of waiting for an endpoint that hangs. The attempts still
// running go on in the background and are recorded when they end.
// At least once still holds: the transaction that completes the jobs also queues, for each attempt
// still running, a cover job of the same attempt due after it must have ended (COVER). Once the
// attempt is recorded the cover finds it done and does nothing (prepare drops recorded attempts);
// if the process dies first, the cover sends it again.
// An endpoint whose line would make a new attempt wait more than LINE_WAIT_MS (its slots all held
// by requests that take seconds: it hangs) takes no more attempts now: they are queued again, due
// when a slot should be free. An attempt that
// waited in line so long that its cover could fall due before it ends is not sent: the cover has it.

/** How often a batch looks at its endpoints: one none of whose requests ended for this long hangs. */
export const WAVE_MS = 400;
/** How long a batch waits for endpoints that answer, but slowly, before the rest go on in the background. */
const PATIENCE_MS = 2000;
/** The longest a new attempt may expect to wait in its endpoint's line before it is queued again for later instead. */
const LINE_WAIT_MS = 1000;

export interface DeliveryBatches {
  run(jobs: Job<DeliveryJobData>[]): Promise<void>;
  /**
   * Waits (up to `ms`) for the attempts still running in the background to be recorded; those
   * still running then are handed back as jobs due at once, for another worker (shutdown).
   */
  drain(ms: number): Promise<void>;
}

interface Running {
  prepared: Prepared;
  endpoint: string | null;
  /** Set when the attempt ended; null when it gave up its turn to its cover job. */
  outcome: Outcome | null | undefined;
  done: Promise<Outcome | null>;
}

export function deliveryBatches(deps: DeliveryDeps): DeliveryBatches {
  const { timeoutMs, endpointConcurrency, batchSize } = deps.config.webhook;
  const slots = new EndpointSlots(endpointConcurrency, timeoutMs / 2);
  const timeoutSeconds = Math.ceil(timeoutMs / 1000);
  // An attempt waits in line at most `longestWaitMs`, then its request takes at most the timeout.
  const longestWaitMs = 2 * timeoutMs;
  const coverSeconds = 3 * timeoutSeconds + 5;
  const backgroundLimit = 4 * batchSize;
  const background = new Map<Promise<void>, Running>();
  const late = lateRecorder(deps);

  const start = (p: Prepared, endpoint: string | null, secrets: Map<string, string | null>): Running => {
    const queuedAt = performance.now();
    const running: Running = { prepared: p, endpoint, outcome: undefined, done: undefined as unknown as Promise<Outcome | null> };
    running.done = (async () => {
      const release = endpoint ? await slots.take(endpoint) : undefined;
      try {
        if (performance.now() - queuedAt > longestWaitMs) return (running.outcome = null);
        return (running.outcome = await send(deps, p, secrets));
      } finally {
        release?.();
      }
    })();
    return running;
  };

  const run = async (jobs: Job<DeliveryJobData>[]): Promise<void> => {
    const secrets = new Map<string, string | null>();
    const prepared = await prepare(deps.db, jobs.flatMap((job) => attemptsOf(job.data)));
    const { admitted, held } = await admitSandboxDeliveries(deps.db, deps.config.webhook, prepared);
    const deferred = held.map((h) => ({ ...toAttempt(h.prepared), delaySeconds: h.retryAfterSeconds }));
    const running: Running[] = [];
    for (const p of admitted) {
      const endpoint = endpointKey(p.row.webhook_endpoint);
      const waitMs = endpoint ? slots.expectedWaitMs(endpoint) : 0;
      if (waitMs > LINE_WAIT_MS) deferred.push({ ...toAttempt(p), delaySeconds: Math.min(timeoutSeconds, Math.ceil(waitMs / 1000)) });
      else running.push(start(p, endpoint, secrets));
    }
    if (deferred.length > 0) deps.logger.info({ attempts: deferred.length, sandboxHeld: held.length }, 'webhook attempts queued again for later: the line of their endpoint would take seconds (its requests hang) or a sandbox destination reached its limit a minute');
    await untilAnsweredOrStuck(running);
    const answered = running.flatMap((r) => (r.outcome ? [r.outcome] : []));
    const pending = running.filter((r) => r.outcome === undefined);
    await recordOutcomes(deps, answered, async (trx) => {
      await deps.queue.enqueueDeliveries(trx, pending.map((r) => ({ ...toAttempt(r.prepared), delaySeconds: coverSeconds })), 'cover');
      await deps.queue.enqueueDeliveries(trx, deferred, 'line');
      await deps.queue.complete(trx, QUEUES.delivery, jobs);
    });
    // Whole seconds (a line's wait, a sandbox window's end): one wake-up for each distinct delay.
    for (const delaySeconds of new Set(deferred.map((d) => d.delaySeconds))) deps.onAttemptDeferred?.(delaySeconds);
    for (const r of pending) {
      const settled = r.done.then((outcome) => void (outcome && late.add(outcome)), (err) => deps.logger.error({ err, logId: r.prepared.row.log_id }, 'webhook attempt failed unexpectedly; its cover job sends it again'));
      const tracked = settled.finally(() => background.delete(tracked));
      background.set(tracked, r);
    }
    // Backpressure: a process holds a bounded number of attempts in the background.
    while (background.size > backgroundLimit) await Promise.race(background.keys());
  };

  /**
   * Waits for the batch's requests to endpoints that answer (one of their requests ended within
   * WAVE_MS), up to PATIENCE_MS; requests to endpoints that do not answer are never waited for.
   */
  const untilAnsweredOrStuck = async (running: Running[]): Promise<void> => {
    const giveUpAt = performance.now() + PATIENCE_MS;
    for (;;) {
      const awaited = running.filter((r) => r.outcome === undefined && (r.endpoint === null || slots.answeredWithin(r.endpoint, WAVE_MS)));
      if (awaited.length === 0 || performance.now() >= giveUpAt) return;
      await Promise.race([Promise.allSettled(awaited.map((r) => r.done)), new Promise((resolve) => setTimeout(resolve, WAVE_MS / 4))]);
    }
  };

  return {
    run,
    drain: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
      await Promise.race([Promise.all([...background.keys()]).then(() => late.flushed()), deadline]);
      clearTimeout(timer);
      const unfinished = [...background.values()].filter((r) => r.outcome === undefined).map((r) => toAttempt(r.prepared));
      if (unfinished.length === 0) return;
      await deps.queue.enqueueDeliveries(deps.db, unfinished, 'cover');
      deps.logger.info({ attempts: unfinished.length }, 'webhook attempts still running at shutdown handed back as jobs due now');
    },
  };
}

const toAttempt = ({ row, attempt }: Prepared): DeliveryAttempt => ({ logId: row.log_id, attempt, logCreatedAt: row.log_created_at, occurredAt: row.event_occurred_at });

/**
 * Records the attempts that ended in the background, a few at a time: those that end together
 * share a transaction. While the database is unreachable it tries again every half second (for up
 * to OUTAGE_RETRY_MS, so that deliveries are recorded soon after it is back); any other failure, or
 * a longer outage, leaves them to their cover jobs.
 */
const OUTAGE_RETRY_MS = 60_000;

function lateRecorder(deps: DeliveryDeps) {
  let waiting: Outcome[] = [];
  let flushing: Promise<void> | null = null;
  const flush = async (): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve));
    const outcomes = waiting;
    waiting = [];
    const giveUpAt = Date.now() + OUTAGE_RETRY_MS;
    for (;;) {
      try {
        await recordOutcomes(deps, outcomes, async () => {});
        break;
      } catch (err) {
        if (asUnavailable(err) && Date.now() < giveUpAt) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        deps.logger.warn({ err, attempts: outcomes.length }, 'webhook attempts could not be recorded; their cover jobs send them again');
        break;
      }
    }
    flushing = waiting.length > 0 ? flush() : null;
  };
  return {
    add: (outcome: Outcome): void => {
      waiting.push(outcome);
      flushing ??= flush();
    },
    flushed: async (): Promise<void> => {
      while (flushing) await flushing;
    },
  };
}
