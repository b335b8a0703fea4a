import type { Kysely } from 'kysely';

// A menu item can be deleted (menu.item_deleted) after it was ordered. An order line is a snapshot
// of what was sold (item_id, name, unit price, customizations), so it keeps the id of a deleted
// item instead of blocking the deletion or losing the reference.
export async function up(db: Kysely<any>): Promise<void> {
  // Through the schema builder so that withSchema(<plane>) applies (raw SQL would miss the plane).
  await db.schema
    .alterTable('order_items')
    .dropConstraint('order_items_item_id_fkey')
    .ifExists()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_items')
    .addForeignKeyConstraint('order_items_item_id_fkey', ['item_id'], 'menu_items', ['item_id'])
    .execute();
}
