import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';

// Per-endpoint statistics of the extra webhook endpoints (control.webhook_endpoint_stats, one row
// an endpoint and UTC hour). The fan-out adds the events each endpoint matched and those its
// location or content filter ruled out; `record` adds the deliveries that ended. Each is one
// upsert a batch, its rows in endpoint order, after every other lock of the batch's webhook work
// (keep it so: the installations' counters, and any lock added beside them, come first in every
// batch), so two batches wait for each other here, never deadlock. An endpoint deleted meanwhile
// is skipped: its rows went with it, and a new row would break the foreign key.

/** What the fan-out made of an event for one endpoint; `unselected` (not its events) is not counted. */
export type EndpointVerdict = 'matched' | 'filtered' | 'unselected';

interface Counts {
  matched: number;
  filtered_out: number;
  delivered: number;
  failed: number;
}

/** A batch's counts by endpoint, before they are written. */
export class EndpointTally {
  private readonly counts = new Map<number, Counts>();

  private of(endpointId: number): Counts {
    let counts = this.counts.get(endpointId);
    if (!counts) {
      counts = { matched: 0, filtered_out: 0, delivered: 0, failed: 0 };
      this.counts.set(endpointId, counts);
    }
    return counts;
  }

  event(endpointId: number, verdict: EndpointVerdict): void {
    if (verdict === 'matched') this.of(endpointId).matched += 1;
    else if (verdict === 'filtered') this.of(endpointId).filtered_out += 1;
  }

  ended(endpointId: number, status: 'delivered' | 'failed'): void {
    this.of(endpointId)[status] += 1;
  }

  /** The rows to add, in endpoint order (the lock order). */
  rows(): (Counts & { webhook_endpoint_id: number })[] {
    return [...this.counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([webhook_endpoint_id, counts]) => ({ webhook_endpoint_id, ...counts }));
  }
}

/** Adds the tally to the current hour's rows, in one statement; nothing when it is empty. */
export async function addEndpointStats(
  trx: Transaction<Database>,
  tally: EndpointTally,
): Promise<void> {
  const rows = tally.rows();
  if (rows.length === 0) return;
  // The endpoints are locked first (key share, in id order): one deleted meanwhile is left out
  // rather than failing the foreign key check, and one being deleted is waited for, then left out.
  await sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(webhook_endpoint_id int, matched int, filtered_out int, delivered int, failed int)
    ), live as materialized (
      select we.webhook_endpoint_id from control.webhook_endpoints we
       where we.webhook_endpoint_id = any(${rows.map((r) => r.webhook_endpoint_id)}::int[])
       order by we.webhook_endpoint_id for key share
    )
    insert into control.webhook_endpoint_stats as s (webhook_endpoint_id, hour, matched, filtered_out, delivered, failed)
    select v.webhook_endpoint_id, date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC',
           v.matched, v.filtered_out, v.delivered, v.failed
      from v join live on live.webhook_endpoint_id = v.webhook_endpoint_id
     order by v.webhook_endpoint_id
    on conflict (webhook_endpoint_id, hour) do update
       set matched = s.matched + excluded.matched, filtered_out = s.filtered_out + excluded.filtered_out,
           delivered = s.delivered + excluded.delivered, failed = s.failed + excluded.failed`.execute(
    trx,
  );
}

/** The extra endpoints' deliveries among a batch's recorded outcomes that ended (not to be retried). */
export function endedAtEndpoints(
  outcomes: { logId: number; endpointId?: number | null; logStatus: string }[],
  recorded: ReadonlySet<number>,
): EndpointTally {
  const tally = new EndpointTally();
  for (const o of outcomes)
    if (o.endpointId != null && recorded.has(o.logId) && o.logStatus !== 'pending')
      tally.ended(o.endpointId, o.logStatus === 'delivered' ? 'delivered' : 'failed');
  return tally;
}
