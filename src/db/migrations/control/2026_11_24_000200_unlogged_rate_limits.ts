import { sql, type Kysely } from 'kysely';

// Rate-limit buckets are counted on every Data API request. As an UNLOGGED table their updates
// write no WAL (no log flush per request). The cost: after a database crash (not a clean
// restart) PostgreSQL empties the table, so every bucket starts a fresh window; limits stay
// strict and shared by every process otherwise.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table control.rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table control.rate_limits set logged`.execute(db);
}
