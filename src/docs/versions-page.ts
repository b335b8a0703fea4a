import {
  DEPRECATION_MONTHS,
  SUPPORT_MONTHS,
  type ApiVersionCatalog,
  type ApiVersionInfo,
} from '../domain/api-versions/index.js';
import { escapeHtml, page, scrollableTables } from './layout.js';
import { renderInlineMarkdown } from './markdown.js';

/**
 * /docs/versions: the versioning policy (SUPPORT_MONTHS, DEPRECATION_MONTHS: the numbers the
 * catalog applies), how a plugin is pinned, and the catalog at the moment of the request: each
 * version's status, sunset and changes with their upgrade steps, and its contracts' files.
 */
export function renderVersionsPage(catalog: ApiVersionCatalog): string {
  const rows = catalog.map(row).join('\n');
  const body = `<header><h1>API versions <small>dated versions of the Data API and the webhooks</small></h1>
<p><a href="/">Home</a> · <a href="/docs">Data API reference</a> · <a href="/docs/webhooks">Webhooks</a> · <a href="/docs/changelog">API changelog</a></p></header>
<main>
<p>A version is a date, <code>YYYY-MM-DD</code>, and covers the Data API (<code>openapi.yaml</code>) and the
webhooks (<code>asyncapi.yaml</code>) together. Additive changes (new endpoints, optional fields, response
fields, events) reach every version; a breaking change ships only as a new version, and every older
version keeps answering exactly as it was released. The developer portal's GraphQL schema is not
dated: it evolves by <code>@deprecated</code> fields, each reason starting with the date it was deprecated.</p>
<h2 id="policy">Support window</h2>
<ul>
<li>A version is supported for at least ${SUPPORT_MONTHS} months after its successor is released.</li>
<li>It is marked deprecated at least ${DEPRECATION_MONTHS} months before its sunset. While deprecated, every
response answered in it carries <code>Deprecation</code> (RFC 9745) and <code>Sunset</code> (RFC 8594) headers, and so do
webhook deliveries made in it.</li>
<li>After its sunset it is no longer answered: naming it is <code>400 invalid_api_version</code>, and a plugin
still pinned to it is answered in the oldest version still supported.</li>
</ul>
<h2 id="pinning">How a plugin is pinned</h2>
<ul>
<li>Each plugin has a pinned version, used for its requests and its webhook deliveries alike. A new
plugin is pinned to the newest version.</li>
<li>Upgrade in the developer portal with <code>setPluginApiVersion</code>. A live plugin only moves forward, and
may roll back to its previous version within 72 hours of an upgrade.</li>
<li>One request may ask for another version with the <code>X-Svc-Api-Version: YYYY-MM-DD</code> request header;
every response carries the version it was answered in, in the same header.</li>
<li>A sandbox may override the plugin's pin with <code>setSandboxApiVersion</code> (null follows the plugin again):
try the next version there before upgrading the plugin.</li>
</ul>
<h2 id="versions">Versions</h2>
<table>
<thead><tr><th>Version</th><th>Status</th><th>Sunset</th><th>Changes and upgrade steps</th><th>Contracts</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>`;
  return page('API versions', scrollableTables(body));
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function row(v: ApiVersionInfo): string {
  const version = escapeHtml(v.version);
  const changes = v.changes.length
    ? `<ul>${v.changes
        .map(
          (c) =>
            `<li><code>${escapeHtml(c.id)}</code>: ${renderInlineMarkdown(c.description)} <strong>Upgrade:</strong> ${renderInlineMarkdown(c.upgrade)}</li>`,
        )
        .join('')}</ul>`
    : 'The contracts as first released.';
  const files =
    v.status === 'sunset'
      ? 'No longer served.'
      : `<a href="/docs?version=${version}">reference</a> · <a href="/openapi.yaml?version=${version}">openapi.yaml</a> · <a href="/asyncapi.yaml?version=${version}">asyncapi.yaml</a>`;
  const sunset = v.sunsetAt
    ? `${day(v.sunsetAt)}<br><small>deprecated from ${day(v.deprecatedAt!)}</small>`
    : '—';
  return `<tr id="v${version}"><td class="nowrap"><code>${version}</code></td><td class="status">${v.status}</td><td class="nowrap">${sunset}</td><td>${changes}</td><td>${files}</td></tr>`;
}
