import { sql, type Kysely } from 'kysely';

// Security review 4, findings 3 and 4.
// - developers.sessions_valid_after: the stamp a portal session carries from its issue (its `sva`
//   claim); logOut(everywhere: true) moves it, which ends every session issued before.
// - revoked_sessions: the sessions logOut ended, by their `jti`, until they would have expired.
// - log_in_failures: failed log-ins per normalised email (known or not) and the time the next
//   attempt may start (the growing delay), shared by every process.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table control.developers add column sessions_valid_after timestamptz`.execute(db);
  await sql`create table control.revoked_sessions (
              session_id uuid primary key,
              developer_id integer not null references control.developers (developer_id) on delete cascade,
              expires_at timestamptz not null)`.execute(db);
  await sql`create index revoked_sessions_developer_idx on control.revoked_sessions (developer_id, expires_at)`.execute(
    db,
  );
  await sql`create table control.log_in_failures (
              email text primary key,
              failures integer not null,
              next_attempt_at timestamptz not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists control.log_in_failures`.execute(db);
  await sql`drop table if exists control.revoked_sessions`.execute(db);
  await sql`alter table control.developers drop column if exists sessions_valid_after`.execute(db);
}
