import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import { installations } from '../../installations/index.js';
import {
  decodeTimeCursor,
  NotFoundError,
  toTimePage,
  ValidationError,
} from '../../shared/index.js';
import { microsOf, olderThan, pageLimit, timeKeyOf } from '../../../db/time-keyset.js';
import { buildBody } from '../delivery/index.js';
import { MAX_LOG_PAGE, PAGE_COLUMNS, type WebhookLogPage, type WebhookLogRow } from './store.js';
import { qualified } from '../../../db/columns.js';

// A developer's outbound deliveries across their plugins' installations, and one delivery's
// request as sent: the body rebuilt byte for byte as the worker builds it (the same columns, the
// same buildBody), the headers as each attempt recorded them. A page's requests and attempts are
// read for all its entries at once (security review 4, finding 1: per entry, they made about five
// statements each, every one probing each day's partition), by the partition keys the page's rows
// hold.

export interface DeliveryFilter {
  first: number;
  after?: string | null;
  installationId?: number | null;
  status?: string | null;
  event?: string | null;
  /** Only the deliveries to this endpoint (null: the primary one's); undefined: every delivery. */
  endpointId?: number | null;
}

export async function listDeveloperDeliveries(
  db: Db,
  developerId: number,
  filter: DeliveryFilter,
): Promise<WebhookLogPage> {
  if (!Number.isInteger(filter.first) || filter.first < 1 || filter.first > MAX_LOG_PAGE) {
    throw new ValidationError({ first: [`must be an integer from 1 to ${MAX_LOG_PAGE}`] });
  }
  const cursor = decodeTimeCursor(filter.after ?? undefined, 'webhookDeliveries');
  if (
    filter.installationId != null &&
    !(await installations.ownedInstallation(db, developerId, filter.installationId))
  ) {
    throw new NotFoundError('installation');
  }
  let query = db
    .selectFrom('control.webhook_logs as l')
    .innerJoin('control.installations as i', 'i.installation_id', 'l.installation_id')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'i.plugin_id')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .select([...qualified('l', PAGE_COLUMNS), microsOf('l.created_at').as('cursor_at')])
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted')
    .where('l.direction', '=', 'outbound')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.log_id', 'desc')
    .limit(pageLimit(filter.first + 1));
  if (filter.installationId != null)
    query = query.where('l.installation_id', '=', filter.installationId);
  if (filter.status) query = query.where('l.status', '=', filter.status);
  if (filter.event) query = query.where('l.event_type', '=', filter.event);
  if (filter.endpointId === null) query = query.where('l.webhook_endpoint_id', 'is', null);
  else if (filter.endpointId !== undefined)
    query = query.where('l.webhook_endpoint_id', '=', filter.endpointId);
  const after =
    cursor && (await timeKeyOf(db, cursor, 'control.webhook_logs', 'created_at', 'log_id'));
  if (after) query = query.where(olderThan('l.created_at', 'l.log_id', after));
  return toTimePage(await query.execute(), filter.first, (row) => row.log_id);
}

export interface DeliveryAttemptRow {
  attempt: number;
  status: string;
  httpStatus: number | null;
  errorMessage: string | null;
  durationMs: number;
  attemptedAt: Date;
  headers: Record<string, string> | null;
}

/** An outbound delivery's attempts, oldest first (the log entry's reader is checked by the caller). */
export async function listDeliveryAttempts(db: Db, logId: number): Promise<DeliveryAttemptRow[]> {
  const rows = await db
    .selectFrom('control.webhook_delivery_attempts')
    .select([
      'attempt',
      'status',
      'http_status',
      'error_message',
      'duration_ms',
      'attempted_at',
      'request_headers',
    ])
    .where('log_id', '=', logId)
    .orderBy('attempt')
    .execute();
  return rows.map((r) => ({
    attempt: r.attempt,
    status: r.status,
    httpStatus: r.http_status,
    errorMessage: r.error_message,
    durationMs: r.duration_ms,
    attemptedAt: r.attempted_at,
    headers: r.request_headers,
  }));
}

/** A log entry as a batch names it: its id and its created_at (the partition key, to the millisecond). */
export interface LogKey {
  logId: number;
  createdAt: Date;
}

/**
 * `created_at` within the keys' span, to prune the partitions: a Date holds milliseconds, the
 * column microseconds, so the span is widened by one millisecond on each side.
 */
function spanOf(keys: readonly LogKey[], column: string): RawBuilder<boolean> {
  const times = keys.map((k) => k.createdAt.getTime());
  const from = new Date(Math.min(...times) - 1).toISOString();
  const to = new Date(Math.max(...times) + 1).toISOString();
  return sql<boolean>`${sql.ref(column)} between ${from}::timestamptz and ${to}::timestamptz`;
}

/** The attempts of several outbound deliveries, oldest first, in one statement (an entry without any: absent). */
export async function attemptsOfLogs(
  db: Db,
  keys: readonly LogKey[],
): Promise<Map<number, DeliveryAttemptRow[]>> {
  const byLog = new Map<number, DeliveryAttemptRow[]>();
  if (keys.length === 0) return byLog;
  const rows = await db
    .selectFrom('control.webhook_delivery_attempts')
    .select([
      'log_id',
      'attempt',
      'status',
      'http_status',
      'error_message',
      'duration_ms',
      'attempted_at',
      'request_headers',
    ])
    .where('log_id', '=', sql<number>`any(${keys.map((k) => k.logId)}::int[])`)
    .where(spanOf(keys, 'log_created_at'))
    .orderBy('log_id')
    .orderBy('attempt')
    .execute();
  for (const r of rows) {
    const list = byLog.get(r.log_id) ?? [];
    list.push({
      attempt: r.attempt,
      status: r.status,
      httpStatus: r.http_status,
      errorMessage: r.error_message,
      durationMs: r.duration_ms,
      attemptedAt: r.attempted_at,
      headers: r.request_headers,
    });
    byLog.set(r.log_id, list);
  }
  return byLog;
}

