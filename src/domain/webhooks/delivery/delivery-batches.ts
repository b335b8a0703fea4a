import type { Job } from 'pg-boss';
import { EndpointSlots, endpointKey } from './endpoint-slots.js';
import {
  prepareBatch,
  recordOutcomes,
  send,
  type DeliveryDeps,
  type Outcome,
  type Prepared,
} from './delivery.js';
import { admitSandboxDeliveries } from './sandbox-volume.js';
import { admitEndpointRates } from './endpoint-rate.js';
import { asUnavailable } from '../../shared/index.js';
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
// The background is shared by plugin, not by endpoint (security review 4, finding 5: a plugin that
// moves its endpoint from one hanging origin to the next opens fresh lines, each taking a batch):
// each plugin keeps at most `pluginInFlight` attempts there. A plugin at its share (or, once the
// background is full, any plugin that has attempts there) sends no new attempts: they are queued
// again, as for a full line; and when a batch hands its attempts to the background, those of such a
// plugin still waiting in line leave it and are queued again too. Only requests already on the
// network go on. So plugins whose endpoints answer are never held up by others that hang; the
// worker waits (every loop) only at a hard ceiling of twice the background.
// Attempts past a sandbox destination's limit a minute (sandbox-volume.ts) or an extra endpoint's
// rate a second (endpoint-rate.ts) are not sent either: queued again for when they may go.

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
  /** Leaves the endpoint's line (true), unless the attempt already has its slot (false). */
  leave: () => boolean;
  /** Set once the attempt has its slot (its request is about to go out, or out). */
  sending: boolean;
  /** Set when the attempt ended; null when it gave up its turn to its cover job. */
  outcome: Outcome | null | undefined;
  done: Promise<Outcome | null>;
}

