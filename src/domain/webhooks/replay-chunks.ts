import { sql } from 'kysely';
import type { Job } from 'pg-boss';
import { prepare, recordOutcomes, send, type DeliveryDeps } from './delivery.js';
import { REPLAY_CHUNK } from './replay.js';
import { admitSandboxDeliveries } from './sandbox-volume.js';
import { QUEUES, type ReplayJobData } from './queue.js';

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
 * Sends the replay's next chunk of first attempts one after the other, in sequence order, each
 * recorded in its own short transaction (no transaction is open while a request is on the
 * network), then queues the next chunk: at once, or when the sandbox destination's window ends.
 * A delivery an acknowledgement cancelled meanwhile is skipped: each is read again just before it
 * is sent.
 */
export async function runReplayChunk(deps: DeliveryDeps, job: Job<ReplayJobData>, budgetMs = REPLAY_CHUNK_BUDGET_MS): Promise<void> {
  const { replayId, logsCreatedAt } = job.data;
  const chunk = await deps.db
    .selectFrom('control.webhook_logs')
    .select(['log_id', sql<string>`created_at::text`.as('created_at')])
    .where('replay_id', '=', replayId)
    .$if(logsCreatedAt !== undefined, (q) => q.where('created_at', '=', sql<Date>`${logsCreatedAt}::timestamptz`))
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .orderBy('sequence')
    .orderBy('log_id')
    .limit(REPLAY_CHUNK)
    .execute();
  const deadline = Date.now() + budgetMs;
  let sent = 0;
  let heldSeconds = 0;
  for (const row of chunk) {
    if (Date.now() > deadline) break;
    heldSeconds = await sendFirstAttempt(deps, row.log_id, row.created_at);
    if (heldSeconds > 0) break;
    sent += 1;
  }
  if (heldSeconds > 0) deps.logger.info({ replayId, sent, retryAfterSeconds: heldSeconds }, 'sandbox replay paused: its destination reached its limit a minute');
  await deps.db.transaction().execute(async (trx) => {
    if (chunk.length === REPLAY_CHUNK || sent < chunk.length) await deps.queue.sendReplay(trx, job.data, heldSeconds);
    await deps.queue.complete(trx, QUEUES.replay, [job]);
  });
}

/**
 * Sends and records one delivery's first attempt, unless it is no longer pending. Returns 0, or
 * the seconds until its sandbox destination's window ends when it is held there (nothing sent).
 */
async function sendFirstAttempt(deps: DeliveryDeps, logId: number, logCreatedAt: string): Promise<number> {
  const prepared = await prepare(deps.db, [{ logId, attempt: 1, logCreatedAt }]);
  const { admitted, held } = await admitSandboxDeliveries(deps.db, deps.config.webhook, prepared);
  if (held.length > 0) return held[0]!.retryAfterSeconds;
  // A secret is decrypted per delivery: a rotation during a long replay is seen at once.
  const secrets = new Map<string, string | null>();
  const outcomes = await Promise.all(admitted.map((p) => send(deps, p, secrets)));
  await recordOutcomes(deps, outcomes, async () => {});
  return 0;
}
