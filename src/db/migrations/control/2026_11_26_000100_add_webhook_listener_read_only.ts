import type { Kysely } from 'kysely';

// A listener registered by a read-scoped developer key only reads: it receives the sandbox's
// deliveries, but never turns a delivery the destination guard refused into one handed to it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_listeners')
    .addColumn('read_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_listeners').dropColumn('read_only').execute();
}
