import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// What a plugin's installations (production and every sandbox) used since a moment: the request
// log's entries grouped by the probe they match, the outbound deliveries grouped by event. Two
// statements, both through the (installation_id, created_at) indexes of their tables.

/** One operation's footprint in a change: which of its requests count as uses of it. */
export interface OperationProbe {
  operationId: string;
  /** The version of the change: a request answered in it (or later) already had its shapes. */
  version: string;
  /** SQL/JSON paths (`$."items"[*]."price"`): a kept body holding one counts. */
  bodyPaths: string[];
  /** A request whose query string names one counts. */
  queryParameters: string[];
  anyCall: boolean;
  ok: boolean;
  failed: boolean;
}

// An escape jsonb refuses: \u0000, or half of a surrogate pair (JSON.stringify writes one alone).
const UNSAFE_JSON_ESCAPE = String.raw`\\u(0000|[dD][89abAB])`;

export interface Usage {
  count: number;
  lastUsedAt: Date;
}

/**
 * The uses of each probe (by its index). A body is not kept for a read, and a write's may be cut
 * (16 KB) or hold what jsonb refuses (a \u0000 or a lone surrogate escape): a body probe then
 * counts the call, as the only thing the log can tell.
 */
export async function operationUsage(
  db: Db,
  pluginId: number,
  since: Date,
  probes: readonly OperationProbe[],
): Promise<Map<number, Usage>> {
  if (!probes.length) return new Map();
  const rows = probes.map((p, key) => ({
    key,
    operation_id: p.operationId,
    version: p.version,
    body_paths: p.bodyPaths,
    query_parameters: p.queryParameters,
    any_call: p.anyCall,
    ok: p.ok,
    failed: p.failed,
  }));
  const { rows: found } = await sql<{ key: number; count: number; last_used_at: Date }>`
    with probe as (
      select p.key, p.operation_id, p.version, p.body_paths, p.query_parameters, p.any_call, p.ok, p.failed
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as p(
        key int, operation_id text, version text, body_paths text[], query_parameters text[],
        any_call boolean, ok boolean, failed boolean)
    ), request as (
      select r.operation_id, r.status, r.path, r.created_at, r.api_version,
             case when r.request_body is null or r.request_body like '%…[truncated]'
                       or r.request_body ~ ${UNSAFE_JSON_ESCAPE} then null
                  else r.request_body::jsonb end as body
      from control.api_requests r
      where r.installation_id in (
              select installation_id from control.installations where plugin_id = ${pluginId})
        and r.created_at >= ${since}
        and r.operation_id in (select operation_id from probe)
    )
    select p.key, count(*)::int as count, max(q.created_at) as last_used_at
    from request q
    join probe p on p.operation_id = q.operation_id
    -- A request answered in the change's version or later already had its shapes.
    where (q.api_version is null or q.api_version < p.version)
      and (p.any_call
       or (p.ok and q.status between 200 and 299)
       or (p.failed and q.status not between 200 and 299)
       or (cardinality(p.body_paths) > 0 and (q.body is null or exists (
             select 1 from unnest(p.body_paths) b where jsonb_path_exists(q.body, b::jsonpath))))
       or exists (
             select 1 from unnest(p.query_parameters) n
             where strpos(q.path, '?' || n || '=') > 0 or strpos(q.path, '&' || n || '=') > 0))
    group by p.key`.execute(db);
  return new Map(found.map((r) => [r.key, { count: r.count, lastUsedAt: r.last_used_at }]));
}

/** The deliveries of each event name (a skipped one was never sent and does not count). */
export async function eventUsage(
  db: Db,
  pluginId: number,
  since: Date,
  events: readonly string[],
): Promise<Map<string, Usage>> {
  if (!events.length) return new Map();
  const found = await db
    .selectFrom('control.webhook_logs')
    .select([
      'event_type',
      sql<number>`count(*)::int`.as('count'),
      sql<Date>`max(created_at)`.as('last_used_at'),
    ])
    .where('installation_id', 'in', (eb) =>
      eb
        .selectFrom('control.installations')
        .select('installation_id')
        .where('plugin_id', '=', pluginId),
    )
    .where('direction', '=', 'outbound')
    .where('status', '<>', 'skipped')
    .where('created_at', '>=', since)
    .where('event_type', 'in', [...events])
    .groupBy('event_type')
    .execute();
  return new Map(found.map((r) => [r.event_type, { count: r.count, lastUsedAt: r.last_used_at }]));
}
