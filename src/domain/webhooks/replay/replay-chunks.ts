import { sql } from 'kysely';
import type { Job } from 'pg-boss';
import {
  QUEUES,
  admitSandboxDeliveries,
  prepare,
  recordOutcomes,
  send,
  type DeliveryDeps,
  type Outcome,
  type Prepared,
  type ReplayJobData,
} from '../delivery/index.js';
import { REPLAY_CHUNK } from './replay.js';

// The replay worker (replays are started in replay.ts). A sandbox replay's sends count against
// the same per-destination buckets as the delivery worker's (sandbox-volume.ts): when one is full,
// the chunk stops and the rest of the replay waits for the window's end, in sequence order,
// neither failed nor attempted meanwhile. Production replays are never held.

/**
 * How long one replay job keeps sending before it hands the rest of its chunk to the next job:
 * well inside the queue's expiry, so pg-boss never runs a chunk twice at once, and a slow endpoint
 * gives other replays a turn.
 */
export const REPLAY_CHUNK_BUDGET_MS = 5 * 60_000;

/**
 * Deliveries read, and then recorded, together. Each is still sent only after the previous one's
 * request ended; a crash between a send and its group's record sends at most this many again.
 */
const REPLAY_GROUP = 25;
/** Within a group, the rest is read again before a send once this long has passed since the last read. */
const RECHECK_AFTER_MS = 100;

/**
 * Sends the replay's next chunk of first attempts one after the other, in sequence order, by
 * groups read just before they are sent and recorded in a short transaction after (none is open
 * while a request is on the network), then queues the next chunk: at once, or when the sandbox
 * destination's window ends. A delivery an acknowledgement cancelled meanwhile is skipped.
 */
export async function runReplayChunk(
  deps: DeliveryDeps,
  job: Job<ReplayJobData>,
  budgetMs = REPLAY_CHUNK_BUDGET_MS,
): Promise<void> {
  const { replayId, logsCreatedAt } = job.data;
  const chunk = await deps.db
    .selectFrom('control.webhook_logs')
    .select(['log_id', sql<string>`created_at::text`.as('created_at')])
    .where('replay_id', '=', replayId)
    .$if(logsCreatedAt !== undefined, (q) =>
      q.where('created_at', '=', sql<Date>`${logsCreatedAt}::timestamptz`),
    )
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .orderBy('sequence')
    .orderBy('log_id')
    .limit(REPLAY_CHUNK)
    .execute();
  const deadline = Date.now() + budgetMs;
  let sent = 0;
  let heldSeconds = 0;
  for (
    let i = 0;
    i < chunk.length && Date.now() <= deadline && heldSeconds === 0;
    i += REPLAY_GROUP
  ) {
    const group = await sendGroup(deps, chunk.slice(i, i + REPLAY_GROUP));
    sent += group.done;
    heldSeconds = group.heldSeconds;
  }
  if (heldSeconds > 0)
    deps.logger.info(
      { replayId, sent, retryAfterSeconds: heldSeconds },
      'sandbox replay paused: its destination reached its limit a minute',
    );
  await deps.db.transaction().execute(async (trx) => {
    if (chunk.length === REPLAY_CHUNK || sent < chunk.length)
      await deps.queue.sendReplay(trx, job.data, heldSeconds);
    await deps.queue.complete(trx, QUEUES.replay, [job]);
  });
}

/**
 * Sends a group of first attempts one after the other (each request ends before the next starts:
 * sequence order), read again just before (one statement: a delivery an acknowledgement cancelled
 * is skipped) and recorded together after (one short transaction). Stops at the first delivery
 * its sandbox destination holds. Returns how many of the group are done (sent or skipped), and
 * the seconds until the destination's window ends when one was held.
 */
async function sendGroup(
  deps: DeliveryDeps,
  rows: { log_id: number; created_at: string }[],
): Promise<{ done: number; heldSeconds: number }> {
  const prepared = await prepare(
    deps.db,
    rows.map((row) => ({ logId: row.log_id, attempt: 1, logCreatedAt: row.created_at })),
    deps.apiVersions,
  );
  const { admitted, held } = await admitSandboxDeliveries(deps.db, deps.config.webhook, prepared);
  const sendable = new Set(admitted);
  const firstHeld = prepared.findIndex((p) => !sendable.has(p));
  // A secret is decrypted once per group: a rotation during a long replay is seen by the next group.
  const secrets = new Map<string, string | null>();
  const outcomes: Outcome[] = [];
  const toSend = firstHeld === -1 ? prepared : prepared.slice(0, firstHeld);
  let pending = new Set(toSend.map((p) => p.row.log_id));
  let checkedAt = Date.now();
  for (const [index, p] of toSend.entries()) {
    // A slow endpoint gives an acknowledgement time to cancel the rest: read them again first.
    if (Date.now() - checkedAt > RECHECK_AFTER_MS) {
      pending = await stillPending(deps.db, toSend.slice(index));
      checkedAt = Date.now();
    }
    if (pending.has(p.row.log_id)) outcomes.push(await send(deps, p, secrets));
  }
  if (outcomes.length > 0) await recordOutcomes(deps, outcomes, async () => {});
  if (firstHeld === -1) return { done: rows.length, heldSeconds: 0 };
  const heldLog = prepared[firstHeld]!.row.log_id;
  return {
    done: rows.findIndex((row) => row.log_id === heldLog),
    heldSeconds: held[0]?.retryAfterSeconds ?? 1,
  };
}

/** Which of the deliveries are still pending (an acknowledgement may have cancelled them). */
async function stillPending(db: DeliveryDeps['db'], prepared: Prepared[]): Promise<Set<number>> {
  const { rows } = await sql<{ log_id: number }>`
    select log_id from control.webhook_logs
     where log_id = any(${prepared.map((p) => p.row.log_id)}::int[])
       and created_at = any(${prepared.map((p) => p.row.log_created_at)}::timestamptz[]) and status = 'pending'`.execute(
    db,
  );
  return new Set(rows.map((row) => row.log_id));
}
