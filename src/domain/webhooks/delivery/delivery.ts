import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/types.js';
import type { Logger } from '../../../logger.js';
import type { DeliveryAttempt, JobQueue } from './queue.js';
import { decrypt } from '../../../lib/secrets.js';
import { deliveryHeaders } from './signing.js';
import type { SendResult, WebhookHttpClient } from './http-client.js';
import { nextAttempt } from './retry.js';
import { recordHealth } from './health.js';
import { addEndpointStats, endedAtEndpoints } from './endpoint-stats.js';
import { planeActivePreviousSecret, planeSecret } from '../../installations/index.js';
import { inPartitions, partitionKeys } from './partition-keys.js';
import { releaseOrdered, type OrderedEnd } from './ordering.js';
import {
  apiVersionHeaders,
  resolveApiVersion,
  type ApiVersions,
} from '../../api-versions/index.js';

// The delivery pipeline over a batch of attempts (the worker's batches: delivery-batches.ts):
//   prepare  one SELECT (no transaction, no lock): each delivery with its event and the plugin's
//            current endpoint and secret; jobs whose attempt is already recorded or whose delivery
//            is no longer pending (delivered, failed, acknowledged) are dropped; the body built once
//   sign     hex HMAC-SHA256 of those exact bytes with the current secret
//   send     POST them concurrently (http-client.ts: destination guard, HTTPS only, timeout, no
//            redirects), outside any transaction
//   record   one short transaction: the attempt rows, the log rows (only while still pending: the
//            fence against an acknowledgement that committed meanwhile), the installations'
//            delivery health, the next attempts (deferred as retry.ts decides) and the jobs' completion
// No transaction is open while a request is on the network, so an endpoint that never answers
// holds no row lock, no connection and no snapshot (an acknowledgement never waits for it).
// At least once: a worker that dies before `record` commits leaves its jobs active; pg-boss
// expires and retries them, and the same attempt is sent again. Once `record` commits, the unique
// (log_id, attempt) and the attempts counter make a re-run a no-op.

export interface DeliveryDeps {
  db: Db;
  config: Config;
  logger: Logger;
  http: WebhookHttpClient;
  queue: JobQueue;
  /**
   * Told about each attempt queued for later once that is committed (a retry; an attempt held back
   * by its endpoint's line or a sandbox limit), so the worker can wake up when it is due.
   */
  onAttemptDeferred?: (delaySeconds: number) => void;
  /** Told about each attempt made (the metrics): how it ended and how long its request took. */
  onAttempt?: (outcome: AttemptOutcome, seconds: number) => void;
  /** The dated API versions: with them a deprecated pin's deliveries carry Deprecation and Sunset. */
  apiVersions?: ApiVersions;
}

/** How an attempt ended: delivered, to be retried, failed for good, handed to a listener, or refused by the destination guard. */
export type AttemptOutcome = 'delivered' | 'retrying' | 'failed' | 'listener' | 'refused';

interface DeliveryRow {
  log_id: number;
  /** The log's created_at as PostgreSQL wrote it (text: a Date would drop the microseconds of the partition key). */
  log_created_at: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  installation_id: number;
  /** The installation's plugin: its requests have lines and a share of the worker of their own (delivery-batches.ts). */
  plugin_id: number;
  sequence: number | null;
  attempts: number;
  status: string;
  event_data: Record<string, unknown> | null;
  occurred_at: Date;
  /** The event's occurred_at as text (its partition key), null when its row is gone or there is none (a test webhook). */
  event_occurred_at: string | null;
  /** The API request that caused the event (null for a portal test webhook and restaurant-side changes). */
  request_id: string | null;
  /** The URL: the listing's webhook_endpoint, or the extra endpoint's while it is enabled on the plane. */
  webhook_endpoint: string | null;
  /** The extra endpoint (control.webhook_endpoints) the delivery goes to; null: the primary one. */
  webhook_endpoint_id: number | null;
  /** The extra endpoint's rateLimitPerSecond (endpoint-rate.ts); null: none, as for the primary one. */
  rate_limit_per_second: number | null;
  /** A listener (svc listen) streams the installation's sandbox. */
  listening: boolean;
  /** One of them was registered with write scope: it may take a delivery the destination guard refused. */
  listening_writer: boolean;
  /** Delivery faults of a sandbox installation (setSandboxDeliveryFaults); 0 and false in production. */
  fault_duplicate_rate: number;
  fault_fail_first_attempt: boolean;
  plane: 'production' | 'sandbox';
  /** The secret of the installation's plane (per-plane secrets: a sandbox's is its plugin's sandbox secret), or the extra endpoint's own. */
  webhook_secret_enc: string | null;
  /** The plane's previous secret, only while its overlap runs (decided by the SELECT at send time). */
  previous_webhook_secret_enc: string | null;
  /** The API version the payload is written in: the extra endpoint's, else the sandbox's pin, else the plugin's. */
  api_version: string;
  /** The event's order on an endpoint with ordering ORDER (ordering.ts); null otherwise. */
  ordering_key: string | null;
  /** The sequence of the delivery of its order that failed just before it (released after that failure). */
  ordering_failed_sequence: number | null;
}

