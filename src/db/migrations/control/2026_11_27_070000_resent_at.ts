import { sql, type Kysely } from 'kysely';

// installation_webhook_state.resent_at: when the installation's first replay or redelivery
// delivery was made (null: never). The acknowledgement cancels pending redeliveries and replay
// deliveries at or below its cursor; it looks for them only from that time on, and not at all
// for an installation that never had one, instead of in every day's partition of the logs.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table control.installation_webhook_state add column resent_at timestamptz`.execute(
    db,
  );
  await sql`
    update control.installation_webhook_state s set resent_at = r.first
      from (select installation_id, min(created_at) as first from control.webhook_logs
             where direction = 'outbound' and (replay_id is not null or redelivery_of is not null)
             group by installation_id) r
     where s.installation_id = r.installation_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table control.installation_webhook_state drop column resent_at`.execute(db);
}
