import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database, WebhookLogsTable } from '../../../db/types.js';
import type { Selectable } from 'kysely';
import { DomainError, NotFoundError, ValidationError } from '../../shared/index.js';
import {
  lockInstallationStates,
  markResent,
  transactionTime,
  type JobQueue,
} from '../delivery/index.js';
import { WEBHOOK_LOG_COLUMNS } from '../../../db/columns.js';

// Redelivery and replay: new deliveries (new X-Svc-Delivery, their own attempts) of events an
// installation was already sent, with the same envelope id and sequence. The newest delivery of an
// event is the one the events feed reports.
// - A redelivery repeats one delivery now (redeliverWebhook).
// - A replay repeats every event of a time range (or only those whose delivery failed), in
//   sequence order: its deliveries are created at once, then sent by chunks, one after the other,
//   each chunk a job that queues the next (replay-chunks.ts; a sandbox's chunks wait while its
//   destination is at its limit a minute). A failed attempt gets its retries as usual.
// - Automatic recovery (a plugin's webhookAutoRecover) is a replay of the last 24 hours' failed
//   deliveries, started when a delivery succeeds after failures; each failed delivery is
//   recovered this way once.

/** At most this many events per replay. */
export const MAX_REPLAY_EVENTS = 10_000;
/** Deliveries a replay job sends, one after the other. */
export const REPLAY_CHUNK = 250;

type Executor = Kysely<Database> | Transaction<Database>;

export interface ReplayRequest {
  installationId: number;
  since: Date;
  until: Date | null;
  onlyFailed: boolean;
  /**
   * Only the deliveries to one endpoint, resent to it: an extra endpoint's id, or null for the
   * primary one. Absent: each event to the endpoint of the delivery the feed names.
   */
  endpointId?: number | null;
}

export interface WebhookReplayRow {
  replay_id: number;
  installation_id: number;
  total: number;
  queued: number;
  delivered: number;
  failed: number;
  created_at: Date;
  status: 'running' | 'completed';
}

/**
 * Starts a replay for a developer: at most one running per installation, at most 10,000 events,
 * and at most `eventsPerDay` events replayed by the plugin's replays (automatic ones included) in
 * any 24 hours: a replay resends to an endpoint nobody verified, so its volume is bounded.
 */
export async function replayWebhooks(
  db: Db,
  queue: JobQueue,
  request: ReplayRequest,
  eventsPerDay: number,
): Promise<WebhookReplayRow> {
  if (request.until && request.until <= request.since)
    throw new ValidationError({ until: ['must be later than since'] });
  if (typeof request.endpointId === 'number')
    await requireEndpointOf(db, request.installationId, request.endpointId);
  const replayId = await db.transaction().execute(async (trx) => {
    await lockInstallationStates(trx, [request.installationId]);
    if (await hasRunningReplay(trx, request.installationId)) {
      throw new DomainError(
        'conflict',
        'A replay of this installation is still running. Wait for it to complete (webhookReplay) before starting another.',
      );
    }
    const id = await insertReplay(trx, queue, request, false);
    if (id === null) throw new Error('unreachable: a manual replay is always created');
    await checkDailyReplayCap(trx, request.installationId, eventsPerDay);
    return id;
  });
  return getWebhookReplay(db, replayId);
}

/**
 * Automatic recovery of the installations whose failure streak just ended, in the transaction of
 * the attempt that ended it: a replay of their last 24 hours' failed deliveries not recovered
 * automatically before, when their plugin opted in and no replay is running.
 */
export async function startAutomaticRecovery(
  trx: Transaction<Database>,
  queue: JobQueue,
  installationIds: number[],
): Promise<void> {
  const { rows } = await sql<{ installation_id: number }>`
    select i.installation_id from control.installations i join control.plugins p on p.plugin_id = i.plugin_id
     where i.installation_id = any(${installationIds}::int[]) and p.webhook_auto_recover
     order by i.installation_id`.execute(trx);
  for (const { installation_id } of rows) {
    if (await hasRunningReplay(trx, installation_id)) continue;
    const since = new Date(Date.now() - 24 * 3600 * 1000);
    await insertReplay(
      trx,
      queue,
      { installationId: installation_id, since, until: null, onlyFailed: true },
      true,
    );
  }
}

/**
 * Refuses (rolling the replay back) when the plugin's replays of the last 24 hours, this one
 * included, resend more than `eventsPerDay` events. The plugin's row is locked first, so that
 * concurrent replays of its installations are counted one after the other.
 */
