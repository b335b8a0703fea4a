import type { Job } from 'pg-boss';
import { EndpointSlots, endpointKey } from './endpoint-slots.js';
import { prepare, recordOutcomes, send, type DeliveryDeps, type Outcome, type Prepared } from './delivery.js';
import { QUEUES, attemptsOf, type DeliveryAttempt, type DeliveryJobData } from './queue.js';

// The delivery worker's batches, with its capacity shared between endpoints. A batch's attempts are
// sent at once, each taking a slot of its endpoint (endpoint-slots.ts), and the batch waits for
// them only a short while (WAVE_MS): what answered by then is recorded and the batch's jobs are
// completed, so the worker loop fetches its next batch instead of waiting for an endpoint that hangs.
// The attempts still running go on in the background and are recorded when they end.
// At least once still holds: the transaction that completes the jobs also queues, for each attempt
// still running, a cover job of the same attempt due after it must have ended (COVER). Once the
// attempt is recorded the cover finds it done and does nothing (prepare drops recorded attempts);
// if the process dies first, the cover sends it again.
// An endpoint with a full line (LINE_SLOTS slots' worth of attempts already holding or awaiting a
// slot) gets no more: those attempts are queued again, due when a slot must have come free.

/** How long a batch waits for its attempts before the rest go on in the background. */
export const WAVE_MS = 400;
/** Attempts in line per endpoint, as a multiple of its slots. */
const LINE_SLOTS = 2;

export interface DeliveryBatches {
  run(jobs: Job<DeliveryJobData>[]): Promise<void>;
  /** Waits (up to `ms`) for the attempts still running in the background to be recorded. */
  drain(ms: number): Promise<void>;
}

interface Running {
  prepared: Prepared;
  outcome: Outcome | undefined;
  done: Promise<Outcome>;
}

export function deliveryBatches(deps: DeliveryDeps): DeliveryBatches {
  const { timeoutMs, endpointConcurrency, batchSize } = deps.config.webhook;
  const slots = new EndpointSlots(endpointConcurrency);
  const timeoutSeconds = Math.ceil(timeoutMs / 1000);
  // Longest an attempt in line can take: the attempts ahead of it, a timeout per round of slots, then its own.
  const coverSeconds = (LINE_SLOTS + 1) * timeoutSeconds + 5;
  const backgroundLimit = 4 * batchSize;
  const background = new Set<Promise<void>>();
  const late = lateRecorder(deps);

  const start = (p: Prepared, secrets: Map<string, string | null>): Running => {
    const endpoint = endpointKey(p.row.webhook_endpoint);
    const running: Running = { prepared: p, outcome: undefined, done: undefined as unknown as Promise<Outcome> };
    running.done = (async () => {
      const release = endpoint ? await slots.take(endpoint) : undefined;
      try {
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
    const deferred: DeliveryAttempt[] = [];
    const running: Running[] = [];
    for (const p of prepared) {
      const endpoint = endpointKey(p.row.webhook_endpoint);
      if (endpoint && slots.load(endpoint) >= LINE_SLOTS * endpointConcurrency) deferred.push(toAttempt(p));
      else running.push(start(p, secrets));
    }
    await Promise.race([Promise.all(running.map((r) => r.done)), new Promise((resolve) => setTimeout(resolve, WAVE_MS))]);
    const answered = running.filter((r) => r.outcome !== undefined);
    const pending = running.filter((r) => r.outcome === undefined);
    await recordOutcomes(deps, answered.map((r) => r.outcome!), async (trx) => {
      await deps.queue.enqueueDeliveries(trx, pending.map((r) => ({ ...toAttempt(r.prepared), delaySeconds: coverSeconds })), 'cover');
      await deps.queue.enqueueDeliveries(trx, deferred.map((attempt) => ({ ...attempt, delaySeconds: timeoutSeconds })), 'line');
      await deps.queue.complete(trx, QUEUES.delivery, jobs);
    });
    for (const r of pending) {
      const settled = r.done.then(late.add, (err) => deps.logger.error({ err, logId: r.prepared.row.log_id }, 'webhook attempt failed unexpectedly; its cover job sends it again'));
      const tracked = settled.finally(() => background.delete(tracked));
      background.add(tracked);
    }
    // Backpressure: a process holds a bounded number of attempts in the background.
    while (background.size > backgroundLimit) await Promise.race(background);
  };

  return {
    run,
    drain: async (ms) => {
      const deadline = new Promise((resolve) => setTimeout(resolve, ms).unref());
      await Promise.race([Promise.all([...background]).then(() => late.flushed()), deadline]);
    },
  };
}

const toAttempt = (p: Prepared): DeliveryAttempt => ({ logId: p.row.log_id, attempt: p.attempt });

/**
 * Records the attempts that ended in the background, a few at a time: those that end together
 * share a transaction. A failure to record leaves them to their cover jobs.
 */
function lateRecorder(deps: DeliveryDeps) {
  let waiting: Outcome[] = [];
  let flushing: Promise<void> | null = null;
  const flush = async (): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve));
    const outcomes = waiting;
    waiting = [];
    try {
      await recordOutcomes(deps, outcomes, async () => {});
    } catch (err) {
      deps.logger.warn({ err, attempts: outcomes.length }, 'webhook attempts could not be recorded; their cover jobs send them again');
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
