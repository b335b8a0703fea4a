import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { decrypt } from '../../lib/secrets.js';
import { buildBody } from './delivery.js';
import { deliveryHeaders } from './signing.js';

// A logged outbound delivery as its endpoint gets it, and its attempts: what a developer looks at
// to see why a delivery failed or to check a verifier against it. The request is rebuilt the way
// the worker builds it (buildBody, deliveryHeaders): the body is the same bytes on every attempt;
// the signatures are made now with the plugin's current secrets, as a retry would be. The caller
// has checked that the reader may see the log entry (getWebhookLog).

export interface DeliveryRequest {
  headers: { name: string; value: string }[];
  body: string;
}

export interface DeliveryAttempt {
  attempt: number;
  status: 'delivered' | 'failed';
  httpStatus: number | null;
  errorMessage: string | null;
  refusalReason: string | null;
  durationMs: number;
  attemptedAt: Date;
}

interface RequestRow {
  event_id: string | null;
  event_type: string;
  delivery_id: string | null;
  installation_id: number;
  sequence: number | null;
  attempts: number;
  event_data: Record<string, unknown> | null;
  occurred_at: Date;
  request_id: string | null;
  webhook_secret_enc: string | null;
  previous_webhook_secret_enc: string | null;
}

/** The request of an outbound delivery; null for an inbound entry or a delivery whose event is gone. */
export async function deliveryRequest(db: Db, config: Config, logId: number): Promise<DeliveryRequest | null> {
  const { rows } = await sql<RequestRow>`
    select l.event_id, l.event_type, l.delivery_id, l.installation_id, l.sequence, l.attempts,
           coalesce(l.payload, e.data) as event_data, coalesce(e.occurred_at, l.created_at) as occurred_at, e.request_id,
           p.webhook_secret_enc,
           case when p.previous_secret_expires_at > now() then p.previous_webhook_secret_enc end as previous_webhook_secret_enc
      from control.webhook_logs l
      join control.installations i on i.installation_id = l.installation_id
      join control.plugins p on p.plugin_id = i.plugin_id
      left join control.events e on e.event_id = l.event_id
     where l.log_id = ${logId} and l.direction = 'outbound'`.execute(db);
  const row = rows[0];
  if (!row || !row.event_data || !row.event_id || !row.delivery_id || !row.webhook_secret_enc) return null;
  const body = buildBody({ ...row, event_id: row.event_id, event_data: row.event_data });
  const previous = row.previous_webhook_secret_enc ? decrypt(config.encryptionKey, row.previous_webhook_secret_enc) : null;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Svc-Webhooks/1.0',
    'X-Svc-Event': row.event_type,
    ...deliveryHeaders({ eventId: row.event_id, secrets: { current: decrypt(config.encryptionKey, row.webhook_secret_enc), previous }, body, now: new Date() }),
    'X-Svc-Delivery': row.delivery_id,
    'X-Svc-Attempt': String(Math.max(1, row.attempts)),
  };
  return { headers: Object.entries(headers).map(([name, value]) => ({ name, value })), body: body.toString('utf8') };
}

/** Every recorded attempt of a delivery, oldest first. */
export async function deliveryAttempts(db: Db, logId: number): Promise<DeliveryAttempt[]> {
  const rows = await db
    .selectFrom('control.webhook_delivery_attempts')
    .select(['attempt', 'status', 'http_status', 'error_message', 'refusal_reason', 'duration_ms', 'attempted_at'])
    .where('log_id', '=', logId)
    .orderBy('attempt')
    .execute();
  return rows.map((r) => ({
    attempt: r.attempt,
    status: r.status,
    httpStatus: r.http_status,
    errorMessage: r.error_message,
    refusalReason: r.refusal_reason,
    durationMs: r.duration_ms,
    attemptedAt: r.attempted_at,
  }));
}
