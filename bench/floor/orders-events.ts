// The floor of POST /orders, GET /events and POST /events/ack: the service's own statements
// (as pg_stat_statements shows them for the compiled service), in the same transactions, with
// named statements and none of the service's layers. The feed chooses its days as the service
// does (feed-days.ts: a pure function, no layer).
import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import {
  readByDays,
  type FeedDay,
  type FeedSpan,
} from '../../src/domain/webhooks/feed/feed-days.js';
import { ORDER_VIEW, ORDER_VIEW_PARAMETERS } from '../order-view-sql.js';
import { inTransaction, query, send, type Installation } from './common.js';

const CREATE = {
  lock: 'select pg_advisory_xact_lock(hashtextextended($1, 0))',
  existing:
    'select * from "production"."orders" where "organization_id" = $1 and "idempotency_key" = $2',
  items:
    'select "item_id", "name", "price", "is_available", "is_active" from "production"."menu_items" where "item_id" = any($1::int[]) and "location_id" = $2',
  links:
    'select "item_id", "template_id" from "production"."menu_item_templates" where "item_id" = any($1::int[])',
  currency: 'select "currency" from "production"."locations" where "location_id" = $1',
  order: `insert into "production"."orders" ("organization_id", "location_id", "unique_orderid", "status", "order_type", "table_number", "party_size",
            "external_order_id", "idempotency_key", "request_hash", "customer_id", "total", "currency", "kitchen_instructions", "metadata", "source")
          values ($1, $2, $3, 'CREATED', $4, null, null, null, $5, $6, null, $7, $8, null, '{}', 'plugin') on conflict ("unique_orderid") do nothing returning *`,
  event: `insert into "control"."events" ("event_name", "plane", "sandbox_id", "organization_id", "location_id", "installation_id", "request_id", "data")
          values ('order.created', 'production', null, $1, $2, null, $3, $4) returning "event_id", (select coalesce(json_agg(x), '[]') from (
            select i.installation_id, p.supported_events from control.plugins p join control.installations i on i.plugin_id = p.plugin_id
             where i.status = 'active' and i.plane = 'production' and i.sandbox_id is null and i.organization_id = $1 and i.location_id = $2
               and p.webhook_secret_enc is not null and (p.webhook_endpoint is not null or p.has_webhook_endpoints)) x) as "recipients"`,
  view: `${ORDER_VIEW} where "production"."orders"."order_id" in ($3)`,
};

/** The service's multi-row VALUES insert of `n` lines (one named statement per line count). */
const linesInsert = (n: number) =>
  `insert into "production"."order_items" ("order_id", "item_id", "name", "quantity", "unit_price", "line_total", "notes", "position") values ${Array.from(
    { length: n },
    (_, i) => `(${Array.from({ length: 8 }, (_, j) => `$${i * 8 + j + 1}`).join(', ')})`,
  ).join(', ')} returning "order_item_id", "position"`;

type Line = { item_id: number; quantity: number };

/** Idempotent create with its event, in one transaction (no recipients in the bench: no fan-out job). */
export async function createOrder(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  inst: Installation,
  body: Buffer,
): Promise<void> {
  const input = JSON.parse(body.toString('utf8')) as { order_type: string; items: Line[] };
  const key = String(req.headers['x-idempotency-key']);
  const hash = createHash('sha256').update(body).digest('hex');
  const result = await inTransaction(async (q) => {
    await q('floor_create_lock', CREATE.lock, [`production:order:${inst.organization_id}:${key}`]);
    const { rows: existing } = await q('floor_create_existing', CREATE.existing, [
      inst.organization_id,
      key,
    ]);
    if (existing[0]) return { status: 200, order: existing[0] };
    const ids = [...new Set(input.items.map((l) => l.item_id))];
    const { rows: items } = await q('floor_create_items', CREATE.items, [ids, inst.location_id]);
    await q('floor_create_links', CREATE.links, [ids]);
    const menu = new Map(
      items.map((i) => [i.item_id as number, i as { name: string; price: string }]),
    );
    const lines = input.items.map((l) => ({
      ...l,
      name: menu.get(l.item_id)!.name,
      unit: Math.round(Number(menu.get(l.item_id)!.price) * 100),
    }));
    const total = lines.reduce((sum, l) => sum + l.unit * l.quantity, 0);
    const {
      rows: [location],
    } = await q('floor_create_currency', CREATE.currency, [inst.location_id]);
    const uniqueOrderId = `ORD-${randomBytes(5).toString('hex').toUpperCase()}`;
    const {
      rows: [order],
    } = await q('floor_create_order', CREATE.order, [
      inst.organization_id,
      inst.location_id,
      uniqueOrderId,
      input.order_type,
      key,
      hash,
      (total / 100).toFixed(2),
      location.currency,
    ]);
    const values = lines.flatMap((l, i) => [
      order.order_id,
      l.item_id,
      l.name,
      l.quantity,
      (l.unit / 100).toFixed(2),
      ((l.unit * l.quantity) / 100).toFixed(2),
      null,
      i,
    ]);
    await q(`floor_create_lines_${lines.length}`, linesInsert(lines.length), values);
    const data = {
      order_id: order.order_id,
      order_number: order.unique_orderid,
      table_number: null,
      order_status: 'CREATED',
      total: order.total,
      party_size: null,
      created_at: order.created_at.toISOString(),
    };
    await q('floor_create_event', CREATE.event, [
      inst.organization_id,
      inst.location_id,
      req.headers['x-request-id'] ?? null,
      JSON.stringify(data),
    ]);
    const {
      rows: [view],
    } = await q('floor_create_view', CREATE.view, [...ORDER_VIEW_PARAMETERS, order.order_id]);
    return { status: 201, order: view };
  });
  send(res, result.status, { data: result.order });
}

