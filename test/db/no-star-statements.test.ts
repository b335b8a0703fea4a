import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Security review 3, finding 6: no statement of the service reads or returns `*`. A kept (named)
// statement's result type must not change when a migration adds a column (src/db/columns.ts). This
// holds on both database paths (src/db/named-statements.ts, src/db/fast-path.ts): each keeps its
// statements parsed under a name, and a changed result type fails a transaction that uses one.
//
// And a time-keyset page's size is in its statement's text (pageLimit, src/db/time-keyset.ts): a
// kept plan costed with a bound LIMIT was planned again on every call.

const SRC = path.resolve(import.meta.dirname, '../../src');
const STAR = [
  /\b(selectAll|returningAll)\(/,
  /\b(select|returning)\s+(distinct\s+)?(\w+\.)?\*/i,
  /,\s*[a-z_]\w*\.\*\s*(,|from\b|$)/i,
];
/** The `*`s that may stay, each with why no migration can change what it returns. */
const ALLOWED: { file: string; text: RegExp; why: string }[] = [
  {
    file: 'db/partitions.ts',
    text: /select \* from \$\{rest\}/,
    why: 'maintenance moving rows between partitions of one table (same columns), returning nothing',
  },
  {
    file: '*',
    text: /select \* from jsonb_to_recordset\(.*\) as v\(/,
    why: 'a record set whose columns the statement itself defines (`as v(...)`), not a table',
  },
  {
    file: 'devcli/endpoints.ts',
    text: /--events order\.created,order\.\*$/,
    why: "svc's help text: an event family wildcard, not a statement",
  },
];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

/** Each `*` of a statement in src/ as "file:line: text", comments left out. */
function starsIn(file: string): string[] {
  const relative = path.relative(SRC, file);
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), at: `${relative}:${index + 1}` }))
    .filter(
      ({ line }) => !/^(\/\/|\/\*|\*)/.test(line) && STAR.some((pattern) => pattern.test(line)),
    )
    .filter(
      ({ line }) =>
        !ALLOWED.some(
          (allowed) =>
            (allowed.file === '*' || allowed.file === relative) && allowed.text.test(line),
        ),
    )
    .map(({ line, at }) => `${at}: ${line}`);
}

describe('statements name their columns', () => {
  it('when src/ is scanned, then no statement selects or returns * outside the allow-list', () => {
    expect(sourceFiles(SRC).flatMap(starsIn)).toEqual([]);
  });

  it('when a statement with * is written, then the scan finds it', () => {
    const samples = [
      "db.selectFrom('control.plugins').selectAll()",
      '.returningAll()',
      'returning *',
      'select i.*, p.name',
      'select p.name, i.* from x',
    ];
    for (const sample of samples)
      expect([sample, STAR.some((pattern) => pattern.test(sample))]).toEqual([sample, true]);
    expect(STAR.some((pattern) => pattern.test("const family = 'order.*'"))).toBe(false);
  });
});

/** Files that page by time and id (they import src/db/time-keyset.ts), whose LIMIT must be pageLimit(...) or a constant. */
const PAGE_SIZE_EXCEPTIONS: { file: string; why: string }[] = [];

function boundLimitsIn(file: string): string[] {
  const relative = path.relative(SRC, file);
  const text = readFileSync(file, 'utf8');
  if (!/db\/time-keyset\.js'/.test(text) || PAGE_SIZE_EXCEPTIONS.some((e) => e.file === relative))
    return [];
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), at: `${relative}:${index + 1}` }))
    .filter(({ line }) => /\.limit\((?!pageLimit\(|\d+\))/.test(line))
    .map(({ line, at }) => `${at}: ${line}`);
}

describe('time-keyset pages name their size in the text', () => {
  it('when src/ is scanned, then every LIMIT of a file that pages by time is pageLimit(...) or a constant', () => {
    expect(sourceFiles(SRC).flatMap(boundLimitsIn)).toEqual([]);
  });

  it('when a page binds its size, then the scan finds it', () => {
    expect(/\.limit\((?!pageLimit\(|\d+\))/.test('.limit(input.limit + 1)')).toBe(true);
    expect(/\.limit\((?!pageLimit\(|\d+\))/.test('.limit(pageLimit(limit))')).toBe(false);
    expect(/\.limit\((?!pageLimit\(|\d+\))/.test('.limit(1)')).toBe(false);
  });
});