export interface Prepared {
  row: DeliveryRow;
  attempt: number;
  /** The envelope's bytes at the version the delivery is answered in (renderAt). */
  body: Buffer | null;
  /** X-Svc-Api-Version of that version, with Deprecation and Sunset while it is deprecated. */
  versionHeaders: Record<string, string>;
}

export interface Outcome {
  logId: number;
  logCreatedAt: string;
  /** The event's occurred_at (text), null without an event row: the retry's job carries it. */
  occurredAt: string | null;
  installationId: number;
  /** The extra endpoint it went to (null or absent: the primary one, whose health is the installation's). */
  endpointId?: number | null;
  /** Its order on an endpoint with ordering ORDER: once it ends, the order's next delivery goes. */
  orderingKey?: string | null;
  sequence?: number | null;
  attempt: number;
  result: SendResult;
  /** The headers the request went out with (null when nothing was sent). */
  headers: Record<string, string> | null;
  logStatus: 'delivered' | 'pending' | 'failed';
  retryDelaySeconds: number | null;
}

/** Step 4 in its transaction, with what settles the attempts' jobs; then the retries are announced. */
export async function recordOutcomes(
  deps: DeliveryDeps,
  outcomes: Outcome[],
  settle: (trx: Transaction<Database>) => Promise<void>,
  ended: OrderedEnd[] = [],
): Promise<void> {
  const retries = await deps.db.transaction().execute(async (trx) => {
    const scheduled = await record(deps, trx, outcomes, ended);
    await settle(trx);
    return scheduled;
  });
  for (const retry of retries) deps.onAttemptDeferred?.(retry.delaySeconds);
}

/**
 * Step 1: the deliveries still waiting for these attempts (in installation and sequence order),
 * each with its body built once. Read without a lock: `record` writes only deliveries still pending.
 */
export async function prepare(
  db: Db,
  jobs: DeliveryAttempt[],
  versions?: ApiVersions,
): Promise<Prepared[]> {
  return (await prepareBatch(db, jobs, versions)).prepared;
}

/**
 * Prepare, with the ordered deliveries found no longer pending (acknowledged while they waited for
 * their retry): `record` lets their orders' next deliveries go.
 */
export async function prepareBatch(
  db: Db,
  jobs: DeliveryAttempt[],
  versions?: ApiVersions,
): Promise<{ prepared: Prepared[]; ended: OrderedEnd[] }> {
  if (jobs.length === 0) return { prepared: [], ended: [] };
  const { rows } = await prepareStatement(jobs).execute(db);
  const byId = new Map(rows.map((row) => [row.log_id, row]));
  const prepared: Prepared[] = [];
  const ended: OrderedEnd[] = [];
  const seen = new Set<string>();
  for (const job of jobs) {
    const row = byId.get(job.logId);
    const key = `${job.logId}:${job.attempt}`;
    if (row?.ordering_key && row.webhook_endpoint_id && row.status === 'acknowledged')
      ended.push({
        endpointId: row.webhook_endpoint_id,
        installationId: row.installation_id,
        orderingKey: row.ordering_key,
        failedSequence: null,
      });
    // Gone, finished, or this attempt already recorded (a re-run after a crash past `record`).
    if (!row || row.status !== 'pending' || row.attempts >= job.attempt || seen.has(key)) continue;
    seen.add(key);
    const { body, versionHeaders } = renderAt(versions, row.api_version, row);
    prepared.push({ row, attempt: job.attempt, body, versionHeaders });
  }
  return { prepared, ended };
}

