import { sql, type Kysely } from 'kysely';

// A payment reports the order's remaining balance and status right after it was applied, and a
// replayed capture must answer exactly what the first request answered. Both are snapshots taken
// in the transaction that records the payment; later changes to the order (items added, status
// moves) must not rewrite them. Nullable: rows written before this migration, or by code that
// does not record a snapshot, fall back to values computed from the order (src/domain/orders/order-view.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .addColumn('remaining_balance_after', sql`numeric(12,2)`)
    .addColumn('order_status_after', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .dropColumn('remaining_balance_after')
    .dropColumn('order_status_after')
    .execute();
}
