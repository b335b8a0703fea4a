import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Prepared } from './delivery.js';

// Sandbox traffic toward third parties is bounded (security review 3, finding 7: anyone can point
// a sandbox at any public URL, and faults, retries and replays multiply what a write sends). A
// sandbox delivery attempt counts against its destination host's bucket (`control.rate_limits`,
// shared by every worker process, a one-minute window); attempts past the limit are not sent now
// but queued again for when the window ends. Production deliveries are never held.

export interface Admission {
  admitted: Prepared[];
  held: { prepared: Prepared; retryAfterSeconds: number }[];
}

export async function admitSandboxDeliveries(db: Db, perHostPerMinute: number, prepared: Prepared[]): Promise<Admission> {
  const admitted: Prepared[] = [];
  const byHost = new Map<string, Prepared[]>();
  for (const p of prepared) {
    const host = p.row.plane === 'sandbox' ? hostOf(p.row.webhook_endpoint) : null;
    if (host === null) admitted.push(p);
    else byHost.set(host, [...(byHost.get(host) ?? []), p]);
  }
  if (byHost.size === 0) return { admitted, held: [] };
  const hosts = [...byHost.keys()];
  // Every attempt of the batch is counted, held ones too: once a host is over, it stays over until its window ends.
  const { rows } = await sql<{ bucket: string; count: number; retry_after: number }>`
    insert into control.rate_limits as r (bucket, window_start, count)
    select 'sandbox-deliveries:' || v.host, now(), v.n from unnest(${hosts}::text[], ${hosts.map((h) => byHost.get(h)!.length)}::int[]) as v(host, n)
    on conflict (bucket) do update set
      window_start = case when r.window_start <= now() - interval '1 minute' then now() else r.window_start end,
      count = case when r.window_start <= now() - interval '1 minute' then excluded.count else r.count + excluded.count end
    returning bucket, count, greatest(1, ceil(extract(epoch from (window_start + interval '1 minute' - now()))))::int as retry_after`.execute(db);
  const held: Admission['held'] = [];
  for (const row of rows) {
    const attempts = byHost.get(row.bucket.slice('sandbox-deliveries:'.length))!;
    const free = Math.max(0, perHostPerMinute - (row.count - attempts.length));
    admitted.push(...attempts.slice(0, free));
    held.push(...attempts.slice(free).map((p) => ({ prepared: p, retryAfterSeconds: row.retry_after })));
  }
  return { admitted, held };
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