/**
 * Prepare's SELECT. The jobs' partition keys (when they carry them) prune the logs and the events
 * to their days; jobs queued without them are read through every partition. The events are read
 * once for the batch, by their ids: joined to each log, PostgreSQL may look each one up by the
 * batch's keys alone (when its statistics predate them, as in a burst) and read, for every
 * delivery, all the events of the transactions that emitted the batch (they share an occurred_at).
 */
export function prepareStatement(jobs: DeliveryAttempt[]): RawBuilder<DeliveryRow> {
  const created = partitionKeys(jobs.map((job) => job.logCreatedAt));
  const occurred = partitionKeys(jobs.map((job) => job.occurredAt));
  return sql<DeliveryRow>`
    with l as materialized (
      select l.log_id, l.created_at, l.delivery_id, l.event_id, l.event_type, l.installation_id, l.sequence, l.attempts, l.status,
             l.payload, l.webhook_endpoint_id, l.ordering_key, l.ordering_failed_sequence
        from control.webhook_logs l
       where l.log_id = any(${jobs.map((job) => job.logId)}::int[]) ${inPartitions('l.created_at', created)} and l.direction = 'outbound'
    ), e as materialized (
      select e.event_id, e.data, e.occurred_at, e.request_id
        from control.events e
       where e.event_id = any(array(select l.event_id from l where l.event_id is not null)) ${inPartitions('e.occurred_at', occurred)}
    )
    select l.log_id, l.created_at::text as log_created_at, l.delivery_id, l.event_id, l.event_type, l.installation_id, i.plugin_id, l.sequence, l.attempts, l.status,
           coalesce(l.payload, e.data) as event_data, coalesce(e.occurred_at, l.created_at) as occurred_at, e.occurred_at::text as event_occurred_at, e.request_id,
           l.webhook_endpoint_id, we.rate_limit_per_second,
           case when l.webhook_endpoint_id is null then p.webhook_endpoint
                when we.status = 'enabled' and i.plane = any(we.planes) then we.url end as webhook_endpoint,
           case when l.webhook_endpoint_id is null then ${planeSecret} else we.secret_enc end as webhook_secret_enc,
           case when l.webhook_endpoint_id is null then ${planeActivePreviousSecret}
                when we.previous_secret_expires_at > now() then we.previous_secret_enc end as previous_webhook_secret_enc,
           -- The listener (svc listen) streams the feed, whose entries are the primary endpoint's deliveries.
           (l.webhook_endpoint_id is null and i.sandbox_id is not null and exists (select 1 from control.webhook_listeners wl
                                                  where wl.sandbox_id = i.sandbox_id and wl.expires_at > now())) as listening,
           (l.webhook_endpoint_id is null and i.sandbox_id is not null and exists (select 1 from control.webhook_listeners wl
                                                  where wl.sandbox_id = i.sandbox_id and wl.expires_at > now() and not wl.read_only)) as listening_writer,
           coalesce(sb.fault_duplicate_rate, 0) as fault_duplicate_rate, coalesce(sb.fault_fail_first_attempt, false) as fault_fail_first_attempt,
           i.plane, coalesce(we.api_version, sb.api_version, p.api_version) as api_version, l.ordering_key, l.ordering_failed_sequence
      from l
      join control.installations i on i.installation_id = l.installation_id
      join control.plugins p on p.plugin_id = i.plugin_id
      left join control.sandboxes sb on sb.sandbox_id = i.sandbox_id and i.plane = 'sandbox'
      left join control.webhook_endpoints we on we.webhook_endpoint_id = l.webhook_endpoint_id
      left join e on e.event_id = l.event_id
     order by l.installation_id, l.sequence, l.log_id`;
}

/**
 * The envelope, serialised once: these are the bytes that are signed and sent. `sequence` is the
 * event's number in the installation's sequence (a test webhook, which is no event, has none).
 */
