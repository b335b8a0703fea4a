import { apiPrefix, markdownSections, operationsOf, type Json } from './contracts.js';
import type { McpContext } from './tool.js';

// search_docs: every operation, event, error code, reference section and portal field of the
// connected platform as one small corpus, ranked by how many of the query's words each contains
// (a word in its name counts more). Plain word matching: the corpus is a few hundred entries and
// the assistant refines with get_operation / get_event.

interface Entry {
  kind: 'operation' | 'event' | 'error_code' | 'section' | 'portal_field';
  name: string;
  title: string;
  link: string;
  text: string;
}

const MAX_RESULTS = 12;

async function corpus(ctx: McpContext): Promise<Entry[]> {
  const base = ctx.contracts.baseUrl;
  const [openapi, asyncapi, errors, schema] = await Promise.all([
    ctx.contracts.openapi(),
    ctx.contracts.asyncapi(),
    ctx.contracts.errorCodes(),
    ctx.contracts.introspection().catch(() => null),
  ]);
  const entries: Entry[] = [];
  for (const { method, path, op } of operationsOf(openapi)) {
    entries.push({
      kind: 'operation',
      name: op.operationId,
      title: `${method.toUpperCase()} ${apiPrefix(openapi)}${path}: ${op.summary ?? ''}`,
      link: `${base}/docs#operation/${op.operationId}`,
      text: `${path} ${(op.tags ?? []).join(' ')} ${op.summary ?? ''} ${op.description ?? ''}`,
    });
  }
  for (const message of Object.values(asyncapi.components?.messages ?? {}) as Json[]) {
    if (!message.name?.includes('.')) continue;
    entries.push({
      kind: 'event',
      name: message.name,
      title: message.title ?? message.name,
      link: `${base}/docs/webhooks#${message.name}`,
      text: `${message.summary ?? ''} ${message.description ?? ''}`,
    });
  }
  for (const e of errors) {
    entries.push({
      kind: 'error_code',
      name: e.code,
      title: `HTTP ${e.status}: ${e.meaning}`,
      link: `${base}/docs/errors#${e.code}`,
      text: `${e.meaning} ${e.fix}`,
    });
  }
  for (const s of markdownSections(openapi.info?.description)) {
    entries.push({
      kind: 'section',
      name: s.heading,
      title: `Data API: ${s.heading}`,
      link: `${base}/docs#/section/${slug(s.heading)}`,
      text: s.text,
    });
  }
  for (const s of markdownSections(asyncapi.info?.description)) {
    entries.push({
      kind: 'section',
      name: s.heading,
      title: `Webhooks: ${s.heading}`,
      link: `${base}/docs/webhooks`,
      text: s.text,
    });
  }
  for (const type of schema?.__schema.types ?? []) {
    if (!['Query', 'Mutation', 'Subscription'].includes(type.name) || type.kind !== 'OBJECT')
      continue;
    for (const field of type.fields ?? []) {
      entries.push({
        kind: 'portal_field',
        name: field.name,
        title: `${type.name}.${field.name}`,
        link: `${base}/graphql`,
        text: field.description ?? '',
      });
    }
  }
  return entries;
}

/** Redoc's anchor of a description heading (`Rate limits` -> section/rate-limits). */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Words of three letters or more (and every snake_case or dotted name whole), lower-cased. */
const wordsOf = (text: string) => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9_.*]+/)
      .filter((w) => w.length >= 3),
  ),
];

function excerpt(text: string, words: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = Math.max(
    0,
    ...words
      .map((w) => flat.toLowerCase().indexOf(w))
      .filter((i) => i >= 0)
      .slice(0, 1),
  );
  const start = Math.max(0, at - 60);
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + 240)}${start + 240 < flat.length ? '…' : ''}`;
}

export async function searchDocs(ctx: McpContext, query: string) {
  const words = wordsOf(query);
  if (words.length === 0) return { query, results: [] };
  const scored = (await corpus(ctx))
    .map((entry) => {
      const name = entry.name.toLowerCase();
      const text = `${entry.title} ${entry.text}`.toLowerCase();
      const score = words.reduce(
        (sum, w) =>
          sum +
          (name === w ? 10 : name.includes(w) ? 5 : 0) +
          (text.includes(w) ? 1 + Math.min(3, text.split(w).length - 2) * 0.25 : 0),
        0,
      );
      const matched = words.filter((w) => name.includes(w) || text.includes(w)).length;
      return { entry, score: score * (matched / words.length) };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_RESULTS);
  return {
    query,
    results: scored.map(({ entry }) => ({
      kind: entry.kind,
      name: entry.name,
      title: entry.title,
      link: entry.link,
      excerpt: excerpt(entry.text, words),
    })),
  };
}
