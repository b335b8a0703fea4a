import { sql, type Kysely } from 'kysely';

// One restaurant data plane. The same migrations run in `production` and in every sandbox schema;
// the migrator hands in `db.withSchema(<plane>)`, so no table here names its schema.
const id = 'integer';
const money = sql`numeric(12,2)`;
const qty = sql`numeric(14,4)`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('organization_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('locations')
    .addColumn('location_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('organization_id', id, (c) =>
      c.notNull().references('organizations.organization_id'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', sql`char(3)`, (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('address', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('locations_org_idx')
    .on('locations')
    .columns(['organization_id', 'location_id'])
    .execute();

  await db.schema
    .createTable('menu_categories')
    .addColumn('category_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('location_id', id, (c) => c.notNull().references('locations.location_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('item_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('location_id', id, (c) => c.notNull().references('locations.location_id'))
    .addColumn('category_id', id, (c) => c.references('menu_categories.category_id'))
    .addColumn('location_coll_id', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', money, (c) => c.notNull().check(sql`price >= 0 and price <= 9999.99`))
    .addColumn('is_available', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('allergens', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('vegan', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('vegetarian', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('spicy_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preparation_time', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`preparation_time between 0 and 480`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('menu_items_location_idx')
    .on('menu_items')
    .columns(['location_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('customization_templates')
    .addColumn('template_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('location_id', id, (c) => c.notNull().references('locations.location_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min_select', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_select', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint(
      'customization_templates_range',
      sql`min_select >= 0 and max_select >= min_select`,
    )
    .execute();

  await db.schema
    .createTable('customization_options')
    .addColumn('option_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('template_id', id, (c) =>
      c.notNull().references('customization_templates.template_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_delta', money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('customization_options_template_idx')
    .on('customization_options')
    .column('template_id')
    .execute();

  await db.schema
    .createTable('menu_item_templates')
    .addColumn('item_id', id, (c) =>
      c.notNull().references('menu_items.item_id').onDelete('cascade'),
    )
    .addColumn('template_id', id, (c) =>
      c.notNull().references('customization_templates.template_id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('menu_item_templates_pk', ['item_id', 'template_id'])
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('customer_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('organization_id', id, (c) =>
      c.notNull().references('organizations.organization_id'),
    )
    .addColumn('location_id', id, (c) => c.references('locations.location_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('customers_org_updated_idx')
    .on('customers')
    .columns(['organization_id', 'updated_at', 'customer_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('order_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('organization_id', id, (c) =>
      c.notNull().references('organizations.organization_id'),
    )
    .addColumn('location_id', id, (c) => c.notNull().references('locations.location_id'))
    .addColumn('unique_orderid', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_type', 'text', (c) =>
      c.notNull().check(sql`order_type in ('dine_in','takeaway','delivery')`),
    )
    .addColumn('table_number', 'text')
    .addColumn('party_size', 'integer')
    .addColumn('external_order_id', 'text')
    // Idempotency: the key (external_order_id or X-Idempotency-Key) and a hash of the request body.
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('customer_id', id, (c) => c.references('customers.customer_id'))
    .addColumn('total', money, (c) => c.notNull())
    .addColumn('paid_total', money, (c) => c.notNull().defaultTo(0))
    .addColumn('currency', sql`char(3)`, (c) => c.notNull())
    .addColumn('kitchen_instructions', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('plugin'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancellation_reason', 'text')
    .execute();
  await db.schema
    .createIndex('orders_idempotency_idx')
    .on('orders')
    .columns(['organization_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('orders_location_updated_idx')
    .on('orders')
    .columns(['location_id', 'updated_at', 'order_id'])
    .execute();
  await db.schema
    .createIndex('orders_customer_idx')
    .on('orders')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_item_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('order_id', id, (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    .addColumn('item_id', id, (c) => c.notNull().references('menu_items.item_id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 999`))
    .addColumn('unit_price', money, (c) => c.notNull())
    .addColumn('line_total', money, (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('order_items_order_idx')
    .on('order_items')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('order_item_customizations')
    .addColumn('order_item_customization_id', id, (c) =>
      c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('order_item_id', id, (c) =>
      c.notNull().references('order_items.order_item_id').onDelete('cascade'),
    )
    .addColumn('template_id', id, (c) => c.notNull())
    .addColumn('option_id', id, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_delta', money, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_item_customizations_item_idx')
    .on('order_item_customizations')
    .column('order_item_id')
    .execute();

  // Transactions are the authoritative payment records (financial reports, reconciliation).
  await db.schema
    .createTable('transactions')
    .addColumn('transaction_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('organization_id', id, (c) =>
      c.notNull().references('organizations.organization_id'),
    )
    .addColumn('order_id', id, (c) => c.notNull().references('orders.order_id'))
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('currency', sql`char(3)`, (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('provider_transaction_id', 'text')
    .addColumn('transaction_type', 'text', (c) => c.notNull().defaultTo('sale'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('succeeded'))
    .addColumn('tip_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('tax_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('discount_amount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('processor_payment_intent_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('pos'))
    .addColumn('error', 'text')
    .addColumn('refund_reason', 'text')
    .addColumn('captured_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('transactions_provider_idx')
    .on('transactions')
    .columns(['organization_id', 'provider_transaction_id'])
    .unique()
    .where(sql.ref('provider_transaction_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('transactions_order_idx')
    .on('transactions')
    .column('order_id')
    .execute();

  await db.schema
    .createTable('ingredients')
    .addColumn('ingredient_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('organization_id', id, (c) =>
      c.notNull().references('organizations.organization_id'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sku', 'text')
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('cost_per_unit', qty)
    .addColumn('supplier', 'text')
    .addColumn('allergens', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ingredients_org_idx')
    .on('ingredients')
    .columns(['organization_id', 'ingredient_id'])
    .execute();

  await db.schema
    .createTable('ingredient_skus')
    .addColumn('sku_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ingredient_id', id, (c) =>
      c.notNull().references('ingredients.ingredient_id').onDelete('cascade'),
    )
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('pack_size', qty, (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('ingredient_skus_ingredient_idx')
    .on('ingredient_skus')
    .column('ingredient_id')
    .execute();

  await db.schema
    .createTable('stock_levels')
    .addColumn('ingredient_id', id, (c) =>
      c.notNull().references('ingredients.ingredient_id').onDelete('cascade'),
    )
    .addColumn('location_id', id, (c) => c.notNull().references('locations.location_id'))
    .addColumn('on_hand', qty, (c) => c.notNull().defaultTo(0))
    .addColumn('reorder_point', qty, (c) => c.notNull().defaultTo(0))
    .addColumn('par_level', qty, (c) => c.notNull().defaultTo(0))
    // The low-stock cycle: open when stock crosses down to the reorder point, closed when back above.
    .addColumn('low_stock_alert_open', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('stock_levels_pk', ['ingredient_id', 'location_id'])
    .execute();
  await db.schema
    .createIndex('stock_levels_location_idx')
    .on('stock_levels')
    .columns(['location_id', 'ingredient_id'])
    .execute();

  await db.schema
    .createTable('stock_movements')
    .addColumn('movement_id', id, (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('ingredient_id', id, (c) =>
      c.notNull().references('ingredients.ingredient_id').onDelete('cascade'),
    )
    .addColumn('location_id', id, (c) => c.notNull().references('locations.location_id'))
    .addColumn('delta', qty, (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('installation_id', id)
    .addColumn('idempotency_key', 'text')
    .addColumn('on_hand_after', qty, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('stock_movements_ingredient_idx')
    .on('stock_movements')
    .columns(['ingredient_id', 'movement_id'])
    .execute();
  await db.schema
    .createIndex('stock_movements_idempotency_idx')
    .on('stock_movements')
    .columns(['installation_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stock_movements',
    'stock_levels',
    'ingredient_skus',
    'ingredients',
    'transactions',
    'order_item_customizations',
    'order_items',
    'orders',
    'customers',
    'menu_item_templates',
    'customization_options',
    'customization_templates',
    'menu_items',
    'menu_categories',
    'locations',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
