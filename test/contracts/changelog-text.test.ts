import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addRelease, bulletOf, releaseLists } from '../../codegen/api-diff/changelog.js';
import type { ChangeItem } from '../../codegen/api-diff/types.js';
import { ROOT } from './contract-copies.js';

// CHANGELOG-API.md is served as a page on the dashboard's origin (/docs/changelog) and rewritten
// by every `make api-release`. What it quotes (exception reasons from breaking-changes.yaml,
// descriptions from the contracts) is text: it neither opens HTML nor starts a heading or a
// section of its own, and a release keeps every line the file already holds.

const item: ChangeItem = {
  contract: 'graphql',
  id: 'field-description-changed',
  location: 'Query.`odd` name',
  message:
    "Field 'Query.x' description changed from 'Old\nline <b>two</b>' to 'New <img src=x onerror=alert(1)>'",
  category: 'changed',
};
const reason = 'Moved.\n\n## 2099-01-01\n\n<script>fetch("/graphql")</script>';

describe('CHANGELOG-API.md bullets', () => {
  it('when a message or reason holds new lines, tags or backticks, then its bullet is one line of text that opens no HTML and no section', () => {
    const bullet = bulletOf({ ...item, id: 'field-removed', category: 'removed' }, reason);
    expect(bullet.split('\n')).toHaveLength(1);
    expect(bullet).not.toContain('<');
    expect(bullet).toContain('&lt;script>fetch("/graphql")&lt;/script>');
    expect(bullet).toContain("from 'Old line &lt;b>two&lt;/b>'");
    expect(bullet).toMatch(/^- `` Query\.`odd` name ``: /);

    const lists = releaseLists(
      { breaking: [{ ...item, id: 'field-removed', category: 'removed' }], nonBreaking: [] },
      new Map([[item, reason]]),
    );
    const changelog = addRelease('', '2026-12-05', lists);
    expect(changelog.match(/^## /gm)).toHaveLength(1);
  });

  it('when a release is added to the current CHANGELOG-API.md, then every line already there stays, the continuation lines of long bullets included', () => {
    const current = readFileSync(path.join(ROOT, 'CHANGELOG-API.md'), 'utf8');
    const next = addRelease(
      current,
      '2099-12-31',
      releaseLists(
        { breaking: [], nonBreaking: [{ ...item, category: 'added', id: 'field-added' }] },
        new Map(),
      ),
    );
    const lost = current
      .split('\n')
      .filter((line) => line.trim() && !next.split('\n').includes(line));
    expect(lost).toEqual([]);
    expect(next.endsWith(current.slice(current.indexOf('\n## ') + 1))).toBe(true);
  });
});

describe('CHANGELOG-API.md sections name the dated API versions they released', () => {
  const lists = releaseLists(
    { breaking: [], nonBreaking: [{ ...item, category: 'added', id: 'field-added' }] },
    new Map(),
  );

  it('when a release is added, then its heading names the versions; a second release the same day adds its own', () => {
    const one = addRelease('', '2099-12-31', lists, [], ['2026-11-21']);
    expect(one).toContain('\n## 2099-12-31 (API version 2026-11-21)\n');
    const two = addRelease(one, '2099-12-31', lists, [], ['2099-12-30', '2026-11-21']);
    expect(two.match(/^## .*$/gm)).toEqual(['## 2099-12-31 (API versions 2099-12-30, 2026-11-21)']);
    expect(addRelease(two, '2099-12-31', lists, [], ['2026-11-21'])).toBe(two);
  });

  it('when CHANGELOG-API.md is read, then every section heading names the dated version(s) it released', () => {
    const current = readFileSync(path.join(ROOT, 'CHANGELOG-API.md'), 'utf8');
    const headings = current.match(/^## .*$/gm) ?? [];
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings)
      expect(heading).toMatch(
        /^## \d{4}-\d{2}-\d{2} \(API versions? \d{4}-\d{2}-\d{2}(, \d{4}-\d{2}-\d{2})*\)$/,
      );
  });
});
