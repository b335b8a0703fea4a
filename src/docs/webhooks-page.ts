import {
  EVENT_DATA_SCHEMAS,
  EVENT_FAMILY,
  EVENT_NAMES,
  type EventName,
} from '../generated/events.generated.js';
import { escapeHtml, page, scrollableTables } from './layout.js';
import { renderMarkdown } from './markdown.js';

interface Message {
  name: string;
  title?: string;
  summary?: string;
  description?: string;
  examples?: {
    name?: string;
    summary?: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }[];
}

interface AsyncApiDoc {
  info: { title: string; version: string; description?: string };
  components: { messages: Record<string, Message> };
}

interface Schema {
  type?: string | string[];
  nullable?: boolean;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  not?: unknown;
  title?: string;
}

const md = (text: string | undefined) => (text ? scrollableTables(renderMarkdown(text)) : '');

function typeOf(schema: Schema): string {
  if (schema.oneOf || schema.anyOf) return (schema.oneOf ?? schema.anyOf)!.map(typeOf).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  let text = types.join(' | ');
  if (schema.type === 'array' && schema.items) text = `array of ${typeOf(schema.items)}`;
  if (schema.format) text += ` (${schema.format})`;
  if (schema.pattern === '^-?\\d+\\.\\d{2}$') text = 'decimal string (2 decimals)';
  if (schema.pattern === '^-?\\d+\\.\\d{4}$') text = 'decimal string (4 decimals)';
  if (schema.nullable) text += ' | null';
  return text;
}

function fieldRows(schema: Schema, prefix = ''): string {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([, s]) => !(s.not !== undefined && Object.keys(s).length === 1))
    .map(([name, s]) => {
      const enumText = s.enum
        ? `<div class="enum">one of: ${s.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(' ')}</div>`
        : '';
      const row = `<tr><td><code>${escapeHtml(prefix + name)}</code></td><td>${escapeHtml(typeOf(s))}</td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${md(s.description)}${enumText}</td></tr>`;
      return row + (s.properties ? fieldRows(s, `${prefix}${name}.`) : '');
    })
    .join('');
}

function payloadSection(name: EventName): string {
  const schema = EVENT_DATA_SCHEMAS[name] as Schema;
  const variants = schema.oneOf ?? [schema];
  return variants
    .map((variant, i) => {
      const caption =
        variants.length > 1
          ? `<h4>Shape ${i + 1}: ${escapeHtml(variant.title ?? '')}</h4>${md(variant.description)}`
          : '';
      return `${caption}${scrollableTables(`<table><thead><tr><th>data field</th><th>type</th><th>required</th><th>notes</th></tr></thead><tbody>${fieldRows(variant)}</tbody></table>`)}`;
    })
    .join('');
}

/** The webhook reference, rendered on the server from asyncapi.yaml: no script, no external request. */
export function renderWebhooksPage(doc: AsyncApiDoc): string {
  const byName = new Map(Object.values(doc.components.messages).map((m) => [m.name, m]));
  const families = [...new Set(EVENT_NAMES.map((n) => EVENT_FAMILY[n]))];
  const toc = families
    .map(
      (family) =>
        `<li><strong>${family}</strong><ul>${EVENT_NAMES.filter((n) => EVENT_FAMILY[n] === family)
          .map((n) => `<li><a href="#${n}">${n}</a></li>`)
          .join('')}</ul></li>`,
    )
    .join('');
  const events = EVENT_NAMES.map((name) => {
    const message = byName.get(name);
    const examples = (message?.examples ?? [])
      .map(
        (ex) =>
          `<h4>Example${ex.name ? `: ${escapeHtml(ex.name)}` : ''}</h4>${md(ex.summary)}<pre><code>${escapeHtml(
            Object.entries(ex.headers ?? {})
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n'),
          )}\n\n${escapeHtml(JSON.stringify(ex.payload, null, 2))}</code></pre>`,
      )
      .join('');
    return `<section class="event" id="${name}"><h2><code>${name}</code> <span class="family">${EVENT_FAMILY[name]}.*</span></h2>
      <p class="summary">${escapeHtml(message?.summary ?? '')}</p>${md(message?.description)}${payloadSection(name)}${examples}</section>`;
  }).join('');
  const body = `<header><h1>${escapeHtml(doc.info.title)} <small>v${escapeHtml(doc.info.version)}</small></h1>
    <p><a href="/">Home</a> · <a href="/docs">Data API reference</a> · <a href="/asyncapi.yaml">asyncapi.yaml</a> · <a href="/docs/changelog">API changelog</a></p></header>
    <div class="layout"><nav><ul>${toc}</ul></nav><main><section class="intro">${md(doc.info.description)}</section>${events}</main></div>`;
  return page(`${doc.info.title}`, body);
}
