import { sql, type Kysely } from 'kysely';

// The fan-out's outbox: one row per emitted event that has recipients, written by the emitting
// transaction and deleted by the fan-out transaction that creates its deliveries (fanout.ts), so
// an event is fanned out exactly once. It replaces a pg-boss job per event, whose general insert
// and foreign key check on the queue's row were about a third of PostgreSQL's work per event.
// Rows live for milliseconds: one index (the key), no foreign key. Jobs of the webhook-fanout
// queue that a version before this one enqueued are still worked (a deploy's jobs in flight).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table control.fanout_outbox (
      outbox_id bigint generated always as identity primary key,
      event_id uuid not null,
      event_type text not null,
      -- The event's partition key, as PostgreSQL wrote it (text keeps the microseconds).
      occurred_at text not null,
      installation_ids int[] not null,
      -- Fan-outs of this row that failed (not for a database outage): after ten it is left for an operator.
      failures int not null default 0,
      last_error text
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table control.fanout_outbox`.execute(db);
}
