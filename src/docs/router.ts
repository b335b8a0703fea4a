import express, { type Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Config } from '../config.js';
import { credentialsPath } from '../seed/demo.js';
import { GRAPHIQL_ASSETS_PATH, serveGraphiQLAsset } from './graphiql.js';
import { docsCsp, setDocsHeaders } from './csp.js';
import { escapeHtml, page, STYLE } from './layout.js';
import { referenceSpec, SAMPLE_LANGUAGES } from './reference-spec.js';
import { renderWebhooksPage } from './webhooks-page.js';
import { renderErrorsPage } from './errors-page.js';
import { renderChangelogPage } from './changelog-page.js';
import { httpError, sendError } from '../http/error-response.js';

/**
 * Docs served from the same YAML files that drive routing and codegen, fully offline: Redoc's
 * standalone bundle is served from the installed @redocly/cli package (no CDN) and renders
 * /docs/reference.json (openapi.yaml with operation IDs and code samples, src/docs/reference-spec.ts),
 * the webhook reference is rendered here, and GraphiQL's assets come from src/docs/graphiql.ts.
 * URLs and paths in the pages follow the configuration (BASE_URL or PORT, SVC_DATA_DIR).
 * test/browser/docs.browser.test.ts opens every page in Chromium and fails on any other host.
 */
export function createDocsRouter(rootDir: string, config: Config): Router {
  const openapiYaml = readFileSync(path.join(rootDir, 'openapi.yaml'), 'utf8');
  const asyncapiYaml = readFileSync(path.join(rootDir, 'asyncapi.yaml'), 'utf8');
  const redocBundle = path.join(
    rootDir,
    'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js',
  );
  // Rendered on first request, then kept: an API process that never serves docs never parses the
  // YAML into documents nor holds the rendered pages (tens of MB of RSS at start otherwise).
  const openapiJson = once(() => JSON.stringify(parse(openapiYaml)));
  const credentialsFile = shellPath(credentialsPath(config));
  const referenceJson = once(() =>
    JSON.stringify(referenceSpec(parse(openapiYaml), { baseUrl: config.baseUrl, credentialsFile })),
  );
  // The example plugin finds the demo's credentials in SVC_DATA_DIR (default .data) too.
  const exampleEnv =
    config.dataDir === path.resolve('.data') ? '' : `SVC_DATA_DIR=${shellPath(config.dataDir)} `;
  const landingHtml = landingPage(config.baseUrl, credentialsFile, exampleEnv);
  const webhooksHtml = once(() => renderWebhooksPage(parse(asyncapiYaml)));
  const errorsHtml = once(renderErrorsPage);
  const changelogFile = path.join(rootDir, 'CHANGELOG-API.md');
  const changelogHtml = once(() =>
    renderChangelogPage(
      existsSync(changelogFile)
        ? readFileSync(changelogFile, 'utf8')
        : '# API changelog\n\nNo release yet.',
    ),
  );
  const redoc = once(() =>
    existsSync(redocBundle) ? offlineRedoc(readFileSync(redocBundle, 'utf8')) : undefined,
  );

  const router = express.Router();
  // Every response of this router, the contracts' files included, is this origin's and inert.
  router.use((_req, res, next) => {
    setDocsHeaders(res, PAGE_CSP);
    next();
  });
  const yaml = (text: string) => (_req: express.Request, res: express.Response) =>
    res.type('application/yaml; charset=utf-8').send(text);
  router.get('/openapi.yaml', yaml(openapiYaml));
  router.get('/asyncapi.yaml', yaml(asyncapiYaml));
  router.get('/openapi.json', (_req, res) => res.type('application/json').send(openapiJson()));
  router.get('/docs/reference.json', (_req, res) =>
    res.type('application/json').send(referenceJson()),
  );
  router.get('/docs/webhooks', (_req, res) => res.type('html').send(webhooksHtml()));
  router.get('/docs/errors', (_req, res) => res.type('html').send(errorsHtml()));
  router.get('/docs/changelog', (_req, res) => res.type('html').send(changelogHtml()));
  router.get('/docs/assets/redoc.standalone.js', (_req, res) => {
    const bundle = redoc();
    if (!bundle) {
      return sendError(
        res,
        httpError(404, 'route_not_found', 'Redoc bundle is not installed.'),
        config.baseUrl,
      );
    }
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript').send(bundle);
  });
  router.get(`${GRAPHIQL_ASSETS_PATH}/:file`, serveGraphiQLAsset);
  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', REDOC_CSP);
    res.type('html').send(REDOC_PAGE);
  });
  router.get('/', (_req, res) => res.type('html').send(landingHtml));
  return router;
}

