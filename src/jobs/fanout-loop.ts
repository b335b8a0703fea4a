import pg from 'pg';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import {
  FANOUT_CHANNEL,
  FanoutFailed,
  fanOutPending,
  recordFanoutFailure,
  type JobQueue,
} from '../domain/webhooks/index.js';
import { asUnavailable } from '../domain/shared/index.js';
import type { ApiVersions } from '../domain/api-versions/index.js';

// The fan-out loop of a worker process: it takes the fan-out outbox's rows (fanout.ts) in batches
// as soon as an emitting transaction commits, woken by its NOTIFY on a connection of its own that
// LISTENs; it also looks every `pollMs` in case a notification was lost (the listening connection
// dropped, a restart). Loops of several processes take different rows (SKIP LOCKED).

export interface FanoutLoopOptions {
  db: Db;
  queue: JobQueue;
  logger: Logger;
  /** For the listening connection. */
  connectionString: string;
  /** Events per fan-out transaction. */
  batchSize?: number;
  /** How often the loop looks without a notification. */
  pollMs?: number;
  /** Called when a fan-out finds the database gone. */
  onDatabaseLost?: () => void;
  /** The dated API versions: an extra endpoint's filter judges the envelope at its version. */
  versions?: ApiVersions;
  /** Told, once its fan-out committed, of each first attempt deferred `delaySeconds` (so a worker wakes when it is due). */
  onAttemptDeferred?: (delaySeconds: number) => void;
}

/** How long the loop waits after a lost database or listening connection before it tries again. */
const RETRY_MS = 500;

export function startFanoutLoop(options: FanoutLoopOptions): { stop(): Promise<void> } {
  const { db, queue, logger, batchSize = 100, pollMs = 1000 } = options;
  let stopped = false;
  let woken = false;
  let wake: (() => void) | undefined;
  const signal = () => {
    woken = true;
    wake?.();
  };
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  const listener = listen(options.connectionString, signal, logger, () => stopped);
  // A row whose fan-out failed is taken alone next, so that it cannot hold back the rows beside it.
  let alone = false;
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let events = 0;
      try {
        const fannedOut = await fanOutPending(db, queue, alone ? 1 : batchSize, options.versions);
        for (const seconds of fannedOut.deferredSeconds) options.onAttemptDeferred?.(seconds);
        events = fannedOut.events;
        alone = false;
      } catch (err) {
        if (err instanceof FanoutFailed && err.outboxIds.length === 1) {
          logger.error({ err, outboxId: err.outboxIds[0] }, 'webhook fan-out failed');
          await recordFanoutFailure(
            db,
            err.outboxIds[0]!,
            (err.cause as Error)?.message ?? String(err.cause),
          ).catch(() => {});
          alone = false;
        } else if (err instanceof FanoutFailed) {
          alone = true;
        } else {
          if (asUnavailable(err)) options.onDatabaseLost?.();
          else logger.error({ err }, 'webhook fan-out failed');
          await nap(RETRY_MS);
        }
        continue;
      }
      // A full batch, or rows that arrived while it ran: look again at once.
      if (events > 0) continue;
      await nap(pollMs);
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      await listener.close();
    },
  };
}

/** A connection that LISTENs on the fan-out channel, made again when it drops; each (re)connection signals once. */
function listen(
  connectionString: string,
  signal: () => void,
  logger: Logger,
  stopped: () => boolean,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped()) return;
    const next = new pg.Client({ connectionString });
    client = next;
    const again = () => {
      if (client !== next || stopped()) return;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(), RETRY_MS);
    };
    next.on('error', again);
    next.on('end', again);
    next.on('notification', signal);
    try {
      await next.connect();
      await next.query(`listen ${FANOUT_CHANNEL}`);
      // Rows written while nobody listened: look now.
      signal();
    } catch (err) {
      logger.debug({ err }, 'fan-out listener could not connect; the loop polls meanwhile');
      again();
    }
  };
  void connect();
  return {
    close: async () => {
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
