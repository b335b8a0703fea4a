import { sql, type Kysely } from 'kysely';

// Listeners of a sandbox's webhook stream (svc listen): a row per open stream, kept alive by the
// process serving it. While one is alive the sandbox's deliveries also go to it, and to it alone
// when the plugin has no endpoint or one the destination guard refuses.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_listeners')
    .addColumn('listener_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sandbox_id', 'integer', (c) =>
      c.notNull().references('sandboxes.sandbox_id').onDelete('cascade'),
    )
    .addColumn('developer_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_listeners_sandbox_idx')
    .on('webhook_listeners')
    .columns(['sandbox_id', 'expires_at'])
    .execute();
  await db.schema
    .alterTable('webhook_logs')
    .addColumn('listener_http_status', 'integer')
    .addColumn('listener_duration_ms', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_logs')
    .dropColumn('listener_http_status')
    .dropColumn('listener_duration_ms')
    .execute();
  await db.schema.dropTable('webhook_listeners').execute();
}
