import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { decrypt } from '../../lib/secrets.js';
import { ValidationError } from '../shared/index.js';
import { buildBody } from './delivery.js';
import { deliveryHeaders } from './signing.js';
import { isSubscribed } from './subscriptions.js';
import type { EventName } from '../../generated/events.generated.js';

// A sandbox's webhook stream (svc listen): every event addressed to an installation of the
// sandbox, read from the events feed in each installation's sequence order, as the exact body and
// signed headers its endpoint gets. The position is a cursor of per-installation sequences, so a
// listener that reconnects with the last cursor it saw misses nothing and repeats nothing. While
// a stream is open its listener row is kept alive (LISTENER_TTL_SECONDS): the fan-out then also
// addresses the sandbox's installations whose plugin has no endpoint, and the delivery worker
// hands a delivery it cannot send (no endpoint, or refused by the destination guard) to the
// listener. A stream that closes keeps its listener alive for one more TTL, so that a listener
// that reconnects misses nothing of the meantime.

export const LISTENER_TTL_SECONDS = 30;
const HEARTBEAT_MS = 10_000;

export type StreamPosition = Record<string, number>;

export interface StreamItem {
  logId: number;
  deliveryId: string;
  event: string;
  headers: { name: string; value: string }[];
  body: string;
  installationId: number;
  sequence: number;
  cursor: string;
}

export const encodeStreamCursor = (position: StreamPosition): string => Buffer.from(JSON.stringify(position)).toString('base64url');

export function decodeStreamCursor(cursor: string): StreamPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.entries(value).every(([k, v]) => /^\d+$/.test(k) && Number.isInteger(v) && (v as number) >= 0)) {
      return value as StreamPosition;
    }
  } catch {
    // fall through
  }
  throw new ValidationError({ after: ['is not a cursor returned by webhookStreamCursor or webhookStream'] });
}

/**
 * The cursor of a listener about to subscribe: first a listener is announced for the sandbox (one
 * TTL), so that every event emitted from now on is addressed to its installations without an
 * endpoint too, then the position now. Subscribing with it within the TTL misses nothing.
 */
export async function openStreamCursor(db: Db, sandboxId: number, developerId: number): Promise<string> {
  await db
    .insertInto('control.webhook_listeners')
    .values({ sandbox_id: sandboxId, developer_id: developerId, expires_at: sql<Date>`now() + make_interval(secs => ${LISTENER_TTL_SECONDS})` })
    .execute();
  return streamCursorNow(db, sandboxId);
}

/** The stream's position now: every installation of the sandbox at its last issued sequence. */
export async function streamCursorNow(db: Db, sandboxId: number): Promise<string> {
  const { rows } = await sql<{ installation_id: number; last_sequence: number | null }>`
    select i.installation_id, s.last_sequence from control.installations i
      left join control.installation_webhook_state s on s.installation_id = i.installation_id
     where i.sandbox_id = ${sandboxId}`.execute(db);
  return encodeStreamCursor(Object.fromEntries(rows.map((row) => [String(row.installation_id), row.last_sequence ?? 0])));
}

interface StreamRow {
  installation_id: number;
  sequence: number;
  event_id: string;
  event_type: string;
  occurred_at: Date;
  event_data: Record<string, unknown>;
  request_id: string | null;
  log_id: number;
  delivery_id: string;
  attempts: number;
  webhook_secret_enc: string | null;
  previous_webhook_secret_enc: string | null;
}

export interface StreamOptions {
  sandboxId: number;
  developerId: number;
  /** Event names and family wildcards; all events when null. */
  events: string[] | null;
  /** Resume after this cursor; the position now when null. */
  after: string | null;
  pollMs?: number;
  /** Ends the stream when aborted (the client went away). */
  signal?: AbortSignal;
}

