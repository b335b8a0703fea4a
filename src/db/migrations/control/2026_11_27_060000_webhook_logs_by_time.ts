import { sql, type Kysely } from 'kysely';

// The portal's webhook log pages (webhookLogs, webhookDeliveries) go newest first by time
// (created_at, then id), the partition key, as apiRequests does (2026_11_27_050000): the index of
// an installation's logs by id gives way to one by time, so a page reads the newest day's partition
// and stops there. Neither column changes when an attempt is recorded: that update stays HOT. An
// installation's deletion cascades through its leading column, as before.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index webhook_logs_installation_time_idx on control.webhook_logs (installation_id, created_at desc, log_id desc)`.execute(
    db,
  );
  await sql`drop index control.webhook_logs_installation_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index webhook_logs_installation_idx on control.webhook_logs (installation_id, log_id)`.execute(
    db,
  );
  await sql`drop index control.webhook_logs_installation_time_idx`.execute(db);
}
