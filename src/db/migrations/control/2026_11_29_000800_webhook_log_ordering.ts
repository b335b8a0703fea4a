import { sql, type Kysely } from 'kysely';

// Ordering per order (webhook endpoints with ordering ORDER): a delivery to such an endpoint of an
// event that belongs to an order names it (ordering_key, "order:<order_id>"); one whose earlier
// delivery of the same key to the same endpoint is still pending waits, with no job, until that
// one ends (ordering_held); the one released after a delivery that failed its last attempt names
// that delivery's sequence (ordering_failed_sequence, in its envelope as previous_failed_sequence).
// Nullable columns: no rewrite. The index holds only ordered deliveries (every other row has a
// null key) and none of the columns an attempt's record changes, so recording stays HOT.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table control.webhook_logs
              add column ordering_key text,
              add column ordering_held boolean,
              add column ordering_failed_sequence integer`.execute(db);
  await sql`create index webhook_logs_ordering_idx on control.webhook_logs
              (webhook_endpoint_id, installation_id, ordering_key, sequence) where ordering_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index control.webhook_logs_ordering_idx`.execute(db);
  await sql`alter table control.webhook_logs
              drop column ordering_key, drop column ordering_held, drop column ordering_failed_sequence`.execute(
    db,
  );
}
