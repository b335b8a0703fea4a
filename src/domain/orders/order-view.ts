// The wire view of an order (openapi.yaml `Order`) and of a payment (`Payment`), built from rows
// with one query for the children of a whole page of orders (no per-order round trips).
import type { Kysely, Selectable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { DataPlaneSchema, OrdersTable, TransactionsTable } from '../../db/types.js';
import type { components } from '../../generated/openapi.generated.js';
import { formatMinor, normalizeMoney, toMinor, type PlaneTx } from '../shared/index.js';
import { PreparedQuery, slot } from '../../db/prepared.js';
import { reportedStatusOf, type InternalStatus } from './order-status.js';
import { ORDER_COLUMNS, qualified } from '../../db/columns.js';

export type OrderView = components['schemas']['Order'];
export type PaymentView = components['schemas']['Payment'];
export type OrderRow = Selectable<OrdersTable>;
export type TransactionRow = Selectable<TransactionsTable>;

/** The columns of a transaction its payment view reads (what an order view selects of each payment). */
const PAYMENT_COLUMNS = [
  'transaction_id',
  'order_id',
  'amount',
  'currency',
  'payment_method',
  'provider',
  'provider_transaction_id',
  'captured_at',
  'remaining_balance_after',
  'order_status_after',
] as const satisfies readonly (keyof TransactionRow)[];
type PaymentRow = Pick<TransactionRow, (typeof PAYMENT_COLUMNS)[number]>;
type Data = Kysely<DataPlaneSchema>;

/** What the order still owes, never below zero. */
export function remainingMinor(order: Pick<OrderRow, 'total' | 'paid_total'>): number {
  return Math.max(0, toMinor(order.total) - toMinor(order.paid_total));
}

/**
 * A payment as recorded. `remaining_balance` and `order_status` come from the snapshot taken when
 * the payment was applied; a row without one (written before the snapshot existed, or by code
 * that does not record it) reports the running balance and the order's current status.
 */
export function toPaymentView(
  row: PaymentRow,
  fallback: { remainingMinor: number; status: InternalStatus },
): PaymentView {
  const remaining =
    row.remaining_balance_after === null
      ? fallback.remainingMinor
      : toMinor(row.remaining_balance_after);
  const status = (row.order_status_after as InternalStatus | null) ?? fallback.status;
  return {
    payment_id: row.transaction_id,
    order_id: row.order_id,
    amount: normalizeMoney(row.amount),
    currency: row.currency.trim(),
    payment_method: row.payment_method,
    provider: row.provider,
    provider_transaction_id: row.provider_transaction_id,
    captured_at: row.captured_at.toISOString(),
    remaining_balance: formatMinor(remaining),
    order_status: reportedStatusOf(status),
  };
}

/**
 * Orders with their children (items with their customizations, payments, customer) in ONE query:
 * correlated JSON aggregates on indexed foreign keys, whatever the number of orders.
 */
export function selectOrderViews(data: Data) {
  return data
    .selectFrom('orders')
    .select(qualified('orders', ORDER_COLUMNS))
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('order_items as oi')
          .whereRef('oi.order_id', '=', 'orders.order_id')
          .orderBy('oi.position')
          .orderBy('oi.order_item_id')
          .select((ei) => [
            'oi.order_item_id',
            'oi.item_id',
            'oi.name',
            'oi.quantity',
            'oi.unit_price',
            'oi.line_total',
            'oi.notes',
            jsonArrayFrom(
              ei
                .selectFrom('order_item_customizations as c')
                .whereRef('c.order_item_id', '=', 'oi.order_item_id')
                .orderBy('c.order_item_customization_id')
                .select(['c.template_id', 'c.option_id', 'c.name', 'c.price_delta']),
            ).as('customizations'),
          ]),
      ).as('items'),
      jsonArrayFrom(
        eb
          .selectFrom('transactions as t')
          .whereRef('t.order_id', '=', 'orders.order_id')
          .where('t.transaction_type', '=', 'sale')
          .where('t.status', '!=', 'failed')
          .orderBy('t.transaction_id')
          .select(PAYMENT_COLUMNS.map((column) => `t.${column}` as const)),
      ).as('payments'),
      jsonObjectFrom(
        eb
          .selectFrom('customers as cu')
          .whereRef('cu.customer_id', '=', 'orders.customer_id')
          .select(['cu.customer_id', 'cu.name', 'cu.email', 'cu.phone']),
      ).as('customer'),
    ]);
}

