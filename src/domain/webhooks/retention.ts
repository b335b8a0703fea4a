import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { dropPartitionsBefore } from '../../db/partitions.js';

// Retention: events are kept `SVC_EVENT_RETENTION_DAYS` (30 by default) for the events feed,
// redelivery and replay; then the scheduled retention job prunes them with their webhook logs
// (attempts and feed entries go with them). Whole days go first: the partitions wholly older than
// the window are detached concurrently and dropped. What is left of the window's last day is
// deleted in batches, each one short statement of its own, so writers (new events, deliveries being
// recorded) never wait behind the whole prune. The extra endpoints' hourly statistics are kept for
// the window or 30 days, whichever is shorter.

export interface RetentionResult {
  events: number;
  logs: number;
  replays: number;
  /** Listener rows (svc listen) expired for more than an hour. */
  listeners: number;
  /** Finished scenario runs whose plan was emptied. */
  scenarioPlans: number;
  /** Days of the feed's day ranges (installation_feed_days) wholly before the window. */
  feedDays: number;
  /** Hours of the extra endpoints' statistics past the window or 30 days, whichever is sooner. */
  endpointStats: number;
  batches: number;
  /** The partitions dropped whole (their rows are counted above). */
  partitions: string[];
}

type Pruned =
  'events' | 'logs' | 'replays' | 'listeners' | 'scenarioPlans' | 'feedDays' | 'endpointStats';

/** The statistics serve the last 24 hours: a longer window keeps no more than this. */
const ENDPOINT_STATS_DAYS = 30;

// A child's days before its parent's: a feed entry never outlives its event, an attempt its log.
const DAYS: [string, Pruned | null][] = [
  ['installation_events', null],
  ['events', 'events'],
  ['webhook_delivery_attempts', null],
  ['webhook_logs', 'logs'],
];

// One batch of each kind of row past the window, each a short statement of its own. Each DELETE
// names the cutoff itself, not only through its batch: so PostgreSQL reads only the partitions
// before it (the day left of the window) instead of joining every day's rows. The batch's rows
// and their children are looked up by the batch's ids (= any(array(...)), by their indexes):
// joined to the batch instead, a plan that does not know the batch's size (a plan kept per
// connection, database.ts) or that finds the day small read every row of the day left of the
// window at each batch, and the prune's time grew with the square of that day's rows.
const BATCHES: [Pruned, (cutoff: Date, limit: number) => RawBuilder<unknown>][] = [
  // The feed entries go with their events, in the same statement (a feed entry's occurred_at is its event's).
  [
    'events',
    (cutoff, limit) => sql`
    with doomed as materialized (
      select event_id from control.events where occurred_at < ${cutoff} order by occurred_at limit ${limit}
    ), feed as (
      delete from control.installation_events ie
       where ie.event_id = any(array(select event_id from doomed)) and ie.occurred_at < ${cutoff}
    )
    delete from control.events e where e.event_id = any(array(select event_id from doomed)) and e.occurred_at < ${cutoff}`,
  ],
  // Attempts and inbound idempotency keys go with their log entries, in the same statement.
  [
    'logs',
    (cutoff, limit) => sql`
    with doomed as materialized (
      select log_id, installation_id from control.webhook_logs where created_at < ${cutoff} order by created_at limit ${limit}
    ), attempts as (
      delete from control.webhook_delivery_attempts a
       where a.log_id = any(array(select log_id from doomed)) and a.log_created_at < ${cutoff}
    ), keys as (
      delete from control.inbound_webhook_keys k using doomed d where k.installation_id = d.installation_id and k.log_id = d.log_id
    )
    delete from control.webhook_logs l where l.log_id = any(array(select log_id from doomed)) and l.created_at < ${cutoff}`,
  ],
  [
    'replays',
    (cutoff, limit) => sql`
    delete from control.webhook_replays where replay_id in (
      select replay_id from control.webhook_replays where created_at < ${cutoff} order by replay_id limit ${limit})`,
  ],
  [
    'listeners',
    (_cutoff, limit) => sql`
    delete from control.webhook_listeners where listener_id in (
      select listener_id from control.webhook_listeners where expires_at < now() - interval '1 hour' limit ${limit})`,
  ],
  // The day ranges of the feed of the days wholly before the window (the last day's stays: a range
  // may cover more than its day holds, never less).
  [
    'feedDays',
    (cutoff, limit) => sql`
    delete from control.installation_feed_days where (installation_id, day) in (
      select installation_id, day from control.installation_feed_days where day < (${cutoff}::timestamptz at time zone 'UTC')::date limit ${limit})`,
  ],
  // The endpoints' statistics by hour (webhook_endpoint_stats), through its index on the hour.
  [
    'endpointStats',
    (cutoff, limit) => sql`
    delete from control.webhook_endpoint_stats where (webhook_endpoint_id, hour) in (
      select webhook_endpoint_id, hour from control.webhook_endpoint_stats
       where hour < greatest(${cutoff}::timestamptz, now() - make_interval(days => ${ENDPOINT_STATS_DAYS}))
       limit ${limit})`,
  ],
  // A finished scenario run's plan (up to about 135 KB) serves nothing: only its size is shown, kept
  // in steps_total (security review 3, finding 16).
  [
    'scenarioPlans',
    (_cutoff, limit) => sql`
    update control.scenario_runs set plan = '[]'::jsonb where run_id in (
      select run_id from control.scenario_runs where status <> 'running' and plan <> '[]'::jsonb limit ${limit})`,
  ],
];

/** One prune batch's statement of `kind` (for the tests' plans). */
export function pruneBatchStatement(
  kind: Pruned,
  cutoff: Date,
  limit: number,
): RawBuilder<unknown> {
  return BATCHES.find(([field]) => field === kind)![1](cutoff, limit);
}

/**
 * Between two batches the prune waits as long as the last batch ran: it takes at most about half
 * of the database's time, and the writers (new events, deliveries being recorded) the rest. Run
 * back to back, batches that each read only their own rows (above) kept a core busy and the
 * writers' p99 rose 2.7x during the prune (growth benchmark; the target is within 2x).
 */
export const pauseAfterBatch = (batchMs: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, batchMs));

export async function pruneExpiredEvents(
  db: Db,
  retentionDays: number,
  batchSize = 1000,
  now = new Date(),
  pause: (batchMs: number) => Promise<void> = pauseAfterBatch,
): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  const result: RetentionResult = {
    events: 0,
    logs: 0,
    replays: 0,
    listeners: 0,
    scenarioPlans: 0,
    feedDays: 0,
    endpointStats: 0,
    batches: 0,
    partitions: [],
  };
  for (const [table, field] of DAYS) {
    const dropped = await dropPartitionsBefore(db, table, cutoff);
    result.partitions.push(...dropped.partitions);
    if (field) result[field] += dropped.rows;
  }
  for (const [field, batch] of BATCHES) {
    for (;;) {
      const started = performance.now();
      const deleted = Number((await batch(cutoff, batchSize).execute(db)).numAffectedRows ?? 0);
      result.batches += 1;
      result[field] += deleted;
      if (deleted < batchSize) break;
      await pause(performance.now() - started);
    }
  }
  // A redelivery outlives its original: its link is cleared (redeliveries are few: a partial index lists them).
  await sql`
    update control.webhook_logs r set redelivery_of = null
     where r.redelivery_of is not null and not exists (select 1 from control.webhook_logs o where o.log_id = r.redelivery_of)`.execute(
    db,
  );
  return result;
}
