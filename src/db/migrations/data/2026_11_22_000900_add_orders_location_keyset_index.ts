import type { Kysely } from 'kysely';

// GET /orders pages by order_id within a location: (location_id, order_id) makes every page an
// index range scan of `limit` rows, whatever its depth and whatever the other locations hold.
// GET /customers checks "has an order at this location" per customer: (customer_id, location_id).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_location_order_idx')
    .on('orders')
    .columns(['location_id', 'order_id'])
    .execute();
  await db.schema
    .createIndex('orders_customer_location_idx')
    .on('orders')
    .columns(['customer_id', 'location_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_customer_location_idx').execute();
  await db.schema.dropIndex('orders_location_order_idx').execute();
}
