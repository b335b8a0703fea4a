import express, { type Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Config } from '../config.js';
import type { ApiVersions } from '../domain/api-versions/index.js';
import { credentialsPath } from '../seed/demo.js';
import { GRAPHIQL_ASSETS_PATH, serveGraphiQLAsset } from './graphiql.js';
import { docsCsp, setDocsHeaders } from './csp.js';
import { escapeHtml, page, STYLE } from './layout.js';
import { referenceSpec } from './reference-spec.js';
import { referencePage } from './reference-page.js';
import { versionedContracts } from './versioned-contracts.js';
import { renderVersionsPage } from './versions-page.js';
import { renderWebhooksPage } from './webhooks-page.js';
import { renderErrorsPage } from './errors-page.js';
import { renderChangelogPage } from './changelog-page.js';
import { httpError, sendError } from '../http/error-response.js';

/**
 * Docs served from the same YAML files that drive routing and codegen, fully offline: Redoc's
 * standalone bundle is served from the installed @redocly/cli package (no CDN) and renders
 * /docs/reference.json (openapi.yaml with operation IDs and code samples, src/docs/reference-spec.ts),
 * the webhook reference is rendered here, and GraphiQL's assets come from src/docs/graphiql.ts.
 * The contracts, the reference and /docs take `?version=<date>`: that dated version's contracts
 * (src/docs/versioned-contracts.ts), the newest without it; /docs/versions lists the versions.
 * URLs and paths in the pages follow the configuration (BASE_URL or PORT, SVC_DATA_DIR).
 * test/browser/docs.browser.test.ts opens every page in Chromium and fails on any other host.
 */
export function createDocsRouter(
  rootDir: string,
  config: Config,
  apiVersions: ApiVersions,
): Router {
  const contracts = versionedContracts(rootDir, apiVersions, config.baseUrl);
  const newest = apiVersions.catalog()[0]!.version;
  const asyncapiYaml = contracts.text('asyncapi.yaml', newest);
  const redocBundle = path.join(
    rootDir,
    'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js',
  );
  // Rendered on first request, then kept: an API process that never serves docs never parses the
  // YAML into documents nor holds the rendered pages (tens of MB of RSS at start otherwise).
  const openapiJson = perVersion((v) => JSON.stringify(parse(contracts.text('openapi.yaml', v))));
  const credentialsFile = shellPath(credentialsPath(config));
  const referenceJson = perVersion((v) =>
    JSON.stringify(
      referenceSpec(parse(contracts.text('openapi.yaml', v)), {
        baseUrl: config.baseUrl,
        credentialsFile,
      }),
    ),
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
  for (const file of ['openapi.yaml', 'asyncapi.yaml'] as const)
    router.get(
      `/${file}`,
      contracts.route(({ version }, _req, res) =>
        res.type('application/yaml; charset=utf-8').send(contracts.text(file, version)),
      ),
    );
  router.get(
    '/openapi.json',
    contracts.route(({ version }, _req, res) =>
      res.type('application/json').send(openapiJson(version)),
    ),
  );
  router.get(
    '/docs/reference.json',
    contracts.route(({ version }, _req, res) =>
      res.type('application/json').send(referenceJson(version)),
    ),
  );
  router.get('/docs/versions', (_req, res) =>
    res.type('html').send(renderVersionsPage(apiVersions.catalog())),
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
  router.get(
    '/docs',
    contracts.route((version, _req, res) => {
      const { html, csp } = referencePage(version, apiVersions.catalog());
      res.setHeader('Content-Security-Policy', csp);
      res.type('html').send(html);
    }),
  );
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

const PAGE_CSP = docsCsp({ styles: [STYLE] });

/** The landing page, its quick start addressed to this server and its data directory. */
const landingPage = (baseUrl: string, credentialsFile: string, exampleEnv: string) =>
  page(
    'Restaurant Plugin Platform',
    `<header><h1>Restaurant Plugin Platform</h1><p>Plugin Data API, signed webhooks and the developer portal.</p></header>
<div class="cards">
<div class="card"><h2><a href="/docs">Data API reference</a></h2><p>Every endpoint of <code>/api/plugin/v1</code> with curl and TypeScript samples, rendered from <a href="/openapi.yaml">openapi.yaml</a> (also as <a href="/openapi.json">JSON</a>).</p></div>
<div class="card"><h2><a href="/docs/versions">API versions</a></h2><p>The dated versions of the Data API and the webhooks: which are supported, until when, what each changed, and how a plugin is pinned.</p></div>
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

/** One value per dated version, computed on its first request. */
function perVersion<T>(compute: (version: string) => T): (version: string) => T {
  const values = new Map<string, T>();
  return (version) => {
    if (!values.has(version)) values.set(version, compute(version));
    return values.get(version)!;
  };
}

function once<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}