type EnvelopeRow = Pick<
  DeliveryRow,
  | 'event_id'
  | 'event_type'
  | 'occurred_at'
  | 'installation_id'
  | 'event_data'
  | 'sequence'
  | 'request_id'
> &
  Partial<Pick<DeliveryRow, 'ordering_key' | 'ordering_failed_sequence'>>;

export function buildBody(row: EnvelopeRow): Buffer {
  return Buffer.from(JSON.stringify(toEnvelope(row)), 'utf8');
}

/**
 * The envelope as the installation's pinned version has it (the catalog moves a pin past its
 * sunset onward, as for its requests), with that version's headers: the payload is taken back
 * from head by the records newer than the version, then serialised once; these bytes are signed.
 * Without `versions` (no records read), head under the pinned name. No event data: no body.
 */
export function renderAt(
  versions: ApiVersions | undefined,
  pinned: string,
  row: EnvelopeRow,
): { body: Buffer | null; versionHeaders: Record<string, string> } {
  if (!versions)
    return {
      body: row.event_data ? buildBody(row) : null,
      versionHeaders: { 'X-Svc-Api-Version': pinned },
    };
  const version = resolveApiVersion(undefined, pinned, versions.catalog());
  const versionHeaders = apiVersionHeaders(version);
  if (!row.event_data) return { body: null, versionHeaders };
  if (!versions.migrator.differs(version.version)) return { body: buildBody(row), versionHeaders };
  const envelope = toEnvelope({ ...row, event_data: structuredClone(row.event_data) });
  versions.migrator.eventBack(version.version, envelope);
  return { body: Buffer.from(JSON.stringify(envelope), 'utf8'), versionHeaders };
}

/**
 * `request_id`: the X-Request-Id of the Data API request that caused the event, null otherwise.
 * On an endpoint with ordering ORDER, `ordering_key` (the event's order) and, after a delivery of
 * that order failed its last attempt, `previous_failed_sequence` (its sequence).
 */
export function toEnvelope(row: EnvelopeRow) {
  return {
    id: row.event_id,
    event: row.event_type,
    timestamp: row.occurred_at.toISOString(),
    installation_id: row.installation_id,
    data: row.event_data,
    ...(row.sequence === null ? {} : { sequence: row.sequence }),
    request_id: row.request_id ?? null,
    ...(row.ordering_key ? { ordering_key: row.ordering_key } : {}),
    ...(row.ordering_failed_sequence
      ? { previous_failed_sequence: row.ordering_failed_sequence }
      : {}),
  };
}

/**
 * A delivery handed to the sandbox's listener (svc listen) instead of an endpoint: the stream
 * (stream.ts) carries it, and the listener reports its local answer on the log.
 */
const TO_LISTENER: SendResult = {
  ok: true,
  httpStatus: null,
  errorMessage: null,
  refusalReason: null,
  retryable: false,
  remoteAddress: 'svc listen',
  durationMs: 0,
};

/** A sandbox's failFirstAttempt fault: the first attempt counts as failed without a request, so the retry path runs. */
const FAULT_FIRST_ATTEMPT: SendResult = {
  ok: false,
  httpStatus: null,
  errorMessage:
    "Fault injection (the sandbox's failFirstAttempt): the first attempt counts as failed and was not sent.",
  refusalReason: null,
  retryable: true,
  remoteAddress: null,
  durationMs: 0,
};

