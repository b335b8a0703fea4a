import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { PreparedQuery, slot } from '../../db/prepared.js';
import type { DataPlaneSchema } from '../../db/types.js';
import { hashKey, isInstallationKeyFormat } from '../../lib/secrets.js';
import {
  AccessError,
  FeatureNotEnabledError,
  RateLimitedError,
  dataPlane,
  type Site,
} from '../shared/index.js';
import type { EventSink } from '../webhooks/index.js';
import * as installations from './installation.repository.js';
import type { KeyHolderRow } from './installation.repository.js';

/** What the credentials pipeline knows about the caller once its key checks out: its site and more. */
export interface InstallationContext extends Site {
  installationId: number;
  pluginId: number;
  features: string[];
  /** Data-plane handle: every query through it lands in this installation's schema. */
  data: Kysely<DataPlaneSchema>;
  /** The plugin's current webhook secret, encrypted (read with the key: inbound signatures). */
  webhookSecretEnc: string | null;
  /** The secret the last rotation replaced, encrypted; accepted only while `previousSecretActive`. */
  previousWebhookSecretEnc: string | null;
  previousSecretExpiresAt: Date | null;
  previousSecretActive: boolean;
  /** Set by admission: the pinned API version (the sandbox's own, else the plugin's). */
  apiVersion?: string;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  retryAfterSeconds: number;
}

interface KeyLookupRow extends KeyHolderRow {
  /** Null when the request was not admitted (no bucket was touched). */
  rate_count: number | null;
  rate_retry_after: number | null;
  inbound_count: number | null;
  inbound_retry_after: number | null;
}

export interface AdmissionLimits {
  /** Requests a minute of an installation (every route). */
  perMinute: number;
  /** A route's own ceiling (POST /webhooks/external), counted once the first limit passes. */
  route?: { bucket: string; perMinute: number };
}

export interface Admission {
  auth: InstallationContext;
  rateLimit: RateLimitState;
}

/**
 * The credentials pipeline (key, installation status, listing or sandbox state, rate limits) in ONE statement, no cache: the
 * key lookup, the per-installation rate limit, a route's own ceiling and the sandbox's idle clock.
 * Requests that arrive together share that statement (AdmissionBatcher).
 * A regenerated key or a deactivation takes effect on the very next request in every process.
 * Buckets are counted only for a request the lookup admits (active installation, live listing or
 * ready sandbox), so a refused key never uses anybody's budget; the errors keep the pipeline's
 * order: credentials first, then the rate limit, then the route's ceiling.
 */
export async function admitInstallation(
  db: Db,
  events: EventSink,
  apiKey: string | undefined,
  limits: AdmissionLimits,
  /** Told the installation the key belongs to, before any refusal of it (the request log). */
  identified?: (installationId: number) => void,
): Promise<Admission> {
  if (apiKey === undefined || apiKey === '') {
    throw new AccessError(
      'missing_api_key',
      'Send the installation key in the X-Plugin-Api-Key header.',
    );
  }
  if (!isInstallationKeyFormat(apiKey)) {
    throw new AccessError(
      'invalid_api_key_format',
      'An installation key is pik_ followed by 64 lowercase hex characters (68 in all).',
    );
  }
  const route = limits.route ?? null;
  const row = await batcherOf(db).admit({
    keyHash: hashKey(apiKey),
    perMinute: limits.perMinute,
    routeBucket: route?.bucket ?? null,
  });
  if (!row) throw new AccessError('invalid_api_key', 'No installation matches this key.');
  identified?.(row.installation_id);
  if (row.status !== 'active') {
    throw new AccessError('installation_inactive', 'This installation is not active.');
  }
  if (row.plane === 'production' && row.listing_status !== 'active') {
    // Status-neutral on purpose: the reason (suspended, rejected, ...) is never disclosed.
    throw new AccessError('plugin_listing_unavailable', 'This plugin listing is not available.');
  }
  if (row.plane === 'sandbox') {
    if (row.sandbox_status === 'resetting') {
      throw new AccessError('sandbox_resetting', 'The sandbox is being reset. Retry shortly.');
    }
    if (row.sandbox_status !== 'active')
      throw new AccessError('sandbox_not_ready', 'The sandbox is not active.');
    if (!row.schema_ok)
      throw new AccessError(
        'sandbox_misconfigured',
        'The sandbox data plane is missing or damaged. Reset the sandbox.',
      );
  }
  const rateLimit = checkBucket(row.rate_count!, row.rate_retry_after!, limits.perMinute);
  if (route) checkBucket(row.inbound_count!, row.inbound_retry_after!, route.perMinute);
  const schema = row.plane === 'production' ? 'production' : (row.schema_name as string);
  const auth: InstallationContext = {
    installationId: row.installation_id,
    pluginId: row.plugin_id,
    organizationId: row.organization_id,
    locationId: row.location_id,
    plane: row.plane,
    sandboxId: row.sandbox_id,
    schema,
    features: row.supported_features,
    data: dataPlane(db, schema),
    db,
    events,
    webhookSecretEnc: row.webhook_secret_enc,
    previousWebhookSecretEnc: row.previous_webhook_secret_enc,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    previousSecretActive: row.previous_secret_active,
    apiVersion: row.api_version,
  };
  return { auth, rateLimit };
}

