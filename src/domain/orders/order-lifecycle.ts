// Status changes of an order and the events they emit, shared by every route that moves an order:
// PUT /orders/{orderId}, a capture that clears the balance, and the restaurant side (POS sales,
// refunds, PENDING release). Callers hold the order's row lock (`findOrder(..., { lock: true })`)
// and pass the transaction, so the change and its events commit together.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DataPlaneSchema } from '../../db/types.js';
import { type EventScope } from '../webhooks/index.js';
import type { EventDataMap } from '../../generated/events.generated.js';
import type { InstallationContext } from '../installations/index.js';
import { normalizeMoney } from '../shared/index.js';
import type { InternalStatus } from './order-status.js';
import type { OrderRow } from './order-view.js';
import type { Tx } from '../shared/index.js';
import { ORDER_COLUMNS } from '../../db/columns.js';

/** Where an order may be looked up: its organization and, for an installation, its location. */
export interface OrderScope {
  organizationId: number;
  locationId?: number;
}

/** An installation sees the orders of its own location only. */
export function installationScope(ctx: InstallationContext): OrderScope {
  return { organizationId: ctx.organizationId, locationId: ctx.locationId };
}

const MAX_INT = 2_147_483_647;

/**
 * The order named by `ref` (numeric `order_id` or `unique_orderid`) within the scope, or
 * undefined. With `lock`, the row is locked (FOR UPDATE) until the transaction ends.
 */
export async function findOrder(
  data: Kysely<DataPlaneSchema>,
  scope: OrderScope,
  ref: string | number,
  options: { lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  let query = whereOrderRef(
    data.selectFrom('orders').select(ORDER_COLUMNS),
    scope,
    parseOrderRef(ref),
  );
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** An order reference: a numeric `order_id` (also tried as text) or a `unique_orderid`. */
export interface OrderRef {
  id: number | null;
  text: string;
}

export function parseOrderRef(ref: string | number): OrderRef {
  const text = String(ref);
  return { id: /^\d{1,10}$/.test(text) && Number(text) <= MAX_INT ? Number(text) : null, text };
}

/** Narrows an orders query to one order by order_id or unique_orderid, inside the scope. */
export function whereOrderRef<Q extends SelectQueryBuilder<DataPlaneSchema, 'orders', any>>(
  query: Q,
  scope: OrderScope,
  ref: OrderRef,
): Q {
  const { id, text } = ref;
  let q = query
    .where('orders.organization_id', '=', scope.organizationId)
    .where((eb) =>
      id === null
        ? eb('orders.unique_orderid', '=', text)
        : eb.or([eb('orders.order_id', '=', id), eb('orders.unique_orderid', '=', text)]),
    )
    .limit(1);
  // A numeric ref names an order_id first, should some unique_orderid also be all digits.
  if (id !== null) q = q.orderBy(sql`orders.order_id = ${id}`, 'desc');
  if (scope.locationId !== undefined) q = q.where('orders.location_id', '=', scope.locationId);
  return q as Q;
}

/** order.created for an order that is real from the start (not released from PENDING). */
export function orderCreatedData(order: OrderRow): EventDataMap['order.created'] {
  return {
    order_id: order.order_id,
    order_number: order.unique_orderid,
    table_number: order.table_number,
    order_status: 'CREATED',
    total: normalizeMoney(order.total),
    party_size: order.party_size,
    created_at: order.created_at.toISOString(),
  };
}

export interface StatusChange {
  /** Shallow-merged into the order's metadata. */
  metadata?: Record<string, unknown>;
  /** Stored and sent in order.cancelled when the new status is CANCELLED. */
  cancellationReason?: string;
}

/**
 * Moves a locked order to `next` and emits order.status_changed (internal values), plus
 * order.cancelled on CANCELLED and order.paid on PAID, so that order.paid fires by any route, and
 * order.created when the order leaves PENDING.
 * No transition rules here: the caller decides whether the move is allowed.
 */
export async function changeOrderStatus(
  { data, emit }: Tx,
  scope: EventScope,
  order: OrderRow,
  next: InternalStatus,
  change: StatusChange = {},
): Promise<OrderRow> {
  const updated = await data
    .updateTable('orders')
    .set({
      status: next,
      updated_at: sql<Date>`now()`,
      ...(change.metadata
        ? { metadata: sql<string>`metadata || ${JSON.stringify(change.metadata)}::jsonb` }
        : {}),
      ...(next === 'CANCELLED'
        ? { cancelled_at: sql<Date>`now()`, cancellation_reason: change.cancellationReason ?? null }
        : {}),
      ...(next === 'PAID' ? { paid_at: sql<Date>`now()` } : {}),
    })
    .where('order_id', '=', order.order_id)
    .returning(ORDER_COLUMNS)
    .executeTakeFirstOrThrow();

  const ids = { order_id: updated.order_id, order_number: updated.unique_orderid };
  if (order.status === 'PENDING') {
    // A held order becomes real on its way out of PENDING: order.created, without total,
    // party_size and created_at (the spec's catalog).
    await emit(scope, 'order.created', {
      ...ids,
      table_number: updated.table_number,
      order_status: next,
    });
  }
  await emit(scope, 'order.status_changed', {
    ...ids,
    old_status: order.status as InternalStatus,
    new_status: next,
  });
  if (next === 'CANCELLED') {
    await emit(scope, 'order.cancelled', {
      ...ids,
      reason: updated.cancellation_reason ?? '',
      cancelled_at: updated.cancelled_at!.toISOString(),
    });
  }
  if (next === 'PAID') {
    await emit(scope, 'order.paid', {
      ...ids,
      total: normalizeMoney(updated.total),
      paid_at: updated.paid_at!.toISOString(),
    });
  }
  return updated;
}

/** Sets a locked order to PAID (order.status_changed and order.paid); a no-op when it already is. */
export async function markOrderPaid(tx: Tx, scope: EventScope, order: OrderRow): Promise<OrderRow> {
  if (order.status === 'PAID') return order;
  return changeOrderStatus(tx, scope, order, 'PAID');
}
