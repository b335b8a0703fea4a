import { sql, type Kysely } from 'kysely';

// Deliveries to a plugin's extra webhook endpoints (control.webhook_endpoints). A log entry names
// the endpoint it goes to; null is the listing's webhook_endpoint (the primary one), so every
// existing row and path stays as it was. No foreign key: a deleted endpoint's history stays, and
// its pending deliveries fail at their next attempt. The fan-out outbox carries, beside the
// installations the primary endpoint addresses, those whose plugin has an enabled extra endpoint
// on the event's plane: the fan-out matches each endpoint's events, locations and filter.
// Both columns are added without a rewrite (nullable; a constant default).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table control.webhook_logs add column webhook_endpoint_id integer`.execute(db);
  await sql`alter table control.fanout_outbox
              add column endpoint_installation_ids integer[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table control.fanout_outbox drop column endpoint_installation_ids`.execute(db);
  await sql`alter table control.webhook_logs drop column webhook_endpoint_id`.execute(db);
}
