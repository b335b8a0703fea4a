import { describe, expect, it } from '@jest/globals';
import { readNewestFirst, type DaySplit } from '../../src/db/time-keyset.js';

// The first page's split by day (src/db/time-keyset.ts): which range each read covers, and when
// the second read happens. The partitions each read's plan keeps are checked on PostgreSQL in
// test/portal/time-ordered-pages.test.ts.

/** Runs readNewestFirst at `now` with reads that return `found[i]` rows for the i-th read; returns what was asked. */
async function reads(
  now: string,
  want: number,
  found: number[],
): Promise<{ asked: { key: string; want: number }[]; rows: number }> {
  const asked: { key: string; want: number }[] = [];
  const rows = await readNewestFirst(
    want,
    async (split: DaySplit, n: number) => {
      asked.push({ key: split.key, want: n });
      return Array.from({ length: Math.min(n, found[asked.length - 1] ?? 0) }, (_, i) => i);
    },
    Date.parse(now),
  );
  return { asked, rows: rows.length };
}

describe('a first page split by day', () => {
  it('when a first page is read an hour after midnight, then its first read spans yesterday and today, and fills the page alone when they hold enough', async () => {
    expect(await reads('2026-11-28T01:00:00Z', 21, [40])).toEqual({
      asked: [{ key: 'from 2026-11-27T00:00:00.000Z', want: 21 }],
      rows: 21,
    });
    expect(await reads('2026-11-28T23:59:59Z', 21, [40])).toEqual({
      asked: [{ key: 'from 2026-11-27T00:00:00.000Z', want: 21 }],
      rows: 21,
    });
  });

  it('when yesterday and today do not fill it, then the days before are read with the same page size (one statement a size), and only the rest of the page is kept', async () => {
    expect(await reads('2026-11-28T01:00:00Z', 21, [5, 40])).toEqual({
      asked: [
        { key: 'from 2026-11-27T00:00:00.000Z', want: 21 },
        { key: 'before 2026-11-27T00:00:00.000Z', want: 21 },
      ],
      rows: 21,
    });
    expect(await reads('2026-11-28T01:00:00Z', 21, [5, 3])).toMatchObject({ rows: 8 });
  });
});
