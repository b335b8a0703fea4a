import { sql } from 'kysely';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { decrypt } from '../../../lib/secrets.js';
import { NotFoundError, ValidationError } from '../../shared/index.js';
import {
  encodeStreamCursor,
  RESENT,
  startingPosition,
  streamCursorNow,
  type StreamPosition,
} from './stream-cursor.js';
import { LifeCycle, listenerExpiry } from './stream-life.js';
import { LOG_AFTER_ITS_EVENT, renderAt, deliveryHeaders, isSubscribed } from '../delivery/index.js';
import { planeActivePreviousSecret, planeSecret } from '../../installations/index.js';
import type { EventName } from '../../../generated/events.generated.js';
import type { ApiVersions } from '../../api-versions/index.js';

// A sandbox's webhook stream (svc listen): every event addressed to an installation of the
// sandbox, read from the events feed in each installation's sequence order, as the exact body and
// signed headers its endpoint gets. The position is a cursor of per-installation sequences, so a
// listener that reconnects with the last cursor it saw misses nothing and repeats nothing. While
// a stream is open its listener row is kept alive (LISTENER_TTL_SECONDS): the fan-out then also
// addresses the sandbox's installations whose plugin has no endpoint, and the delivery worker
// hands a delivery it cannot send (no endpoint, or refused by the destination guard) to the
// listener (unless the listener only reads: a read-scoped key never turns a guard-refused delivery
// into one handed to it). A stream that closes keeps its listener alive for one more TTL, so that
// a listener that reconnects misses nothing of the meantime.
// Each installation's events are streamed in its sequence order, which is also the order in which
// they become visible (a sequence is taken under the installation's counter lock and committed
// before the next is taken), so a position never passes an event that is still to come. A timer,
// not the consumer, keeps the listener alive, and on each beat re-checks that the caller may still
// read the sandbox (a revoked key, an expired session or a deleted sandbox ends the stream).

export { HEARTBEAT_MS, LISTENER_TTL_SECONDS } from './stream-life.js';
/** Idle polls back off from pollMs to this. */
const MAX_IDLE_POLL_MS = 2_000;
const MAX_EVENT_FILTERS = 64;

export { decodeStreamCursor, encodeStreamCursor, streamCursorNow } from './stream-cursor.js';

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

/**
 * The cursor of a listener about to subscribe: first a listener is announced for the sandbox (one
 * TTL), so that every event emitted from now on is addressed to its installations without an
 * endpoint too, then the position now. Subscribing with it within the TTL misses nothing.
 */
export async function openStreamCursor(
  db: Db,
  sandboxId: number,
  developerId: number,
  readOnly = false,
): Promise<string> {
  await db
    .insertInto('control.webhook_listeners')
    .values({
      sandbox_id: sandboxId,
      developer_id: developerId,
      expires_at: listenerExpiry(),
      read_only: readOnly,
    })
    .execute();
  return streamCursorNow(db, sandboxId);
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
  /** The pinned API version, as a delivery's X-Svc-Api-Version (the sandbox's own, else the plugin's). */
  api_version: string;
  ordering_key: string | null;
  ordering_failed_sequence: number | null;
}

/** A feed entry an endpoint's stream passes over: the endpoint did not receive its event. */
type FeedRow = Omit<StreamRow, 'log_id'> & { log_id: number | null };

const PINNED_VERSION = sql`coalesce((select s.api_version from control.sandboxes s where s.sandbox_id = i.sandbox_id), p.api_version)`;

export interface StreamOptions {
  sandboxId: number;
  developerId: number;
  /** Event names and family wildcards; all events when null. */
  events: string[] | null;
  /** Resume after this cursor; the position now when null. */
  after: string | null;
  /**
   * One of the plugin's extra webhook endpoints: only its deliveries, signed with its secret and
   * in its API version. Absent: the deliveries the feed names, signed with the sandbox secret.
   */
  endpointId?: number;
  /** The caller's key only reads (plugins:read without plugins:write). */
  readOnly?: boolean;
  /** Renders each payload at its installation's pinned version, as a delivery does. */
  apiVersions?: ApiVersions;
  /** Asked on every heartbeat: false ends the stream (revoked key, expired session, deleted sandbox). */
  stillAllowed?: () => Promise<boolean>;
  pollMs?: number;
  heartbeatMs?: number;
  /** Ends the stream when aborted (the client went away). */
  signal?: AbortSignal;
}

