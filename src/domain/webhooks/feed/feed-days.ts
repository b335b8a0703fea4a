import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';

// The days of an installation's feed (control.installation_feed_days, kept by a trigger): for each
// UTC day, the range of sequences its entries hold and how many. The feed is partitioned by day and
// read by sequence; without the days, PostgreSQL opens, locks and probes every day's partition for
// each page, and a month of history made the feed several times slower than a day of it. With
// them, a reader names the days that can hold what it wants, and only their partitions are read.
// The ranges only widen (a range may cover sequences its day no longer holds, never the reverse),
// so reading the days a range points to can read too much, never too little.

export interface FeedDay {
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  first: number;
  last: number;
  /**
   * How many entries the day was given: an estimate for choosing days, never trusted for what a
   * page holds. Retention's deletes do not lower it, and a partition split moving rows counts them
   * again.
   */
  entries: number;
}

/** What a read of the days reads: `occurred_at` (the partition key) in [from, to), as ISO text. */
export interface FeedSpan {
  from: string;
  to: string;
  /**
   * The last sequence the days know of. Entries numbered after it were written after the days
   * were read, maybe on a day not among them; a page stops before them (they come on the next
   * one), so that it never skips an entry. Sequences commit in order: every entry numbered up to
   * it was written when the days were read.
   */
  through: number;
}

const DAY_MS = 86_400_000;

/** The installation's days, by their first sequence, as one JSON array (to read beside other columns). */
export function feedDaysColumn(installationId: number): RawBuilder<FeedDay[]> {
  return sql<FeedDay[]>`coalesce((
    select json_agg(json_build_object('day', d.day::text, 'first', d.first_sequence, 'last', d.last_sequence, 'entries', d.entries)
                    order by d.first_sequence, d.day)
      from control.installation_feed_days d where d.installation_id = ${installationId}), '[]')`;
}

/** The installation's days, by their first sequence. */
export async function feedDays(db: Db, installationId: number): Promise<FeedDay[]> {
  const { rows } = await sql<{
    days: FeedDay[];
  }>`select ${feedDaysColumn(installationId)} as days`.execute(db);
  return rows[0]!.days;
}

/** The days from the first to the last of `days` (they need not be consecutive); `through`: the last sequence of `known`. */
export function spanOf(days: FeedDay[], known: FeedDay[] = days): FeedSpan {
  const sorted = days.map((d) => d.day).sort();
  return {
    from: `${sorted[0]}T00:00:00.000Z`,
    to: new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + DAY_MS).toISOString(),
    through: Math.max(...known.map((d) => d.last)),
  };
}

/**
 * A bound of a span, written into the statement as a constant: PostgreSQL prunes the partitions
 * when it plans, and the plan it keeps for the named statement (one per span: a day or two, for a
 * reader that keeps up) stays pruned. As a parameter, the plan kept for every span holds every
 * partition until it starts, and PostgreSQL tends to plan each run anew.
 */
export function spanBound(bound: string): RawBuilder<Date> {
  if (!/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(bound))
    throw new Error(`a span's bound is the start of a day, not ${bound}`);
  return sql<Date>`${sql.lit(bound)}::timestamptz`;
}

/** The start of the UTC day before `day` (`YYYY-MM-DD`), as a span's bound. */
export const dayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString();

const within = (day: FeedDay, span: FeedSpan): boolean =>
  day.day >= span.from.slice(0, 10) && day.day < span.to.slice(0, 10);

/**
 * The first `want` entries above `after`, in sequence order, read from as few days as can hold
 * them. `read(span)` returns the entries above `after` of the days in `span`, in sequence order,
 * at most `want`. The days are first chosen by their counts, lowest sequences first (normally the
 * day of the cursor and the next); then any day left out whose range starts below the last entry
 * read could hold an earlier one, and is read with the others. `everyDay`: read every day with an
 * entry above `after` at once (a filtered page, whose matches the counts do not tell).
 */
export async function readByDays<R extends { sequence: number }>(
  days: FeedDay[],
  after: number,
  want: number,
  read: (span: FeedSpan) => Promise<R[]>,
  everyDay = false,
): Promise<R[]> {
  const candidates = days.filter((d) => d.last > after);
  if (candidates.length === 0) return [];
  let chosen: FeedDay[] = [];
  if (everyDay) chosen = candidates;
  else {
    for (let i = 0, count = 0; i < candidates.length && count < want; i += 1) {
      const d = candidates[i]!;
      chosen.push(d);
      count += Math.min(d.entries, d.last - Math.max(after, d.first - 1));
    }
  }
  for (;;) {
    const span = spanOf(chosen, candidates);
    const rows = await read(span);
    const bound = rows.length >= want ? rows[want - 1]!.sequence : Infinity;
    const missing = candidates.filter((d) => !within(d, span) && d.first < bound);
    if (missing.length === 0) return rows;
    chosen = [...chosen, ...missing];
  }
}