/**
 * One statement per request against a bucket shared by every process on the database (the
 * portal's and the setup exchange's limits; the Data API's are in admitInstallation's statement).
 */
export async function consumeRateLimit(
  db: Db,
  bucket: string,
  limit: number,
): Promise<RateLimitState> {
  // Compiled once: every portal request charges at least one bucket.
  const [row] = await oneBucket.execute(
    db,
    'one',
    () =>
      sql<{
        count: number;
        retry_after: number;
      }>`${upsertBuckets(sql`values (${slot('bucket')}, now(), 1)`)}`,
    { bucket },
  );
  return checkBucket(row!.count, row!.retry_after, limit);
}

const oneBucket = new PreparedQuery<{ count: number; retry_after: number }>(1);

/** What a read joined to a charged bucket returns beside its own columns (see consumeRateLimitWith). */
export interface ChargedRow {
  bucket_count: number;
  bucket_retry_after: number;
}

/**
 * consumeRateLimit and a read in one statement, one round trip: `select` (compiled once, under
 * `key`) runs after the CTE `bucket` (count, retry_after) has charged `bucket`, and must return
 * exactly one row carrying `bucket_count` and `bucket_retry_after` (select from bucket, left join
 * what it reads). The row comes back with the bucket's state; `check` applies the limit, so the
 * caller decides which error comes first.
 */
export async function consumeRateLimitWith<Row>(
  db: Db,
  prepared: PreparedQuery<Row & ChargedRow>,
  key: string,
  select: () => RawBuilder<unknown>,
  values: Record<string, unknown> & { bucket: string },
): Promise<{ row: Row; check: (limit: number) => RateLimitState }> {
  const [row] = await prepared.execute(
    db,
    key,
    () =>
      sql<
        Row & ChargedRow
      >`with bucket as (${upsertBuckets(sql`values (${slot('bucket')}, now(), 1)`)}) ${select()}`,
    values,
  );
  if (!row) throw new Error(`consumeRateLimitWith(${key}): the read returned no row`);
  return { row, check: (limit) => checkBucket(row.bucket_count, row.bucket_retry_after, limit) };
}

/**
 * Counts requests in each bucket of `rows` (bucket, now(), n): n requests at once, each bucket at
 * most once. The window is fixed at one minute from a bucket's first request, so the (limit+1)-th
 * request inside any window is refused.
 */
