import { sql, type RawBuilder, type Transaction } from 'kysely';
import { LOG_AFTER_ITS_EVENT, toEnvelope } from '../delivery/index.js';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/types.js';
import { ValidationError } from '../../shared/index.js';
import {
  dayBefore,
  feedDaysColumn,
  readByDays,
  spanBound,
  type FeedDay,
  type FeedSpan,
} from './feed-days.js';

// The events feed of an installation (GET /events, POST /events/ack): every event addressed to it
// in the retention window, by sequence, as the exact envelope that was or will be delivered, with
// the state of its newest delivery; and the acknowledged cursor, which cancels the remaining
// attempts of what the plugin has already processed.

export type FeedDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'acknowledged';

export interface EventsQuery {
  after: number;
  limit: number;
  /** An event name or a family wildcard (`order.*`). */
  type?: string;
  deliveryStatus?: FeedDeliveryStatus;
}

export interface FeedItem {
  id: string;
  event: string;
  timestamp: string;
  installation_id: number;
  data: unknown;
  sequence: number;
  delivery: {
    status: FeedDeliveryStatus;
    attempts: number;
    last_attempt_at: string | null;
    last_error: string | null;
  };
}

export interface EventsPage {
  data: FeedItem[];
  meta: {
    count: number;
    limit: number;
    next_after: number;
    has_more: boolean;
    acknowledged_through: number;
    oldest_sequence: number | null;
  };
}

interface FeedRow {
  sequence: number;
  event_id: string;
  event_type: string;
  occurred_at: Date;
  event_data: Record<string, unknown>;
  request_id: string | null;
  status: FeedDeliveryStatus;
  attempts: number;
  last_attempt_at: Date | null;
  error_message: string | null;
}

/**
 * The statement of a page of the feed (one row more than the page, to tell whether more follow),
 * read from the entries of the days in `span` (feed-days.ts): the span prunes the feed and the
 * events to those days, and the logs to those from the day before on (a delivery is made after its
 * event: LOG_AFTER_ITS_EVENT), when PostgreSQL plans (the bounds are constants: spanBound), so that
 * no other day's partition is opened; and the page ends at the last sequence the days knew of
 * (`span.through`).
 */
export function feedPageStatement(
  installationId: number,
  acknowledged: number,
  query: EventsQuery,
  span: FeedSpan,
): RawBuilder<FeedRow> {
  const status = sql<FeedDeliveryStatus>`case when l.status in ('failed', 'acknowledged') and ie.sequence <= ${acknowledged}::int then 'acknowledged' else l.status end`;
  const type = query.type;
  const family = type?.endsWith('.*') ? `${type.slice(0, -1)}%` : null;
  const [from, to] = [spanBound(span.from), spanBound(span.to)];
  return sql<FeedRow>`
    select ie.sequence, ie.event_id, ie.event_type, e.occurred_at, e.data as event_data, e.request_id, ${status} as status,
           l.attempts, l.last_attempt_at, l.error_message
      from control.installation_events ie
      -- Each entry's event and delivery are looked up by key (LIMIT 1 keeps the planner from joining whole
      -- tables: it misjudges a join on the correlated (event_id, occurred_at) as matching almost nothing).
      cross join lateral (select e.occurred_at, e.data, e.request_id from control.events e
                           where e.event_id = ie.event_id and e.occurred_at = ie.occurred_at -- one partition: the event's day
                             and e.occurred_at >= ${from} and e.occurred_at < ${to} limit 1) e
      cross join lateral (select l.status, l.attempts, l.last_attempt_at, l.error_message from control.webhook_logs l
                           where l.log_id = ie.log_id and ${LOG_AFTER_ITS_EVENT}
                             and l.created_at >= ${from} - interval '1 day' limit 1) l
     where ie.installation_id = ${installationId} and ie.sequence > ${query.after} and ie.sequence <= ${span.through}
       and ie.occurred_at >= ${from} and ie.occurred_at < ${to}
       ${type === undefined ? sql`` : family ? sql`and ie.event_type like ${family}` : sql`and ie.event_type = ${type}`}
       ${query.deliveryStatus === undefined ? sql`` : sql`and ${status} = ${query.deliveryStatus}`}
     order by ie.sequence
     limit ${query.limit + 1}`;
}