/** Steps 2 and 3: sign with the plugin's current secret and POST; the retry policy judges the result. */
export async function send(
  deps: DeliveryDeps,
  p: Prepared,
  secrets: Map<string, string | null>,
): Promise<Outcome> {
  const { row, attempt } = p;
  let result: SendResult;
  let sent: Record<string, string> | null = null;
  const secret = readSecret(deps, row, secrets);
  const previous = readSecret(deps, row, secrets, row.previous_webhook_secret_enc);
  if (row.fault_fail_first_attempt && attempt === 1) {
    result = FAULT_FIRST_ATTEMPT;
  } else if (!row.webhook_endpoint && row.listening && secret !== null && p.body !== null) {
    result = TO_LISTENER;
  } else if (!row.webhook_endpoint || secret === null || p.body === null) {
    const why = !row.webhook_endpoint
      ? row.webhook_endpoint_id === null
        ? 'The plugin has no webhook_endpoint.'
        : `The webhook endpoint ${row.webhook_endpoint_id} was deleted, disabled or no longer receives ${row.plane} traffic.`
      : p.body === null
        ? 'The event no longer exists.'
        : 'The plugin has no usable webhook secret.';
    result = {
      ok: false,
      httpStatus: null,
      errorMessage: why,
      refusalReason: null,
      retryable: false,
      remoteAddress: null,
      durationMs: 0,
    };
  } else {
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Svc-Webhooks/1.0',
      'X-Svc-Event': row.event_type,
      ...deliveryHeaders({
        eventId: row.event_id,
        secrets: { current: secret, previous },
        body: p.body,
        now: new Date(),
      }),
      'X-Svc-Delivery': row.delivery_id,
      'X-Svc-Attempt': String(attempt),
      ...p.versionHeaders,
    };
    const pool = String(row.plugin_id);
    result = await deps.http.post(row.webhook_endpoint, p.body, headers, pool);
    if (result.refusalReason === null) sent = headers;
    // Fault injection (a sandbox's duplicateRate): the very same request once more, as a network
    // retry or an at-least-once queue would; the log records the first answer.
    if (
      row.fault_duplicate_rate > 0 &&
      result.refusalReason === null &&
      Math.random() < row.fault_duplicate_rate
    ) {
      await deps.http.post(row.webhook_endpoint, p.body, headers, pool);
    }
    // An endpoint the destination guard refuses (a laptop's address): the listener has it, unless
    // every listener only reads (a read-scoped key must not change a delivery's outcome).
    if (result.refusalReason !== null && row.listening_writer) result = TO_LISTENER;
  }
  const next = nextAttempt(result, attempt, deps.config.webhook);
  const outcome: Outcome = {
    logId: row.log_id,
    logCreatedAt: row.log_created_at,
    occurredAt: row.event_occurred_at,
    installationId: row.installation_id,
    endpointId: row.webhook_endpoint_id,
    orderingKey: row.ordering_key,
    sequence: row.sequence,
    attempt,
    result,
    headers: sent,
    logStatus: next.status,
    retryDelaySeconds: next.status === 'pending' ? next.delaySeconds : null,
  };
  deps.onAttempt?.(
    result === TO_LISTENER
      ? 'listener'
      : result.ok
        ? 'delivered'
        : result.refusalReason !== null
          ? 'refused'
          : next.status === 'pending'
            ? 'retrying'
            : 'failed',
    result.durationMs / 1000,
  );
  const log = {
    deliveryId: row.delivery_id,
    logId: row.log_id,
    event: row.event_type,
    installationId: row.installation_id,
    attempt,
    httpStatus: result.httpStatus,
    durationMs: result.durationMs,
  };
  if (result.ok) deps.logger.debug(log, 'webhook delivered');
  else
    deps.logger.info(
      {
        ...log,
        error: result.errorMessage,
        refusal: result.refusalReason,
        next: outcome.logStatus,
      },
      'webhook attempt failed',
    );
  return outcome;
}

function readSecret(
  deps: DeliveryDeps,
  row: DeliveryRow,
  secrets: Map<string, string | null>,
  sealed = row.webhook_secret_enc,
): string | null {
  if (!sealed) return null;
  if (secrets.has(sealed)) return secrets.get(sealed)!;
  let secret: string | null;
  try {
    secret = decrypt(deps.config.encryptionKey, sealed);
  } catch (err) {
    deps.logger.error({ err, logId: row.log_id }, 'cannot decrypt the webhook secret');
    secret = null;
  }
  secrets.set(sealed, secret);
  return secret;
}

