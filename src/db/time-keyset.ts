import { sql, type Kysely, type RawBuilder } from 'kysely';

// Keyset pages that go newest first by (time, id) over a table partitioned by that time: the
// statements' side of TimeKey (its cursors: decodeTimeCursor in src/domain/shared/pagination.ts).
// The time travels as microseconds since 1970 and back by integer arithmetic, so a cursor names its
// entry's time exactly.

/**
 * The key of a list that goes newest first by time, then id (its table partitioned by that time:
 * PostgreSQL reads the day partitions newest first and stops at the one that fills the page). Its
 * cursor holds the last entry's time in microseconds since 1970 (exact) and its id; a cursor of the
 * version that went by id alone holds the id, and goes on from that entry's time (`idOnly`).
 */
export type TimeKey = { at: number; id: number } | { idOnly: number };

/** A timestamptz column in microseconds since 1970 (exact: extract gives a numeric). */
export const microsOf = (column: string): RawBuilder<string> =>
  sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint`;

/** The entries after `key` in newest-first order; the condition on time alone lets PostgreSQL skip the newer partitions. */
export function olderThan(
  time: string,
  id: string,
  key: { at: number; id: number },
): RawBuilder<boolean> {
  const at = sql`timestamptz 'epoch' + ${key.at}::bigint * interval '1 microsecond'`;
  return sql<boolean>`${sql.ref(time)} <= ${at} and (${sql.ref(time)} < ${at} or ${sql.ref(id)} < ${key.id})`;
}

/**
 * A page's LIMIT, in its statement's text (the statement's key names it too). Bound at execution,
 * PostgreSQL costs a kept plan for a tenth of the rows it expects of the installation: on a day
 * when other installations wrote many entries, that plan looked dearer than one planned with the
 * values, and every call was planned again (0.48 ms a page, twice the read, in the growth
 * benchmark). With the size in the text both cost the same, and the plan is kept after five calls.
 * A page size is an integer the caller checked (1 to 101).
 */
export function pageLimit(rows: number): RawBuilder<number> {
  if (!Number.isInteger(rows) || rows < 1)
    throw new Error(`a page's limit must be a positive integer, not ${rows}`);
  return sql.lit(rows);
}

/** One of a first page's two reads: the entries from the start of yesterday (UTC) on, or those before it. */
export interface DaySplit {
  /** Names the statement's shape (the day is in its text). */
  key: string;
  /** The condition on the time column, the day a constant: PostgreSQL prunes the other partitions when it plans. */
  where: (time: string) => RawBuilder<boolean>;
}

const DAY_MS = 86_400_000;

/**
 * A first page (no cursor) in newest-first order, read from yesterday's partition on, then from the
 * older days only when that did not fill it. A kept plan opens every partition its statement can
 * reach before it reads the newest one: with a month of day partitions (41) the first page took
 * about a fifth longer than with a fresh database's 9, with the same rows. The first read starts at
 * yesterday, not today, so that it always spans at least a whole day: from today alone, an hour
 * after midnight held an hour of entries, and most first pages then read the older days too (the
 * growth bench's apiRequests page at 01:07 UTC: half the throughput of the small history; 1.02 at
 * 23:26). `read(split, want)` runs the page's statement with `split.where(time)` added, asking for
 * `want` rows. The two ranges cover all time between them and come back in order, whatever this
 * process's clock says: the day only decides which partitions each read opens.
 */
export async function readNewestFirst<R>(
  want: number,
  read: (split: DaySplit, want: number) => Promise<R[]>,
  now = Date.now(),
): Promise<R[]> {
  const since = new Date(now - (now % DAY_MS) - DAY_MS).toISOString();
  const bound = sql`${sql.lit(since)}::timestamptz`;
  const recent = await read(
    { key: `from ${since}`, where: (time) => sql<boolean>`${sql.ref(time)} >= ${bound}` },
    want,
  );
  if (recent.length >= want) return recent;
  // Asks for as many as the first read did (one statement text a page size: see pageLimit) and keeps the rest of the page.
  const older = await read(
    { key: `before ${since}`, where: (time) => sql<boolean>`${sql.ref(time)} < ${bound}` },
    want,
  );
  return [...recent, ...older.slice(0, want - recent.length)];
}

/**
 * The time and id of a cursor's entry: an id-only cursor (the version before) is looked up; once
 * its entry is pruned, nothing older is kept either (time 0: an empty page).
 */
export async function timeKeyOf(
  db: Kysely<any>,
  key: TimeKey,
  table: string,
  time: string,
  id: string,
): Promise<{ at: number; id: number }> {
  if (!('idOnly' in key)) return key;
  const { rows } = await sql<{
    at: string;
  }>`select ${microsOf(time)} as at from ${sql.table(table)} where ${sql.ref(id)} = ${key.idOnly}`.execute(
    db,
  );
  return { at: rows[0] ? Number(rows[0].at) : 0, id: key.idOnly };
}