/**
 * A page of the installation's events after `after`, oldest first. A delivery that did not succeed
 * reports `acknowledged` once the plugin acknowledged its sequence (it was cancelled, or failed
 * before the acknowledgement).
 */
export async function listEvents(
  db: Db,
  installationId: number,
  query: EventsQuery,
): Promise<EventsPage> {
  const {
    rows: [state],
  } = await sql<{ acknowledged_through: number | null; days: FeedDay[] }>`
    select (select s.acknowledged_through from control.installation_webhook_state s where s.installation_id = ${installationId}) as acknowledged_through,
           ${feedDaysColumn(installationId)} as days`.execute(db);
  const acknowledged = state!.acknowledged_through ?? 0;
  const days = state!.days;
  const filtered = query.type !== undefined || query.deliveryStatus !== undefined;
  const rows = await readByDays(
    days,
    query.after,
    query.limit + 1,
    async (span) =>
      (await feedPageStatement(installationId, acknowledged, query, span).execute(db)).rows,
    filtered,
  );
  const page = rows.slice(0, query.limit);
  const [oldest] = await readByDays(days, 0, 1, async (span) =>
    db
      .selectFrom('control.installation_events')
      .select('sequence')
      .where('installation_id', '=', installationId)
      .where('occurred_at', '>=', spanBound(span.from))
      .where('occurred_at', '<', spanBound(span.to))
      .orderBy('sequence')
      .limit(1)
      .execute(),
  );
  return {
    data: page.map((row) => ({
      ...toEnvelope({ ...row, installation_id: installationId }),
      sequence: row.sequence,
      delivery: {
        status: row.status,
        attempts: row.attempts,
        last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
        last_error: row.status === 'delivered' ? null : row.error_message,
      },
    })),
    meta: {
      count: page.length,
      limit: query.limit,
      next_after: page.length > 0 ? page[page.length - 1]!.sequence : query.after,
      has_more: rows.length > query.limit,
      acknowledged_through: acknowledged,
      oldest_sequence: oldest?.sequence ?? null,
    },
  };
}

export interface Acknowledgement {
  acknowledged_through: number;
  /** Deliveries whose remaining attempts this acknowledgement cancelled. */
  cancelled_deliveries: number;
}

/**
 * Moves the installation's acknowledged cursor to `through` (never back) and cancels every delivery
 * at or below it that still has attempts to make (log status `acknowledged`). It never waits for
 * a request on the network (the delivery worker holds no lock while it sends): an attempt already
 * sent is recorded, but only a pending delivery is updated, so it schedules nothing more. A row
 * lock held longer than `lockTimeoutMs` (a recording transaction) is waited for again, up to three
 * times. Idempotent.
 */
export async function acknowledgeEvents(
  db: Db,
  installationId: number,
  through: number,
  lockTimeoutMs = 0,
): Promise<Acknowledgement> {
  const state = await acknowledgementState(db, installationId, through);
  // Sequences only grow: a cursor at or below the last one issued stays valid.
  if (through > state.lastSequence) {
    throw new ValidationError(
      {
        through: [`is above the last sequence issued to this installation (${state.lastSequence})`],
      },
      `Nothing has been issued after sequence ${state.lastSequence}: acknowledge at most ${state.lastSequence}.`,
    );
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (lockTimeoutMs > 0)
          await sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(trx);
        return acknowledge(trx, installationId, through, state);
      });
    } catch (err) {
      // A deadlock with a recording transaction locking the same rows in another order, or a lock
      // held past the timeout: try again.
      const code = (err as { code?: string }).code;
      if ((code !== '40P01' && code !== '55P03') || attempt >= 3) throw err;
    }
  }
}

/** What an acknowledgement reads of its installation's webhook state, once, before its transaction. */
export interface AcknowledgementState {
  lastSequence: number;
  acknowledgedThrough: number;
  /** The installation's first redelivery or replay delivery (null: none ever). */
  resentAt: Date | null;
  /**
   * The first day (`YYYY-MM-DD`) of the feed entries between the last acknowledgement and the
   * cursor asked for (null: none): their originals were made from the day before on.
   */
  originalsFrom: string | null;
}