/** Step 4: record the attempts, the health, the next attempts and settle the jobs, in one short transaction. */
export async function record(
  deps: DeliveryDeps,
  trx: Transaction<Database>,
  outcomes: Outcome[],
  ended: OrderedEnd[] = [],
): Promise<(DeliveryAttempt & { delaySeconds: number })[]> {
  const updated =
    outcomes.length === 0
      ? []
      : (await recordStatement(outcomes).execute(trx)).rows.map((r) => r.log_id);
  const recorded = new Set(updated);
  // The installation's health (and its automatic recovery) is its primary endpoint's: an extra
  // endpoint's failures do not replay the primary's deliveries. An extra endpoint's deliveries
  // that end are counted in its statistics, at the end.
  await recordHealth(
    trx,
    deps.queue,
    outcomes.filter((o) => recorded.has(o.logId) && (o.endpointId ?? null) === null),
  );
  const next = outcomes
    .filter((o) => o.logStatus === 'pending' && recorded.has(o.logId))
    .map((o) => ({
      logId: o.logId,
      attempt: o.attempt + 1,
      logCreatedAt: o.logCreatedAt,
      occurredAt: o.occurredAt,
      delaySeconds: o.retryDelaySeconds ?? 0,
    }));
  await deps.queue.enqueueDeliveries(trx, next);
  // An ordered delivery that ended (or was no longer pending: acknowledged) lets its order's next go.
  const released = await releaseOrdered(trx, [
    ...ended,
    ...outcomes.flatMap((o) =>
      o.orderingKey && o.endpointId && !(o.logStatus === 'pending' && recorded.has(o.logId))
        ? [
            {
              endpointId: o.endpointId,
              installationId: o.installationId,
              orderingKey: o.orderingKey,
              failedSequence:
                o.logStatus === 'failed' && recorded.has(o.logId) ? (o.sequence ?? null) : null,
            },
          ]
        : [],
    ),
  ]);
  await deps.queue.enqueueDeliveries(trx, released);
  // Last (endpoint-stats.ts: the lock order); no statement when no extra endpoint's delivery ended.
  await addEndpointStats(trx, endedAtEndpoints(outcomes, recorded));
  return next;
}

/**
 * Record's statement: the attempt rows and the logs' update (only while still pending: the fence
 * against an acknowledgement that committed meanwhile), pruned to the logs' days by their created_at.
 */
export function recordStatement(outcomes: Outcome[]): RawBuilder<{ log_id: number }> {
  const rows = outcomes.map((o) => ({
    log_id: o.logId,
    log_created_at: o.logCreatedAt,
    attempt: o.attempt,
    status: o.result.ok ? 'delivered' : 'failed',
    http_status: o.result.httpStatus,
    error_message: o.result.errorMessage,
    refusal_reason: o.result.refusalReason,
    remote_address: o.result.remoteAddress,
    duration_ms: o.result.durationMs,
    request_headers: o.headers,
    log_status: o.logStatus,
  }));
  return sql<{ log_id: number }>`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        log_id int, log_created_at timestamptz, attempt int, status text, http_status int, error_message text, refusal_reason text,
        remote_address text, duration_ms int, request_headers jsonb, log_status text)
    ), ins as (
      insert into control.webhook_delivery_attempts
             (log_id, log_created_at, attempt, status, http_status, error_message, refusal_reason, remote_address, duration_ms, request_headers)
      select log_id, log_created_at, attempt, status, http_status, error_message, refusal_reason, remote_address, duration_ms, request_headers from v
      on conflict (log_id, attempt, log_created_at) do nothing
      returning log_id, attempt
    )
    update control.webhook_logs l
       -- A listener that already reported a local non-2xx for this delivery: failed (stream.ts).
       set status = case when v.remote_address = 'svc listen' and (l.listener_http_status < 200 or l.listener_http_status > 299)
                         then 'failed' else v.log_status end,
           attempts = v.attempt, http_status = v.http_status,
           error_message = v.error_message, duration_ms = v.duration_ms, last_attempt_at = now(), updated_at = now()
      from v join ins on ins.log_id = v.log_id and ins.attempt = v.attempt
     -- By log_id alone (an identity: one row), the partitions pruned by the constant list of created_at.
     -- Also joining on created_at = v.log_created_at made PostgreSQL count that column twice, judge
     -- its created_at index as good as the key, and read every log the same fan-out made (they share
     -- its transaction's created_at: hundreds) for each one recorded.
     where l.log_id = v.log_id ${inPartitions('l.created_at', partitionKeys(rows.map((r) => r.log_created_at)))}
       and l.attempts < v.attempt and l.status = 'pending'
    returning l.log_id`;
}
