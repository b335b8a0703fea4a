import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

// An endpoint's last 24 hours as its statistics count them (delivery/endpoint-stats.ts writes
// them by UTC hour): the current hour and the 23 before it, every endpoint of a page read at once.
// The primary endpoint has none here: its deliveries are counted per installation by the
// installations' delivery health (webhookHealth), which would cost a count over the log.

export interface EndpointStatistics {
  matched: number;
  delivered: number;
  failed: number;
  filteredOut: number;
  /** delivered / (delivered + failed); null when no delivery ended. */
  successRate: number | null;
  since: Date;
}

const HOUR = 3_600_000;

/** The start of the first hour counted: the current UTC hour's, less 23 hours. */
export function statisticsSince(now = new Date()): Date {
  return new Date(Math.floor(now.getTime() / HOUR) * HOUR - 23 * HOUR);
}

export function noStatistics(since: Date): EndpointStatistics {
  return { matched: 0, delivered: 0, failed: 0, filteredOut: 0, successRate: null, since };
}

/** The statistics of these endpoints from `since`, by endpoint id, in one statement (the caller checked ownership). */
export async function endpointStatistics(
  db: Db,
  endpointIds: readonly number[],
  since: Date,
): Promise<Map<number, EndpointStatistics>> {
  const { rows } = await sql<{
    webhook_endpoint_id: number;
    matched: number;
    delivered: number;
    failed: number;
    filtered_out: number;
  }>`
    select webhook_endpoint_id, sum(matched)::int as matched, sum(delivered)::int as delivered,
           sum(failed)::int as failed, sum(filtered_out)::int as filtered_out
      from control.webhook_endpoint_stats
     where webhook_endpoint_id = any(${endpointIds}::int[]) and hour >= ${since}
     group by webhook_endpoint_id`.execute(db);
  const found = new Map(endpointIds.map((id) => [id, noStatistics(since)]));
  for (const row of rows) {
    const ended = row.delivered + row.failed;
    found.set(row.webhook_endpoint_id, {
      matched: row.matched,
      delivered: row.delivered,
      failed: row.failed,
      filteredOut: row.filtered_out,
      successRate: ended === 0 ? null : row.delivered / ended,
      since,
    });
  }
  return found;
}