export async function acknowledgementState(
  db: Db,
  installationId: number,
  through: number,
): Promise<AcknowledgementState> {
  const {
    rows: [row],
  } = await sql<{
    last_sequence: number;
    acknowledged_through: number;
    resent_at: Date | null;
    originals_from: string | null;
  }>`
    select s.last_sequence, s.acknowledged_through, s.resent_at,
           (select min(d.day)::text from control.installation_feed_days d
             where d.installation_id = s.installation_id and d.last_sequence > s.acknowledged_through and d.first_sequence <= ${through}::int) as originals_from
      from control.installation_webhook_state s
     where s.installation_id = ${installationId}`.execute(db);
  return {
    lastSequence: row?.last_sequence ?? 0,
    acknowledgedThrough: row?.acknowledged_through ?? 0,
    resentAt: row?.resent_at ?? null,
    originalsFrom: row?.originals_from ?? null,
  };
}

async function acknowledge(
  trx: Transaction<Database>,
  installationId: number,
  through: number,
  state: AcknowledgementState,
): Promise<Acknowledgement> {
  const search = acknowledgeTargetStatement(installationId, through, state);
  const { rows: target } = search ? await search.execute(trx) : { rows: [] };
  // By key, each with its partition key as constants: PostgreSQL reads only their partitions.
  const cancelled =
    target.length === 0
      ? []
      : (
          await sql<{ log_id: number }>`
            update control.webhook_logs l set status = 'acknowledged', updated_at = now()
             where l.log_id = any(${target.map((row) => row.log_id)}::int[]) and l.created_at = any(${target.map((row) => row.created_at)}::timestamptz[])
               and l.status = 'pending'
            returning l.log_id`.execute(trx)
        ).rows;
  const { rows } = await sql<{ acknowledged_through: number }>`
    insert into control.installation_webhook_state as s (installation_id, acknowledged_through) values (${installationId}, ${through})
    on conflict (installation_id) do update set acknowledged_through = greatest(s.acknowledged_through, excluded.acknowledged_through)
    returning acknowledged_through`.execute(trx);
  return {
    acknowledged_through: rows[0]!.acknowledged_through,
    cancelled_deliveries: cancelled.length,
  };
}

/**
 * What an acknowledgement cancels: the pending deliveries at or below `through`. They are the
 * originals above the last acknowledgement (those below it were cancelled by it, and no original
 * is numbered below the last sequence issued), looked for only when `through` is above it, and the
 * redeliveries and replay deliveries, which repeat old sequences, looked for only from the
 * installation's first one on (`resentAt`), in the partitions from that day on. The originals are
 * looked for in the partitions from the day before the first day of their feed entries on
 * (`originalsFrom`): a plugin that keeps up reads today's and yesterday's. Null: nothing to
 * look for, no statement (even one that reads no partition opens every day's in its plan).
 * The state was read before the transaction: an acknowledgement made since only widens the first
 * search, and a redelivery made since counts as made after this acknowledgement. No index reads
 * the status, so that recording an attempt is a HOT update (migration 2026_11_27_020000).
 * Partition keys as text: microseconds kept.
 */
export function acknowledgeTargetStatement(
  installationId: number,
  through: number,
  state: AcknowledgementState,
): RawBuilder<{ log_id: number; created_at: string }> | null {
  const pending = sql`select log_id, created_at::text as created_at from control.webhook_logs
     where installation_id = ${installationId} and direction = 'outbound' and status = 'pending' and sequence <= ${through}`;
  const searches = [
    through > state.acknowledgedThrough && state.originalsFrom !== null
      ? sql`${pending} and sequence > ${state.acknowledgedThrough} and created_at >= ${spanBound(dayBefore(state.originalsFrom))}`
      : null,
    state.resentAt
      ? sql`${pending} and (replay_id is not null or redelivery_of is not null) and created_at >= ${state.resentAt}`
      : null,
  ].filter((search) => search !== null);
  return searches.length === 0
    ? null
    : sql<{ log_id: number; created_at: string }>`${sql.join(searches, sql` union `)}`;
}
