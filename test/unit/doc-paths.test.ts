import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Every repository path the prose names exists, so that moving a file cannot leave the README,
// CONTRIBUTING, docs/ or an example's README pointing at nothing. A path is a token that starts at
// one of the repository's top-level folders (src/, test/, docs/, ...), or a relative Markdown link;
// brace lists (`src/domain/{a,b}.ts`, also across a line break) are expanded, a glob needs one match,
// a `JEST_ARGS=` value is a jest pattern (some file must start with it), a template
// (`<date>`, `YYYY_MM_DD_...`) names no file, and a path git ignores (test/artifacts/, what a run
// writes) is not required to exist.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['src', 'test', 'docs', 'examples', 'bench', 'codegen', 'bin'];
const PATH = new RegExp(
  `(?<![\\w./-])(?:\\./)?(?:${FOLDERS.join('|')})/(?:[\\w.*-]+/?|\\{[^}\`]*\\}/?)*[\\w.*}-]*`,
  'g',
);
const LINK = /\]\((?!https?:|#|mailto:)([^)\s#]+)/g;

const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  ...globSync('docs/*.md', { cwd: ROOT }),
  ...globSync('examples/**/README.md', { cwd: ROOT }),
];

/** `a/{b,c}/d{e,f}` -> a/b/de, a/b/df, a/c/de, a/c/df (whitespace inside braces, from line breaks, dropped). */
export function expandBraces(text: string): string[] {
  const open = text.indexOf('{');
  if (open < 0) return [text];
  const close = text.indexOf('}', open);
  if (close < 0) return [text];
  const options = text
    .slice(open + 1, close)
    .split(',')
    .map((o) => o.replace(/\s+/g, ''));
  return options.flatMap((option) =>
    expandBraces(text.slice(0, open) + option + text.slice(close + 1)),
  );
}

/** The repository paths a document names, relative to the repository root. */
function namedPaths(document: string): string[] {
  const text = readFileSync(path.join(ROOT, document), 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(PATH)) {
    // `bench/results/chaos-<date>.md`: the match stops at the template, which names no file.
    if (text[match.index + match[0].length] === '<') continue;
    const pattern = /JEST_ARGS="?$/.test(text.slice(Math.max(0, match.index - 11), match.index))
      ? '*'
      : '';
    for (const expanded of expandBraces(match[0]))
      found.add(expanded.replace(/^\.\//, '').replace(/[.,:;]+$/, '') + pattern);
  }
  for (const [, target] of text.matchAll(LINK))
    found.add(path.posix.normalize(path.posix.join(path.posix.dirname(document), target!)));
  return [...found].filter((p) => !/<|YYYY/.test(p));
}

const ignored = (p: string) => {
  try {
    execFileSync('git', ['check-ignore', '-q', p], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};
const exists = (p: string) =>
  /[*?]/.test(p) ? globSync(p, { cwd: ROOT }).length > 0 : existsSync(path.join(ROOT, p));

describe('paths named in the documentation', () => {
  it('when the documents are read, then they name paths (the check has something to check)', () => {
    expect(DOCUMENTS).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'docs/architecture.md',
        'examples/plugin/README.md',
      ]),
    );
    expect(namedPaths('README.md').length).toBeGreaterThan(30);
    expect(expandBraces('src/domain/{a,\n  b}/{c,d}.ts')).toEqual([
      'src/domain/a/c.ts',
      'src/domain/a/d.ts',
      'src/domain/b/c.ts',
      'src/domain/b/d.ts',
    ]);
  });

  it.each(DOCUMENTS)('when %s names a repository path, then it exists', (document) => {
    const missing = namedPaths(document).filter((p) => !exists(p) && !ignored(p));
    expect(missing).toEqual([]);
  });
});
