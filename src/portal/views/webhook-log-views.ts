// Row -> portal shapes of the webhook log (schema.graphql WebhookLog, WebhookLogConnection). The
// Data API returns an installation's own entries in its own shape (toWireLog).
import type {
  WebhookLogPage,
  WebhookLogPageRow,
  WebhookLogRow,
  WebhookReplayRow,
} from '../../domain/webhooks/index.js';
import { PRIMARY_ID } from '../../domain/webhooks/index.js';

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
  /** Undefined for a page's entry: its payload field reads the page's payloads at once (resolvers/webhooks.ts). */
  payload?: unknown;
  sequence: number | null;
  redeliveryOf: number | null;
  replayId: number | null;
  /** An endpoint's id, or "primary"; null for inbound entries. */
  webhookEndpointId: string | null;
  listenerHttpStatus: number | null;
  listenerDurationMs: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookLogConnectionView {
  nodes: WebhookLogView[];
  pageInfo: WebhookLogPage['pageInfo'];
}

export function toWebhookLogView(row: WebhookLogRow | WebhookLogPageRow): WebhookLogView {
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
    payload: 'payload' in row ? row.payload : undefined,
    sequence: row.sequence,
    redeliveryOf: row.redelivery_of,
    replayId: row.replay_id,
    webhookEndpointId:
      row.direction === 'inbound'
        ? null
        : row.webhook_endpoint_id === null
          ? PRIMARY_ID
          : String(row.webhook_endpoint_id),
    listenerHttpStatus: row.listener_http_status,
    listenerDurationMs: row.listener_duration_ms,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const toWebhookLogConnection = (page: WebhookLogPage): WebhookLogConnectionView => ({
  nodes: page.nodes.map(toWebhookLogView),
  pageInfo: page.pageInfo,
});

export interface WebhookReplayView {
  id: number;
  installationId: number;
  status: WebhookReplayRow['status'];
  total: number;
  queued: number;
  delivered: number;
  failed: number;
  createdAt: Date;
}

export const toWebhookReplayView = (row: WebhookReplayRow): WebhookReplayView => ({
  id: row.replay_id,
  installationId: row.installation_id,
  status: row.status,
  total: row.total,
  queued: row.queued,
  delivered: row.delivered,
  failed: row.failed,
  createdAt: row.created_at,
});
