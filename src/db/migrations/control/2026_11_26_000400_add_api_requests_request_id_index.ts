import type { Kysely } from 'kysely';

// The API request log looked up by the request_id of an error body (portal
// apiRequestByRequestId, the dashboard's /dashboard/requests/<requestId>).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('api_requests_request_id_idx')
    .on('api_requests')
    .column('request_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('api_requests_request_id_idx').execute();
}
