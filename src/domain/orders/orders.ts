// Reading orders and moving them through the plugin state machine (GET /orders,
// GET /orders/{orderId}, PUT /orders/{orderId}). Creation is in order-create.ts.
import type { InstallationContext } from '../installations/index.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import { resolveScopedLocation } from '../restaurants/index.js';
import { PreparedQuery, slot } from '../../db/prepared.js';
import {
  changeOrderStatus,
  findOrder,
  installationScope,
  parseOrderRef,
  whereOrderRef,
} from './order-lifecycle.js';
import { planTransition, type InternalStatus, type PluginStatus } from './order-status.js';
import {
  loadOrderView,
  selectOrderViews,
  toOrderView,
  type OrderView,
  type OrderWithChildren,
} from './order-view.js';
import { decodeCursor, toPage, type Page } from '../shared/index.js';
import { inSite, scopeAt } from '../shared/index.js';

export interface ListOrdersOptions {
  locationId?: number;
  status?: InternalStatus;
  since?: string;
  limit: number;
  cursor?: string;
}

/**
 * Orders of the installation's location in ascending order_id. The keyset is the immutable
 * order_id (not updated_at), so following next_cursor visits every matching order exactly once
 * even while orders are updated (an update would move an updated_at key behind the cursor).
 */
export async function listOrders(
  ctx: InstallationContext,
  options: ListOrdersOptions,
): Promise<Page<OrderView>> {
  const after = decodeCursor<[number]>(options.cursor, ['number']);
  const locationId = await resolveScopedLocation(ctx, options.locationId);
  // One query: the page and its children (items, payments, customer) as JSON aggregates,
  // compiled once per schema and set of filters.
  const filters = `${options.status ? 's' : ''}${options.since ? 't' : ''}${after ? 'a' : ''}`;
  const rows = await orderPage.execute(
    ctx.data,
    `${ctx.schema}:${filters}`,
    () => {
      let query = selectOrderViews(ctx.data)
        .where('orders.organization_id', '=', slot<number>('organizationId'))
        .where('orders.location_id', '=', slot<number>('locationId'))
        .orderBy('orders.order_id')
        .limit(slot<number>('limit'));
      if (options.status) query = query.where('orders.status', '=', slot<InternalStatus>('status'));
      if (options.since) query = query.where('orders.updated_at', '>=', slot<Date>('since'));
      if (after) query = query.where('orders.order_id', '>', slot<number>('after'));
      return query;
    },
    {
      organizationId: ctx.organizationId,
      locationId,
      limit: options.limit + 1,
      status: options.status,
      since: options.since ? new Date(options.since) : undefined,
      after: after?.[0],
    },
  );
  return toPage(rows, options.limit, toOrderView, (row) => [row.order_id]);
}

const orderPage = new PreparedQuery<OrderWithChildren>();

/** One order of the installation's location by order_id or unique_orderid; 404 otherwise. */
export async function getOrder(ctx: InstallationContext, ref: string): Promise<OrderView> {
  const { id, text } = parseOrderRef(ref);
  const [order] = await orderByRef.execute(
    ctx.data,
    `${ctx.schema}:${id === null ? 'text' : 'id'}`,
    () =>
      whereOrderRef(
        selectOrderViews(ctx.data),
        { organizationId: slot('organizationId'), locationId: slot('locationId') },
        { id: id === null ? null : slot('id'), text: slot('text') },
      ),
    { organizationId: ctx.organizationId, locationId: ctx.locationId, id, text },
  );
  if (!order) throw new NotFoundError('order');
  return toOrderView(order);
}

/** The hottest read of the Data API, compiled once per schema and kind of reference. */
const orderByRef = new PreparedQuery<OrderWithChildren>();

export interface UpdateOrderInput {
  status: PluginStatus;
  cancellation_reason?: string;
  metadata?: Record<string, unknown>;
}

/**
 * PUT /orders/{orderId}: one move of the transition table under the order's row lock, so two
 * concurrent moves serialise and the second is judged against the first one's result.
 */
export async function updateOrder(
  ctx: InstallationContext,
  ref: string,
  input: UpdateOrderInput,
): Promise<OrderView> {
  return inSite(ctx, async (tx) => {
    const order = await findOrder(tx.data, installationScope(ctx), ref, { lock: true });
    if (!order) throw new NotFoundError('order');
    const next = planTransition(order.status as InternalStatus, input.status);
    const reason = input.cancellation_reason?.trim();
    if (next === 'CANCELLED' && !reason) {
      throw new ValidationError(
        { cancellation_reason: ['is required when status is cancelled'] },
        'cancellation_reason is required when status is cancelled.',
      );
    }
    const updated = await changeOrderStatus(tx, scopeAt(ctx, order.location_id), order, next, {
      metadata: input.metadata,
      cancellationReason: next === 'CANCELLED' ? input.cancellation_reason : undefined,
    });
    return loadOrderView(tx, updated);
  });
}
