import type { PgBoss } from 'pg-boss';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { HEARTBEAT_QUEUES, HEARTBEAT_SECONDS } from '../domain/webhooks/index.js';
import { MONITOR_GAP_SECONDS } from './boss.js';

// Jobs whose claim was lost with the database. A fetch is an UPDATE that marks jobs active; when
// the database crashes after it commits but before its answer arrives, the jobs stay active with
// no worker holding them. Their heartbeat (HEARTBEAT_SECONDS, queue.ts) then goes stale, and
// pg-boss's supervisor retries them on its next pass, which may be a whole supervise interval
// away (SVC_JOBS_SUPERVISE_INTERVAL_SECONDS). So a worker process that saw the database go away
// asks for those passes itself once the database answers again: the first when a claim made
// before the outage is stale, the second a monitor gap later in case a pass ran just before the
// first and found it not stale yet. Claims that workers still hold are refreshed meanwhile
// (every half heartbeat) and are left alone.

export interface LostClaims {
  /** The database failed a connection: look for lost claims once it is back. */
  databaseLost(): void;
  stop(): void;
}

/** How often the process asks the database whether it is back. */
const PROBE_MS = 250;

export function recoverLostClaims(boss: PgBoss, db: Db, logger: Logger): LostClaims {
  let recovering = false;
  let stopped = false;
  // Unreferenced: a pass still ahead never holds the process open; after stop() none runs.
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  const recover = async () => {
    await untilDatabaseAnswers(db, Infinity, () => stopped);
    for (const waitSeconds of [HEARTBEAT_SECONDS + 1, MONITOR_GAP_SECONDS + 1]) {
      await sleep(waitSeconds * 1000);
      if (stopped) return;
      for (const name of HEARTBEAT_QUEUES) {
        await boss
          .supervise(name)
          .catch((err: unknown) =>
            logger.warn(
              { err, queue: name },
              'pg-boss supervise pass after a database outage failed',
            ),
          );
      }
    }
    logger.info(
      { queues: HEARTBEAT_QUEUES },
      'after a database outage: pg-boss looked for jobs whose claim was lost with it (they are retried)',
    );
  };

  return {
    databaseLost: () => {
      if (recovering || stopped) return;
      recovering = true;
      void recover().finally(() => (recovering = false));
    },
    stop: () => {
      stopped = true;
    },
  };
}

/** Waits until the database answers a trivial statement, for at most `limitMs`, or until `stopped()`. */
export async function untilDatabaseAnswers(
  db: Db,
  limitMs: number,
  stopped: () => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline && !stopped()) {
    if (
      await sql`select 1`.execute(db).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
  }
}
