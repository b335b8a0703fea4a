import type { Kysely } from 'kysely';

// The headers each outbound attempt was sent with (signatures, timestamps, delivery id), so the
// developer dashboard can show a delivery's request exactly as sent; the body is rebuilt from the
// event, byte for byte. Null for attempts that sent nothing (no endpoint, refused, fault).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_delivery_attempts')
    .addColumn('request_headers', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_delivery_attempts').dropColumn('request_headers').execute();
}
