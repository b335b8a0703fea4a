import { sql, type Kysely } from 'kysely';

// Webhooks both ways: an outbound webhook_logs row is one delivery (one event to one
// installation), each attempt of it is a row of webhook_delivery_attempts, and inbound
// idempotency keys claim their first log entry for 24 hours.
export async function up(db: Kysely<any>): Promise<void> {
  // X-Svc-Delivery: one id per delivery, the same on every retry.
  await db.schema
    .alterTable('webhook_logs')
    .addColumn('delivery_id', 'uuid', (c) => c.unique())
    .execute();
  // Fan-out creates at most one delivery per event and installation, even when it runs twice.
  await sql`create unique index webhook_logs_outbound_event_idx on control.webhook_logs (event_id, installation_id)
            where direction = 'outbound' and event_id is not null`.execute(db);

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('attempt_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('log_id', 'integer', (c) =>
      c.notNull().references('webhook_logs.log_id').onDelete('cascade'),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('delivered','failed')`))
    .addColumn('http_status', 'integer')
    .addColumn('error_message', 'text')
    // Set when the destination guard refused to connect (loopback address, plain http, ...).
    .addColumn('refusal_reason', 'text')
    .addColumn('remote_address', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A worker that dies after recording an attempt cannot record it twice when its job is retried.
    .addUniqueConstraint('webhook_delivery_attempts_log_attempt_key', ['log_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('inbound_webhook_keys')
    .addColumn('installation_id', 'integer', (c) =>
      c.notNull().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('log_id', 'integer', (c) =>
      c.notNull().references('webhook_logs.log_id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('inbound_webhook_keys_pkey', ['installation_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('inbound_webhook_keys_created_idx')
    .on('inbound_webhook_keys')
    .column('created_at')
    .execute();

  // Fan-out looks up the active installations of a location inside the emitting transaction.
  await sql`create index installations_active_location_idx on control.installations (location_id)
            where status = 'active'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists control.installations_active_location_idx`.execute(db);
  await db.schema.dropTable('inbound_webhook_keys').execute();
  await db.schema.dropTable('webhook_delivery_attempts').execute();
  await sql`drop index if exists control.webhook_logs_outbound_event_idx`.execute(db);
  await db.schema.alterTable('webhook_logs').dropColumn('delivery_id').execute();
}
