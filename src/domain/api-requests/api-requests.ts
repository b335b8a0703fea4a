import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ApiRequestsTable } from '../../db/types.js';
import { installations } from '../installations/index.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import { decodeCursor, encodeCursor, MAX_BIGINT_ID } from '../shared/pagination.js';

// The API request log of an installation: what its plugin sent and what it got back, for the
// plugin's developer (portal apiRequests), kept SVC_REQUEST_LOG_RETENTION_DAYS. Rows arrive in
// batches from the Data API (src/api/request-log.ts), never on the request's own path.

/** One request as recorded. Bodies are already redacted and cut (redactBody). */
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
/** Request and response bodies are kept up to this many bytes (UTF-8). */
export const MAX_LOGGED_BODY_BYTES = 16 * 1024;

/**
 * Writes a batch of entries in one statement with one parameter (the batch as JSON): nothing to
 * compile per row, whatever the batch size.
 */
export async function recordApiRequests(db: Db, entries: readonly ApiRequestEntry[]): Promise<void> {
  if (entries.length === 0) return;
  // PostgreSQL's text refuses NUL and a lone surrogate (as JSON escapes, too): a client's
  // idempotency key may carry either, and must not fail the entries of the whole batch.
  const clean = entries.map((entry) => Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, typeof v === 'string' ? storable(v) : v])));
  await sql`
    insert into control.api_requests (installation_id, created_at, method, path, operation_id, status, error_code, duration_ms,
                                      request_id, idempotency_key, client_ip, request_body, response_body)
    select installation_id, created_at, method, path, operation_id, status, error_code, duration_ms,
           request_id, idempotency_key, client_ip, request_body, response_body
      from json_populate_recordset(null::control.api_requests, ${JSON.stringify(clean)}::json)`.execute(db);
}

/** The string as PostgreSQL text can hold it: lone surrogates as U+FFFD, NUL removed. */
const storable = (value: string): string =>
  value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd').replaceAll('\u0000', '');

/** An installation's requests for its plugin's developer, newest first, by keyset cursor. */
export async function listApiRequests(db: Db, developerId: number, input: ApiRequestQuery): Promise<ApiRequestPage> {
  if (!Number.isInteger(input.first) || input.first < 1 || input.first > MAX_API_REQUEST_PAGE) {
    throw new ValidationError({ first: [`must be an integer from 1 to ${MAX_API_REQUEST_PAGE}`] });
  }
  if (input.status != null && (!Number.isInteger(input.status) || input.status < 100 || input.status > 599)) {
    throw new ValidationError({ status: ['must be an HTTP status from 100 to 599'] });
  }
  let after: number | undefined;
  try {
    after = decodeCursor<[number]>(input.after ?? undefined, ['number'], MAX_BIGINT_ID)?.[0];
  } catch {
    throw new ValidationError({ after: ['is not a cursor returned by apiRequests'] });
  }
  if (!(await installations.ownedInstallation(db, developerId, input.installationId))) throw new NotFoundError('installation');
  let query = db
    .selectFrom('control.api_requests')
    .selectAll()
    .where('installation_id', '=', input.installationId)
    .orderBy('api_request_id', 'desc')
    .limit(input.first + 1);
  if (after !== undefined) query = query.where('api_request_id', '<', after);
  if (input.status != null) query = query.where('status', '=', input.status);
  if (input.operationId != null) query = query.where('operation_id', '=', input.operationId);
  if (input.since != null) query = query.where('created_at', '>=', input.since);
  const rows = (await query.execute()) as ApiRequestRow[];
  const page = rows.slice(0, input.first);
  const last = page[page.length - 1];
  return {
    nodes: page,
    pageInfo: { hasNextPage: rows.length > input.first, endCursor: last ? encodeCursor([last.api_request_id]) : null },
  };
}

/** One entry, for the developer of the installation's plugin only (anyone else: not found). */
export async function getApiRequest(db: Db, developerId: number, id: number): Promise<ApiRequestRow> {
  const row = (await db.selectFrom('control.api_requests').selectAll().where('api_request_id', '=', id).executeTakeFirst()) as ApiRequestRow | undefined;
  if (!row || !(await installations.ownedInstallation(db, developerId, row.installation_id))) throw new NotFoundError('api_request');
  return row;
}

/** The entry of a request id (an error body's request_id), for the developer of its installation's plugin only. */
export async function getApiRequestByRequestId(db: Db, developerId: number, requestId: string): Promise<ApiRequestRow> {
  const rows = (await db.selectFrom('control.api_requests').selectAll().where('request_id', '=', requestId).limit(10).execute()) as ApiRequestRow[];
  for (const row of rows) if (await installations.ownedInstallation(db, developerId, row.installation_id)) return row;
  throw new NotFoundError('api_request');
}

/** Deletes entries older than the window, in batches of short statements. */
export async function pruneApiRequests(db: Db, retentionDays: number, batchSize = 1000): Promise<{ deleted: number }> {
  const cutoff = new Date(Date.now() - retentionDays * 24 * 3600 * 1000);
  let deleted = 0;
  for (;;) {
    const r = await sql`
      delete from control.api_requests where api_request_id in (
        select api_request_id from control.api_requests where created_at < ${cutoff} limit ${batchSize})`.execute(db);
    const count = Number(r.numAffectedRows ?? 0);
    deleted += count;
    if (count < batchSize) return { deleted };
  }
}

// Names of fields whose values are credentials: keys, secrets, tokens, passwords, signatures.
// An idempotency key is an identifier the plugin chose, not a credential: it is kept.
const SECRET_FIELD = /key|secret|token|password|passwd|passphrase|pwd|^pin$|cvv|cvc|otp|cookie|session|auth|hmac|salt|signature|credential/i;
const NOT_SECRET = new Set(['idempotency_key']);
// Values that are credentials whatever the field is called.
const SECRET_VALUE = /^(pik_|svc_dev_|whsec_|stp_|sk_live_|rk_live_|Bearer\s|Basic\s|eyJ[\w-]+\.[\w-]+\.)/;
export const REDACTED = '[redacted]';

/**
 * A body as the log keeps it: JSON with the values of credential fields (and credential-looking
 * strings anywhere) replaced by "[redacted]", cut to MAX_LOGGED_BODY_BYTES (a cut body ends with
 * "…[truncated]" and is no longer valid JSON).
 */
export function redactBody(value: unknown, maxBytes = MAX_LOGGED_BODY_BYTES): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(redact(value, 0));
  if (text === undefined) return null;
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const cut = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
  return `${cut}…[truncated]`;
}

function redact(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return SECRET_VALUE.test(value) ? REDACTED : value;
  if (value === null || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  // Keys are the request's: fromEntries defines each as an own field, so a `__proto__` key is kept
  // (an assignment would set the copy's prototype and drop the field, and its secrets, unseen).
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) && !NOT_SECRET.has(k) && v !== null ? REDACTED : redact(v, depth + 1)]),
  );
}
