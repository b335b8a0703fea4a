// Orders as the restaurant's point of sale makes them: a POS order (optionally held in PENDING),
// the release of a held order, items added to an open order, and the kitchen marking it
// prepared. Each runs in one transaction of the site's plane with its events, through the same
// changeOrderStatus as the Data API, so an order leaving PENDING emits the reduced order.created.
import { sql } from 'kysely';
import type { components } from '../../generated/openapi.generated.js';
import { NotFoundError, OrderStateError, ValidationError, type Details } from '../shared/index.js';
import { formatMinor } from '../shared/index.js';
import { changeOrderStatus, findOrder, orderCreatedData } from './order-lifecycle.js';
import { insertOrderLines, locationCurrency, newUniqueOrderId } from './order-lines.js';
import { priceOrder } from './order-pricing.js';
import type { InternalStatus } from './order-status.js';
import type { OrderRow } from './order-view.js';
import { siteData, siteOrderScope, siteScope, type RestaurantSite } from '../restaurants/index.js';
import { inSite } from '../shared/index.js';
import type { Tx } from '../shared/index.js';
import { ORDER_COLUMNS } from '../../db/columns.js';

export type OrderLineInput = components['schemas']['CreateOrderItem'];

export interface PosOrderInput {
  /** Hold the order in PENDING: nothing is emitted until it is released. */
  hold?: boolean;
  orderType?: 'dine_in' | 'takeaway' | 'delivery';
  tableNumber?: string | null;
  partySize?: number | null;
  /** Defaults to one of the location's first available menu item. */
  items?: OrderLineInput[] | null;
}

export const MAX_ORDER_LINES = 100;

/** Statuses an order can still take items in: open, not yet settled. */
const ACCEPTS_ITEMS: ReadonlySet<string> = new Set<InternalStatus>([
  'PENDING',
  'EDITABLE',
  'CREATED',
  'COOKING',
  'PREPARED',
  'SERVED',
]);
/** The kitchen marks an order prepared once it is in the kitchen's hands. */
const CAN_BE_PREPARED: ReadonlySet<string> = new Set<InternalStatus>(['CREATED', 'COOKING']);

/** A POS order at the site's location: CREATED with a full order.created, or held in PENDING silently. */
export async function createPosOrder(
  site: RestaurantSite,
  input: PosOrderInput,
): Promise<OrderRow> {
  const orderType = input.orderType ?? 'dine_in';
  const details: Details = {};
  if (input.tableNumber != null && (orderType !== 'dine_in' || input.tableNumber.length > 32)) {
    details.tableNumber = ['is only allowed on dine_in orders, at most 32 characters'];
  }
  if (
    input.partySize != null &&
    (!Number.isInteger(input.partySize) || input.partySize < 1 || input.partySize > 999)
  ) {
    details.partySize = ['must be an integer from 1 to 999'];
  }
  const lines = input.items ?? [await defaultLine(site)];
  Object.assign(details, checkLines(lines, MAX_ORDER_LINES));
  if (Object.keys(details).length > 0) throw new ValidationError(details);

  return inSite(site, async (tx) => {
    const priced = await priceOrder(tx, site.organizationId, site.locationId, lines);
    const currency = await locationCurrency(tx, site.locationId);
    const order = await tx.data
      .insertInto('orders')
      .values({
        organization_id: site.organizationId,
        location_id: site.locationId,
        unique_orderid: newUniqueOrderId(),
        status: input.hold ? 'PENDING' : 'CREATED',
        order_type: orderType,
        table_number: input.tableNumber ?? null,
        party_size: input.partySize ?? null,
        total: formatMinor(priced.totalMinor),
        currency,
        source: 'pos',
      })
      .returning(ORDER_COLUMNS)
      .executeTakeFirstOrThrow();
    await insertOrderLines(tx, order.order_id, priced.lines);
    if (!input.hold) {
      await tx.emit(siteScope(site), 'order.created', orderCreatedData(order));
    }
    return order;
  });
}

/** PENDING -> CREATED: the order becomes real, so order.created fires now (without total, party_size, created_at). */
export async function releaseHeldOrder(site: RestaurantSite, orderRef: string): Promise<OrderRow> {
  return inSite(site, async (tx) => {
    const order = await lockOrder(tx, site, orderRef);
    if (order.status !== 'PENDING')
      throw new OrderStateError(
        `Only a held (PENDING) order can be released; this one is ${order.status}.`,
      );
    return changeOrderStatus(tx, siteScope(site), order, 'CREATED');
  });
}

