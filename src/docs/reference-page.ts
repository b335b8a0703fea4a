import type { ApiVersionCatalog, ApiVersionInfo } from '../domain/api-versions/index.js';
import { docsCsp } from './csp.js';
import { escapeHtml, page } from './layout.js';
import { SAMPLE_LANGUAGES } from './reference-spec.js';

/**
 * /docs?version=<date>: Redoc rendering that version's reference, under a switcher of plain links
 * (a keyboard and a phone follow them without script; the docs' CSP forbids forms), the chosen
 * version marked and named. Each version's page has its own init script, hence its own CSP.
 */
export function referencePage(
  chosen: ApiVersionInfo,
  catalog: ApiVersionCatalog,
): { html: string; csp: string } {
  const query = `?version=${encodeURIComponent(chosen.version)}`;
  // Redoc 3's standalone build is an ES module (it exports init), hence the module script. Its
  // sample picker offers only the languages of `codeSamples.languages` (curl and Payload unless
  // told). sanitize (Redoc 2's untrustedSpec): Redoc passes the rendered Markdown through DOMPurify.
  const init = `
import { init } from '/docs/assets/redoc.standalone.js';
init('/docs/reference.json${query}', {
  downloadUrls: [{ title: 'openapi.yaml', url: '/openapi.yaml${query}' }, { title: 'openapi.json', url: '/openapi.json${query}' }],
  expandResponses: '200,201', jsonSamplesExpandLevel: 3, disableTelemetry: true, sanitize: true,
  codeSamples: ${JSON.stringify({ languages: SAMPLE_LANGUAGES })},
}, document.getElementById('redoc'));
`;
  const html = page(
    `Plugin Data API reference, version ${chosen.version}`,
    `<p class="topbar"><a href="/">Home</a> · <a href="/docs/webhooks">Webhooks</a> · <a href="/docs/changelog">API changelog</a> · <a href="/docs/versions">API versions</a></p>
${switcher(chosen, catalog)}
<div id="redoc"></div>
<script type="module">${init}</script>`,
  );
  return { html, csp: docsCsp({ scripts: [init], redoc: true }) };
}

function switcher(chosen: ApiVersionInfo, catalog: ApiVersionCatalog): string {
  const links = catalog
    .filter((v) => v.status !== 'sunset')
    .map((v) => {
      const label = `${v.version} <small>(${v.status})</small>`;
      const current = v.version === chosen.version ? ' aria-current="page"' : '';
      return `<li><a href="/docs?version=${escapeHtml(v.version)}"${current}>${label}</a></li>`;
    })
    .join('');
  return `<nav class="versions" aria-label="API version"><span>API version <strong>${escapeHtml(chosen.version)}</strong> (${chosen.status}):</span><ul>${links}</ul></nav>`;
}
