import { sql, type Kysely } from 'kysely';

// A refund is its own transaction (transaction_type 'refund', the money that went back) pointing at
// the sale it refunds, whose status becomes 'refunded'. Financial reports see both rows; the link
// lets reconciliation pair them and keeps a sale from being refunded twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transactions')
    .addColumn('refunded_transaction_id', 'integer', (c) =>
      c.references('transactions.transaction_id'),
    )
    .execute();
  await db.schema
    .createIndex('transactions_refunded_idx')
    .on('transactions')
    .column('refunded_transaction_id')
    .unique()
    .where(sql.ref('refunded_transaction_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transactions_refunded_idx').execute();
  await db.schema.alterTable('transactions').dropColumn('refunded_transaction_id').execute();
}
