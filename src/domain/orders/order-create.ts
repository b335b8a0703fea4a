// POST /orders: an idempotent, server-priced order creation in one transaction with its
// order.created event. A failure that is not a domain rule rolls everything back (create_failed).
import type { components } from '../../generated/openapi.generated.js';
import type { InstallationContext } from '../installations/index.js';
import { DomainError, RolledBackError, ValidationError } from '../shared/index.js';
import { lockIdempotencyKey, requestHash } from '../shared/index.js';
import { resolveScopedLocation } from '../restaurants/index.js';
import { formatMinor } from '../shared/index.js';
import { orderCreatedData } from './order-lifecycle.js';
import { insertOrderLines, locationCurrency, newUniqueOrderId } from './order-lines.js';
import { priceOrder, type PricedOrder } from './order-pricing.js';
import { loadOrderView, type OrderRow, type OrderView } from './order-view.js';
import { inSite, scopeAt, type PlaneTx, type Tx } from '../shared/index.js';
import { PreparedQuery, slot } from '../../db/prepared.js';
import { ORDER_COLUMNS } from '../../db/columns.js';

export type CreateOrderInput = components['schemas']['CreateOrderRequest'];

export interface CreateOrderResult {
  order: OrderView;
  /** false for an idempotent replay (200 with the original order). */
  created: boolean;
}

interface IdempotencyKey {
  value: string;
  /** The field a conflict is reported on: the body field or the header. */
  field: 'external_order_id' | 'x-idempotency-key';
}

