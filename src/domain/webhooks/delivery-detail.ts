import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { installations } from '../installations/index.js';
import { decodeTimeCursor, NotFoundError, toTimePage, ValidationError } from '../shared/index.js';
import { microsOf, olderThan, timeKeyOf } from '../../db/time-keyset.js';
import { buildBody } from './delivery.js';
import { MAX_LOG_PAGE, type WebhookLogPage, type WebhookLogRow } from './store.js';
import { WEBHOOK_LOG_COLUMNS, qualified } from '../../db/columns.js';

// A developer's outbound deliveries across their plugins' installations, and one delivery's
// request as sent: the body rebuilt byte for byte as the worker builds it (the same columns, the
// same buildBody), the headers as each attempt recorded them.

export interface DeliveryFilter {
  first: number;
  after?: string | null;
  installationId?: number | null;
  status?: string | null;
  event?: string | null;
}

export async function listDeveloperDeliveries(db: Db, developerId: number, filter: DeliveryFilter): Promise<WebhookLogPage> {
  if (!Number.isInteger(filter.first) || filter.first < 1 || filter.first > MAX_LOG_PAGE) {
    throw new ValidationError({ first: [`must be an integer from 1 to ${MAX_LOG_PAGE}`] });
  }
  const cursor = decodeTimeCursor(filter.after ?? undefined, 'webhookDeliveries');
  if (filter.installationId != null && !(await installations.ownedInstallation(db, developerId, filter.installationId))) {
    throw new NotFoundError('installation');
  }
  let query = db
    .selectFrom('control.webhook_logs as l')
    .innerJoin('control.installations as i', 'i.installation_id', 'l.installation_id')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'i.plugin_id')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .select([...qualified('l', WEBHOOK_LOG_COLUMNS), microsOf('l.created_at').as('cursor_at')])
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted')
    .where('l.direction', '=', 'outbound')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.log_id', 'desc')
    .limit(filter.first + 1);
  if (filter.installationId != null) query = query.where('l.installation_id', '=', filter.installationId);
  if (filter.status) query = query.where('l.status', '=', filter.status);
  if (filter.event) query = query.where('l.event_type', '=', filter.event);
  const after = cursor && (await timeKeyOf(db, cursor, 'control.webhook_logs', 'created_at', 'log_id'));
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
    .select(['attempt', 'status', 'http_status', 'error_message', 'duration_ms', 'attempted_at', 'request_headers'])
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

/** The body an outbound delivery is sent with (null for an inbound entry or a vanished event). */
export async function deliveryBody(db: Db, log: WebhookLogRow): Promise<string | null> {
  if (log.direction !== 'outbound') return null;
  const { rows } = await sql<{ event_data: Record<string, unknown> | null; occurred_at: Date; request_id: string | null }>`
    select coalesce(l.payload, e.data) as event_data, coalesce(e.occurred_at, l.created_at) as occurred_at, e.request_id
      from control.webhook_logs l left join control.events e on e.event_id = l.event_id
     where l.log_id = ${log.log_id}`.execute(db);
  const row = rows[0];
  if (!row?.event_data || !log.event_id) return null;
  return buildBody({ ...row, event_id: log.event_id, event_type: log.event_type, installation_id: log.installation_id, sequence: log.sequence }).toString('utf8');
}
