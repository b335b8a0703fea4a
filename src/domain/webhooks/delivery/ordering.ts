import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { DeliveryAttempt } from './queue.js';

// Ordering per order (an extra webhook endpoint with ordering ORDER). The events of one order, its
// order.* and the payment.* of its payments, reach the endpoint one at a time in sequence order:
// a delivery whose ordering key ("order:<order_id>") has an earlier delivery to the same endpoint
// and installation still pending is made held (no job) by the fan-out; when that earlier one ends
// (delivered, failed its last attempt, or cancelled by an acknowledgement), `record` releases the
// next held one, its first attempt queued in the same transaction. After a failure the released
// delivery names the failed one's sequence (ordering_failed_sequence: `previous_failed_sequence` in
// its envelope). A failing order holds back only its own key: every other delivery flows as usual.
// The fan-out's check and the release take the same transaction-scoped advisory lock per key, so
// a delivery the fan-out holds is always seen by the release that follows it, and a release
// committed first is seen by the fan-out: no delivery is held with nothing pending before it.
// Lock order: the fan-out holds its installations' counters, then these; `record` takes these after
// the health's counters, in the same order. Several keys are locked in the order of their hash.

/** The key an event is ordered by on an ORDER endpoint: its order, for order.* and payment.* events. */
export function orderingKeyOf(event: string, data: Record<string, unknown> | null): string | null {
  if (!data || !(event.startsWith('order.') || event.startsWith('payment.'))) return null;
  const orderId = data.order_id;
  return typeof orderId === 'number' || typeof orderId === 'string' ? `order:${orderId}` : null;
}

/** A delivery with an ordering key, as the fan-out numbers it. */
export interface OrderedPair {
  installation_id: number;
  webhook_endpoint_id: number | null;
  ordering_key: string | null;
  sequence: number;
  ordering_held?: boolean;
}

const lockName = (endpointId: number, installationId: number, key: string) =>
  `${endpointId}/${installationId}/${key}`;

async function lockKeys(trx: Transaction<Database>, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await sql`select pg_advisory_xact_lock(h)
              from (select distinct hashtextextended(n, 0) as h from unnest(${names}::text[]) as n) k
             order by h`.execute(trx);
}

/**
 * Marks `ordering_held` on the fan-out's ordered pairs (in sequence order) that must wait: each
 * key's first pair when a delivery of that key is still pending, and every later pair of the key.
 */
export async function holdOrdered(trx: Transaction<Database>, pairs: OrderedPair[]): Promise<void> {
  const ordered = pairs.filter((p) => p.ordering_key !== null && p.webhook_endpoint_id !== null);
  if (ordered.length === 0) return;
  const name = (p: OrderedPair) =>
    lockName(p.webhook_endpoint_id!, p.installation_id, p.ordering_key!);
  const names = [...new Set(ordered.map(name))];
  await lockKeys(trx, names);
  const { rows } = await sql<{ name: string }>`
    select k.n as name
      from unnest(${ordered.map((p) => p.webhook_endpoint_id)}::int[], ${ordered.map((p) => p.installation_id)}::int[],
                  ${ordered.map((p) => p.ordering_key)}::text[], ${ordered.map(name)}::text[]) as k(endpoint_id, installation_id, ordering_key, n)
     where exists (select 1 from control.webhook_logs l
                    where l.webhook_endpoint_id = k.endpoint_id and l.installation_id = k.installation_id
                      and l.ordering_key = k.ordering_key and l.status = 'pending')`.execute(trx);
  const waiting = new Set(rows.map((row) => row.name));
  for (const pair of [...ordered].sort((a, b) => a.sequence - b.sequence)) {
    const key = name(pair);
    pair.ordering_held = waiting.has(key);
    waiting.add(key);
  }
}

/** A delivery with an ordering key that ended (or was found ended): its key's next may go. */
export interface OrderedEnd {
  endpointId: number;
  installationId: number;
  orderingKey: string;
  /** Its sequence when it failed its last attempt: the next one's envelope names it. */
  failedSequence: number | null;
}

/**
 * Releases, for each key whose delivery ended, the next held delivery (lowest sequence) unless
 * another of the key is still pending and not held. Returns their first attempts, to queue in the
 * same transaction. Idempotent: a second release of a key finds the first one's delivery pending.
 */
export async function releaseOrdered(
  trx: Transaction<Database>,
  ended: OrderedEnd[],
): Promise<DeliveryAttempt[]> {
  if (ended.length === 0) return [];
  const byName = new Map(
    ended.map((e) => [lockName(e.endpointId, e.installationId, e.orderingKey), e]),
  );
  const keys = [...byName.values()];
  await lockKeys(trx, [...byName.keys()]);
  const { rows } = await sql<{
    log_id: number;
    log_created_at: string;
    occurred_at: string | null;
  }>`
    with k as (
      select * from unnest(${keys.map((e) => e.endpointId)}::int[], ${keys.map((e) => e.installationId)}::int[],
                           ${keys.map((e) => e.orderingKey)}::text[], ${keys.map((e) => e.failedSequence)}::int[])
               as k(endpoint_id, installation_id, ordering_key, failed_sequence)
    ), next as (
      select n.log_id, n.created_at, k.failed_sequence
        from k
        cross join lateral (
          select l.log_id, l.created_at from control.webhook_logs l
           where l.webhook_endpoint_id = k.endpoint_id and l.installation_id = k.installation_id
             and l.ordering_key = k.ordering_key and l.status = 'pending' and l.ordering_held
           order by l.sequence limit 1) n
       where not exists (select 1 from control.webhook_logs l
                          where l.webhook_endpoint_id = k.endpoint_id and l.installation_id = k.installation_id
                            and l.ordering_key = k.ordering_key and l.status = 'pending' and l.ordering_held is not true)
    )
    update control.webhook_logs l
       set ordering_held = null, ordering_failed_sequence = next.failed_sequence, updated_at = now()
      from next
     where l.log_id = next.log_id and l.created_at = next.created_at
    returning l.log_id, l.created_at::text as log_created_at,
              (select e.occurred_at::text from control.events e where e.event_id = l.event_id) as occurred_at`.execute(
    trx,
  );
  return rows.map((row) => ({
    logId: row.log_id,
    attempt: 1,
    logCreatedAt: row.log_created_at,
    occurredAt: row.occurred_at,
  }));
}