/**
 * Adds lines to an open order and raises its total: order.items_added, where the counts are order
 * lines (the `items` of GET /orders/{orderId}). A held order takes items silently: nothing about
 * it is emitted before its release.
 */
export async function addOrderItems(
  site: RestaurantSite,
  orderRef: string,
  items: OrderLineInput[],
): Promise<OrderRow> {
  return inSite(site, async (tx) => {
    const order = await lockOrder(tx, site, orderRef);
    if (!ACCEPTS_ITEMS.has(order.status))
      throw new OrderStateError(`Items cannot be added to an order that is ${order.status}.`);
    const existing = await tx.data
      .selectFrom('order_items')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('position').as('last')])
      .where('order_id', '=', order.order_id)
      .executeTakeFirstOrThrow();
    const previous = Number(existing.count);
    const problems =
      items.length === 0
        ? { items: ['must list at least one item'] }
        : checkLines(items, MAX_ORDER_LINES - previous);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
    const priced = await priceOrder(tx, site.organizationId, order.location_id, items);
    await insertOrderLines(
      tx,
      order.order_id,
      priced.lines,
      existing.last === null ? 0 : Number(existing.last) + 1,
    );
    const updated = await tx.data
      .updateTable('orders')
      .set({
        total: sql<string>`total + ${formatMinor(priced.totalMinor)}::numeric`,
        updated_at: sql<Date>`now()`,
      })
      .where('order_id', '=', order.order_id)
      .returning(ORDER_COLUMNS)
      .executeTakeFirstOrThrow();
    if (order.status !== 'PENDING') {
      await tx.emit(siteScope(site), 'order.items_added', {
        order_id: order.order_id,
        order_number: order.unique_orderid,
        previous_item_count: previous,
        new_item_count: previous + items.length,
        items_added: items.length,
      });
    }
    return updated;
  });
}

/** The kitchen has prepared the order: internal PREPARED (reads as `ready`), order.status_changed. */
export async function markOrderPrepared(site: RestaurantSite, orderRef: string): Promise<OrderRow> {
  return inSite(site, async (tx) => {
    const order = await lockOrder(tx, site, orderRef);
    if (!CAN_BE_PREPARED.has(order.status))
      throw new OrderStateError(
        `Only a CREATED or COOKING order can be marked prepared; this one is ${order.status}.`,
      );
    return changeOrderStatus(tx, siteScope(site), order, 'PREPARED');
  });
}

/** An order of the site's location, locked until the transaction ends; 404 otherwise. */
export async function lockOrder(
  tx: Tx,
  site: RestaurantSite,
  orderRef: string | number,
): Promise<OrderRow> {
  const order = await findOrder(tx.data, siteOrderScope(site), orderRef, { lock: true });
  if (!order) throw new NotFoundError('order');
  return order;
}

/** The limits of POST /orders for lines that do not come through openapi.yaml's validation. */
function checkLines(lines: OrderLineInput[], maxLines: number): Details {
  const details: Details = {};
  if (lines.length > maxLines) details.items = [`an order has at most ${MAX_ORDER_LINES} lines`];
  lines.forEach((line, i) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 999)
      details[`items.${i}.quantity`] = ['must be an integer from 1 to 999'];
    if ((line.customizations?.length ?? 0) > 50)
      details[`items.${i}.customizations`] = ['at most 50 per line'];
    if ((line.notes?.length ?? 0) > 2000) details[`items.${i}.notes`] = ['at most 2000 characters'];
  });
  return details;
}

/** One of the location's first available item without required customizations. */
async function defaultLine(site: RestaurantSite): Promise<OrderLineInput> {
  const item = await siteData(site)
    .selectFrom('menu_items as m')
    .select('m.item_id')
    .where('m.location_id', '=', site.locationId)
    .where('m.is_available', '=', true)
    .where('m.is_active', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('menu_item_templates as l')
            .innerJoin('customization_templates as t', 't.template_id', 'l.template_id')
            .select('l.item_id')
            .whereRef('l.item_id', '=', 'm.item_id')
            .where('t.min_select', '>', 0),
        ),
      ),
    )
    .orderBy('m.item_id')
    .limit(1)
    .executeTakeFirst();
  if (!item)
    throw new ValidationError({
      items: ['are required: the location has no available menu item to default to'],
    });
  return { item_id: item.item_id, quantity: 1 };
}