/** The stream itself: polls the sandbox's feed and yields each new event once, in sequence order per installation. */
export async function* webhookStream(db: Db, config: Config, options: StreamOptions): AsyncGenerator<StreamItem> {
  // An installation the cursor does not name is newer than the cursor: all of its events are new.
  const position = decodeStreamCursor(options.after ?? (await streamCursorNow(db, options.sandboxId)));
  const listener = await db
    .insertInto('control.webhook_listeners')
    .values({ sandbox_id: options.sandboxId, developer_id: options.developerId, expires_at: sql<Date>`now() + make_interval(secs => ${LISTENER_TTL_SECONDS})` })
    .returning('listener_id')
    .executeTakeFirstOrThrow();
  let beat = Date.now();
  const secrets = new Map<string, string | null>();
  const secretOf = (sealed: string | null) => {
    if (!sealed) return null;
    if (!secrets.has(sealed)) secrets.set(sealed, decrypt(config.encryptionKey, sealed));
    return secrets.get(sealed)!;
  };
  try {
    while (!options.signal?.aborted) {
      if (Date.now() - beat > HEARTBEAT_MS) {
        beat = Date.now();
        await db
          .updateTable('control.webhook_listeners')
          .set({ expires_at: sql<Date>`now() + make_interval(secs => ${LISTENER_TTL_SECONDS})` })
          .where('listener_id', '=', listener.listener_id)
          .execute();
      }
      const { rows } = await sql<StreamRow>`
        select ie.installation_id, ie.sequence, ie.event_id, ie.event_type, e.occurred_at, e.data as event_data, e.request_id,
               l.log_id, l.delivery_id, l.attempts, p.webhook_secret_enc,
               case when p.previous_secret_expires_at > now() then p.previous_webhook_secret_enc end as previous_webhook_secret_enc
          from control.installations i
          join control.installation_events ie on ie.installation_id = i.installation_id
          join control.events e on e.event_id = ie.event_id
          join control.webhook_logs l on l.log_id = ie.log_id
          join control.plugins p on p.plugin_id = i.plugin_id
         where i.sandbox_id = ${options.sandboxId}
           and ie.sequence > coalesce((${JSON.stringify(position)}::jsonb ->> i.installation_id::text)::int, 0)
         order by e.occurred_at, ie.installation_id, ie.sequence
         limit 100`.execute(db);
      for (const row of rows) {
        const key = String(row.installation_id);
        if (row.sequence <= (position[key] ?? 0)) continue;
        position[key] = row.sequence;
        if (options.events && !isSubscribed(options.events, row.event_type as EventName)) continue;
        const current = secretOf(row.webhook_secret_enc);
        if (current === null) continue;
        const body = buildBody({ ...row, sequence: row.sequence });
        const headers: Record<string, string> = {
          'Content-Type': 'application/json',
          'User-Agent': 'Svc-Webhooks/1.0',
          'X-Svc-Event': row.event_type,
          'X-Svc-Delivery': row.delivery_id,
          'X-Svc-Attempt': String(Math.max(1, row.attempts)),
          ...deliveryHeaders({ eventId: row.event_id, secrets: { current, previous: secretOf(row.previous_webhook_secret_enc) }, body, now: new Date() }),
        };
        yield {
          logId: row.log_id,
          deliveryId: row.delivery_id,
          event: row.event_type,
          headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
          body: body.toString('utf8'),
          installationId: row.installation_id,
          sequence: row.sequence,
          cursor: encodeStreamCursor(position),
        };
      }
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 200));
    }
  } finally {
    // Kept for one more TTL: a listener that reconnects (svc listen after a drop) finds the
    // deliveries of the meantime in the feed, even those of a plugin without an endpoint.
    await db
      .updateTable('control.webhook_listeners')
      .set({ expires_at: sql<Date>`now() + make_interval(secs => ${LISTENER_TTL_SECONDS})` })
      .where('listener_id', '=', listener.listener_id)
      .execute()
      .catch(() => {});
  }
}

/** Records the local answer a listener reported for a delivery. */
export async function recordListenerResult(db: Db, logId: number, status: number, durationMs: number): Promise<void> {
  if (!Number.isInteger(status) || status < 0 || status > 999) throw new ValidationError({ status: ['must be an HTTP status code, or 0 when the local endpoint could not be reached'] });
  if (!Number.isInteger(durationMs) || durationMs < 0) throw new ValidationError({ durationMs: ['must be a whole number of milliseconds, 0 or more'] });
  await db.updateTable('control.webhook_logs').set({ listener_http_status: status, listener_duration_ms: durationMs }).where('log_id', '=', logId).execute();
}
