import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Prepared } from './delivery.js';

// An extra webhook endpoint's rateLimitPerSecond: at most that many of its attempts start in a
// second, across every worker process; the rest wait for a later second (queued again: not
// failed, not an attempt). The seconds are the database clock's whole seconds, so up to twice
// the limit can arrive within less than a second across a boundary.
// Two buckets an endpoint (control.rate_limits, written by one statement a batch, none for a
// batch without a limited attempt): its window, the attempts presented in the current second
// (admitted while within the limit), and its backlog, the places of later seconds already given
// out, `limit` a second. An attempt past the limit takes the next free place of the backlog and
// is due when its second begins: a burst of 100 at 10 a second goes out over 10 seconds, each
// attempt queued again once, and an attempt that arrives behind a backlog waits behind it rather
// than taking, second after second, a place its elders come back for. (An attempt that comes back
// when its second has begun meets a fresh window; one delayed past it counts again.)

export interface RateAdmission {
  admitted: Prepared[];
  /** Attempts past their endpoint's limit, each with the time (Date.now()) its second begins. */
  held: { prepared: Prepared; dueAt: number }[];
}

interface EndpointRow {
  webhook_endpoint_id: number;
  /** How many of its attempts in this batch are within the window's limit (the first ones). */
  sent: number;
  /** The backlog's places given out before this batch's excess, from its first second. */
  queued_before: number | null;
  /** Seconds from the statement's now() to the backlog's first second (a whole second). */
  wait_seconds: number | null;
}

export async function admitEndpointRates(db: Db, prepared: Prepared[]): Promise<RateAdmission> {
  const byEndpoint = new Map<number, { limit: number; attempts: Prepared[] }>();
  const admitted: Prepared[] = [];
  for (const p of prepared) {
    const { webhook_endpoint_id: id, rate_limit_per_second: limit } = p.row;
    // A disabled endpoint's attempt (no URL) fails without a request: it takes no place.
    if (id === null || limit === null || p.row.webhook_endpoint === null) admitted.push(p);
    else {
      const group = byEndpoint.get(id) ?? { limit, attempts: [] };
      group.attempts.push(p);
      byEndpoint.set(id, group);
    }
  }
  if (byEndpoint.size === 0) return { admitted, held: [] };
  const rows = await countEndpointAttempts(db, byEndpoint);
  const answeredAt = Date.now();
  const held: RateAdmission['held'] = [];
  for (const row of rows) {
    const { limit, attempts } = byEndpoint.get(row.webhook_endpoint_id)!;
    admitted.push(...attempts.slice(0, row.sent));
    attempts.slice(row.sent).forEach((p, k) => {
      const second = Math.floor((row.queued_before! + k) / limit);
      held.push({ prepared: p, dueAt: answeredAt + (row.wait_seconds! + second) * 1000 });
    });
  }
  return { admitted, held };
}

/**
 * One statement: each endpoint's attempts counted in its window (a new one each second), then its
 * excess given places in its backlog (which starts at the next second at the earliest; the
 * places of seconds already begun are dropped). Every window row is written before any backlog row,
 * each kind in name order, so concurrent batches never lock them in opposite orders.
 */
async function countEndpointAttempts(
  db: Db,
  byEndpoint: Map<number, { limit: number; attempts: Prepared[] }>,
): Promise<EndpointRow[]> {
  const ids = [...byEndpoint.keys()];
  const limits = ids.map((id) => byEndpoint.get(id)!.limit);
  const counts = ids.map((id) => byEndpoint.get(id)!.attempts.length);
  const { rows } = await sql<EndpointRow>`
    with wanted as (
      select v.id, v.lim, v.n, 'endpoint-deliveries:' || v.id as window_bucket, 'endpoint-backlog:' || v.id as backlog_bucket
        from unnest(${ids}::int[], ${limits}::int[], ${counts}::int[]) as v(id, lim, n)
    ), counted as (
      insert into control.rate_limits as r (bucket, window_start, count)
      select window_bucket, date_trunc('second', now()), n from wanted order by window_bucket
      on conflict (bucket) do update set
        window_start = excluded.window_start,
        count = case when r.window_start < excluded.window_start then excluded.count else r.count + excluded.count end
      returning bucket, count
    ), admitted as (
      select w.id, w.lim, w.n, w.backlog_bucket, least(w.n, greatest(0, w.lim - (c.count - w.n))) as sent
        from wanted w join counted c on c.bucket = w.window_bucket
    ), queued as (
      insert into control.rate_limits as r (bucket, window_start, count)
      select backlog_bucket, date_trunc('second', now()) + interval '1 second', n - sent
        from admitted
       -- Read whole first: every window row is locked before the first backlog row.
       where n > sent and (select count(*) from counted) > 0
       order by backlog_bucket
      on conflict (bucket) do update set
        window_start = greatest(r.window_start, excluded.window_start),
        count = greatest(0, r.count - (select lim from wanted where backlog_bucket = r.bucket)
                              * extract(epoch from greatest(excluded.window_start - r.window_start, interval '0'))::bigint)
                + excluded.count
      returning bucket, window_start, count
    )
    select a.id as webhook_endpoint_id, a.sent, q.count - (a.n - a.sent) as queued_before,
           extract(epoch from q.window_start - now())::float8 as wait_seconds
      from admitted a left join queued q on q.bucket = a.backlog_bucket`.execute(db);
  return rows;
}
