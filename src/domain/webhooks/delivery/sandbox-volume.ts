import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Prepared } from './delivery.js';

// Sandbox traffic toward third parties is bounded (security review 3, finding 7: anyone can point
// a sandbox at any public URL, and faults, retries and replays multiply what a write sends). A
// sandbox delivery attempt counts against two buckets (`control.rate_limits`, shared by every
// worker process, a one-minute window): its destination host's, so that many plugins cannot
// gather on one victim, and its plugin's, so that a plugin moving its endpoint from host to host
// cannot multiply its volume. Attempts past either limit are not sent now but queued again for
// when the window ends. Production deliveries are never held.

export interface SandboxLimits {
  readonly sandboxPerHostPerMinute: number;
  readonly sandboxPerPluginPerMinute: number;
}

export interface Admission {
  admitted: Prepared[];
  held: { prepared: Prepared; retryAfterSeconds: number }[];
}

interface BucketRow {
  /** The attempt's position in the batch's sandbox attempts, from 1. */
  ord: number;
  host_bucket: string;
  host_before: number;
  host_retry: number;
  plugin_bucket: string;
  plugin_before: number;
  plugin_retry: number;
}

export async function admitSandboxDeliveries(
  db: Db,
  limits: SandboxLimits,
  prepared: Prepared[],
): Promise<Admission> {
  const admitted: Prepared[] = [];
  const sandbox: { prepared: Prepared; host: string }[] = [];
  for (const p of prepared) {
    const host = p.row.plane === 'sandbox' ? hostOf(p.row.webhook_endpoint) : null;
    if (host === null) admitted.push(p);
    else sandbox.push({ prepared: p, host });
  }
  if (sandbox.length === 0) return { admitted, held: [] };
  const held: Admission['held'] = [];
  // Admitted in this batch, per bucket, on top of what the window counted before it.
  const taken = new Map<string, number>();
  for (const row of await countAttempts(db, sandbox)) {
    const p = sandbox[row.ord - 1]!.prepared;
    const full = [
      {
        bucket: row.host_bucket,
        before: row.host_before,
        limit: limits.sandboxPerHostPerMinute,
        retry: row.host_retry,
      },
      {
        bucket: row.plugin_bucket,
        before: row.plugin_before,
        limit: limits.sandboxPerPluginPerMinute,
        retry: row.plugin_retry,
      },
    ].filter((b) => b.before + (taken.get(b.bucket) ?? 0) >= b.limit);
    if (full.length > 0) {
      held.push({ prepared: p, retryAfterSeconds: Math.max(...full.map((b) => b.retry)) });
      continue;
    }
    admitted.push(p);
    for (const bucket of [row.host_bucket, row.plugin_bucket])
      taken.set(bucket, (taken.get(bucket) ?? 0) + 1);
  }
  return { admitted, held };
}

/**
 * Counts the attempts in their host's and their plugin's buckets, in one statement: per attempt,
 * both buckets' counts before this batch and the seconds until their windows end. Every attempt
 * is counted, held ones too: once a bucket is over, it stays over until its window ends. The
 * buckets are written in name order, so concurrent batches never lock them in opposite orders.
 * (An attempt whose installation was deleted meanwhile, its log with it, gets no row: nothing to send.)
 */
async function countAttempts(
  db: Db,
  attempts: { prepared: Prepared; host: string }[],
): Promise<BucketRow[]> {
  const hosts = attempts.map((a) => a.host);
  const installationIds = attempts.map((a) => a.prepared.row.installation_id);
  const { rows } = await sql<BucketRow>`
    with attempt as (
      select v.ord, 'sandbox-deliveries:' || v.host as host_bucket, 'sandbox-plugin-deliveries:' || i.plugin_id as plugin_bucket
        from unnest(${hosts}::text[], ${installationIds}::int[]) with ordinality as v(host, installation_id, ord)
        join control.installations i on i.installation_id = v.installation_id
    ), wanted as (
      select host_bucket as bucket, count(*)::int as n from attempt group by host_bucket
      union all
      select plugin_bucket, count(*)::int from attempt group by plugin_bucket
    ), counted as (
      insert into control.rate_limits as r (bucket, window_start, count)
      select bucket, now(), n from wanted order by bucket
      on conflict (bucket) do update set
        window_start = case when r.window_start <= now() - interval '1 minute' then now() else r.window_start end,
        count = case when r.window_start <= now() - interval '1 minute' then excluded.count else r.count + excluded.count end
      returning bucket, count, greatest(1, ceil(extract(epoch from (window_start + interval '1 minute' - now()))))::int as retry_after
    ), bucket as (
      select c.bucket, c.count - w.n as before, c.retry_after from counted c join wanted w on w.bucket = c.bucket
    )
    select a.ord::int, a.host_bucket, h.before as host_before, h.retry_after as host_retry,
           a.plugin_bucket, p.before as plugin_before, p.retry_after as plugin_retry
      from attempt a join bucket h on h.bucket = a.host_bucket join bucket p on p.bucket = a.plugin_bucket
     order by a.ord`.execute(db);
  return rows;
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
