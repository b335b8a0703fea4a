import { sql } from 'kysely';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import type { InstallationContext } from '../../installations/index.js';
import {
  InvalidSignatureError,
  MalformedInputError,
  UnknownEventTypeError,
} from '../../shared/index.js';
import { decrypt } from '../../../lib/secrets.js';
import { PreparedQuery, slot } from '../../../db/prepared.js';
import { hasUnstorable, labelOf, type Label } from './inbound-label.js';
import { checkInboundSignature } from './signature-diagnosis.js';
import { LOG_COLUMNS, toWireLog, type LogRow, type WireWebhookLog } from '../logs/index.js';
import { isAcceptedInboundEventType } from '../delivery/index.js';

// Inbound webhooks (POST /webhooks/external): a plugin forwards its provider's events, signed
// with the shared webhook secret. Every outcome that reaches this module is in the audit log
// (control.webhook_logs, direction inbound): accepted, bad signature, unknown event type.

/** The route's own ceiling (bucket `inbound:<installation>`), counted after the Data API's gate. */
export const INBOUND_CEILING = { bucket: 'inbound:', perMinute: 600 } as const;
const IDEMPOTENCY_WINDOW = '24 hours';

export interface InboundRequest {
  rawBody: Buffer | undefined;
  signature: string | undefined;
  /** The parsed body, not yet validated: only used to label a rejected entry. */
  body: unknown;
}

/**
 * Runs before request validation (from the credentials pipeline, which has counted the 600/minute
 * ceiling): the signature over the exact raw bytes, in constant time, with the current secret or,
 * while a rotation's overlap runs, the previous one. A missing or wrong signature is recorded with
 * signature_valid false and answered 401 invalid_signature, whatever the body; its message (and
 * the log entry) says what the signature most likely is (signature-diagnosis.ts).
 */
export async function verifyInboundSignature(
  db: Db,
  config: Config,
  auth: InstallationContext,
  request: InboundRequest,
): Promise<void> {
  // The secrets came with the key lookup (same statement): a rotation or an overlap's end is seen
  // on the next request, by the database's clock.
  const open = (sealed: string | null) => (sealed ? decrypt(config.encryptionKey, sealed) : null);
  const verdict = checkInboundSignature(request.rawBody ?? Buffer.alloc(0), request.signature, {
    current: open(auth.webhookSecretEnc),
    previous: open(auth.previousWebhookSecretEnc),
    previousActive: auth.previousSecretActive,
    previousExpiresAt: auth.previousSecretExpiresAt,
  });
  if (verdict.ok) return;
  const problem = verdict.problem;
  await insertInboundLog(db, auth.installationId, labelOf(request.body), {
    status: 'rejected',
    signature_valid: false,
    http_status: 401,
    error_message: `invalid_signature: ${problem}`,
  });
  throw new InvalidSignatureError(problem);
}

export interface InboundEvent {
  event_type: string;
  payload: Record<string, unknown>;
  idempotency_key?: string;
}

export interface InboundReceipt {
  duplicate: boolean;
  log: WireWebhookLog;
}

/**
 * Records an accepted event. With an idempotency key, ONE statement claims the key (or takes over
 * one older than 24 hours) and writes the entry under the log_id it claimed: a duplicate claims
 * nothing and so writes nothing. A concurrent duplicate waits on the first one's claim, sees it
 * committed and answers with the original entry.
 */