export function deliveryBatches(deps: DeliveryDeps): DeliveryBatches {
  const { timeoutMs, endpointConcurrency, batchSize, pluginInFlight } = deps.config.webhook;
  const slots = new EndpointSlots(endpointConcurrency, timeoutMs / 2);
  const timeoutSeconds = Math.ceil(timeoutMs / 1000);
  // An attempt waits in line at most `longestWaitMs`, then its request takes at most the timeout.
  const longestWaitMs = 2 * timeoutMs;
  const coverSeconds = 3 * timeoutSeconds + 5;
  const backgroundLimit = 4 * batchSize;
  const background = new Map<Promise<void>, Running>();
  const late = lateRecorder(deps);
  // Attempts in the background, in all and per plugin (counted from their hand-off until they end).
  const shares = new Map<number, number>();
  let inBackground = 0;
  const share = (plugin: number, n: number) => {
    const now = (shares.get(plugin) ?? 0) + n;
    if (now === 0) shares.delete(plugin);
    else shares.set(plugin, now);
    inBackground += n;
  };
  /** Whether a plugin may put more attempts in the background (or keep them in line there). */
  const roomFor = (plugin: number): boolean => {
    const held = shares.get(plugin) ?? 0;
    return held < pluginInFlight && (held === 0 || inBackground < backgroundLimit);
  };
  // A plugin's share frees as its requests end: within the timeout for those on the network.
  const shareWaitSeconds = timeoutSeconds;

  const start = (
    p: Prepared,
    endpoint: string | null,
    secrets: Map<string, string | null>,
  ): Running => {
    const queuedAt = performance.now();
    const place = endpoint ? slots.enter(endpoint) : null;
    const running: Running = {
      prepared: p,
      endpoint,
      leave: place ? place.leave : () => false,
      sending: false,
      outcome: undefined,
      done: undefined as unknown as Promise<Outcome | null>,
    };
    running.done = (async () => {
      const release = place ? await place.slot : undefined;
      // Left the line at its batch's hand-off: queued again with the batch's completion.
      if (release === null) return (running.outcome = null);
      running.sending = true;
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
    const { prepared, ended } = await prepareBatch(
      deps.db,
      jobs.flatMap((job) => attemptsOf(job.data)),
      deps.apiVersions,
    );
    const sandbox = await admitSandboxDeliveries(deps.db, deps.config.webhook, prepared);
    const { held } = sandbox;
    // Then an extra endpoint's rate a second: only attempts that may go now take its places.
    const { admitted, held: overRate } = await admitEndpointRates(deps.db, sandbox.admitted);
    const deferred = held.map((h) => ({
      ...toAttempt(h.prepared),
      delaySeconds: h.retryAfterSeconds,
    }));
    const running: Running[] = [];
    const overShare: Prepared[] = [];
    for (const p of admitted) {
      const endpoint = endpointKey(p.row.webhook_endpoint, p.row.plugin_id);
      const waitMs = endpoint ? slots.expectedWaitMs(endpoint) : 0;
      if (waitMs > LINE_WAIT_MS)
        deferred.push({
          ...toAttempt(p),
          delaySeconds: Math.min(timeoutSeconds, Math.ceil(waitMs / 1000)),
        });
      else if (endpoint && !roomFor(p.row.plugin_id)) overShare.push(p);
      else running.push(start(p, endpoint, secrets));
    }
    await untilAnsweredOrStuck(running);
    const answered = running.flatMap((r) => (r.outcome ? [r.outcome] : []));
    const pending = handOff(
      running.filter((r) => r.outcome === undefined),
      (r) => overShare.push(r.prepared),
    );
    deferred.push(...overShare.map((p) => ({ ...toAttempt(p), delaySeconds: shareWaitSeconds })));
    if (deferred.length + overRate.length > 0)
      deps.logger.info(
        {
          attempts: deferred.length + overRate.length,
          sandboxHeld: held.length,
          overShare: overShare.length,
          overRate: overRate.length,
        },
        "webhook attempts queued again for later: the line of their endpoint would take seconds (its requests hang), their plugin has its share of the worker's background, a sandbox destination reached its limit a minute, or their endpoint its rate a second",
      );
    const rateDelays = untilDue(overRate);
    await recordOutcomes(
      deps,
      answered,
      async (trx) => {
        await deps.queue.enqueueDeliveries(
          trx,
          pending.map((r) => ({ ...toAttempt(r.prepared), delaySeconds: coverSeconds })),
          'cover',
        );
        await deps.queue.enqueueDeliveries(trx, [...deferred, ...rateDelays], 'line');
        await deps.queue.complete(trx, QUEUES.delivery, jobs);
      },
      ended,
    );
    // Whole seconds (a line's wait, a sandbox window's end): one wake-up for each distinct delay.
    for (const delaySeconds of new Set(deferred.map((d) => d.delaySeconds)))
      deps.onAttemptDeferred?.(delaySeconds);
    // An attempt over its endpoint's rate is due as its second begins; a wake-up fires as the
    // second it is asked for ends: asked for half a second before, it fires as the attempt is due.
    for (const delaySeconds of new Set(rateDelays.map((d) => d.delaySeconds)))
      deps.onAttemptDeferred?.(Math.max(0, delaySeconds - 0.5));
    for (const r of pending) {
      const settled = r.done.then(
        (outcome) => void (outcome && late.add(outcome)),
        (err) =>
          deps.logger.error(
            { err, logId: r.prepared.row.log_id },
            'webhook attempt failed unexpectedly; its cover job sends it again',
          ),
      );
      const tracked = settled.finally(() => background.delete(tracked));
      background.set(tracked, r);
    }
    // Backpressure, the last resort: a process holds a bounded number of attempts in the background.
    while (background.size > 2 * backgroundLimit) await Promise.race(background.keys());
  };

  /**
   * The attempts a batch leaves running, counted in their plugins' shares; those of a plugin with
   * no room left that still wait in line leave it instead (`requeue`). Requests already out stay.
   */
  const handOff = (pending: Running[], requeue: (r: Running) => void): Running[] => {
    const kept: Running[] = [];
    const keep = (r: Running) => {
      const plugin = r.prepared.row.plugin_id;
      share(plugin, 1);
      const end = () => share(plugin, -1);
      void r.done.then(end, end);
      kept.push(r);
    };
    for (const r of pending) if (r.sending) keep(r);
    for (const r of pending) {
      if (r.sending) continue;
      if (roomFor(r.prepared.row.plugin_id) || !r.leave()) keep(r);
      else requeue(r);
    }
    return kept;
  };

  /**
   * Whether the batch waits for the attempt: its endpoint answers (one of its requests ended within
   * WAVE_MS, or its lane opened then). A fresh lane of a plugin that has requests in the background
   * (hanging elsewhere) is not presumed to answer: a plugin moving from one hanging origin to the
   * next would otherwise hold every batch WAVE_MS.
   */
  const awaitedFor = (r: Running): boolean =>
    r.outcome === undefined &&
    (r.endpoint === null ||
      (slots.answeredWithin(r.endpoint, WAVE_MS) &&
        !(slots.untried(r.endpoint) && shares.has(r.prepared.row.plugin_id))));

  /**
   * Waits for the batch's requests to endpoints that answer, up to PATIENCE_MS; requests to
   * endpoints that do not answer are never waited for.
   */
  const untilAnsweredOrStuck = async (running: Running[]): Promise<void> => {
    const giveUpAt = performance.now() + PATIENCE_MS;
    for (;;) {
      const awaited = running.filter(awaitedFor);
      if (awaited.length === 0 || performance.now() >= giveUpAt) return;
      await Promise.race([
        Promise.allSettled(awaited.map((r) => r.done)),
        new Promise((resolve) => setTimeout(resolve, WAVE_MS / 4)),
      ]);
    }
  };

  return {
    run,
    drain: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
      await Promise.race([
        Promise.all([...background.keys()]).then(() => late.flushed()),
        deadline,
      ]);
      clearTimeout(timer);
      const unfinished = [...background.values()]
        .filter((r) => r.outcome === undefined)
        .map((r) => toAttempt(r.prepared));
      if (unfinished.length === 0) return;
      await deps.queue.enqueueDeliveries(deps.db, unfinished, 'cover');
      deps.logger.info(
        { attempts: unfinished.length },
        'webhook attempts still running at shutdown handed back as jobs due now',
      );
    },
  };
}

/** The attempts over their endpoint's rate, each due when its second begins (ms precision: same second, same job). */
const untilDue = (held: { prepared: Prepared; dueAt: number }[]) => {
  const now = Date.now();
  return held.map((h) => ({
    ...toAttempt(h.prepared),
    delaySeconds: Math.max(0, Math.round(h.dueAt - now) / 1000),
  }));
};

const toAttempt = ({ row, attempt }: Prepared): DeliveryAttempt => ({
  logId: row.log_id,
  attempt,
  logCreatedAt: row.log_created_at,
  occurredAt: row.event_occurred_at,
});

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
        deps.logger.warn(
          { err, attempts: outcomes.length },
          'webhook attempts could not be recorded; their cover jobs send them again',
        );
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