const FEED = {
  state: `select (select s.acknowledged_through from control.installation_webhook_state s where s.installation_id = $1) as acknowledged_through,
                 coalesce((select json_agg(json_build_object('day', d.day::text, 'first', d.first_sequence, 'last', d.last_sequence, 'entries', d.entries)
                                           order by d.first_sequence, d.day)
                             from control.installation_feed_days d where d.installation_id = $1), '[]') as days`,
  // The span's bounds are constants of the statement, as the service writes them (feed-days.ts spanBound).
  page: (
    span: FeedSpan,
  ) => `select ie.sequence, ie.event_id, ie.event_type, e.occurred_at, e.data as event_data, e.request_id,
                case when l.status in ('failed', 'acknowledged') and ie.sequence <= $1::int then 'acknowledged' else l.status end as status,
                l.attempts, l.last_attempt_at, l.error_message
           from control.installation_events ie
           cross join lateral (select e.occurred_at, e.data, e.request_id from control.events e
                                where e.event_id = ie.event_id and e.occurred_at = ie.occurred_at
                                  and e.occurred_at >= '${span.from}'::timestamptz and e.occurred_at < '${span.to}'::timestamptz limit 1) e
           cross join lateral (select l.status, l.attempts, l.last_attempt_at, l.error_message from control.webhook_logs l
                                where l.log_id = ie.log_id and l.created_at >= ie.occurred_at - interval '1 day'
                                  and l.created_at >= '${span.from}'::timestamptz - interval '1 day' limit 1) l
          where ie.installation_id = $2 and ie.sequence > $3 and ie.sequence <= $5
            and ie.occurred_at >= '${span.from}'::timestamptz and ie.occurred_at < '${span.to}'::timestamptz
          order by ie.sequence
          limit $4`,
  oldest: (span: FeedSpan) => `select "sequence" from "control"."installation_events"
           where "installation_id" = $1 and "occurred_at" >= '${span.from}'::timestamptz and "occurred_at" < '${span.to}'::timestamptz
           order by "sequence" limit 1`,
};

export async function listEvents(
  res: http.ServerResponse,
  inst: Installation,
  url: URL,
): Promise<void> {
  const after = Number(url.searchParams.get('after') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const {
    rows: [state],
  } = await query('floor_feed_state', FEED.state, [inst.installation_id]);
  const acknowledged = state.acknowledged_through ?? 0;
  const days = state.days as FeedDay[];
  const rows = await readByDays(
    days,
    after,
    limit + 1,
    async (span) =>
      (
        await query(`floor_feed_page_${span.from}_${span.to}`, FEED.page(span), [
          acknowledged,
          inst.installation_id,
          after,
          limit + 1,
          span.through,
        ])
      ).rows as ({ sequence: number } & Record<string, any>)[],
  );
  const [oldest] = await readByDays(
    days,
    0,
    1,
    async (span) =>
      (
        await query(`floor_feed_oldest_${span.from}_${span.to}`, FEED.oldest(span), [
          inst.installation_id,
        ])
      ).rows as { sequence: number }[],
  );
  const page = rows.slice(0, limit);
  const data = page.map((r) => ({
    id: r.event_id,
    event: r.event_type,
    timestamp: r.occurred_at.toISOString(),
    installation_id: inst.installation_id,
    data: r.event_data,
    sequence: r.sequence,
    request_id: r.request_id,
    delivery: {
      status: r.status,
      attempts: r.attempts,
      last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
      last_error: r.status === 'delivered' ? null : r.error_message,
    },
  }));
  const meta = {
    count: page.length,
    limit,
    next_after: page.at(-1)?.sequence ?? after,
    has_more: rows.length > limit,
    acknowledged_through: acknowledged,
    oldest_sequence: oldest?.sequence ?? null,
  };
  send(res, 200, { data, meta });
}

const ACK = {
  last: 'select "last_sequence" from "control"."installation_webhook_state" where "installation_id" = $1',
  timeout: "select set_config('lock_timeout', $1, true)",
  cancel: `update control.webhook_logs set status = 'acknowledged', updated_at = now()
            where installation_id = $1 and direction = 'outbound' and status = 'pending' and sequence <= $2 returning log_id`,
  cursor: `insert into control.installation_webhook_state as s (installation_id, acknowledged_through) values ($1, $2)
           on conflict (installation_id) do update set acknowledged_through = greatest(s.acknowledged_through, excluded.acknowledged_through)
           returning acknowledged_through`,
};

export async function acknowledge(
  res: http.ServerResponse,
  inst: Installation,
  body: Buffer,
): Promise<void> {
  const { through } = JSON.parse(body.toString('utf8')) as { through: number };
  const {
    rows: [state],
  } = await query('floor_ack_last', ACK.last, [inst.installation_id]);
  if (through > (state?.last_sequence ?? 0)) return send(res, 422, { error: 'validation_error' });
  const data = await inTransaction(async (q) => {
    await q('floor_ack_timeout', ACK.timeout, ['2000ms']);
    const { rows: cancelled } = await q('floor_ack_cancel', ACK.cancel, [
      inst.installation_id,
      through,
    ]);
    const {
      rows: [cursor],
    } = await q('floor_ack_cursor', ACK.cursor, [inst.installation_id, through]);
    return {
      acknowledged_through: cursor.acknowledged_through,
      cancelled_deliveries: cancelled.length,
    };
  });
  send(res, 200, { data });
}