async function checkDailyReplayCap(
  trx: Transaction<Database>,
  installationId: number,
  eventsPerDay: number,
): Promise<void> {
  const { rows } = await sql<{ replayed: number; retry_after: number }>`
    with plugin as (
      select p.plugin_id from control.plugins p join control.installations i on i.plugin_id = p.plugin_id
       where i.installation_id = ${installationId} for no key update of p)
    select coalesce(sum(r.total), 0)::int as replayed,
           greatest(1, ceil(extract(epoch from min(r.created_at) + interval '24 hours' - now())))::int as retry_after
      from control.webhook_replays r join control.installations i on i.installation_id = r.installation_id
     where i.plugin_id = (select plugin_id from plugin) and r.created_at > now() - interval '24 hours'`.execute(
    trx,
  );
  const { replayed, retry_after } = rows[0]!;
  if (replayed <= eventsPerDay) return;
  throw new DomainError(
    'rate_limit_exceeded',
    `A plugin's replays resend at most ${eventsPerDay} events a day; this one would make ${replayed}. Retry after ${retry_after} s, or replay a narrower range.`,
    undefined,
    { retry_after },
  );
}

/** An extra endpoint of the installation's plugin, else not_found. */
async function requireEndpointOf(
  db: Db,
  installationId: number,
  endpointId: number,
): Promise<void> {
  const { rows } = await sql`
    select 1 from control.webhook_endpoints we join control.installations i on i.plugin_id = we.plugin_id
     where we.webhook_endpoint_id = ${endpointId} and i.installation_id = ${installationId}`.execute(
    db,
  );
  if (rows.length === 0) throw new NotFoundError('webhook_endpoint');
}

/** A replay is running while one of its deliveries still has attempts to make. */
async function hasRunningReplay(db: Executor, installationId: number): Promise<boolean> {
  const { rows } = await sql`
    select 1 from control.webhook_logs l
     where l.installation_id = ${installationId} and l.direction = 'outbound' and l.status = 'pending' and l.replay_id is not null
     limit 1`.execute(db);
  return rows.length > 0;
}

/**
 * Creates the replay's deliveries (one per matching event, in sequence order) and queues its first
 * chunk. A developer's replay over more than 10,000 events is refused; an automatic one takes the
 * oldest 10,000. Returns null when an automatic replay finds nothing to recover.
 */
async function insertReplay(
  trx: Transaction<Database>,
  queue: JobQueue,
  request: ReplayRequest,
  automatic: boolean,
): Promise<number | null> {
  const endpoint = request.endpointId;
  // The delivery whose status decides (onlyFailed): the one the feed names, or the endpoint's newest.
  const current =
    endpoint === undefined
      ? sql`join control.webhook_logs cur on cur.log_id = ie.log_id`
      : sql`cross join lateral (
          select l.status, l.replay_id, l.webhook_endpoint_id, l.ordering_key from control.webhook_logs l
           where l.installation_id = ie.installation_id and l.sequence = ie.sequence and l.direction = 'outbound'
             and l.webhook_endpoint_id is not distinct from ${endpoint}::int
           order by l.created_at desc, l.log_id desc limit 1) cur`;
  const matching = sql`
    select ie.sequence, ie.event_id, ie.event_type, cur.webhook_endpoint_id, cur.ordering_key
      from control.installation_events ie
      ${current}
     where ie.installation_id = ${request.installationId}
       and ie.occurred_at >= ${request.since}
       and (${request.until}::timestamptz is null or ie.occurred_at < ${request.until})
       and (${!request.onlyFailed}::boolean or cur.status = 'failed')
       and (${!automatic}::boolean or not exists (
             select 1 from control.webhook_replays r where r.replay_id = cur.replay_id and r.automatic))`;
  const { rows: counted } = await sql<{
    n: number;
  }>`select count(*)::int as n from (${matching} limit ${MAX_REPLAY_EVENTS + 1}) m`.execute(trx);
  const total = Math.min(counted[0]!.n, MAX_REPLAY_EVENTS);
  if (counted[0]!.n > MAX_REPLAY_EVENTS && !automatic) {
    throw new ValidationError(
      {
        since: [
          `the range holds more than ${MAX_REPLAY_EVENTS} events; narrow it with a later since or an earlier until`,
        ],
      },
      `A replay covers at most ${MAX_REPLAY_EVENTS} events.`,
    );
  }
  if (total === 0 && automatic) return null;
  const replay = await trx
    .insertInto('control.webhook_replays')
    .values({
      installation_id: request.installationId,
      since: request.since,
      until: request.until,
      only_failed: request.onlyFailed,
      automatic,
      total,
    })
    .returning('replay_id')
    .executeTakeFirstOrThrow();
  if (total === 0) return replay.replay_id;
  await markResent(trx, request.installationId);
  await sql`
    with m as (${matching} order by ie.sequence limit ${MAX_REPLAY_EVENTS}),
    logs as (
      -- To the endpoint of the delivery the feed names: the primary one, or the extra endpoint that
      -- alone received the event.
      -- The same envelope: an ordered delivery's ordering_key too (ordering.ts then holds the order's
      -- new events behind the resent ones).
      insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts, sequence, replay_id, webhook_endpoint_id, ordering_key)
      select ${request.installationId}, 'outbound', m.event_type, m.event_id, 'pending', gen_random_uuid(), 0, m.sequence, ${replay.replay_id}, m.webhook_endpoint_id, m.ordering_key
        from m order by m.sequence
      returning log_id, sequence
    )
    update control.installation_events ie set log_id = logs.log_id
      from logs where ie.installation_id = ${request.installationId} and ie.sequence = logs.sequence
       -- A replay to one endpoint: the feed names it only where it named that endpoint's delivery.
       ${
         endpoint === undefined
           ? sql``
           : sql`and (select l.webhook_endpoint_id from control.webhook_logs l
                       where l.log_id = ie.log_id and l.installation_id = ie.installation_id) is not distinct from ${endpoint}::int`
       }`.execute(trx);
  await queue.sendReplay(trx, {
    replayId: replay.replay_id,
    logsCreatedAt: await transactionTime(trx),
  });
  return replay.replay_id;
}

