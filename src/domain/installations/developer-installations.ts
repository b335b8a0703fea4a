import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhookLogsTable } from '../../db/types.js';
import { generateInstallationKey, hashKey } from '../../lib/secrets.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import { decodeCursor, encodeCursor } from '../shared/index.js';

// What a developer reaches of installations: those of their own plugins (production and sandbox),
// their keys and their webhook logs. Anything else is the not_found of an unknown id.

export interface OwnedInstallation {
  installation_id: number;
  plugin_id: number;
  status: string;
}

export async function findOwnedInstallation(db: Db, developerId: number, installationId: number): Promise<OwnedInstallation> {
  const row = await db
    .selectFrom('control.installations as i')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'i.plugin_id')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .leftJoin('control.sandboxes as s', 's.sandbox_id', 'i.sandbox_id')
    .select(['i.installation_id', 'i.plugin_id', 'i.status'])
    .where('i.installation_id', '=', installationId)
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted')
    // A deleted sandbox's installation went with it.
    .where((eb) => eb.or([eb('s.sandbox_id', 'is', null), eb('s.status', '<>', 'deleted')]))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('installation');
  return row;
}

/**
 * A new installation key, shown once. The old one is dead on the very next request: the Data API
 * looks keys up by hash on every call, with no cache.
 */
export async function regenerateInstallationKey(db: Db, developerId: number, installationId: number): Promise<{ installationKey: string }> {
  const installation = await findOwnedInstallation(db, developerId, installationId);
  if (installation.status === 'removed') {
    throw new ValidationError({ installationId: ['is removed: a removed installation has no key'] });
  }
  const installationKey = generateInstallationKey();
  await db
    .updateTable('control.installations')
    .set({ api_key_hash: hashKey(installationKey), updated_at: sql`now()` })
    .where('installation_id', '=', installationId)
    .execute();
  return { installationKey };
}

export interface WebhookLogView {
  id: number;
  installationId: number;
  direction: 'inbound' | 'outbound';
  eventType: string;
  eventId: string | null;
  status: string;
  signatureValid: boolean | null;
  idempotencyKey: string | null;
  httpStatus: number | null;
  errorMessage: string | null;
  attempts: number;
  durationMs: number | null;
  payload: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookLogPage {
  nodes: WebhookLogView[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export const MAX_LOG_PAGE = 100;

function toLogView(row: Selectable<WebhookLogsTable>): WebhookLogView {
  return {
    id: row.log_id,
    installationId: row.installation_id,
    direction: row.direction,
    eventType: row.event_type,
    eventId: row.event_id,
    status: row.status,
    signatureValid: row.signature_valid,
    idempotencyKey: row.idempotency_key,
    httpStatus: row.http_status,
    errorMessage: row.error_message,
    attempts: row.attempts,
    durationMs: row.duration_ms,
    payload: row.payload,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function getWebhookLog(db: Db, developerId: number, logId: number): Promise<WebhookLogView> {
  const row = await db.selectFrom('control.webhook_logs').selectAll().where('log_id', '=', logId).executeTakeFirst();
  if (!row) throw new NotFoundError('webhook_log');
  try {
    await findOwnedInstallation(db, developerId, row.installation_id);
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError('webhook_log');
    throw err;
  }
  return toLogView(row);
}

/** An installation's webhook log, newest first, by keyset cursor (no gaps, no repeats). */
export async function listWebhookLogs(
  db: Db,
  developerId: number,
  input: { installationId: number; first: number; after?: string | null },
): Promise<WebhookLogPage> {
  if (!Number.isInteger(input.first) || input.first < 1 || input.first > MAX_LOG_PAGE) {
    throw new ValidationError({ first: [`must be an integer from 1 to ${MAX_LOG_PAGE}`] });
  }
  let after: [number] | undefined;
  try {
    after = decodeCursor<[number]>(input.after ?? undefined, ['number']);
  } catch {
    throw new ValidationError({ after: ['is not a cursor returned by webhookLogs'] });
  }
  await findOwnedInstallation(db, developerId, input.installationId);
  let query = db
    .selectFrom('control.webhook_logs')
    .selectAll()
    .where('installation_id', '=', input.installationId)
    .orderBy('log_id', 'desc')
    .limit(input.first + 1);
  if (after) query = query.where('log_id', '<', after[0]);
  const rows = await query.execute();
  const page = rows.slice(0, input.first);
  const last = page[page.length - 1];
  return {
    nodes: page.map(toLogView),
    pageInfo: { hasNextPage: rows.length > input.first, endCursor: last ? encodeCursor([last.log_id]) : null },
  };
}
