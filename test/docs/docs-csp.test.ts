import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import supertest from 'supertest';
import { renderChangelogPage } from '../../src/docs/changelog-page.js';
import { createTestContext, type TestContext } from '../support/context.js';

// The docs share the dashboard's origin: a script running on any of their pages could call
// /graphql with the dashboard's session cookie. Each page sends a CSP that lets only this origin's
// files and the page's own inline scripts (by hash) run, and the changelog renders no raw HTML
// from CHANGELOG-API.md. test/browser/docs.browser.test.ts checks in Chromium that the pages
// still render under it (a CSP violation is a console error there).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const PAGES = ['/', '/docs', '/docs/webhooks', '/docs/errors', '/docs/changelog', '/docs/versions'];

function directives(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('/docs pages: Content-Security-Policy', () => {
  it.each(PAGES)(
    "when %s is opened, then its CSP runs only this origin's scripts and its own inline ones, and no one may frame it",
    async (path) => {
      const res = await supertest(t.app).get(path).expect(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src') ?? ["'none'"]).toEqual(["'none'"]);
      const scripts = csp.get('script-src') ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
      // Every inline script of the page is allowed by its hash (so it runs), and nothing else inline.
      const inline = [...res.text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => m[1]!)
        .filter((s) => s.trim());
      for (const body of inline) expect(scripts).toContain(sha256(body));
      expect(res.text).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});

describe('/docs/changelog: raw HTML in CHANGELOG-API.md', () => {
  const hostile = [
    '# API changelog',
    '',
    '## 2026-12-01',
    '',
    'Release <script>fetch("/graphql")</script> notes <img src=x onerror="alert(1)"> and <b onclick="alert(2)">bold</b>.',
    '',
    '<div><iframe src="https://evil.example"></iframe></div>',
    '',
    '- `GET /x`: see [the guide](javascript:alert(3)) and ![pic](javascript:alert(4)). Reason: <svg onload=alert(5)>',
    '- [a real link](https://example.com/guide) and [a local one](/docs/errors#not_found)',
  ].join('\n');

  it('when the changelog holds raw HTML tags and script links, then the page shows them as text and makes no element or link of them', () => {
    const html = renderChangelogPage(hostile);
    const main = html.slice(html.indexOf('<main>'), html.indexOf('</main>'));
    expect(main).not.toMatch(/<(script|img|iframe|svg|div|b)\b/i);
    expect(main).not.toMatch(/javascript:/i);
    expect(main).toContain('&lt;script&gt;fetch("/graphql")&lt;/script&gt;');
    expect(main).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(main).toContain('<a href="https://example.com/guide">a real link</a>');
    expect(main).toContain('<a href="/docs/errors#not_found">a local one</a>');
  });
});