/** A replay with its counts; running while a delivery of it still has attempts to make. */
export async function getWebhookReplay(db: Executor, replayId: number): Promise<WebhookReplayRow> {
  const { rows } = await sql<Omit<WebhookReplayRow, 'status'>>`
    select r.replay_id, r.installation_id, r.total, r.created_at,
           count(l.log_id) filter (where l.status = 'pending')::int as queued,
           count(l.log_id) filter (where l.status = 'delivered')::int as delivered,
           count(l.log_id) filter (where l.status = 'failed')::int as failed
      from control.webhook_replays r
      left join control.webhook_logs l on l.replay_id = r.replay_id
     where r.replay_id = ${replayId}
     group by r.replay_id`.execute(db);
  const row = rows[0];
  if (!row) throw new NotFoundError('webhook_replay');
  return { ...row, status: row.queued > 0 ? 'running' : 'completed' };
}

/**
 * Redelivers one outbound delivery now: a new delivery of the same envelope (same id and sequence;
 * a test webhook's payload) to the same endpoint's current URL (the primary's, or the extra
 * endpoint's), with its own attempts. The feed names it when it names a delivery to that endpoint.
 */
export async function redeliverWebhook(
  db: Db,
  queue: JobQueue,
  original: Selectable<WebhookLogsTable>,
): Promise<Selectable<WebhookLogsTable>> {
  if (original.direction !== 'outbound' || original.event_id === null) {
    throw new ValidationError({
      logId: ['only an outbound delivery can be redelivered (this entry was never sent)'],
    });
  }
  if (original.payload === null) {
    const event = await db
      .selectFrom('control.events')
      .select('event_id')
      .where('event_id', '=', original.event_id)
      .executeTakeFirst();
    if (!event)
      throw new ValidationError({
        logId: ['the event is older than the retention window and can no longer be sent'],
      });
  }
  return db.transaction().execute(async (trx) => {
    await markResent(trx, original.installation_id);
    const row = await trx
      .insertInto('control.webhook_logs')
      .values({
        installation_id: original.installation_id,
        direction: 'outbound',
        event_type: original.event_type,
        event_id: original.event_id,
        payload: original.payload === null ? null : JSON.stringify(original.payload),
        sequence: original.sequence,
        redelivery_of: original.log_id,
        webhook_endpoint_id: original.webhook_endpoint_id,
        // The same envelope, its ordering_key included (not held: it goes now).
        ordering_key: original.ordering_key,
        delivery_id: sql<string>`gen_random_uuid()`,
        status: 'pending',
        attempts: 0,
      })
      .returning(WEBHOOK_LOG_COLUMNS)
      .executeTakeFirstOrThrow();
    if (original.sequence !== null) {
      const endpointId = original.webhook_endpoint_id;
      await trx
        .updateTable('control.installation_events')
        .set({ log_id: row.log_id })
        .where('installation_id', '=', original.installation_id)
        .where('sequence', '=', original.sequence)
        .$if(endpointId !== null, (q) =>
          q.where(
            sql<boolean>`(select l.webhook_endpoint_id from control.webhook_logs l where l.log_id = control.installation_events.log_id and l.installation_id = control.installation_events.installation_id) = ${endpointId}`,
          ),
        )
        .execute();
    }
    await queue.enqueueDeliveries(trx, [
      { logId: row.log_id, attempt: 1, logCreatedAt: await transactionTime(trx) },
    ]);
    return row;
  });
}