export async function createOrder(
  ctx: InstallationContext,
  input: CreateOrderInput,
  headerKey: string | undefined,
): Promise<CreateOrderResult> {
  const key = idempotencyKeyOf(input, headerKey);
  const locationId = await resolveScopedLocation(ctx, input.location_id);
  if (input.table_number !== undefined && input.order_type !== 'dine_in') {
    throw new ValidationError({
      table_number: [`is only allowed on dine_in orders, not ${input.order_type}`],
    });
  }
  try {
    return await inSite(ctx, async (tx) => {
      if (key) {
        await lockIdempotencyKey(tx, ctx.schema, 'order', ctx.organizationId, key.value);
        const [existing] = await orderByKey.execute(
          tx.data,
          tx.schema,
          () =>
            tx.data
              .selectFrom('orders')
              .select(ORDER_COLUMNS)
              .where('organization_id', '=', slot<number>('organizationId'))
              .where('idempotency_key', '=', slot<string>('key')),
          { organizationId: ctx.organizationId, key: key.value },
        );
        if (existing) return { order: await replay(tx, ctx, existing, key, input), created: false };
      }
      const priced = await priceOrder(tx, ctx.organizationId, locationId, input.items);
      const customerId = await resolveCustomer(tx, ctx, locationId, input.customer);
      const order = await insertOrder(tx, ctx, locationId, input, priced, customerId, key);
      await tx.emit(scopeAt(ctx, locationId), 'order.created', orderCreatedData(order));
      return { order: await loadOrderView(tx, order), created: true };
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new RolledBackError('create_failed', 'Order creation failed and was rolled back.', err);
  }
}

function idempotencyKeyOf(
  input: CreateOrderInput,
  headerKey: string | undefined,
): IdempotencyKey | undefined {
  const bodyKey = input.external_order_id;
  if (bodyKey !== undefined && headerKey !== undefined && bodyKey !== headerKey) {
    throw new ValidationError(
      { 'x-idempotency-key': ['must equal external_order_id when both are sent'] },
      'X-Idempotency-Key and external_order_id differ.',
    );
  }
  if (bodyKey !== undefined) return { value: bodyKey, field: 'external_order_id' };
  if (headerKey !== undefined) return { value: headerKey, field: 'x-idempotency-key' };
  return undefined;
}

/** The original order for a replay of the same body; 422 naming the key for anything else. */
async function replay(
  tx: Tx,
  ctx: InstallationContext,
  existing: OrderRow,
  key: IdempotencyKey,
  input: CreateOrderInput,
): Promise<OrderView> {
  if (existing.location_id !== ctx.locationId) {
    throw new ValidationError(
      { [key.field]: ['already used for an order of another location'] },
      `${key.field} was already used for another order.`,
    );
  }
  if (existing.request_hash !== requestHash(input)) {
    throw new ValidationError(
      { [key.field]: ['already used with a different request body'] },
      `${key.field} was already used with a different request body.`,
    );
  }
  return loadOrderView(tx, existing);
}

/**
 * An existing customer visible to the installation (home location is the order's location or
 * none, or an order at that location), or a new customer at the order's location.
 */
async function resolveCustomer(
  tx: Tx,
  ctx: InstallationContext,
  locationId: number,
  customer: CreateOrderInput['customer'],
): Promise<number | null> {
  if (customer === undefined) return null;
  if ('customer_id' in customer) {
    const found = await tx.data
      .selectFrom('customers as c')
      .select('c.customer_id')
      .where('c.customer_id', '=', customer.customer_id)
      .where('c.organization_id', '=', ctx.organizationId)
      .where((eb) =>
        eb.or([
          eb('c.location_id', 'is', null),
          eb('c.location_id', '=', locationId),
          eb.exists(
            eb
              .selectFrom('orders as o')
              .select('o.order_id')
              .whereRef('o.customer_id', '=', 'c.customer_id')
              .where('o.location_id', '=', locationId),
          ),
        ]),
      )
      .executeTakeFirst();
    if (!found)
      throw new ValidationError({
        'customer.customer_id': [`customer ${customer.customer_id} not found`],
      });
    return found.customer_id;
  }
  const created = await tx.data
    .insertInto('customers')
    .values({
      organization_id: ctx.organizationId,
      location_id: locationId,
      name: customer.name,
      email: customer.email ?? null,
      phone: customer.phone ?? null,
    })
    .returning('customer_id')
    .executeTakeFirstOrThrow();
  return created.customer_id;
}

async function insertOrder(
  tx: Tx,
  ctx: InstallationContext,
  locationId: number,
  input: CreateOrderInput,
  priced: PricedOrder,
  customerId: number | null,
  key: IdempotencyKey | undefined,
): Promise<OrderRow> {
  const currency = await locationCurrency(tx, locationId);
  const values = {
    organizationId: ctx.organizationId,
    locationId,
    orderType: input.order_type,
    tableNumber: input.table_number ?? null,
    partySize: input.party_size ?? null,
    externalOrderId: input.external_order_id ?? null,
    idempotencyKey: key?.value ?? null,
    requestHash: key ? requestHash(input) : null,
    customerId,
    total: formatMinor(priced.totalMinor),
    currency,
    kitchenInstructions: input.kitchen_instructions ?? null,
    metadata: JSON.stringify(input.metadata ?? {}),
  };
  let order: OrderRow | undefined;
  // A fresh random unique_orderid practically never collides; should it, try another one.
  for (let attempt = 0; !order && attempt < 5; attempt++) {
    [order] = await orderInsert.execute(tx.data, tx.schema, () => insertOrderStatement(tx), {
      ...values,
      uniqueOrderId: newUniqueOrderId(),
    });
  }
  if (!order) throw new Error('could not allocate a unique_orderid');
  await insertOrderLines(tx, order.order_id, priced.lines);
  return order;
}

/** The order's row, every value a slot: built and compiled once per schema (orderInsert). */
function insertOrderStatement(tx: PlaneTx) {
  return tx.data
    .insertInto('orders')
    .values({
      organization_id: slot('organizationId'),
      location_id: slot('locationId'),
      unique_orderid: slot('uniqueOrderId'),
      status: 'CREATED',
      order_type: slot('orderType'),
      table_number: slot('tableNumber'),
      party_size: slot('partySize'),
      external_order_id: slot('externalOrderId'),
      idempotency_key: slot('idempotencyKey'),
      request_hash: slot('requestHash'),
      customer_id: slot('customerId'),
      total: slot('total'),
      currency: slot('currency'),
      kitchen_instructions: slot('kitchenInstructions'),
      metadata: slot('metadata'),
      source: 'plugin',
    })
    .onConflict((oc) => oc.column('unique_orderid').doNothing())
    .returning(ORDER_COLUMNS);
}

// The create's statements, compiled once per data-plane schema (db/prepared.ts): a plugin's order
// is the Data API's hottest write, and building these costs more CPU than binding them.
const orderByKey = new PreparedQuery<OrderRow>();
const orderInsert = new PreparedQuery<OrderRow>();