function upsertBuckets(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into control.rate_limits as r (bucket, window_start, count)
    ${rows}
    on conflict (bucket) do update set
      window_start = case when r.window_start <= now() - interval '1 minute' then now() else r.window_start end,
      count = case when r.window_start <= now() - interval '1 minute' then excluded.count else r.count + excluded.count end
    returning bucket, count, greatest(1, ceil(extract(epoch from (window_start + interval '1 minute' - now()))))::int as retry_after`;
}

/**
 * Deletes the buckets whose one-minute window had closed at `now` (the next request of such a
 * bucket starts a new window anyway, by INSERT). In batches, each its own short statement, so
 * the purge never holds many row locks against the credentials pipeline; rows another statement
 * holds are skipped until the next run.
 */
export async function purgeExpiredRateLimits(
  db: Db,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<{ deleted: number; batches: number }> {
  const batchSize = options.batchSize ?? 5000;
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const result = await sql`
      delete from control.rate_limits
       where bucket in (select bucket from control.rate_limits
                         where window_start <= ${now}::timestamptz - interval '1 minute'
                         limit ${batchSize} for update skip locked)
         and window_start <= ${now}::timestamptz - interval '1 minute'`.execute(db);
    const count = Number(result.numAffectedRows ?? 0n);
    batches += 1;
    deleted += count;
    if (count < batchSize) return { deleted, batches };
  }
}

function checkBucket(count: number, retryAfter: number, limit: number): RateLimitState {
  const state = { limit, remaining: Math.max(0, limit - count), retryAfterSeconds: retryAfter };
  if (count > limit) throw Object.assign(new RateLimitedError(retryAfter, limit), { state });
  return state;
}

export function requireFeature(
  ctx: InstallationContext,
  feature: 'orders:create' | 'payments:capture',
): void {
  if (!ctx.features.includes(feature)) throw new FeatureNotEnabledError(feature);
}

/** The key holder's columns of the admission's row, named (no `*`: named-statements.ts). */
const KEY_HOLDER_REFS = sql.join(
  installations.KEY_HOLDER_NAMES.map((name) => sql.ref(`i.${name}`)),
);

/** Which looked-up installations a request may use (the admission's `admitted` CTE). */
const ADMITTED = sql`
       where status = 'active'
         and (plane = 'sandbox' or listing_status = 'active')
         and (plane = 'production' or (sandbox_status = 'active' and schema_ok))`;

/**
 * The admission of several requests in one statement: each key's holder, the sandbox clocks, each
 * installation's bucket counted once by the number of its admitted requests, and each route
 * ceiling's bucket by the number of its requests that passed the first limit. Every admitted
 * request gets its own place in each bucket it counts in, in arrival order (`ord`, the request's
 * 1-based position in the arrays): the k-th of a bucket's n new requests sees count - n + k, as it
 * would with a statement of its own. A row per key that names an installation.
 * Buckets are locked in bucket order, the installations' before the routes' (`rate` is read
 * whole before `route`): two statements sharing buckets wait for each other, never deadlock.
 * `routes`: some request of the batch counts in a route's ceiling. Without one (every request but
 * the inbound webhooks) the statement leaves out the route's CTEs, whose rows would all be empty:
 * the same rows, about a third of the statement's plan nodes fewer to start and run on every batch.
 */
function batchedAdmissionStatement(routes: boolean): RawBuilder<KeyLookupRow & { ord: number }> {
  if (!routes)
    return sql<KeyLookupRow & { ord: number }>`
    with i as (${installations.holdersOfKeys(slot<string[]>('keyHashes'))}
    ), admitted as (
      select i.ord, i.installation_id, i.sandbox_id from i
       ${ADMITTED}
    ), ${TOUCH}, ${RATE}, ${placed(false)}
    select ${KEY_HOLDER_REFS}, i.ord, placed.rate_count, placed.rate_retry_after, null::int as inbound_count, null::int as inbound_retry_after
      from i left join placed on placed.ord = i.ord`;
  return sql<KeyLookupRow & { ord: number }>`
    with i as (${installations.holdersOfKeys(slot<string[]>('keyHashes'))}
    ), admitted as (
      select i.ord, i.installation_id, i.sandbox_id, r.per_minute, r.route_bucket
        from i join unnest(${slot<number[]>('perMinute')}::int[], ${slot<(string | null)[]>('routeBuckets')}::text[])
                    with ordinality as r(per_minute, route_bucket, ord) on r.ord = i.ord
       ${ADMITTED}
    ), ${TOUCH}, ${RATE}, ${placed(true)}, route as (
      select ord, installation_id, route_bucket from placed where route_bucket is not null and rate_count <= per_minute
    ), inbound as (
      ${upsertBuckets(sql`select route_bucket || installation_id, now(), count(*)::int from route group by route_bucket, installation_id order by 1`)}
    ), route_placed as (
      select r.ord, inbound.retry_after as inbound_retry_after,
             (inbound.count - count(*) over (partition by inbound.bucket)
                            + row_number() over (partition by inbound.bucket order by r.ord))::int as inbound_count
        from route r join inbound on inbound.bucket = r.route_bucket || r.installation_id
    )
    select ${KEY_HOLDER_REFS}, i.ord, placed.rate_count, placed.rate_retry_after, route_placed.inbound_count, route_placed.inbound_retry_after
      from i left join placed on placed.ord = i.ord left join route_placed on route_placed.ord = i.ord`;
}

/** The admitted requests' sandboxes touch their idle clock (at most once a minute each). */
const TOUCH = sql`touch as (
      update control.sandboxes set last_accessed_at = now()
       where sandbox_id in (select sandbox_id from admitted) and last_accessed_at < now() - interval '1 minute'
       returning 1
    )`;

/** Each installation's bucket counted once, by its number of admitted requests, in bucket order. */
const RATE = sql`rate as (
      ${upsertBuckets(sql`select 'installation:' || installation_id, now(), count(*)::int from admitted group by installation_id order by 1`)}
    )`;

/** Every admitted request's own place in its installation's bucket, in arrival order (`routes`: with its route's columns). */
const placed = (routes: boolean) => sql`placed as (
      select a.ord, a.installation_id, a.sandbox_id, ${routes ? sql`a.per_minute, a.route_bucket, ` : sql``}rate.retry_after as rate_retry_after,
             (rate.count - count(*) over (partition by a.installation_id)
                         + row_number() over (partition by a.installation_id order by a.ord))::int as rate_count
        from admitted a join rate on rate.bucket = 'installation:' || a.installation_id
    )`;

/** The two shapes: a batch with a route's ceiling (`route`) and one without (`plain`). */
const batchedAdmission = new PreparedQuery<KeyLookupRow & { ord: number }>(2);

/** At most this many requests' keys in one admission statement. */
const MAX_BATCH = 100;

/** One request's part of a batched admission. */
interface AdmissionRequest {
  keyHash: string;
  perMinute: number;
  /** The bucket prefix of a route's own ceiling (POST /webhooks/external), or null; its limit is checked by the caller. */
  routeBucket: string | null;
}

interface PendingAdmission {
  request: AdmissionRequest;
  resolve: (row: KeyLookupRow | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * The admissions of one database handle's requests, batched: the requests that reach admission in
 * one turn of the event loop (under load, every request whose bytes arrived together) share one
 * statement, sent when the turn ends (setImmediate: no added wait). Each request still gets a key
 * lookup made after it arrived, and its own place in its bucket: a bucket counted n times by one
 * statement gives its n requests the counts c-n+1 .. c in arrival order, as n statements in a row
 * would, so the limit is as strict and as shared between processes as one statement a request.
 */
class AdmissionBatcher {
  private pending: PendingAdmission[] = [];

  constructor(private readonly db: Db) {}

  admit(request: AdmissionRequest): Promise<KeyLookupRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.pending.push({ request, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const all = this.pending;
    this.pending = [];
    for (let start = 0; start < all.length; start += MAX_BATCH)
      void this.run(all.slice(start, start + MAX_BATCH));
  }

  private async run(batch: PendingAdmission[]): Promise<void> {
    let rows: (KeyLookupRow & { ord: number })[];
    const routes = batch.some((p) => p.request.routeBucket !== null);
    try {
      rows = await batchedAdmission.execute(
        this.db,
        routes ? 'route' : 'plain',
        () => batchedAdmissionStatement(routes),
        {
          keyHashes: batch.map((p) => p.request.keyHash),
          ...(routes && {
            perMinute: batch.map((p) => p.request.perMinute),
            routeBuckets: batch.map((p) => p.request.routeBucket),
          }),
        },
      );
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    const byOrd = new Map(rows.map((row) => [row.ord, row]));
    batch.forEach((p, index) => p.resolve(byOrd.get(index + 1)));
  }
}

const batchers = new WeakMap<Db, AdmissionBatcher>();

function batcherOf(db: Db): AdmissionBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new AdmissionBatcher(db)));
  return batcher;
}