/**
 * Redoc 3 draws its "API docs by Redocly" attribution with an image from its CDN, whatever the
 * options. The attribution and its link stay; the image becomes an inline SVG wordmark, so the
 * page makes no request to another host (test/browser/docs.browser.test.ts checks).
 */
function offlineRedoc(bundle: string): string {
  const wordmark = (width: number, text: string) =>
    'data:image/svg+xml,' +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16"><text x="0" y="12" font-family="system-ui,sans-serif" font-size="12" font-weight="600" fill="#0044D4">${text}</text></svg>`,
    );
  return bundle
    .replaceAll('https://cdn.redoc.ly/redoc/logo-mini-full.svg', wordmark(56, 'Redocly'))
    .replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', wordmark(14, 'R'));
}

// Redoc 3's standalone build is an ES module (it exports init), hence the module script. Its
// sample picker offers only the languages of `codeSamples.languages` (curl and Payload unless told).
// sanitize (Redoc 2's untrustedSpec): Redoc passes the reference's rendered Markdown through DOMPurify.
const REDOC_INIT = `
import { init } from '/docs/assets/redoc.standalone.js';
init('/docs/reference.json', {
  downloadUrls: [{ title: 'openapi.yaml', url: '/openapi.yaml' }, { title: 'openapi.json', url: '/openapi.json' }],
  expandResponses: '200,201', jsonSamplesExpandLevel: 3, disableTelemetry: true, sanitize: true,
  codeSamples: ${JSON.stringify({ languages: SAMPLE_LANGUAGES })},
}, document.getElementById('redoc'));
`;
const REDOC_PAGE = page(
  'Plugin Data API reference',
  `<p class="topbar"><a href="/">Home</a> · <a href="/docs/webhooks">Webhooks</a> · <a href="/docs/changelog">API changelog</a></p>
<div id="redoc"></div>
<script type="module">${REDOC_INIT}</script>`,
);
const PAGE_CSP = docsCsp({ styles: [STYLE] });
const REDOC_CSP = docsCsp({ scripts: [REDOC_INIT], redoc: true });

/** The landing page, its quick start addressed to this server and its data directory. */
const landingPage = (baseUrl: string, credentialsFile: string, exampleEnv: string) =>
  page(
    'Restaurant Plugin Platform',
    `<header><h1>Restaurant Plugin Platform</h1><p>Plugin Data API, signed webhooks and the developer portal.</p></header>
<div class="cards">
<div class="card"><h2><a href="/docs">Data API reference</a></h2><p>Every endpoint of <code>/api/plugin/v1</code> with curl and TypeScript samples, rendered from <a href="/openapi.yaml">openapi.yaml</a> (also as <a href="/openapi.json">JSON</a>).</p></div>
<div class="card"><h2><a href="/docs/webhooks">Webhooks</a></h2><p>The 20 events, their payloads, headers and the signature recipe, from <a href="/asyncapi.yaml">asyncapi.yaml</a>.</p></div>
<div class="card"><h2><a href="/dashboard">Developer dashboard</a></h2><p>Plugins, keys, sandboxes, webhook deliveries and the API request log in the browser.</p></div>
<div class="card"><h2><a href="/graphql">Developer portal</a></h2><p>GraphQL for projects, plugins, keys and sandboxes (GraphiQL in a browser).</p></div>
</div>
<section class="start"><h2>Start in five minutes</h2><ol>
<li><code>make run</code> prints a banner with a sandbox key and webhook secret (also in <code>${escapeHtml(credentialsFile)}</code>).</li>
<li>Call the API with the key:<pre><code>KEY=$(node -p 'require(${escapeHtml(JSON.stringify(credentialsFile))}).sandbox.api_key')
curl -H "X-Plugin-Api-Key: $KEY" ${escapeHtml(baseUrl)}/api/plugin/v1/health</code></pre></li>
<li>Run the example plugin (<code>examples/plugin/README.md</code>): it pages through orders, moves one through its statuses, captures a payment idempotently and verifies signed webhooks.<pre><code>${escapeHtml(exampleEnv)}npx tsx examples/plugin/main.ts</code></pre></li>
</ol></section>`,
  );

/** A path as a shell in the working directory names it: ./relative inside it, absolute outside. */
function shellPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : `./${relative}`;
}

function once<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}
