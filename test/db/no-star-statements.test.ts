import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Security review 3, finding 6: no statement of the service reads or returns `*`. A kept (named)
// statement's result type must not change when a migration adds a column (src/db/columns.ts).

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
    .filter(({ line }) => !/^(\/\/|\/\*|\*)/.test(line) && STAR.some((pattern) => pattern.test(line)))
    .filter(({ line }) => !ALLOWED.some((allowed) => (allowed.file === '*' || allowed.file === relative) && allowed.text.test(line)))
    .map(({ line, at }) => `${at}: ${line}`);
}

describe('statements name their columns', () => {
  it('when src/ is scanned, then no statement selects or returns * outside the allow-list', () => {
    expect(sourceFiles(SRC).flatMap(starsIn)).toEqual([]);
  });

  it('when a statement with * is written, then the scan finds it', () => {
    const samples = ["db.selectFrom('control.plugins').selectAll()", '.returningAll()', 'returning *', 'select i.*, p.name', 'select p.name, i.* from x'];
    for (const sample of samples) expect([sample, STAR.some((pattern) => pattern.test(sample))]).toEqual([sample, true]);
    expect(STAR.some((pattern) => pattern.test("const family = 'order.*'"))).toBe(false);
  });
});