/** The stream itself: polls the sandbox's feed and yields each new event once, in sequence order per installation. */
export async function* webhookStream(
  db: Db,
  config: Config,
  options: StreamOptions,
): AsyncGenerator<StreamItem> {
  if (options.events && options.events.length > MAX_EVENT_FILTERS)
    throw new ValidationError({
      events: [`names at most ${MAX_EVENT_FILTERS} events or families`],
    });
  if (options.endpointId !== undefined)
    await requireSandboxEndpoint(db, options.sandboxId, options.endpointId);
  const endpoint = options.endpointId ?? null;
  // An installation the cursor does not name is newer than the cursor: all of its events are new.
  const position = await startingPosition(db, options.sandboxId, options.after);
  const listener = await db
    .insertInto('control.webhook_listeners')
    .values({
      sandbox_id: options.sandboxId,
      developer_id: options.developerId,
      expires_at: listenerExpiry(),
      read_only: options.readOnly ?? false,
    })
    .returning('listener_id')
    .executeTakeFirstOrThrow();
  const life = new LifeCycle(db, listener.listener_id, options);
  const secrets = new Map<string, string | null>();
  const secretOf = (sealed: string | null) => {
    if (!sealed) return null;
    if (!secrets.has(sealed)) secrets.set(sealed, decrypt(config.encryptionKey, sealed));
    return secrets.get(sealed)!;
  };
  let idleMs = options.pollMs ?? 200;
  try {
    while (life.running()) {
      const rows = await pollFeed(db, options.sandboxId, position, endpoint);
      for (const entry of rows) {
        const key = String(entry.installation_id);
        if (entry.sequence <= (position[key] ?? 0)) continue;
        position[key] = entry.sequence;
        if (entry.log_id === null) continue;
        const row = entry as StreamRow;
        if (options.events && !isSubscribed(options.events, row.event_type as EventName)) continue;
        const current = secretOf(row.webhook_secret_enc);
        if (current === null) continue;
        yield toItem(
          row,
          current,
          secretOf(row.previous_webhook_secret_enc),
          position,
          options.apiVersions,
        );
        if (!life.running()) return;
      }
      // Redeliveries and replays (svc events resend / replay) go where the sandbox's deliveries go.
      const resent = await pollResent(db, options.sandboxId, position[RESENT] ?? 0, endpoint);
      for (const row of resent) {
        position[RESENT] = row.log_id;
        if (options.events && !isSubscribed(options.events, row.event_type as EventName)) continue;
        const current = secretOf(row.webhook_secret_enc);
        if (current === null) continue;
        yield toItem(
          row,
          current,
          secretOf(row.previous_webhook_secret_enc),
          position,
          options.apiVersions,
        );
        if (!life.running()) return;
      }
      const idle = rows.length === 0 && resent.length === 0;
      idleMs = idle ? Math.min(idleMs * 2, MAX_IDLE_POLL_MS) : (options.pollMs ?? 200);
      if (idle) await life.sleep(idleMs);
    }
  } finally {
    await life.close();
  }
}

/** An extra endpoint of the sandbox's plugin that receives sandbox traffic, else not_found / validation_error. */
async function requireSandboxEndpoint(
  db: Db,
  sandboxId: number,
  endpointId: number,
): Promise<void> {
  const { rows } = await sql<{ sandbox: boolean }>`
    select 'sandbox' = any(we.planes) as sandbox
      from control.webhook_endpoints we join control.sandboxes sb on sb.plugin_id = we.plugin_id
     where we.webhook_endpoint_id = ${endpointId} and sb.sandbox_id = ${sandboxId}`.execute(db);
  if (rows.length === 0) throw new NotFoundError('webhook_endpoint');
  if (!rows[0]!.sandbox)
    throw new ValidationError({
      endpointId: [
        'receives no sandbox traffic: add SANDBOX to its planes (updateWebhookEndpoint)',
      ],
    });
}

/** The signing secrets and version of the stream's deliveries: the sandbox's, or the endpoint's. */
const signing = (endpoint: number | null) =>
  endpoint === null
    ? sql`${planeSecret} as webhook_secret_enc, ${planeActivePreviousSecret} as previous_webhook_secret_enc, ${PINNED_VERSION} as api_version`
    : sql`we.secret_enc as webhook_secret_enc,
          case when we.previous_secret_expires_at > now() then we.previous_secret_enc end as previous_webhook_secret_enc,
          coalesce(we.api_version, ${PINNED_VERSION}) as api_version`;
const endpointJoin = (endpoint: number | null) =>
  endpoint === null
    ? sql``
    : sql`join control.webhook_endpoints we on we.webhook_endpoint_id = ${endpoint}`;

