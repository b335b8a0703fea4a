import { sql, type Kysely } from 'kysely';

// Every delivery writes each index of control.webhook_logs at its fan-out (the insert) and, unless
// the update is HOT, again when its attempt is recorded. Recording changes status; the pending
// index's predicate read it, so no record was ever HOT.
// - Nothing looks a log up by delivery_id (the unique index only held (delivery_id, created_at)
//   since the table is partitioned, and the id is a random UUID) or by event_id (the fan-out finds
//   an event's deliveries in the feed, whose unique index makes them one per event and
//   installation): both go.
// - The acknowledgement finds pending deliveries by sequence without an index on status: the
//   originals above the last acknowledgement (outbound_sequence) and the redeliveries and replay
//   deliveries (resent), which repeat old sequences.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index control.webhook_logs_delivery_id_key`.execute(db);
  await sql`drop index control.webhook_logs_outbound_event_idx`.execute(db);
  await sql`create index webhook_logs_outbound_sequence_idx on control.webhook_logs (installation_id, sequence) where direction = 'outbound'`.execute(
    db,
  );
  await sql`create index webhook_logs_resent_idx on control.webhook_logs (installation_id, sequence)
            where direction = 'outbound' and (replay_id is not null or redelivery_of is not null)`.execute(
    db,
  );
  await sql`drop index control.webhook_logs_pending_sequence_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index webhook_logs_pending_sequence_idx on control.webhook_logs (installation_id, sequence)
            where direction = 'outbound' and status = 'pending'`.execute(db);
  await sql`drop index control.webhook_logs_resent_idx`.execute(db);
  await sql`drop index control.webhook_logs_outbound_sequence_idx`.execute(db);
  await sql`create unique index webhook_logs_delivery_id_key on control.webhook_logs (delivery_id, created_at)`.execute(
    db,
  );
  await sql`create index webhook_logs_outbound_event_idx on control.webhook_logs (event_id, installation_id)
            where direction = 'outbound' and event_id is not null and redelivery_of is null and replay_id is null`.execute(
    db,
  );
}
