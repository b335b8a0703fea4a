import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';

// The history tables are partitioned by day (src/db/partitions.ts): a lookup by id alone probes
// the index of every partition, so its cost grows with the history kept. The delivery path carries
// each row's partition key in its jobs and adds it to its lookups, and PostgreSQL reads one
// partition. Keys travel as text, as PostgreSQL wrote them: a Date would drop the microseconds.

/** The distinct keys, or null when one is missing (a job queued before jobs carried them). */
export function partitionKeys(keys: (string | null | undefined)[]): string[] | null {
  if (keys.some((key) => key === undefined)) return null;
  return [...new Set(keys.filter((key): key is string => key !== null))];
}

/** `and <column> = any(keys)`, what prunes the partitions; nothing when the keys are unknown. */
export function inPartitions(column: string, keys: string[] | null): RawBuilder<unknown> {
  return keys === null ? sql`` : sql`and ${sql.ref(column)} = any(${keys}::timestamptz[])`;
}

/**
 * now() of the transaction: the created_at (the partition key) of every log it inserts, which
 * default to it. Text, microseconds kept.
 */
export async function transactionTime(
  trx: Transaction<Database> | Kysely<Database>,
): Promise<string> {
  const { rows } = await sql<{ now: string }>`select now()::text as now`.execute(trx);
  return rows[0]!.now;
}

/**
 * The delivery (`l`, a webhook log) of a feed entry (`ie`) is made by the fan-out after its event:
 * its `created_at` is at or after the event's `occurred_at`. Said in the lookup, it lets
 * PostgreSQL skip every partition of the logs older than the event's day (the entry carries its
 * log's id but not its partition key). A day's margin for a clock step of the database server.
 */
export const LOG_AFTER_ITS_EVENT = sql`l.created_at >= ie.occurred_at - interval '1 day'`;
