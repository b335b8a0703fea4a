import type { RawBuilder, Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { WebhookLogsTable } from '../../../db/types.js';
import { installations } from '../../installations/index.js';
import {
  decodeTimeCursor,
  NotFoundError,
  toTimePage,
  ValidationError,
} from '../../shared/index.js';
import {
  microsOf,
  olderThan,
  pageLimit,
  readNewestFirst,
  timeKeyOf,
} from '../../../db/time-keyset.js';
import { WEBHOOK_LOG_COLUMNS } from '../../../db/columns.js';
import { PreparedQuery, slot } from '../../../db/prepared.js';

// The webhook log (control.webhook_logs) as its two readers see it: an installation its own
// entries (Data API, in the wire shape below), a developer those of their plugins' installations
// (portal, which shapes the rows itself). Another reader's entry is the not_found of an unknown id.

export type WebhookLogRow = Selectable<WebhookLogsTable>;

/** Who reads the log: an installation (the Data API's caller) or a developer (the portal's). */
export type WebhookLogReader = { installationId: number } | { developerId: number };

/** A log entry as the Data API returns it (schema WebhookLog in openapi.yaml). */
export interface WireWebhookLog {
  log_id: number;
  installation_id: number;
  direction: 'inbound' | 'outbound';
  event_type: string;
  status: string;
  signature_valid: boolean | null;
  idempotency_key: string | null;
  http_status: number | null;
  error_message: string | null;
  attempts: number;
  created_at: string;
  duplicate?: true;
}

export const LOG_COLUMNS = [
  'log_id',
  'installation_id',
  'direction',
  'event_type',
  'status',
  'signature_valid',
  'idempotency_key',
  'http_status',
  'error_message',
  'attempts',
  'created_at',
] as const;

export type LogRow = Pick<WebhookLogRow, (typeof LOG_COLUMNS)[number]>;

export function toWireLog(row: LogRow): WireWebhookLog {
  return {
    log_id: row.log_id,
    installation_id: row.installation_id,
    direction: row.direction,
    event_type: row.event_type,
    status: row.status,
    signature_valid: row.signature_valid,
    idempotency_key: row.idempotency_key,
    http_status: row.http_status,
    error_message: row.error_message,
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * One log entry, when `reader` may see it: an installation's own entry (one SELECT), or an entry of
 * an installation of the developer's plugins (ownership re-checked on the entry's installation).
 */
export async function getWebhookLog(
  db: Db,
  reader: WebhookLogReader,
  logId: number,
): Promise<WebhookLogRow> {
  let query = db
    .selectFrom('control.webhook_logs')
    .select(WEBHOOK_LOG_COLUMNS)
    .where('log_id', '=', logId);
  if ('installationId' in reader)
    query = query.where('installation_id', '=', reader.installationId);
  const row = await query.executeTakeFirst();
  const visible =
    row &&
    ('installationId' in reader ||
      (await installations.ownedInstallation(db, reader.developerId, row.installation_id)));
  if (!row || !visible) throw new NotFoundError('webhook_log');
  return row;
}

export const MAX_LOG_PAGE = 100;

/**
 * A page's columns: all but the payload (an inbound request's is up to 1 MB), which is read only
 * when asked for, for the whole page at once (logPayloads in delivery-detail.ts).
 */
export const PAGE_COLUMNS = WEBHOOK_LOG_COLUMNS.filter((column) => column !== 'payload');

export type WebhookLogPageRow = Omit<WebhookLogRow, 'payload'>;

export interface WebhookLogPage {
  nodes: WebhookLogPageRow[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/**
 * An installation's webhook log for its plugin's developer, newest first by time, then id (the
 * partition key first: PostgreSQL reads the newest day's partition first and stops when the page
 * is full), by keyset cursor (no gaps, no repeats; time-keyset.ts).
 */
export async function listWebhookLogs(
  db: Db,
  developerId: number,
  input: {
    installationId: number;
    first: number;
    after?: string | null;
    /** Only the deliveries to this endpoint (null: the primary one's); undefined: every entry. */
    endpointId?: number | null;
  },
): Promise<WebhookLogPage> {
  if (!Number.isInteger(input.first) || input.first < 1 || input.first > MAX_LOG_PAGE) {
    throw new ValidationError({ first: [`must be an integer from 1 to ${MAX_LOG_PAGE}`] });
  }
  const cursor = decodeTimeCursor(input.after ?? undefined, 'webhookLogs');
  if (!(await installations.ownedInstallation(db, developerId, input.installationId)))
    throw new NotFoundError('installation');
  const after =
    cursor && (await timeKeyOf(db, cursor, 'control.webhook_logs', 'created_at', 'log_id'));
  // Compiled once per shape: with a cursor, or a first page's read (from yesterday on, or the days
  // before: readNewestFirst); a portal page is asked for on every visit.
  const endpoint = input.endpointId;
  const endpointKey = endpoint === undefined ? '' : endpoint === null ? ' primary' : ' endpoint';
  const page = (key: string, range: RawBuilder<boolean> | undefined, limit: number) =>
    webhookLogPages.execute(
      db,
      `${key} ${limit}${endpointKey}`,
      () => {
        let query = db
          .selectFrom('control.webhook_logs')
          .select([...PAGE_COLUMNS, microsOf('created_at').as('cursor_at')])
          .where('installation_id', '=', slot<number>('installationId'))
          .orderBy('created_at', 'desc')
          .orderBy('log_id', 'desc')
          .limit(pageLimit(limit));
        if (endpoint !== undefined)
          query = query
            .where('direction', '=', 'outbound')
            .where(
              'webhook_endpoint_id',
              endpoint === null ? 'is' : '=',
              endpoint === null ? null : slot<number>('endpointId'),
            );
        if (after)
          return query.where(olderThan('created_at', 'log_id', { at: slot('at'), id: slot('id') }));
        return range ? query.where(range) : query;
      },
      { installationId: input.installationId, at: after?.at, id: after?.id, endpointId: endpoint },
    );
  const want = input.first + 1;
  const rows = after
    ? await page('after', undefined, want)
    : await readNewestFirst(want, (split, n) => page(split.key, split.where('created_at'), n));
  return toTimePage(rows, input.first, (row) => row.log_id);
}

const webhookLogPages = new PreparedQuery<WebhookLogPageRow & { cursor_at: string }>();