/** What a batch of bodies or payloads gives each entry: its value, or `tooLarge` past the batch's byte allowance. */
export type Sized<T> = { value: T } | { tooLarge: true };

/**
 * The bodies several outbound deliveries are sent with, in one statement: each entry by its
 * partition key, its event within the days of the installation's feed that can hold its sequence
 * (one partition, instead of every day's; all of them when no day knows it). Past `maxBytes` of
 * event data in all, the rest are `tooLarge`, without being read into this process. Entries that
 * are not outbound deliveries of an event (or whose event is gone) have a null text.
 */
export async function deliveryBodies(
  db: Db,
  keys: readonly LogKey[],
  maxBytes: number,
): Promise<Map<number, Sized<string | null>>> {
  const bodies = new Map<number, Sized<string | null>>();
  if (keys.length === 0) return bodies;
  const { rows } = await sql<BodyRow>`
    with r as (
      select l.log_id, l.event_id, l.event_type, l.installation_id, l.sequence, coalesce(l.payload, e.data) as event_data,
             coalesce(e.occurred_at, l.created_at) as occurred_at, e.request_id, l.ordering_key, l.ordering_failed_sequence
        from control.webhook_logs l
        left join lateral (
          select min(d.day)::timestamp at time zone 'UTC' as from_at, (max(d.day) + 1)::timestamp at time zone 'UTC' as to_at
            from control.installation_feed_days d
           where d.installation_id = l.installation_id and l.sequence between d.first_sequence and d.last_sequence) days on true
        left join lateral (
          select e.data, e.occurred_at, e.request_id from control.events e
           where e.event_id = l.event_id and l.payload is null
             and e.occurred_at >= coalesce(days.from_at, '-infinity') and e.occurred_at < coalesce(days.to_at, 'infinity')
           limit 1) e on true
       where l.log_id = any(${keys.map((k) => k.logId)}::int[]) and ${spanOf(keys, 'l.created_at')} and l.direction = 'outbound'
    ), sized as (
      select r.log_id, r.event_id, r.event_type, r.installation_id, r.sequence, r.event_data, r.occurred_at, r.request_id,
             r.ordering_key, r.ordering_failed_sequence, sum(coalesce(octet_length(r.event_data::text), 0)) over (order by r.log_id) as running from r
    )
    select log_id, event_id, event_type, installation_id, sequence, occurred_at, request_id, ordering_key, ordering_failed_sequence,
           case when running <= ${maxBytes} then event_data end as event_data, running > ${maxBytes} as too_large
      from sized`.execute(db);
  for (const row of rows) {
    if (row.too_large) bodies.set(row.log_id, { tooLarge: true });
    else if (!row.event_data || !row.event_id) bodies.set(row.log_id, { value: null });
    else
      bodies.set(row.log_id, {
        value: buildBody({ ...row, event_id: row.event_id }).toString('utf8'),
      });
  }
  return bodies;
}

interface BodyRow {
  log_id: number;
  event_id: string | null;
  event_type: string;
  installation_id: number;
  sequence: number | null;
  occurred_at: Date;
  request_id: string | null;
  event_data: Record<string, unknown> | null;
  ordering_key: string | null;
  ordering_failed_sequence: number | null;
  too_large: boolean;
}

/** Several log entries' payloads (inbound requests, test webhooks) in one statement, within `maxBytes` in all as above. */
export async function logPayloads(
  db: Db,
  keys: readonly LogKey[],
  maxBytes: number,
): Promise<Map<number, Sized<unknown>>> {
  const payloads = new Map<number, Sized<unknown>>();
  if (keys.length === 0) return payloads;
  const { rows } = await sql<{ log_id: number; payload: unknown; too_large: boolean }>`
    with sized as (
      select l.log_id, l.payload, sum(coalesce(octet_length(l.payload::text), 0)) over (order by l.log_id) as running
        from control.webhook_logs l
       where l.log_id = any(${keys.map((k) => k.logId)}::int[]) and ${spanOf(keys, 'l.created_at')}
    )
    select log_id, case when running <= ${maxBytes} then payload end as payload, running > ${maxBytes} as too_large from sized`.execute(
    db,
  );
  for (const row of rows)
    payloads.set(row.log_id, row.too_large ? { tooLarge: true } : { value: row.payload });
  return payloads;
}

/** The body an outbound delivery is sent with (null for an inbound entry or a vanished event). */
export async function deliveryBody(db: Db, log: WebhookLogRow): Promise<string | null> {
  if (log.direction !== 'outbound') return null;
  const { rows } = await sql<{
    event_data: Record<string, unknown> | null;
    occurred_at: Date;
    request_id: string | null;
  }>`
    select coalesce(l.payload, e.data) as event_data, coalesce(e.occurred_at, l.created_at) as occurred_at, e.request_id
      from control.webhook_logs l left join control.events e on e.event_id = l.event_id
     where l.log_id = ${log.log_id}`.execute(db);
  const row = rows[0];
  if (!row?.event_data || !log.event_id) return null;
  return buildBody({
    ...row,
    event_id: log.event_id,
    event_type: log.event_type,
    installation_id: log.installation_id,
    sequence: log.sequence,
    ordering_key: log.ordering_key,
    ordering_failed_sequence: log.ordering_failed_sequence,
  }).toString('utf8');
}
