import type { Request, Response } from 'express';
import { escapeHtml, page } from './layout.js';

/**
 * GraphiQL for /graphql, served by this server: graphql-yoga's default page loads GraphiQL from a
 * CDN, which an offline machine (or a strict network policy) cannot reach.
 *
 * The bundle comes from `@graphql-yoga/render-graphiql` (GraphiQL, its CSS with inlined fonts and
 * the Monaco workers as strings) when that package is installed: each part is served once as a
 * cacheable asset under /docs/assets/graphiql/ instead of inlining 9 MB into every page. Without
 * the package, a small console of our own stands in (query, variables, headers, schema list), so
 * /graphql never reaches another host either way.
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

// A variable specifier: the package is optional, so the type checker must not require it.
const BUNDLE_MODULE = '@graphql-yoga/render-graphiql/graphiql';
let bundle: Promise<Bundle | undefined> | undefined;

function loadBundle(): Promise<Bundle | undefined> {
  bundle ??= import(BUNDLE_MODULE).then(
    (mod: Bundle) => mod,
    () => undefined,
  );
  return bundle;
}

/** yoga's `renderGraphiQL`: the page a browser gets on GET /graphql. */
export async function renderGraphiQL(options: GraphiQLPageOptions): Promise<string> {
  return (await loadBundle()) ? graphiqlPage(options) : consolePage(options);
}

/** GET /docs/assets/graphiql/:file */
export async function serveGraphiQLAsset(req: Request, res: Response): Promise<void> {
  const assets = await loadBundle();
  const file = String(req.params.file);
  const asset = assets && ASSET_FILES[file];
  if (!assets || !asset) {
    res.status(404).json({ error: 'route_not_found', message: 'No such GraphiQL asset.' });
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

// The stand-in console: plain HTML and one inline script, nothing loaded from anywhere.
const CONSOLE_STYLE = `<style>
.console{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr) 300px;gap:16px;padding:16px 32px}
.console label{display:block;font-weight:600;margin:8px 0 4px} .console textarea{width:100%;box-sizing:border-box;font:13px/1.45 ui-monospace,Menlo,monospace;border:1px solid #cbd2d9;border-radius:6px;padding:8px}
#query{height:340px} #variables,#headers{height:80px} #result{min-height:420px;margin:0;white-space:pre-wrap}
.bar{display:flex;gap:8px;align-items:center;margin-top:8px} button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #0b63c5;background:#0b63c5;color:#fff;cursor:pointer}
#status{color:#616e7c} .schema{font-size:13px;overflow:auto;max-height:80vh} .schema h3{margin:8px 0 4px;font-size:14px} .schema li{margin-bottom:6px} .schema small{color:#616e7c;display:block}
</style>`;

function consolePage(options: GraphiQLPageOptions): string {
  const body = `<header><h1>${escapeHtml(options.title ?? 'GraphQL')} <small>POST /graphql</small></h1>
<p><a href="/">Home</a> · <a href="/docs">Data API reference</a> · <a href="/docs/webhooks">Webhooks</a> · SDL: <code>src/portal/schema.graphql</code></p></header>
<div class="console">
<div><label for="query">Query</label><textarea id="query" spellcheck="false">${escapeHtml(options.defaultQuery ?? '{ __typename }')}</textarea>
<label for="variables">Variables (JSON)</label><textarea id="variables" spellcheck="false">{}</textarea>
<label for="headers">Headers (JSON; a successful logIn or signUp fills in Authorization)</label><textarea id="headers" spellcheck="false">{}</textarea>
<div class="bar"><label for="operation" style="margin:0">Operation</label><select id="operation"></select><button id="run" type="button">Run (Ctrl+Enter)</button><span id="status"></span></div></div>
<div><label>Response</label><pre id="result"></pre></div>
<div class="schema"><label>Schema</label><div id="schema">Loading the schema...</div></div>
</div>
<p class="start"><small>A minimal console. The full GraphiQL (editor with completion, docs explorer) is served here when the server has <code>@graphql-yoga/render-graphiql</code> installed.</small></p>
<script>${CONSOLE_SCRIPT}</script>`;
  return page(options.title ?? 'GraphQL', body, CONSOLE_STYLE);
}

const CONSOLE_SCRIPT = `
const $ = (id) => document.getElementById(id);
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
function operations() {
  const names = [...$('query').value.matchAll(/\\b(?:query|mutation)\\s+([_A-Za-z][_0-9A-Za-z]*)/g)].map((m) => m[1]);
  const select = $('operation'), current = select.value;
  select.innerHTML = names.map((n) => '<option>' + escape(n) + '</option>').join('');
  if (names.includes(current)) select.value = current;
}
async function post(body, headers) {
  const res = await fetch('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}
async function run() {
  let variables, headers;
  try { variables = JSON.parse($('variables').value || '{}'); headers = JSON.parse($('headers').value || '{}'); }
  catch (err) { $('status').textContent = 'Variables and headers must be JSON: ' + err.message; return; }
  $('status').textContent = 'Running...';
  const started = performance.now();
  const { status, json } = await post({ query: $('query').value, variables, operationName: $('operation').value || undefined }, headers);
  $('status').textContent = 'HTTP ' + status + ' in ' + Math.round(performance.now() - started) + ' ms';
  $('result').textContent = JSON.stringify(json, null, 2);
  const token = json && json.data && (json.data.logIn || json.data.signUp || {}).token;
  if (token) $('headers').value = JSON.stringify({ ...headers, Authorization: 'Bearer ' + token }, null, 2);
}
const typeName = (t) => (t.kind === 'NON_NULL' ? typeName(t.ofType) + '!' : t.kind === 'LIST' ? '[' + typeName(t.ofType) + ']' : t.name);
const field = (f) => '<li><code>' + escape(f.name) + (f.args.length ? '(' + f.args.map((a) => escape(a.name + ': ' + typeName(a.type))).join(', ') + ')' : '') + ': ' + escape(typeName(f.type)) + '</code>' + (f.description ? '<small>' + escape(f.description) + '</small>' : '') + '</li>';
async function loadSchema() {
  const query = '{ __schema { queryType { name } mutationType { name } types { name fields { name description args { name type { ...T } } type { ...T } } } } } fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';
  const { json } = await post({ query }, {});
  const schema = json.data.__schema, byName = new Map(schema.types.map((t) => [t.name, t]));
  $('schema').innerHTML = [schema.queryType, schema.mutationType].filter(Boolean)
    .map((root) => '<h3>' + escape(root.name) + '</h3><ul>' + byName.get(root.name).fields.map(field).join('') + '</ul>').join('');
}
$('query').addEventListener('input', operations);
$('run').addEventListener('click', run);
document.addEventListener('keydown', (e) => { if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') run(); });
operations();
loadSchema().catch((err) => { $('schema').textContent = 'Could not load the schema: ' + err.message; });
`;
