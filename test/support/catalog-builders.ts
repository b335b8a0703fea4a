import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { CustomersTable, IngredientsTable, MenuItemsTable } from '../../src/db/types.js';
import { production } from './builders.js';

// Builders for menu, customers, orders and inventory rows in the production plane (the outbox
// reader is in events.ts).

const unique = () => randomBytes(4).toString('hex');

export async function createMenuItem(
  db: Db,
  locationId: number,
  values: Partial<Insertable<MenuItemsTable>> = {},
) {
  return production(db)
    .insertInto('menu_items')
    .values({ location_id: locationId, name: `Dish ${unique()}`, price: '10.00', ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createCategory(db: Db, locationId: number, name = `Category ${unique()}`) {
  return production(db)
    .insertInto('menu_categories')
    .values({ location_id: locationId, name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A template with its options, linked to the item at `position`. */
export async function linkTemplate(
  db: Db,
  itemId: number,
  template: {
    locationId: number;
    name?: string;
    minSelect?: number;
    maxSelect?: number;
    options?: { name: string; price_delta: string }[];
    position?: number;
  },
) {
  const data = production(db);
  const row = await data
    .insertInto('customization_templates')
    .values({
      location_id: template.locationId,
      name: template.name ?? `Template ${unique()}`,
      min_select: template.minSelect ?? 0,
      max_select: template.maxSelect ?? 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const options = template.options?.length
    ? await data
        .insertInto('customization_options')
        .values(template.options.map((o) => ({ template_id: row.template_id, ...o })))
        .returningAll()
        .execute()
    : [];
  await data
    .insertInto('menu_item_templates')
    .values({ item_id: itemId, template_id: row.template_id, position: template.position ?? 0 })
    .execute();
  return { ...row, options };
}

export async function createCustomer(
  db: Db,
  organizationId: number,
  values: Partial<Insertable<CustomersTable>> = {},
) {
  return production(db)
    .insertInto('customers')
    .values({ organization_id: organizationId, name: `Guest ${unique()}`, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A bare order row (no items): enough for customer order history. */
export async function createOrderRow(
  db: Db,
  order: {
    organizationId: number;
    locationId: number;
    customerId?: number | null;
    createdAt?: Date;
    status?: string;
  },
) {
  return production(db)
    .insertInto('orders')
    .values({
      organization_id: order.organizationId,
      location_id: order.locationId,
      customer_id: order.customerId ?? null,
      unique_orderid: `ORD-${unique()}${unique()}`,
      status: order.status ?? 'CREATED',
      order_type: 'takeaway',
      total: '10.00',
      currency: 'EUR',
      ...(order.createdAt ? { created_at: order.createdAt, updated_at: order.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createIngredient(
  db: Db,
  organizationId: number,
  values: Partial<Insertable<IngredientsTable>> = {},
) {
  return production(db)
    .insertInto('ingredients')
    .values({
      organization_id: organizationId,
      name: `Ingredient ${unique()}`,
      unit: 'kg',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createStockLevel(
  db: Db,
  level: {
    ingredientId: number;
    locationId: number;
    onHand: string;
    reorderPoint?: string;
    parLevel?: string;
    alertOpen?: boolean;
  },
) {
  return production(db)
    .insertInto('stock_levels')
    .values({
      ingredient_id: level.ingredientId,
      location_id: level.locationId,
      on_hand: level.onHand,
      reorder_point: level.reorderPoint ?? '0',
      par_level: level.parLevel ?? '0',
      low_stock_alert_open: level.alertOpen ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createSku(
  db: Db,
  ingredientId: number,
  code = `SKU-${unique()}`,
  packSize = '1',
) {
  return production(db)
    .insertInto('ingredient_skus')
    .values({ ingredient_id: ingredientId, code, description: `${code} pack`, pack_size: packSize })
    .returningAll()
    .executeTakeFirstOrThrow();
}
