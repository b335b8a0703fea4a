// Builders for orders and payments tests: customization templates, orders in a given internal
// status, and the outbox events of an order (menu items and customers: catalog-builders.ts).
import { randomBytes } from 'node:crypto';
import { expect } from '@jest/globals';
import type { Db } from '../../src/db/database.js';
import type { EventName } from '../../src/generated/events.generated.js';
import { expectValidEventData, outboxEvents, type OutboxEvent } from './events.js';
import type { InternalStatus } from '../../src/domain/orders/order-status.js';
import { production, type InstallationFixture } from './builders.js';
import { createMenuItem } from './catalog-builders.js';

const unique = () => randomBytes(3).toString('hex');

/** A customization template with its options (deltas as decimal strings), linked to `itemIds`. */
export async function createTemplate(
  db: Db,
  locationId: number,
  options: { min?: number; max?: number; deltas?: string[]; itemIds?: number[] } = {},
) {
  const data = production(db);
  const template = await data
    .insertInto('customization_templates')
    .values({
      location_id: locationId,
      name: `Extras ${unique()}`,
      min_select: options.min ?? 0,
      max_select: options.max ?? 1,
    })
    .returning(['template_id', 'name'])
    .executeTakeFirstOrThrow();
  const rows = await data
    .insertInto('customization_options')
    .values(
      (options.deltas ?? ['1.00']).map((delta, n) => ({
        template_id: template.template_id,
        name: `Option ${n + 1}`,
        price_delta: delta,
      })),
    )
    .returning(['option_id', 'name', 'price_delta'])
    .execute();
  for (const itemId of options.itemIds ?? []) {
    await data
      .insertInto('menu_item_templates')
      .values({ item_id: itemId, template_id: template.template_id })
      .execute();
  }
  return {
    templateId: template.template_id,
    name: template.name,
    optionIds: rows.map((r) => r.option_id),
    options: rows,
  };
}

export interface SeededOrderOptions {
  status?: InternalStatus;
  total?: string;
  paidTotal?: string;
  locationId?: number;
  currency?: string;
  uniqueOrderId?: string;
  metadata?: Record<string, unknown>;
}

/** An order written as the point of sale would, in any internal status, with one line. */
export async function seedOrder(
  db: Db,
  inst: InstallationFixture,
  options: SeededOrderOptions = {},
) {
  const data = production(db);
  const locationId = options.locationId ?? inst.locationId;
  const item = await createMenuItem(db, locationId, { price: options.total ?? '20.00' });
  const order = await data
    .insertInto('orders')
    .values({
      organization_id: inst.organizationId,
      location_id: locationId,
      unique_orderid: options.uniqueOrderId ?? `POS-${unique()}`,
      status: options.status ?? 'CREATED',
      order_type: 'takeaway',
      total: options.total ?? '20.00',
      paid_total: options.paidTotal ?? '0',
      currency: options.currency ?? (locationId === inst.otherLocationId ? 'USD' : 'EUR'),
      metadata: JSON.stringify(options.metadata ?? {}),
      source: 'pos',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await data
    .insertInto('order_items')
    .values({
      order_id: order.order_id,
      item_id: item.item_id,
      name: item.name,
      quantity: 1,
      unit_price: item.price,
      line_total: item.price,
    })
    .execute();
  return order;
}

export async function setSubscriptionStatus(
  db: Db,
  organizationId: number,
  status: 'active' | 'past_due' | 'locked',
) {
  await production(db)
    .updateTable('organizations')
    .set({ subscription_status: status })
    .where('organization_id', '=', organizationId)
    .execute();
}

export type StoredEvent = OutboxEvent;

/** The outbox events about one order (payload `order_id`), sorted by name for stable assertions. */
export async function eventsOfOrder(db: Db, orderId: number): Promise<StoredEvent[]> {
  return (await outboxEvents(db, { orderId })).sort((a, b) =>
    a.event_name.localeCompare(b.event_name),
  );
}

/**
 * Asserts that `event` is `name` with a payload valid against asyncapi.yaml and with exactly
 * `keys`, no more and no fewer.
 */
export function expectEventPayload(
  event: StoredEvent | undefined,
  name: EventName,
  keys: string[],
): void {
  expect(event?.event_name).toBe(name);
  expectValidEventData(name, event!.data);
  expect(Object.keys(event!.data).sort()).toEqual([...keys].sort());
}

// The events as stored: head's shapes (a delivery or the feed takes them back to the installation's version).
export const PAYLOAD_KEYS = {
  created: [
    'order_id',
    'order_number',
    'table_number',
    'order_status',
    'total',
    'party_size',
    'created_at',
  ],
  statusChanged: ['order_id', 'order_number', 'old_status', 'new_status'],
  paid: ['order_id', 'order_number', 'total', 'paid_at'],
  cancelled: ['order_id', 'order_number', 'reason', 'cancelled_at'],
  observer: [
    'transaction_id',
    'order_id',
    'amount',
    'currency',
    'payment_method',
    'tip_amount',
    'tax_amount',
    'discount_amount',
    'processor_payment_intent_id',
    'transaction_type',
    'processed_at',
  ],
  capture: [
    'payment_id',
    'order_id',
    'amount',
    'currency',
    'payment_method',
    'provider',
    'provider_transaction_id',
    'remaining_balance',
  ],
};
