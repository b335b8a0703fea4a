import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { timedFetch, type Answer } from '../test/support/service-process.js';

// Load and bookkeeping for `make chaos`: bounded loops of POST /orders on 127.0.0.1 and the checks
// of what the database kept afterwards.

export interface Stream {
  answers: (Answer & { key: string })[];
  stop(): Promise<void>;
}

/** `loops` loops of POST /orders to `url()` (read on every request: a restart may move it), each order with its own key. */
export function orderStream(
  url: () => string,
  apiKey: string,
  itemId: number,
  prefix: string,
  loops = 2,
): Stream {
  const answers: (Answer & { key: string })[] = [];
  let going = true;
  let n = 0;
  const loop = async () => {
    while (going) {
      const key = `${prefix}-${(n += 1)}`;
      const answer = await timedFetch(`${url()}/api/plugin/v1/orders`, {
        method: 'POST',
        headers: { 'X-Plugin-Api-Key': apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          order_type: 'takeaway',
          external_order_id: key,
          items: [{ item_id: itemId, quantity: 1 }],
        }),
      });
      answers.push({ ...answer, key });
      if (answer.status !== 201) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const done = Promise.all(Array.from({ length: loops }, loop));
  return { answers, stop: async () => void ((going = false), await done) };
}

export interface FaultRow {
  fault: string;
  sent: number;
  byStatus: Record<string, number>;
  slowerThan2s: number;
  writesLost: number;
  eventsLost: number;
  eventsDuplicated: number;
  recoverMs: number | null;
  /** The properties that failed (empty: the fault passed). */
  failures: string[];
}

/** Acknowledged orders (201) missing from the database, and their order.created feed entries missing or repeated. */
export async function auditOrders(
  db: Db,
  installationId: number,
  answers: Answer[],
): Promise<Pick<FaultRow, 'writesLost' | 'eventsLost' | 'eventsDuplicated'>> {
  const acknowledged = answers
    .filter((a) => a.status === 201)
    .map((a) => (a.body!.data as { order_id: number }).order_id);
  if (acknowledged.length === 0) return { writesLost: 0, eventsLost: 0, eventsDuplicated: 0 };
  const stored = await sql<{
    order_id: number;
  }>`select order_id from production.orders where order_id = any(${acknowledged})`.execute(db);
  const inFeed = await sql<{ order_id: number; n: number }>`
    select (e.data->>'order_id')::int as order_id, count(*)::int as n
      from control.installation_events f join control.events e on e.event_id = f.event_id
     where f.installation_id = ${installationId} and f.event_type = 'order.created'
     group by 1`.execute(db);
  const count = new Map(inFeed.rows.map((r) => [r.order_id, r.n]));
  return {
    writesLost: acknowledged.length - stored.rows.length,
    eventsLost: acknowledged.filter((id) => !count.has(id)).length,
    eventsDuplicated: [...count.values()].filter((n) => n > 1).length,
  };
}

/** Whether the installation's feed numbers its events 1..n with no gap. */
export async function sequenceGapFree(db: Db, installationId: number): Promise<boolean> {
  const { rows } = await sql<{ n: number; max: number | null }>`
    select count(*)::int as n, max(sequence)::int as max from control.installation_events where installation_id = ${installationId}`.execute(
    db,
  );
  return rows[0]!.n === (rows[0]!.max ?? 0);
}

export function tally(answers: Answer[]): Pick<FaultRow, 'sent' | 'byStatus' | 'slowerThan2s'> {
  const byStatus: Record<string, number> = {};
  for (const a of answers)
    byStatus[a.status === 0 ? 'no answer' : String(a.status)] =
      (byStatus[String(a.status === 0 ? 'no answer' : a.status)] ?? 0) + 1;
  return {
    sent: answers.length,
    byStatus,
    slowerThan2s: answers.filter((a) => a.ms >= 2000).length,
  };
}

export function renderTable(rows: FaultRow[]): string {
  const head =
    '| fault | requests sent | answers by status | slower than 2 s | acknowledged writes lost | events lost / duplicated in the feed | time to recover | result |';
  const lines = rows.map((r) => {
    const statuses = Object.entries(r.byStatus)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    const recover = r.recoverMs === null ? '-' : `${(r.recoverMs / 1000).toFixed(1)} s`;
    const result = r.failures.length === 0 ? 'pass' : `FAIL: ${r.failures.join('; ')}`;
    return `| ${r.fault} | ${r.sent} | ${statuses} | ${r.slowerThan2s} | ${r.writesLost} | ${r.eventsLost} / ${r.eventsDuplicated} | ${recover} | ${result} |`;
  });
  return [head, '| --- | --- | --- | --- | --- | --- | --- | --- |', ...lines].join('\n');
}
