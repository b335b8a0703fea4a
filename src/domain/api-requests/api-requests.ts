import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { dropPartitionsBefore } from '../../db/partitions.js';
import type { ApiRequestsTable } from '../../db/types.js';
import { installations } from '../installations/index.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import { decodeTimeCursor, toTimePage } from '../shared/index.js';
import {
  microsOf,
  olderThan,
  pageLimit,
  readNewestFirst,
  timeKeyOf,
} from '../../db/time-keyset.js';
import { API_REQUEST_COLUMNS } from '../../db/columns.js';
import { PreparedQuery, slot } from '../../db/prepared.js';

// The API request log of an installation: what its plugin sent and what it got back, for the
// plugin's developer (portal apiRequests), kept SVC_REQUEST_LOG_RETENTION_DAYS. Rows arrive in
// batches from the Data API (src/api/request-log.ts), never on the request's own path.

/** One request as recorded. Bodies are already redacted and cut (redactBody, redact.ts). */
export type ApiRequestEntry = Omit<ApiRequestsTable, 'api_request_id'>;

export interface ApiRequestRow extends ApiRequestEntry {
  api_request_id: number;
}

export interface ApiRequestPage {
  nodes: ApiRequestRow[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface ApiRequestQuery {
  installationId: number;
  first: number;
  after?: string | null;
  status?: number | null;
  operationId?: string | null;
  since?: Date | null;
}

export const MAX_API_REQUEST_PAGE = 100;

/**
 * An installation's requests for its plugin's developer, newest first (by time, then id: the
 * partition key first, so that PostgreSQL reads the newest day's partition first and stops when
 * the page is full), by keyset cursor: the last entry's time (microseconds since 1970) and id.
 * A cursor of the version before (the id alone) goes on from that entry's time (time-keyset.ts).
 */
export async function listApiRequests(
  db: Db,
  developerId: number,
  input: ApiRequestQuery,
): Promise<ApiRequestPage> {
  if (!Number.isInteger(input.first) || input.first < 1 || input.first > MAX_API_REQUEST_PAGE) {
    throw new ValidationError({ first: [`must be an integer from 1 to ${MAX_API_REQUEST_PAGE}`] });
  }
  if (
    input.status != null &&
    (!Number.isInteger(input.status) || input.status < 100 || input.status > 599)
  ) {
    throw new ValidationError({ status: ['must be an HTTP status from 100 to 599'] });
  }
  const cursor = decodeTimeCursor(input.after ?? undefined, 'apiRequests');
  if (!(await installations.ownedInstallation(db, developerId, input.installationId)))
    throw new NotFoundError('installation');
  const after =
    cursor && (await timeKeyOf(db, cursor, 'control.api_requests', 'created_at', 'api_request_id'));
  const { installationId, status, operationId, since } = input;
  // Compiled once per combination of the optional clauses, and for a first page per read (from
  // yesterday on, or the days before: readNewestFirst); a portal page is asked for on every visit.
  const shape = `${status != null ? 's' : ''}${operationId != null ? 'o' : ''}${since != null ? 'd' : ''}`;
  const page = (key: string, range: RawBuilder<boolean> | undefined, limit: number) =>
    apiRequestPages.execute(
      db,
      `${shape} ${key} ${limit}`,
      () =>
        apiRequestPageQuery(
          db,
          {
            installationId: slot('installationId'),
            limit,
            status: status != null ? slot('status') : null,
            operationId: operationId != null ? slot('operationId') : null,
            since: since != null ? slot('since') : null,
          },
          after ? { at: slot('at'), id: slot('id') } : undefined,
          range,
        ),
      { installationId, status, operationId, since, at: after?.at, id: after?.id },
    );
  const want = input.first + 1;
  const rows = after
    ? await page('after', undefined, want)
    : await readNewestFirst(want, (split, n) => page(split.key, split.where('created_at'), n));
  return toTimePage(rows, input.first, (row) => row.api_request_id);
}

const apiRequestPages = new PreparedQuery<ApiRequestRow & { cursor_at: string }>();

/** The statement of a page of `limit` rows (one more than asked, to tell whether more follow), after the entry `after`, within `range` of time. */
export function apiRequestPageQuery(
  db: Db,
  input: Pick<ApiRequestQuery, 'installationId' | 'status' | 'operationId' | 'since'> & {
    limit: number;
  },
  after?: { at: number; id: number },
  range?: RawBuilder<boolean>,
) {
  let query = db
    .selectFrom('control.api_requests')
    .select([...API_REQUEST_COLUMNS, microsOf('created_at').as('cursor_at')])
    .where('installation_id', '=', input.installationId)
    .orderBy('created_at', 'desc')
    .orderBy('api_request_id', 'desc')
    .limit(pageLimit(input.limit));
  if (after) query = query.where(olderThan('created_at', 'api_request_id', after));
  if (range) query = query.where(range);
  if (input.status != null) query = query.where('status', '=', input.status);
  if (input.operationId != null) query = query.where('operation_id', '=', input.operationId);
  if (input.since != null) query = query.where('created_at', '>=', input.since);
  return query;
}

/** One entry, for the developer of the installation's plugin only (anyone else: not found). */
export async function getApiRequest(
  db: Db,
  developerId: number,
  id: number,
): Promise<ApiRequestRow> {
  const row = (await db
    .selectFrom('control.api_requests')
    .select(API_REQUEST_COLUMNS)
    .where('api_request_id', '=', id)
    .executeTakeFirst()) as ApiRequestRow | undefined;
  if (!row || !(await installations.ownedInstallation(db, developerId, row.installation_id)))
    throw new NotFoundError('api_request');
  return row;
}

/**
 * The entry of a request id (an error body's request_id), for the developer of its installation's
 * plugin only; the newest when the id was logged more than once. A request id is the client's
 * choice (X-Request-Id), so any tenant can log rows under another plugin's id (security review 4,
 * finding 10): the developer's installations are the first condition of the SQL, never a filter
 * over rows read before it.
 */
export async function getApiRequestByRequestId(
  db: Db,
  developerId: number,
  requestId: string,
): Promise<ApiRequestRow> {
  const row = (await db
    .selectFrom('control.api_requests')
    .select(API_REQUEST_COLUMNS)
    .where('installation_id', 'in', ownedInstallationIds(db, developerId))
    .where('request_id', '=', requestId)
    .orderBy('created_at', 'desc')
    .orderBy('api_request_id', 'desc')
    .limit(1)
    .executeTakeFirst()) as ApiRequestRow | undefined;
  if (!row) throw new NotFoundError('api_request');
  return row;
}

/** The installations the developer reaches: the rule of installations.ownedInstallation, as a subquery. */
function ownedInstallationIds(db: Db, developerId: number) {
  return db
    .selectFrom('control.installations as i')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'i.plugin_id')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .leftJoin('control.sandboxes as s', 's.sandbox_id', 'i.sandbox_id')
    .select('i.installation_id')
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted')
    .where((eb) => eb.or([eb('s.sandbox_id', 'is', null), eb('s.status', '<>', 'deleted')]));
}

/**
 * Drops the days wholly older than the window (their partitions, detached concurrently), then
 * deletes the older entries of the window's last day in batches of short statements. The DELETE
 * names the cutoff itself, so it reads only the partitions before it, not every day's index.
 */
export async function pruneApiRequests(
  db: Db,
  retentionDays: number,
  batchSize = 1000,
  now = new Date(),
): Promise<{ deleted: number; partitions: string[] }> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  const dropped = await dropPartitionsBefore(db, 'api_requests', cutoff);
  let deleted = dropped.rows;
  for (;;) {
    const r = await sql`
      delete from control.api_requests where created_at < ${cutoff} and api_request_id in (
        select api_request_id from control.api_requests where created_at < ${cutoff} limit ${batchSize})`.execute(
      db,
    );
    const count = Number(r.numAffectedRows ?? 0);
    deleted += count;
    if (count < batchSize) return { deleted, partitions: dropped.partitions };
  }
}
