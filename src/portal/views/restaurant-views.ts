// Row -> portal shapes of the restaurant side (schema.graphql RestaurantOrder, RestaurantTransaction,
// RestaurantMenuItem). Plugins read the same rows through the Data API in its own shapes.
import { formatMinor, normalizeMoney, toMinor } from '../../domain/shared/index.js';
import type { MenuItemRow } from '../../domain/menu/index.js';
import type { OrderRow } from '../../domain/orders/index.js';
import type { PaymentOutcome } from '../../domain/payments/index.js';
import { siteData, type RestaurantSite } from '../../domain/restaurants/index.js';

export interface RestaurantOrderView {
  id: number;
  uniqueOrderId: string;
  locationId: number;
  status: string;
  orderType: OrderRow['order_type'];
  tableNumber: string | null;
  partySize: number | null;
  itemCount: number;
  total: string;
  paidTotal: string;
  remainingBalance: string;
  currency: string;
  createdAt: Date;
  paidAt: Date | null;
}

export interface RestaurantTransactionView {
  id: number;
  orderId: number;
  type: string;
  status: string;
  amount: string;
  currency: string;
  paymentMethod: string;
  processorPaymentIntentId: string | null;
  error: string | null;
  refundReason: string | null;
  processedAt: Date;
  order: RestaurantOrderView;
}

const money = normalizeMoney;

export async function toRestaurantOrderView(
  site: RestaurantSite,
  order: OrderRow,
): Promise<RestaurantOrderView> {
  const { count } = await siteData(site)
    .selectFrom('order_items')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('order_id', '=', order.order_id)
    .executeTakeFirstOrThrow();
  return {
    id: order.order_id,
    uniqueOrderId: order.unique_orderid,
    locationId: order.location_id,
    status: order.status,
    orderType: order.order_type,
    tableNumber: order.table_number,
    partySize: order.party_size,
    itemCount: Number(count),
    total: money(order.total),
    paidTotal: money(order.paid_total),
    remainingBalance: formatMinor(Math.max(0, toMinor(order.total) - toMinor(order.paid_total))),
    currency: order.currency.trim(),
    createdAt: order.created_at,
    paidAt: order.paid_at,
  };
}

export async function toRestaurantTransactionView(
  site: RestaurantSite,
  { transaction, order }: PaymentOutcome,
): Promise<RestaurantTransactionView> {
  return {
    id: transaction.transaction_id,
    orderId: transaction.order_id,
    type: transaction.transaction_type,
    status: transaction.status,
    amount: money(transaction.amount),
    currency: transaction.currency.trim(),
    paymentMethod: transaction.payment_method,
    processorPaymentIntentId: transaction.processor_payment_intent_id,
    error: transaction.error,
    refundReason: transaction.refund_reason,
    processedAt: transaction.captured_at,
    order: await toRestaurantOrderView(site, order),
  };
}

export function toRestaurantMenuItemView(row: MenuItemRow) {
  return {
    id: row.item_id,
    locationId: row.location_id,
    categoryId: row.category_id,
    name: row.name,
    description: row.description,
    price: money(row.price),
    isAvailable: row.is_available,
    isActive: row.is_active,
    allergens: row.allergens,
    vegan: row.vegan,
    vegetarian: row.vegetarian,
    spicyLevel: row.spicy_level,
    preparationTime: row.preparation_time,
    createdAt: row.created_at,
  };
}
