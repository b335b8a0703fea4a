import { sql, type Kysely } from 'kysely';

// Never lose an event: every event addressed to an installation gets the next number of that
// installation's sequence (1, 2, 3, ... gap-free, never reused), kept with the event for the
// retention window so that a plugin can read it back (GET /events), acknowledge it, and have it
// redelivered or replayed. A redelivery or a replay is a new delivery (a new webhook_logs row) of
// the same event with the same sequence.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per installation: the sequence counter (locked by the fan-out that allocates), the
  // acknowledged cursor, and the delivery health the portal shows.
  await db.schema
    .createTable('installation_webhook_state')
    .addColumn('installation_id', 'integer', (c) =>
      c.primaryKey().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('last_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acknowledged_through', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_success_at', 'timestamptz')
    .execute();

  // The events feed: an event as addressed to one installation, with its sequence and the
  // delivery that currently stands for it (the original, or the newest redelivery or replay).
  await db.schema
    .createTable('installation_events')
    .addColumn('installation_id', 'integer', (c) =>
      c.notNull().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) =>
      c.notNull().references('events.event_id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('log_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('installation_events_pkey', ['installation_id', 'sequence'])
    .execute();
  await sql`create unique index installation_events_event_idx on control.installation_events (event_id, installation_id)`.execute(
    db,
  );

  await db.schema
    .createTable('webhook_replays')
    .addColumn('replay_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('installation_id', 'integer', (c) =>
      c.notNull().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addColumn('until', 'timestamptz')
    .addColumn('only_failed', 'boolean', (c) => c.notNull())
    // Started by webhookAutoRecover rather than by a developer.
    .addColumn('automatic', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_replays_installation_idx')
    .on('webhook_replays')
    .columns(['installation_id', 'replay_id'])
    .execute();

  await db.schema
    .alterTable('webhook_logs')
    .addColumn('sequence', 'integer')
    .addColumn('redelivery_of', 'integer', (c) =>
      c.references('webhook_logs.log_id').onDelete('set null'),
    )
    .addColumn('replay_id', 'integer', (c) =>
      c.references('webhook_replays.replay_id').onDelete('set null'),
    )
    .addColumn('last_attempt_at', 'timestamptz')
    .execute();
  // Fan-out creates one original delivery per event and installation; redeliveries and replays
  // are further deliveries of the same pair.
  await sql`drop index control.webhook_logs_outbound_event_idx`.execute(db);
  await sql`create unique index webhook_logs_outbound_event_idx on control.webhook_logs (event_id, installation_id)
            where direction = 'outbound' and event_id is not null and redelivery_of is null and replay_id is null`.execute(
    db,
  );
  // An acknowledgement cancels the pending deliveries at or below a sequence.
  await sql`create index webhook_logs_pending_sequence_idx on control.webhook_logs (installation_id, sequence)
            where direction = 'outbound' and status = 'pending'`.execute(db);
  // A replay sends its deliveries in sequence order and counts them.
  await sql`create index webhook_logs_replay_idx on control.webhook_logs (replay_id, sequence) where replay_id is not null`.execute(
    db,
  );
  // Retention prunes by age.
  await db.schema
    .createIndex('webhook_logs_created_idx')
    .on('webhook_logs')
    .column('created_at')
    .execute();

  await db.schema
    .alterTable('plugins')
    .addColumn('webhook_auto_recover', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugins').dropColumn('webhook_auto_recover').execute();
  await sql`drop index if exists control.webhook_logs_created_idx`.execute(db);
  await sql`drop index if exists control.webhook_logs_replay_idx`.execute(db);
  await sql`drop index if exists control.webhook_logs_pending_sequence_idx`.execute(db);
  await sql`drop index control.webhook_logs_outbound_event_idx`.execute(db);
  await sql`create unique index webhook_logs_outbound_event_idx on control.webhook_logs (event_id, installation_id)
            where direction = 'outbound' and event_id is not null`.execute(db);
  await db.schema
    .alterTable('webhook_logs')
    .dropColumn('sequence')
    .dropColumn('redelivery_of')
    .dropColumn('replay_id')
    .dropColumn('last_attempt_at')
    .execute();
  await db.schema.dropTable('webhook_replays').execute();
  await db.schema.dropTable('installation_events').execute();
  await db.schema.dropTable('installation_webhook_state').execute();
}
