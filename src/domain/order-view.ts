// The wire view of an order (openapi.yaml `Order`) and of a payment (`Payment`), built from rows
// with one query per table for a whole page of orders (no per-order round trips).
import type { Kysely, Selectable } from 'kysely';
import type { DataPlaneSchema, OrdersTable, TransactionsTable } from '../db/types.js';
import type { components } from '../generated/openapi.generated.js';
import { formatMinor, toMinor } from './money.js';
import { reportedStatusOf, type InternalStatus } from './order-status.js';

export type OrderView = components['schemas']['Order'];
export type PaymentView = components['schemas']['Payment'];
export type OrderRow = Selectable<OrdersTable>;
export type TransactionRow = Selectable<TransactionsTable>;
type Data = Kysely<DataPlaneSchema>;

/** What the order still owes, never below zero. */
export function remainingMinor(order: Pick<OrderRow, 'total' | 'paid_total'>): number {
  return Math.max(0, toMinor(order.total) - toMinor(order.paid_total));
}

/** Transactions that count as payments of an order: sales that did not fail. */
export function paymentsOf(data: Data, orderIds: number[]) {
  return data
    .selectFrom('transactions')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('transaction_type', '=', 'sale')
    .where('status', '!=', 'failed')
    .orderBy('transaction_id');
}

/**
 * A payment as recorded. `remaining_balance` and `order_status` come from the snapshot taken when
 * the payment was applied; a row without one (written before the snapshot existed, or by code
 * that does not record it) reports the running balance and the order's current status.
 */
export function toPaymentView(row: TransactionRow, fallback: { remainingMinor: number; status: InternalStatus }): PaymentView {
  const remaining = row.remaining_balance_after === null ? fallback.remainingMinor : toMinor(row.remaining_balance_after);
  const status = (row.order_status_after as InternalStatus | null) ?? fallback.status;
  return {
    payment_id: row.transaction_id,
    order_id: row.order_id,
    amount: formatMinor(toMinor(row.amount)),
    currency: row.currency.trim(),
    payment_method: row.payment_method,
    provider: row.provider,
    provider_transaction_id: row.provider_transaction_id,
    captured_at: row.captured_at.toISOString(),
    remaining_balance: formatMinor(remaining),
    order_status: reportedStatusOf(status),
  };
}

/** The views of `orders`, in the same order, with their items, customer and payments. */
export async function loadOrderViews(data: Data, orders: OrderRow[]): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const orderIds = orders.map((o) => o.order_id);
  const customerIds = [...new Set(orders.flatMap((o) => (o.customer_id === null ? [] : [o.customer_id])))];
  const [items, payments, customers] = await Promise.all([
    data.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('position').orderBy('order_item_id').execute(),
    paymentsOf(data, orderIds).execute(),
    customerIds.length === 0
      ? Promise.resolve([])
      : data.selectFrom('customers').select(['customer_id', 'name', 'email', 'phone']).where('customer_id', 'in', customerIds).execute(),
  ]);
  const customizations = items.length === 0
    ? []
    : await data
        .selectFrom('order_item_customizations')
        .selectAll()
        .where('order_item_id', 'in', items.map((i) => i.order_item_id))
        .orderBy('order_item_customization_id')
        .execute();

  const customizationsByItem = groupBy(customizations, (c) => c.order_item_id);
  const itemsByOrder = groupBy(items, (i) => i.order_id);
  const paymentsByOrder = groupBy(payments, (p) => p.order_id);
  const customerById = new Map(customers.map((c) => [c.customer_id, c]));

  return orders.map((order) => {
    let runningMinor = toMinor(order.total);
    const status = order.status as InternalStatus;
    return {
      order_id: order.order_id,
      unique_orderid: order.unique_orderid,
      location_id: order.location_id,
      status: reportedStatusOf(status),
      internal_status: status,
      order_type: order.order_type,
      table_number: order.table_number,
      party_size: order.party_size,
      external_order_id: order.external_order_id,
      total: formatMinor(toMinor(order.total)),
      paid_total: formatMinor(toMinor(order.paid_total)),
      remaining_balance: formatMinor(remainingMinor(order)),
      currency: order.currency.trim(),
      kitchen_instructions: order.kitchen_instructions,
      metadata: order.metadata,
      items: (itemsByOrder.get(order.order_id) ?? []).map((item) => ({
        order_item_id: item.order_item_id,
        item_id: item.item_id,
        name: item.name,
        quantity: item.quantity,
        unit_price: formatMinor(toMinor(item.unit_price)),
        line_total: formatMinor(toMinor(item.line_total)),
        notes: item.notes,
        customizations: (customizationsByItem.get(item.order_item_id) ?? []).map((c) => ({
          template_id: c.template_id,
          option_id: c.option_id,
          name: c.name,
          price_delta: formatMinor(toMinor(c.price_delta)),
        })),
      })),
      customer: order.customer_id === null ? null : (customerById.get(order.customer_id) ?? null),
      payments: (paymentsByOrder.get(order.order_id) ?? []).map((payment) => {
        runningMinor = Math.max(0, runningMinor - toMinor(payment.amount));
        return toPaymentView(payment, { remainingMinor: runningMinor, status });
      }),
      created_at: order.created_at.toISOString(),
      updated_at: order.updated_at.toISOString(),
      paid_at: order.paid_at?.toISOString() ?? null,
      cancelled_at: order.cancelled_at?.toISOString() ?? null,
      cancellation_reason: order.cancellation_reason,
    };
  });
}

export async function loadOrderView(data: Data, order: OrderRow): Promise<OrderView> {
  const [view] = await loadOrderViews(data, [order]);
  return view!;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}
