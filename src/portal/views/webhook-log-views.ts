// Row -> portal shapes of the webhook log (schema.graphql WebhookLog, WebhookLogConnection). The
// Data API returns an installation's own entries in its own shape (toWireLog).
import type { WebhookLogPage, WebhookLogRow } from '../../domain/webhooks/index.js';

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

export interface WebhookLogConnectionView {
  nodes: WebhookLogView[];
  pageInfo: WebhookLogPage['pageInfo'];
}

export function toWebhookLogView(row: WebhookLogRow): WebhookLogView {
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

export const toWebhookLogConnection = (page: WebhookLogPage): WebhookLogConnectionView => ({
  nodes: page.nodes.map(toWebhookLogView),
  pageInfo: page.pageInfo,
});
