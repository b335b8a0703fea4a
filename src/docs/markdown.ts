import { Marked, type Tokens } from 'marked';
import { escapeHtml } from './layout.js';

/**
 * Markdown for the docs pages (the changelog, the webhook reference). The pages share the
 * dashboard's origin, so the Markdown they render (contracts, exception reasons, CHANGELOG-API.md)
 * must not become markup: raw HTML shows as text, and a link or image whose URL has a scheme
 * other than http(s) or mailto shows as its text only. The CSP of src/docs/csp.ts is the second wall.
 */
const marked = new Marked({
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link(token: Tokens.Link) {
      return safeUrl(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image: (token: Tokens.Image) => (safeUrl(token.href) ? false : escapeHtml(token.text)),
  },
});

export const renderMarkdown = (text: string): string => marked.parse(text, { async: false });

/** One line of Markdown (a description in a table cell), without the paragraph around it. */
export const renderInlineMarkdown = (text: string): string =>
  marked.parseInline(text, { async: false });

/** A relative URL, or http(s) or mailto; nothing a browser might read as another scheme. */
function safeUrl(href: string): boolean {
  if (/[\x00-\x20\\]/.test(href)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
  return !scheme || ['http', 'https', 'mailto'].includes(scheme.toLowerCase());
}
