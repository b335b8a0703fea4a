import express, { type Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { page } from './layout.js';
import { renderWebhooksPage } from './webhooks-page.js';

/**
 * Docs served from the same YAML files that drive routing and codegen, fully offline: Redoc's
 * standalone bundle is served from the installed @redocly/cli package (no CDN), the webhook
 * reference is rendered here.
 */
export function createDocsRouter(rootDir: string): Router {
  const openapiYaml = readFileSync(path.join(rootDir, 'openapi.yaml'), 'utf8');
  const asyncapiYaml = readFileSync(path.join(rootDir, 'asyncapi.yaml'), 'utf8');
  const openapiJson = JSON.stringify(parse(openapiYaml));
  const webhooksHtml = renderWebhooksPage(parse(asyncapiYaml));
  const redocBundle = path.join(rootDir, 'node_modules/@redocly/cli/lib/chunks/redoc.standalone.js');

  const router = express.Router();
  const yaml = (text: string) => (_req: express.Request, res: express.Response) => res.type('application/yaml; charset=utf-8').send(text);
  router.get('/openapi.yaml', yaml(openapiYaml));
  router.get('/asyncapi.yaml', yaml(asyncapiYaml));
  router.get('/openapi.json', (_req, res) => res.type('application/json').send(openapiJson));
  router.get('/docs/webhooks', (_req, res) => res.type('html').send(webhooksHtml));
  router.get('/docs/assets/redoc.standalone.js', (_req, res) => {
    if (!existsSync(redocBundle)) return res.status(404).json({ error: 'route_not_found', message: 'Redoc bundle is not installed.' });
    res.type('application/javascript').sendFile(redocBundle, { maxAge: '1d' });
  });
  router.get('/docs', (_req, res) => res.type('html').send(REDOC_PAGE));
  router.get('/', (_req, res) => res.type('html').send(LANDING_PAGE));
  return router;
}

const REDOC_PAGE = page(
  'Plugin Data API reference',
  `<div id="redoc"></div><script src="/docs/assets/redoc.standalone.js"></script>
<script>Redoc.init('/openapi.json', { hideDownloadButtons: false, expandResponses: '200,201', jsonSamplesExpandLevel: 3 }, document.getElementById('redoc'));</script>`,
);

const LANDING_PAGE = page(
  'Restaurant Plugin Platform',
  `<header><h1>Restaurant Plugin Platform</h1><p>Plugin Data API, signed webhooks and the developer portal.</p></header>
<div class="cards">
<div class="card"><h2><a href="/docs">Data API reference</a></h2><p>Every endpoint of <code>/api/plugin/v1</code>, rendered from <a href="/openapi.yaml">openapi.yaml</a> (also as <a href="/openapi.json">JSON</a>).</p></div>
<div class="card"><h2><a href="/docs/webhooks">Webhooks</a></h2><p>The 20 events, their payloads, headers and the signature recipe, from <a href="/asyncapi.yaml">asyncapi.yaml</a>.</p></div>
<div class="card"><h2><a href="/graphql">Developer portal</a></h2><p>GraphQL for projects, plugins, keys and sandboxes (GraphiQL in a browser).</p></div>
</div>`,
);
