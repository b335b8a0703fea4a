import { sql, type Kysely } from 'kysely';

// Per-endpoint statistics of a plugin's extra webhook endpoints, one row an endpoint and hour:
// the events the fan-out matched and those the endpoint's location or content filter ruled out
// (which leave no log entry), and the deliveries that ended, delivered or failed for good. Each
// fan-out batch and each recorded batch of attempts adds to the hour's row (an upsert). The rows
// go with their endpoint; the hourly retention prunes hours past 30 days (by `hour`). A low
// fillfactor leaves room on the page for the updates of a busy hour to stay HOT.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table control.webhook_endpoint_stats (
              webhook_endpoint_id integer not null
                references control.webhook_endpoints (webhook_endpoint_id) on delete cascade,
              hour timestamptz not null,
              matched integer not null default 0,
              filtered_out integer not null default 0,
              delivered integer not null default 0,
              failed integer not null default 0,
              primary key (webhook_endpoint_id, hour)) with (fillfactor = 70)`.execute(db);
  await sql`create index webhook_endpoint_stats_hour_idx
              on control.webhook_endpoint_stats (hour)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists control.webhook_endpoint_stats`.execute(db);
}
