import { sql, type Kysely } from 'kysely';
import { partitionByTime } from '../history-partitions.js';

// Time-partitioned history (issue 36), second part: the webhook logs (deliveries and inbound
// requests) by day of created_at, and their delivery attempts by the day of their log's
// created_at (carried in log_created_at), so a log and its attempts fall in partitions of the same
// day and go together. Replays stay one plain table: a row per replay a developer starts, few.
export async function up(db: Kysely<any>): Promise<void> {
  // Foreign keys to a partitioned table must include its partition key: the attempts and inbound
  // keys are pruned with their logs instead (inbound keys live 24 hours anyway), and a redelivery's
  // link to its original is cleared by retention (src/domain/webhooks/retention.ts).
  await sql`alter table control.webhook_delivery_attempts drop constraint webhook_delivery_attempts_log_id_fkey`.execute(
    db,
  );
  await sql`alter table control.inbound_webhook_keys drop constraint inbound_webhook_keys_log_id_fkey`.execute(
    db,
  );
  await sql`alter table control.webhook_logs drop constraint webhook_logs_redelivery_of_fkey`.execute(
    db,
  );

  await sql`alter table control.webhook_logs drop constraint webhook_logs_delivery_id_key`.execute(
    db,
  );
  await sql`drop index control.webhook_logs_outbound_event_idx`.execute(db);
  await partitionByTime(db, {
    table: 'webhook_logs',
    column: 'created_at',
    primaryKey: ['log_id', 'created_at'],
    identity: 'log_id',
  });
  await sql`create unique index webhook_logs_delivery_id_key on control.webhook_logs (delivery_id, created_at)`.execute(
    db,
  );
  // One original delivery per event and installation: enforced by the feed's unique
  // (event_id, installation_id, occurred_at), written in the fan-out's statement with it; this one
  // keeps its index for the lookups.
  await sql`create index webhook_logs_outbound_event_idx on control.webhook_logs (event_id, installation_id)
            where direction = 'outbound' and event_id is not null and redelivery_of is null and replay_id is null`.execute(
    db,
  );
  // Retention clears the links of redeliveries whose original it pruned (they are few).
  await sql`create index webhook_logs_redelivery_idx on control.webhook_logs (redelivery_of) where redelivery_of is not null`.execute(
    db,
  );

  // The attempts' log times, in one pass over them (the one table of the history rewritten).
  await sql`alter table control.webhook_delivery_attempts add column log_created_at timestamptz`.execute(
    db,
  );
  await sql`update control.webhook_delivery_attempts a set log_created_at = l.created_at
              from control.webhook_logs l where l.log_id = a.log_id`.execute(db);
  // An attempt whose log is gone (none should be) is dated by itself.
  await sql`update control.webhook_delivery_attempts set log_created_at = attempted_at where log_created_at is null`.execute(
    db,
  );
  await sql`alter table control.webhook_delivery_attempts alter column log_created_at set not null`.execute(
    db,
  );
  await sql`alter table control.webhook_delivery_attempts drop constraint webhook_delivery_attempts_log_attempt_key`.execute(
    db,
  );
  await partitionByTime(db, {
    table: 'webhook_delivery_attempts',
    column: 'log_created_at',
    primaryKey: ['attempt_id', 'log_created_at'],
    identity: 'attempt_id',
  });
  // A worker re-run after recording an attempt cannot record it twice (a log has one created_at).
  await sql`alter table control.webhook_delivery_attempts
              add constraint webhook_delivery_attempts_log_attempt_key unique (log_id, attempt, log_created_at)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  // Going back would rewrite every row of the history into plain tables: restore a backup instead.
  throw new Error('2026_11_27_000200_partition_webhook_logs cannot be undone');
}
