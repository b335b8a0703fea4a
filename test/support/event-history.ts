import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

export interface EventHistory {
  installationId: number;
  organizationId?: number | null;
  locationId?: number | null;
  /** The first sequence; the events get first, first + 1, ... */
  first?: number;
  count: number;
  /** How old the events (and their deliveries) are. */
  ageDays?: number;
  /** The status of each event's one delivery (one attempt made). */
  status?: 'delivered' | 'failed';
}

/**
 * A large event history of one installation, written straight into the tables in one statement:
 * `order.paid` events with their deliveries (one attempt each), feed entries and the sequence
 * counter. For tests and the bench that need thousands of events without sending them.
 */
export async function insertEventHistory(db: Db, history: EventHistory): Promise<void> {
  const { installationId, count, first = 1, ageDays = 0, status = 'delivered' } = history;
  const last = first + count - 1;
  await sql`
    with e as (
      insert into control.events (event_name, plane, organization_id, location_id, data, occurred_at)
      select 'order.paid', 'production', ${history.organizationId ?? null}::int, ${history.locationId ?? null}::int,
             jsonb_build_object('order_id', g, 'unique_orderid', 'ORD-' || g, 'total', '12.00', 'paid_at', '2026-03-14T18:40:00Z', 'sequence', g),
             now() - make_interval(days => ${ageDays}::int) + make_interval(secs => g - ${last}::int)
        from generate_series(${first}::int, ${last}::int) g
      returning event_id, occurred_at, (data->>'sequence')::int as seq
    ), l as (
      insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts, http_status,
                                        sequence, created_at, last_attempt_at)
      select ${installationId}::int, 'outbound', 'order.paid', event_id, ${status}::text, gen_random_uuid(), 1,
             case when ${status}::text = 'delivered' then 200 else 503 end, seq, occurred_at, occurred_at from e
      returning log_id, event_id, sequence, created_at, status
    ), a as (
      insert into control.webhook_delivery_attempts (log_id, log_created_at, attempt, status, http_status, duration_ms, attempted_at)
      select log_id, created_at, 1, status, case when status = 'delivered' then 200 else 503 end, 5, created_at from l
    ), f as (
      insert into control.installation_events (installation_id, sequence, event_id, event_type, occurred_at, log_id)
      select ${installationId}::int, l.sequence, l.event_id, 'order.paid', l.created_at, l.log_id from l
    )
    insert into control.installation_webhook_state (installation_id, last_sequence) values (${installationId}::int, ${last}::int)
    on conflict (installation_id) do update set last_sequence = greatest(control.installation_webhook_state.last_sequence, excluded.last_sequence)`.execute(
    db,
  );
}
