import { sql, type Kysely } from 'kysely';

// API version 2026-11-29 renames an order event's `unique_orderid` to `order_number`. Events are
// stored in head's shape and taken back to each installation's version when delivered or listed
// (src/domain/api-versions/migrator.ts), so the stored order events take the new name: a plugin
// pinned to 2026-11-21 still receives `unique_orderid`, one at 2026-11-29 `order_number`, for old
// events and new alike. Only the five order events carry it. Payloads kept on delivery logs are
// what was sent (their history) and stay as they are.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update control.events
               set data = (data - 'unique_orderid') || jsonb_build_object('order_number', data -> 'unique_orderid')
             where event_name in ('order.created', 'order.status_changed', 'order.items_added', 'order.paid', 'order.cancelled')
               and data ? 'unique_orderid'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update control.events
               set data = (data - 'order_number') || jsonb_build_object('unique_orderid', data -> 'order_number')
             where event_name in ('order.created', 'order.status_changed', 'order.items_added', 'order.paid', 'order.cancelled')
               and data ? 'order_number'`.execute(db);
}
