import { sql, type Kysely } from 'kysely';

// Deleting a webhook log (the retention prune) makes PostgreSQL set redelivery_of to null on the
// redeliveries that point to it (ON DELETE SET NULL): without an index that is a scan of every log
// for each deleted row. Partial: only redeliveries have one, and `redelivery_of = $1` implies it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index webhook_logs_redelivery_of_idx on control.webhook_logs (redelivery_of) where redelivery_of is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index control.webhook_logs_redelivery_of_idx`.execute(db);
}
