import type { Kysely } from 'kysely';

// The API request log of installations (portal apiRequests), written in batches off the request
// path and pruned after SVC_REQUEST_LOG_RETENTION_DAYS; and the request that caused an event
// (the envelope's request_id).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_requests')
    .addColumn('api_request_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('installation_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text')
    .addColumn('status', 'smallint', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('duration_ms', 'real', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('request_body', 'text')
    .addColumn('response_body', 'text')
    .execute();
  await db.schema
    .createIndex('api_requests_installation_idx')
    .on('api_requests')
    .columns(['installation_id', 'api_request_id'])
    .execute();
  // Rows arrive in time order: a BRIN index finds the expired ones for the prune at almost no cost per insert.
  await db.schema
    .createIndex('api_requests_created_idx')
    .on('api_requests')
    .using('brin')
    .column('created_at')
    .execute();
  await db.schema.alterTable('events').addColumn('request_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('request_id').execute();
  await db.schema.dropTable('api_requests').execute();
}