/**
 * One poll: the next events of each installation after its position, in sequence order. An
 * endpoint's stream reads each entry's delivery to that endpoint, made in the same fan-out (null
 * when the endpoint did not receive the event: the position moves past it all the same).
 */
async function pollFeed(
  db: Db,
  sandboxId: number,
  position: StreamPosition,
  endpoint: number | null,
): Promise<FeedRow[]> {
  const delivery =
    endpoint === null
      ? sql`cross join lateral (select l.log_id, l.delivery_id, l.attempts, l.ordering_key, l.ordering_failed_sequence from control.webhook_logs l
                                 where l.log_id = ie.log_id and ${LOG_AFTER_ITS_EVENT} limit 1) l`
      : sql`left join lateral (select l.log_id, l.delivery_id, l.attempts, l.ordering_key, l.ordering_failed_sequence from control.webhook_logs l
                                where l.installation_id = ie.installation_id and l.sequence = ie.sequence and l.direction = 'outbound'
                                  and l.webhook_endpoint_id = ${endpoint} and l.redelivery_of is null and l.replay_id is null
                                  and ${LOG_AFTER_ITS_EVENT} limit 1) l on true`;
  const { rows } = await sql<FeedRow>`
    select ie.installation_id, ie.sequence, ie.event_id, ie.event_type, e.occurred_at, e.data as event_data, e.request_id,
           l.log_id, l.delivery_id, l.attempts, l.ordering_key, l.ordering_failed_sequence, ${signing(endpoint)}
      from control.installations i
      join control.installation_events ie on ie.installation_id = i.installation_id
      -- Looked up by key per entry, as the events feed does (see listEvents).
      cross join lateral (select e.occurred_at, e.data, e.request_id from control.events e
                           where e.event_id = ie.event_id and e.occurred_at = ie.occurred_at limit 1) e -- one partition: the event's day
      ${delivery}
      join control.plugins p on p.plugin_id = i.plugin_id
      ${endpointJoin(endpoint)}
     where i.sandbox_id = ${sandboxId}
       and ie.sequence > coalesce((${JSON.stringify(position)}::jsonb ->> i.installation_id::text)::int, 0)
     order by ie.installation_id, ie.sequence
     limit 100`.execute(db);
  return rows;
}

/**
 * The redeliveries and replay deliveries of the sandbox's installations created after `afterLogId`,
 * oldest first: to the primary endpoint, or to the stream's endpoint.
 */
async function pollResent(
  db: Db,
  sandboxId: number,
  afterLogId: number,
  endpoint: number | null,
): Promise<StreamRow[]> {
  const { rows } = await sql<StreamRow>`
    select l.installation_id, l.sequence, l.event_id, l.event_type, coalesce(e.occurred_at, l.created_at) as occurred_at,
           coalesce(l.payload, e.data) as event_data, e.request_id, l.log_id, l.delivery_id, l.attempts,
           l.ordering_key, l.ordering_failed_sequence, ${signing(endpoint)}
      from control.installations i
      join control.webhook_logs l on l.installation_id = i.installation_id
      join control.plugins p on p.plugin_id = i.plugin_id
      ${endpointJoin(endpoint)}
      left join control.events e on e.event_id = l.event_id
     where i.sandbox_id = ${sandboxId} and l.log_id > ${afterLogId} and l.direction = 'outbound' and l.sequence is not null
       and l.webhook_endpoint_id is not distinct from ${endpoint}::int
       and (l.redelivery_of is not null or l.replay_id is not null) and coalesce(l.payload, e.data) is not null
     order by l.log_id
     limit 100`.execute(db);
  return rows;
}

function toItem(
  row: StreamRow,
  current: string,
  previous: string | null,
  position: StreamPosition,
  versions: ApiVersions | undefined,
): StreamItem {
  const { body, versionHeaders } = renderAt(versions, row.api_version, {
    ...row,
    sequence: row.sequence,
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Svc-Webhooks/1.0',
    'X-Svc-Event': row.event_type,
    'X-Svc-Delivery': row.delivery_id,
    'X-Svc-Attempt': String(Math.max(1, row.attempts)),
    ...versionHeaders,
    ...deliveryHeaders({
      eventId: row.event_id,
      secrets: { current, previous },
      body: body!,
      now: new Date(),
    }),
  };
  return {
    logId: row.log_id,
    deliveryId: row.delivery_id,
    event: row.event_type,
    headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
    body: body!.toString('utf8'),
    installationId: row.installation_id,
    sequence: row.sequence,
    cursor: encodeStreamCursor(position),
  };
}