export async function receiveInboundWebhook(
  auth: InstallationContext,
  event: InboundEvent,
): Promise<InboundReceipt> {
  if (!isAcceptedInboundEventType(event.event_type)) {
    const label = labelOf(event);
    await insertInboundLog(auth.db, auth.installationId, label, {
      status: 'rejected',
      signature_valid: true,
      http_status: 400,
      error_message: `unknown_event_type: '${label.event_type}' is not a catalog event, not external.* and in no catalog family.`,
    });
    throw new UnknownEventTypeError(event.event_type);
  }
  await refuseUnstorable(auth, event);
  const label = {
    event_type: event.event_type,
    idempotency_key: event.idempotency_key ?? null,
    payload: event.payload,
  };
  const accepted = {
    status: 'received',
    signature_valid: true,
    http_status: 201,
    error_message: null,
  };
  const key = event.idempotency_key;
  if (key === undefined)
    return {
      duplicate: false,
      log: await insertInboundLog(auth.db, auth.installationId, label, accepted),
    };

  const claimed = await claimKey.execute(auth.db, 'claim', claimStatement, {
    installationId: auth.installationId,
    key,
    eventType: event.event_type,
    payload: JSON.stringify(event.payload),
    ...accepted,
  });
  if (claimed[0]) return { duplicate: false, log: toWireLog(claimed[0]) };

  const original = await auth.db
    .selectFrom('control.inbound_webhook_keys as k')
    .innerJoin('control.webhook_logs as l', 'l.log_id', 'k.log_id')
    .select(LOG_COLUMNS.map((column) => `l.${column}` as const))
    .where('k.installation_id', '=', auth.installationId)
    .where('k.idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return { duplicate: true, log: toWireLog(original) };
}

/**
 * An accepted event is stored as sent, so a string PostgreSQL cannot store (NUL, an unpaired
 * surrogate) is the request's fault: 400 validation_error naming the field, recorded as rejected.
 */
async function refuseUnstorable(auth: InstallationContext, event: InboundEvent): Promise<void> {
  const fields = (['payload', 'idempotency_key'] as const).filter((field) =>
    hasUnstorable(event[field]),
  );
  if (fields.length === 0) return;
  const problem = 'must not contain NUL (\\u0000) or unpaired UTF-16 surrogates';
  const error = new MalformedInputError(
    Object.fromEntries(fields.map((field) => [field, [problem]])),
    `The event cannot be stored: ${fields.join(' and ')} ${problem}.`,
  );
  await insertInboundLog(auth.db, auth.installationId, labelOf(event), {
    status: 'rejected',
    signature_valid: true,
    http_status: 400,
    error_message: `validation_error: ${error.message}`,
  });
  throw error;
}

/**
 * Claims the key (or takes over one older than the window) and writes the entry under the log_id
 * it claimed; compiled once (PreparedQuery), the values bound per request.
 */
function claimStatement() {
  return sql<LogRow>`
    with claim as (
      insert into control.inbound_webhook_keys as k (installation_id, idempotency_key, log_id)
      values (${slot('installationId')}, ${slot('key')}, nextval(pg_get_serial_sequence('control.webhook_logs', 'log_id')))
      on conflict (installation_id, idempotency_key) do update
        set log_id = excluded.log_id, created_at = now()
        where k.created_at <= now() - ${IDEMPOTENCY_WINDOW}::interval
      returning log_id
    )
    insert into control.webhook_logs
      (log_id, installation_id, direction, event_type, idempotency_key, payload, attempts, status, signature_valid, http_status, error_message)
      overriding system value
    select log_id, ${slot('installationId')}, 'inbound', ${slot('eventType')}, ${slot('key')}, ${slot('payload')}::jsonb, 1,
           ${slot('status')}, ${slot('signature_valid')}, ${slot('http_status')}, ${slot('error_message')}
      from claim
    returning ${sql.join(LOG_COLUMNS.map((column) => sql.ref(column)))}`;
}
const claimKey = new PreparedQuery<LogRow>(1);

async function insertInboundLog(
  db: Db,
  installationId: number,
  label: Label,
  outcome: {
    status: string;
    signature_valid: boolean;
    http_status: number;
    error_message: string | null;
  },
): Promise<WireWebhookLog> {
  const row = await db
    .insertInto('control.webhook_logs')
    .values({
      installation_id: installationId,
      direction: 'inbound',
      event_type: label.event_type,
      idempotency_key: label.idempotency_key,
      payload: label.payload === null ? null : JSON.stringify(label.payload),
      attempts: 1,
      ...outcome,
    })
    .returning(LOG_COLUMNS)
    .executeTakeFirstOrThrow();
  return toWireLog(row);
}

/** Inbound idempotency keys are kept 24 hours (the spec's replay window); older ones are deleted. */
export async function purgeExpiredInboundKeys(db: Db): Promise<number> {
  const { numAffectedRows } =
    await sql`delete from control.inbound_webhook_keys where created_at < now() - interval '24 hours'`.execute(
      db,
    );
  return Number(numAffectedRows ?? 0);
}
