import { sql, type Kysely } from 'kysely';

// control.installation_feed_days: for each installation and UTC day, the range of feed sequences
// its entries of that day hold (and how many). The feed is partitioned by day, and a page by
// sequence cannot be pruned by day on its own: every day's partition was opened, locked and
// probed for each page, and a month of history made the feed several times slower than a day of
// it. With the day ranges, a reader names the days that can hold the sequences it wants
// (events-feed.ts) and PostgreSQL reads only their partitions.
//
// A statement trigger keeps it, in the transaction that inserts the entries, whoever inserts them
// (the fan-out, a partition split moving rows, a test's history). Its ranges only ever widen, so
// they always cover their day's entries: retention deletes entries without narrowing them, and
// drops the days it pruned whole. Existing entries are counted here, once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table control.installation_feed_days (
      installation_id int not null references control.installations (installation_id) on delete cascade,
      day date not null,
      first_sequence int not null,
      last_sequence int not null,
      entries int not null,
      primary key (installation_id, day)
    ) with (fillfactor = 70)`.execute(db);
  // Retention deletes the days before its window.
  await sql`create index installation_feed_days_day_idx on control.installation_feed_days (day)`.execute(
    db,
  );
  await sql`
    create function control.installation_feed_days_add() returns trigger language plpgsql as $$
    begin
      insert into control.installation_feed_days as d (installation_id, day, first_sequence, last_sequence, entries)
      select n.installation_id, (n.occurred_at at time zone 'UTC')::date, min(n.sequence), max(n.sequence), count(*)::int
        from new_entries n
       group by 1, 2
       order by 1, 2
      on conflict (installation_id, day) do update
        set first_sequence = least(d.first_sequence, excluded.first_sequence),
            last_sequence = greatest(d.last_sequence, excluded.last_sequence),
            entries = d.entries + excluded.entries;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger installation_feed_days_add after insert on control.installation_events
      referencing new table as new_entries for each statement execute function control.installation_feed_days_add()`.execute(
    db,
  );
  await sql`
    insert into control.installation_feed_days (installation_id, day, first_sequence, last_sequence, entries)
    select installation_id, (occurred_at at time zone 'UTC')::date, min(sequence), max(sequence), count(*)::int
      from control.installation_events
     group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger installation_feed_days_add on control.installation_events`.execute(db);
  await sql`drop function control.installation_feed_days_add()`.execute(db);
  await sql`drop table control.installation_feed_days`.execute(db);
}
