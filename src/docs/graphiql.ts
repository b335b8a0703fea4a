import type { Request, Response } from 'express';
import { escapeHtml } from './layout.js';
import { httpError } from '../http/error-response.js';

/**
 * GraphiQL for /graphql, served by this server: graphql-yoga's default page loads GraphiQL from a
 * CDN, which an offline machine (or a strict network policy) cannot reach.
 *
 * The bundle comes from `@graphql-yoga/render-graphiql` (GraphiQL, its CSS with inlined fonts and
 * the Monaco workers as strings): each part is served once as a cacheable asset under
 * /docs/assets/graphiql/ instead of inlining 9 MB into every page. It is loaded on the first
 * request for it, so an API process that never serves GraphiQL never holds it in memory.
 */

export const GRAPHIQL_ASSETS_PATH = '/docs/assets/graphiql';

/** The subset of yoga's GraphiQLOptions this page uses (yoga passes its `graphiql` option). */
export interface GraphiQLPageOptions {
  title?: string;
  defaultQuery?: string;
  [option: string]: unknown;
}

interface Bundle {
  js: string;
  css: string;
  editorWorkerService: string;
  jsonWorker: string;
  graphqlWorker: string;
}

/** The bundled GraphiQL build, loaded on first use (the module cache keeps it afterwards). */
function loadBundle(): Promise<Bundle> {
  return import('@graphql-yoga/render-graphiql/graphiql' as string) as Promise<Bundle>;
}

/** yoga's `renderGraphiQL`: the page a browser gets on GET /graphql. */
export async function renderGraphiQL(options: GraphiQLPageOptions): Promise<string> {
  await loadBundle();
  return graphiqlPage(options);
}

/** GET /docs/assets/graphiql/:file */
export async function serveGraphiQLAsset(req: Request, res: Response): Promise<void> {
  const assets = await loadBundle();
  const file = String(req.params.file);
  // An own property only: `__proto__`, `constructor`, `toString`... are not assets.
  const asset = Object.hasOwn(ASSET_FILES, file) ? ASSET_FILES[file] : undefined;
  if (!asset) {
    const { status, body } = httpError(404, 'route_not_found', 'No such GraphiQL asset.');
    res.status(status).json(body);
    return;
  }
  res.setHeader('Cache-Control', 'public, max-age=86400');
  res.type(asset.type).send(assets[asset.key]);
}

const ASSET_FILES: Record<string, { key: keyof Bundle; type: string }> = {
  'graphiql.js': { key: 'js', type: 'application/javascript' },
  'graphiql.css': { key: 'css', type: 'text/css' },
  'editor.worker.js': { key: 'editorWorkerService', type: 'application/javascript' },
  'json.worker.js': { key: 'jsonWorker', type: 'application/javascript' },
  'graphql.worker.js': { key: 'graphqlWorker', type: 'application/javascript' },
};

/** JSON inside a <script>: no "</script>" or "<!--" can close or comment it out. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function graphiqlPage(options: GraphiQLPageOptions): string {
  const title = options.title ?? 'GraphiQL';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}/graphiql.css"></head>
<body id="body" class="no-focus-outline"><noscript>GraphiQL needs JavaScript. Without it, POST GraphQL requests as JSON to /graphql.</noscript><div id="root"></div>
<script>
const WORKERS = { editorWorkerService: 'editor', json: 'json', graphql: 'graphql' };
self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => '${GRAPHIQL_ASSETS_PATH}/' + (WORKERS[label] ?? 'editor') + '.worker.js' };
</script>
<script src="${GRAPHIQL_ASSETS_PATH}/graphiql.js"></script>
<script>YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), ${scriptJson({ ...options, favicon: 'data:,' })});</script>
</body></html>`;
}
