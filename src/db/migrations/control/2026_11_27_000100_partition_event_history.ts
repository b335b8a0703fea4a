import { sql, type Kysely } from 'kysely';
import { partitionByTime } from '../history-partitions.js';

// Time-partitioned history (issue 36), first part: the outbox (events), the events feed
// (installation_events) and the API request log, partitioned by day on their time column, so that
// retention drops whole days instead of deleting rows. Every primary key and unique index takes the
// time column; the feed is partitioned by its event's time (occurred_at is the event's), so an
// event and its feed entries always fall in partitions of the same day and go together.
export async function up(db: Kysely<any>): Promise<void> {
  // A foreign key to a partitioned table must include its partition key, and would make every
  // partition drop check the other table: the feed entries are pruned with their events instead.
  await sql`alter table control.installation_events drop constraint installation_events_event_id_fkey`.execute(
    db,
  );
  await partitionByTime(db, {
    table: 'events',
    column: 'occurred_at',
    primaryKey: ['event_id', 'occurred_at'],
  });

  await sql`drop index control.installation_events_event_idx`.execute(db);
  await partitionByTime(db, {
    table: 'installation_events',
    column: 'occurred_at',
    primaryKey: ['installation_id', 'sequence', 'occurred_at'],
  });
  // One feed entry per event and installation (occurred_at is the event's: the same for both).
  await sql`create unique index installation_events_event_idx on control.installation_events (event_id, installation_id, occurred_at)`.execute(
    db,
  );

  await partitionByTime(db, {
    table: 'api_requests',
    column: 'created_at',
    primaryKey: ['api_request_id', 'created_at'],
    identity: 'api_request_id',
  });
}

export async function down(): Promise<void> {
  // Going back would rewrite every row of the history into plain tables: restore a backup instead.
  throw new Error('2026_11_27_000100_partition_event_history cannot be undone');
}
