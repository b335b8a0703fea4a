import { sql, type Kysely } from 'kysely';
import { PARTITION_FILLFACTOR, listPartitions } from '../../partitions.js';

// The partitions of control.webhook_logs that exist already get the fillfactor new ones are made
// with (partitions.ts): a tenth of each page left free, so that recording an attempt, which updates
// its log, finds room on the same page and is a HOT update. It takes a lock that blocks neither
// reads nor writes and applies to pages filled from now on; the rows already written stay as they are.
export async function up(db: Kysely<any>): Promise<void> {
  for (const { name } of await listPartitions(db, 'webhook_logs')) {
    await sql`alter table ${sql.table(`control.${name}`)} set (fillfactor = ${sql.lit(PARTITION_FILLFACTOR.webhook_logs)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of await listPartitions(db, 'webhook_logs')) {
    await sql`alter table ${sql.table(`control.${name}`)} reset (fillfactor)`.execute(db);
  }
}
