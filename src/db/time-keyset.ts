import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TimeKey } from '../domain/shared/pagination.js';

// Keyset pages that go newest first by (time, id) over a table partitioned by that time: the
// statements' side of TimeKey (src/domain/shared/pagination.ts). The time travels as microseconds
// since 1970 and back by integer arithmetic, so a cursor names its entry's time exactly.

/** A timestamptz column in microseconds since 1970 (exact: extract gives a numeric). */
export const microsOf = (column: string): RawBuilder<string> => sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;

/** The entries after `key` in newest-first order; the condition on time alone lets PostgreSQL skip the newer partitions. */
export function olderThan(time: string, id: string, key: { at: number; id: number }): RawBuilder<boolean> {
  const at = sql`timestamptz 'epoch' + ${key.at}::bigint * interval '1 microsecond'`;
  return sql<boolean>`${sql.ref(time)} <= ${at} and (${sql.ref(time)} < ${at} or ${sql.ref(id)} < ${key.id})`;
}

/**
 * The time and id of a cursor's entry: an id-only cursor (the version before) is looked up; once
 * its entry is pruned, nothing older is kept either (time 0: an empty page).
 */
export async function timeKeyOf(db: Kysely<any>, key: TimeKey, table: string, time: string, id: string): Promise<{ at: number; id: number }> {
  if (!('idOnly' in key)) return key;
  const { rows } = await sql<{ at: string }>`select ${microsOf(time)} as at from ${sql.table(table)} where ${sql.ref(id)} = ${key.idOnly}`.execute(db);
  return { at: rows[0] ? Number(rows[0].at) : 0, id: key.idOnly };
}