export type OrderWithChildren = Awaited<
  ReturnType<ReturnType<typeof selectOrderViews>['executeTakeFirstOrThrow']>
>;

/**
 * The views of `orders`, in the same order, with their items, customer and payments: one
 * statement compiled once per schema and number of orders (building the view's nested aggregates
 * costs more CPU than running them). The ids are a list of parameters, not an array: with
 * `= any($1)` PostgreSQL planned the statement anew on every call (0.64 ms of planning a create,
 * pg_stat_statements), its estimate for a kept plan being worse than for one made per array.
 */
export async function loadOrderViews(tx: PlaneTx, orders: OrderRow[]): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const ids = Object.fromEntries(orders.map((o, i) => [`id${i}`, o.order_id]));
  const rows = await orderViews.execute(
    tx.data,
    `${tx.schema}:${orders.length}`,
    () =>
      selectOrderViews(tx.data).where(
        'orders.order_id',
        'in',
        orders.map((_, i) => slot<number>(`id${i}`)),
      ),
    ids,
  );
  const byId = new Map(rows.map((r) => [r.order_id, r]));
  return orders.map((order) => toOrderView(byId.get(order.order_id)!));
}

const orderViews = new PreparedQuery<OrderWithChildren>();

export function toOrderView(order: OrderWithChildren): OrderView {
  let runningMinor = toMinor(order.total);
  const status = order.status as InternalStatus;
  return {
    order_id: order.order_id,
    order_number: order.unique_orderid,
    location_id: order.location_id,
    status: reportedStatusOf(status),
    internal_status: status,
    order_type: order.order_type,
    table_number: order.table_number,
    party_size: order.party_size,
    external_order_id: order.external_order_id,
    total: normalizeMoney(order.total),
    paid_total: normalizeMoney(order.paid_total),
    remaining_balance: formatMinor(remainingMinor(order)),
    currency: order.currency.trim(),
    kitchen_instructions: order.kitchen_instructions,
    metadata: order.metadata,
    items: order.items.map((item) => ({
      order_item_id: item.order_item_id,
      item_id: item.item_id,
      name: item.name,
      quantity: item.quantity,
      unit_price: normalizeMoney(item.unit_price),
      line_total: normalizeMoney(item.line_total),
      notes: item.notes,
      customizations: item.customizations.map((c) => ({
        template_id: c.template_id,
        option_id: c.option_id,
        name: c.name,
        price_delta: normalizeMoney(c.price_delta),
      })),
    })),
    customer: order.customer ?? null,
    payments: order.payments.map((json) => {
      // JSON aggregates carry numerics as numbers and timestamps as text: back to row types.
      const payment = {
        ...json,
        captured_at: new Date(json.captured_at as unknown as string),
      } as unknown as PaymentRow;
      runningMinor = Math.max(0, runningMinor - toMinor(payment.amount));
      return toPaymentView(payment, { remainingMinor: runningMinor, status });
    }),
    created_at: order.created_at.toISOString(),
    updated_at: order.updated_at.toISOString(),
    paid_at: order.paid_at?.toISOString() ?? null,
    cancelled_at: order.cancelled_at?.toISOString() ?? null,
    cancellation_reason: order.cancellation_reason,
  };
}

export async function loadOrderView(tx: PlaneTx, order: OrderRow): Promise<OrderView> {
  const [view] = await loadOrderViews(tx, [order]);
  return view!;
}
