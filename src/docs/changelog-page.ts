import { page, scrollableTables } from './layout.js';
import { renderMarkdown } from './markdown.js';

/**
 * /docs/changelog: CHANGELOG-API.md as written by `make api-release`, one dated section per
 * release of the three contracts (breaking changes with their reason, deprecations, additions).
 * Its raw HTML shows as text (src/docs/markdown.ts).
 */
export function renderChangelogPage(markdown: string): string {
  const html = scrollableTables(renderMarkdown(markdown));
  const body = `<header><h1>API changelog</h1>
    <p><a href="/">Home</a> · <a href="/docs">Data API reference</a> · <a href="/docs/webhooks">Webhooks</a> · <a href="/graphql">Developer portal</a></p></header>
    <main>${html}</main>`;
  return page('API changelog', body);
}
