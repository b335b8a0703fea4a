import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';

// Set-based history for the bench: events with their deliveries, attempts and feed entries, and API
// request log entries, for many installations at once, written with generate_series in statements
// of a bounded size. Rows go in through the parent tables with their columns named, so the same
// seeding works on today's tables and on time-partitioned ones.

export interface HistoryOptions {
  installationIds: number[];
  organizationId: number;
  locationId: number;
  /** Events (or request log entries) per installation. */
  perInstallation: number;
  /** The rows are spread evenly over this many days, ending now (the oldest `days` ago). */
  days: number;
  /** Rows per statement (whole installations: about this many). */
  batchRows?: number;
  /** Called after each statement with the rows written so far. */
  progress?: (rows: number) => void;
}

/** Splits the installations into groups of about `batchRows / perInstallation`. */
function groups(options: HistoryOptions): number[][] {
  const size = Math.max(1, Math.floor((options.batchRows ?? 250_000) / options.perInstallation));
  const out: number[][] = [];
  for (let i = 0; i < options.installationIds.length; i += size)
    out.push(options.installationIds.slice(i, i + size));
  return out;
}

/**
 * `order.paid` events for each installation (sequences 1..perInstallation after its current last
 * one), each with one delivered delivery, its attempt and its feed entry; the sequence counters move.
 */
export async function seedEventHistory(db: Db, options: HistoryOptions): Promise<number> {
  const { perInstallation: n, days } = options;
  let written = 0;
  for (const ids of groups(options)) {
    await sql`
      with i as (
        select u.installation_id, coalesce(s.last_sequence, 0) as base
          from unnest(${ids}::int[]) u(installation_id)
          left join control.installation_webhook_state s on s.installation_id = u.installation_id
      ), e as (
        insert into control.events (event_name, plane, organization_id, location_id, data, occurred_at)
        select 'order.paid', 'production', ${options.organizationId}::int, ${options.locationId}::int,
               jsonb_build_object('order_id', g, 'order_number', 'ORD-' || g, 'total', '12.00', 'paid_at', '2026-03-14T18:40:00Z',
                                  'installation_id', i.installation_id, 'sequence', i.base + g),
               now() - make_interval(secs => ${days}::float8 * 86400 * (${n}::int - g) / ${n}::int)
          from i, generate_series(1, ${n}::int) g
        returning event_id, occurred_at, (data->>'installation_id')::int as installation_id, (data->>'sequence')::int as seq
      ), l as (
        insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts, http_status,
                                          sequence, created_at, last_attempt_at)
        select installation_id, 'outbound', 'order.paid', event_id, 'delivered', gen_random_uuid(), 1, 200, seq, occurred_at, occurred_at from e
        returning log_id, installation_id, event_id, sequence, created_at
      ), a as (
        insert into control.webhook_delivery_attempts (log_id, log_created_at, attempt, status, http_status, duration_ms, attempted_at)
        select log_id, created_at, 1, 'delivered', 200, 5, created_at from l
      ), f as (
        insert into control.installation_events (installation_id, sequence, event_id, event_type, occurred_at, log_id)
        select installation_id, sequence, event_id, 'order.paid', created_at, log_id from l
      )
      insert into control.installation_webhook_state (installation_id, last_sequence)
      select installation_id, base + ${n}::int from i
      on conflict (installation_id) do update set last_sequence = excluded.last_sequence`.execute(
      db,
    );
    written += ids.length * n;
    options.progress?.(written);
  }
  return written;
}

/** API request log entries for each installation: reads, and one write in ten with its bodies. */
export async function seedRequestLog(
  db: Db,
  options: Omit<HistoryOptions, 'organizationId' | 'locationId'>,
): Promise<number> {
  const { perInstallation: n, days } = options;
  let written = 0;
  for (const ids of groups({ ...options, organizationId: 0, locationId: 0 })) {
    await sql`
      insert into control.api_requests (installation_id, created_at, method, path, operation_id, status, error_code, duration_ms,
                                        request_id, idempotency_key, client_ip, request_body, response_body)
      select u.installation_id, now() - make_interval(secs => ${days}::float8 * 86400 * (${n}::int - g) / ${n}::int),
             case when g % 10 = 0 then 'POST' else 'GET' end,
             case when g % 10 = 0 then '/api/plugin/v1/orders' else '/api/plugin/v1/orders/' || g end,
             case when g % 10 = 0 then 'createOrder' else 'getOrder' end,
             case when g % 50 = 0 then 404 when g % 10 = 0 then 201 else 200 end,
             case when g % 50 = 0 then 'not_found' end, 3.5, gen_random_uuid()::text,
             case when g % 10 = 0 then gen_random_uuid()::text end, '127.0.0.1',
             case when g % 10 = 0 then '{"order_type":"takeaway","items":[{"item_id":1,"quantity":1}]}' end,
             case when g % 10 = 0 then '{"data":{"order_id":1,"status":"CREATED"}}' end
        from unnest(${ids}::int[]) u(installation_id), generate_series(1, ${n}::int) g`.execute(db);
    written += ids.length * n;
    options.progress?.(written);
  }
  return written;
}

/**
 * `count` more orders at the location (created one a second back from now, after the ones there
 * are), each with two items (a customization on one item in ten) and a sale payment.
 */
export async function seedOrders(
  db: Db,
  o: {
    organizationId: number;
    locationId: number;
    itemIds: [number, number];
    count: number;
    customers: number;
  },
): Promise<void> {
  const {
    rows: [before],
  } = await sql<{
    max: number;
  }>`select coalesce(max(order_id), 0)::int as max from production.orders`.execute(db);
  const after = before!.max;
  await sql`
    insert into production.orders (organization_id, location_id, unique_orderid, status, order_type, table_number, party_size, total, currency, source, customer_id, created_at, updated_at)
    select ${o.organizationId}::int, ${o.locationId}::int, 'BENCH-' || (${after}::int + g), (array['CREATED','COOKING','SERVED','COMPLETED','PAID'])[1 + g % 5], 'dine_in', (g % 40)::text, 2, 31.00, 'EUR', 'pos',
           (select min(customer_id) from production.customers) + g % ${o.customers}::int, now() - ((${after}::int + g) || ' seconds')::interval, now() - ((${after}::int + g) || ' seconds')::interval
      from generate_series(1, ${o.count}::int) g`.execute(db);
  await sql`
    insert into production.order_items (order_id, item_id, name, quantity, unit_price, line_total)
    select o.order_id, ${o.itemIds[0]}::int, 'Dish 1', 1, 15.50, 15.50 from production.orders o where o.order_id > ${after}::int
    union all
    select o.order_id, ${o.itemIds[1]}::int, 'Dish 2', 1, 15.50, 15.50 from production.orders o where o.order_id > ${after}::int`.execute(
    db,
  );
  await sql`
    insert into production.order_item_customizations (order_item_id, template_id, option_id, name, price_delta)
    select order_item_id, 1, 1, 'Extra cheese', 1.00 from production.order_items where order_item_id % 10 = 0 and order_id > ${after}::int`.execute(
    db,
  );
  await sql`
    insert into production.transactions (organization_id, order_id, amount, currency, payment_method, provider, provider_transaction_id, source)
    select ${o.organizationId}::int, o.order_id, 31.00, 'EUR', 'card', 'bench-pay', 'bench-' || o.order_id, 'pos' from production.orders o where o.order_id > ${after}::int`.execute(
    db,
  );
}
