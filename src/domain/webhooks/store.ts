import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database, WebhookLogsTable } from '../../db/types.js';

// Row types of the webhook tables (migration 2026_11_22_000200) and the wire shape of a log entry.
// Kept here, beside the only code that touches them, rather than in the shared src/db/types.ts.

export type WebhookLogStatus = 'received' | 'rejected' | 'pending' | 'delivered' | 'failed' | 'skipped';

export interface DeliveryAttemptsTable {
  attempt_id: Generated<number>;
  log_id: number;
  attempt: number;
  status: 'delivered' | 'failed';
  http_status: number | null;
  error_message: string | null;
  refusal_reason: string | null;
  remote_address: string | null;
  duration_ms: number;
  attempted_at: Generated<Date>;
}

export interface InboundWebhookKeysTable {
  installation_id: number;
  idempotency_key: string;
  log_id: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WebhookSchema extends Omit<Database, 'control.webhook_logs'> {
  'control.webhook_logs': WebhookLogsTable & { delivery_id: string | null };
  'control.webhook_delivery_attempts': DeliveryAttemptsTable;
  'control.inbound_webhook_keys': InboundWebhookKeysTable;
}

export type WebhooksDb = Kysely<WebhookSchema>;

/** The same connection or transaction, typed with the webhook tables. */
export function webhooksDb(db: Kysely<Database> | Transaction<Database>): WebhooksDb {
  return db as unknown as WebhooksDb;
}

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
  'log_id', 'installation_id', 'direction', 'event_type', 'status', 'signature_valid', 'idempotency_key',
  'http_status', 'error_message', 'attempts', 'created_at',
] as const;

export type LogRow = Pick<WebhookLogsTable, 'installation_id' | 'direction' | 'event_type' | 'status' | 'signature_valid' | 'idempotency_key' | 'http_status' | 'error_message'> & {
  log_id: number;
  attempts: number;
  created_at: Date;
};

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

/** One log entry of the installation, or undefined (another installation's entry is invisible). */
export async function findWebhookLog(db: Kysely<Database>, installationId: number, logId: number): Promise<WireWebhookLog | undefined> {
  const row = await webhooksDb(db)
    .selectFrom('control.webhook_logs')
    .select(LOG_COLUMNS)
    .where('log_id', '=', logId)
    .where('installation_id', '=', installationId)
    .executeTakeFirst();
  return row ? toWireLog(row) : undefined;
}
