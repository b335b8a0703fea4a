import { DEMO_PATH_VALUES, DEMO_SAMPLES, overlay, type PathValue } from './demo-samples.js';

/**
 * The document Redoc renders at /docs: openapi.yaml as it is, plus what a reader of a reference
 * expects and the contract itself has no place for: each operation's ID (the method name in
 * generated clients such as @hey-api/openapi-ts) and code samples (curl, and TypeScript with
 * openapi-fetch) built from the spec's own request examples with the demo sandbox's ids
 * (src/docs/demo-samples.ts), addressed to this deployment's base URL. /openapi.json and
 * /openapi.yaml stay the contract byte for byte; only this copy is decorated.
 */

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
  schema?: { example?: unknown };
}

type MediaType = {
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string; summary?: string }>;
};

interface Operation {
  operationId?: string;
  description?: string;
  security?: unknown[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content?: Record<string, MediaType> };
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
  deprecated?: boolean;
  'x-deprecated-at'?: unknown;
  'x-sunset'?: unknown;
}

export interface ReferenceOptions {
  /** The service's base URL (config BASE_URL, or http://localhost:PORT). */
  baseUrl: string;
  /** Where the demo's sandbox key is kept (under SVC_DATA_DIR), as a reader's shell names it. */
  credentialsFile: string;
}

/**
 * The sample languages, in picker order. Redoc offers a sample only when its language is in
 * this list (`codeSamples.languages`), matched by label; `Payload` is the request body example.
 */
export const SAMPLE_LANGUAGES = [
  { lang: 'curl', label: 'curl' },
  { lang: 'TypeScript', label: 'TypeScript' },
  { lang: 'Payload', label: 'Payload' },
] as const;

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const API_PATH = '/api/plugin/v1';
/** Inbound webhooks carry the HMAC-SHA256 of their raw body, keyed with the webhook secret. */
const SIGNATURE_HEADER = 'X-Svc-Signature';

interface SampleRequest {
  method: string;
  apiUrl: string;
  route: string;
  path: { name: string; value: PathValue }[];
  body: unknown;
  needsKey: boolean;
  signed: boolean;
  credentialsFile: string;
}

export function referenceSpec(spec: Json, options: ReferenceOptions): Json {
  const copy = structuredClone(spec) as Json & {
    info: { description?: string };
    paths: Record<string, Record<string, Operation>>;
    servers?: { url: string; description?: string }[];
  };
  const apiUrl = options.baseUrl + API_PATH;
  copy.servers = [{ url: apiUrl, description: 'This server' }];
  copy.info.description = `${copy.info.description ?? ''}\n${samplesSection(apiUrl, options.credentialsFile)}`;
  for (const [route, item] of Object.entries(copy.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const demo = DEMO_SAMPLES[operation.operationId as keyof typeof DEMO_SAMPLES] ?? {};
      const params = resolveParameters(copy, [
        ...((item as { parameters?: Operation['parameters'] }).parameters ?? []),
        ...(operation.parameters ?? []),
      ]);
      const request: SampleRequest = {
        method,
        apiUrl,
        route,
        path: params
          .filter((p) => p.in === 'path')
          .map((p) => ({
            name: p.name,
            value:
              demo.path?.[p.name] ??
              DEMO_PATH_VALUES[p.name] ??
              ((p.example ?? p.schema?.example ?? `<${p.name}>`) as PathValue),
          })),
        body: demoRequestExample(copy, operation, demo.body),
        needsKey: !(Array.isArray(operation.security) && operation.security.length === 0),
        signed: params.some((p) => p.in === 'header' && p.name === SIGNATURE_HEADER),
        credentialsFile: options.credentialsFile,
      };
      operation.description = `Operation ID: \`${operation.operationId}\`\n\n${deprecationNote(operation)}${operation.description ?? ''}`;
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlSample(request) },
        { lang: 'TypeScript', label: 'TypeScript', source: openapiFetchSample(request) },
      ];
    }
  }
  // The contract writes the deployment's address as a placeholder; this copy knows it.
  return JSON.parse(
    JSON.stringify(copy).replaceAll('{base_url}', JSON.stringify(options.baseUrl).slice(1, -1)),
  ) as Json;
}

function samplesSection(apiUrl: string, credentialsFile: string): string {
  return `
## Code samples

Every operation has a curl and a TypeScript (openapi-fetch) sample. They address this server, \`${apiUrl}\`, and use ids of the demo sandbox: every sandbox
starts with the same restaurant data, so a sample runs as shown with a sandbox key (writes change
that sandbox's data; reset it from the portal). \`make run\` prints the demo sandbox's key and keeps
it in \`${credentialsFile}\`:

\`\`\`shell
export PLUGIN_API_KEY=$(node -p 'require(${JSON.stringify(credentialsFile)}).sandbox.api_key')
\`\`\`
`;
}

function resolveRef<T>(spec: Json, value: T | { $ref: string }): T {
  if (!value || typeof value !== 'object' || !('$ref' in value)) return value as T;
  const target = value.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json)?.[key], spec);
  return resolveRef(spec, target as T);
}

function resolveParameters(spec: Json, params: NonNullable<Operation['parameters']>): Parameter[] {
  return params.map((p) => resolveRef<Parameter>(spec, p));
}

/**
 * The operation's first request example with the demo's values laid over it. The copy's example
 * itself becomes that body too, so the picker's Payload tab shows what the samples send.
 */
function demoRequestExample(spec: Json, operation: Operation, patch: unknown): unknown {
  const media = operation.requestBody?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return (media.example = overlay(media.example, patch));
  const [name, first] = Object.entries(media.examples ?? {})[0] ?? [];
  if (!name || !first) return undefined;
  const resolved = resolveRef<{ value?: unknown; summary?: string }>(spec, first);
  const value = overlay(resolved.value, patch);
  media.examples![name] = { ...resolved, value };
  return value;
}

function isVariable(value: PathValue): value is Exclude<PathValue, string | number> {
  return typeof value === 'object';
}

const secretNote = (request: SampleRequest, comment: string) =>
  `${comment} WEBHOOK_SECRET: the plugin's webhook secret (the demo's is sandbox.webhook_secret in ${request.credentialsFile})`;

function curlSample(request: SampleRequest): string {
  const { method, apiUrl, route, body } = request;
  const url = request.path.reduce(
    (path, p) =>
      path.replace(
        `{${p.name}}`,
        isVariable(p.value) ? `$${p.value.variable}` : encodeURIComponent(String(p.value)),
      ),
    apiUrl + route,
  );
  const json =
    body === undefined ? undefined : `'${JSON.stringify(body, null, 2).replace(/'/g, `'\\''`)}'`;
  const before = request.path.flatMap((p) =>
    isVariable(p.value) ? [`# ${p.value.variable}: ${p.value.from}`] : [],
  );
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "${url}"`];
  if (request.needsKey) lines.push('-H "X-Plugin-Api-Key: $PLUGIN_API_KEY"');
  if (json !== undefined && request.signed) {
    // Sign the exact bytes sent: the body is written once, into BODY.
    before.push(secretNote(request, '#'), `BODY=${json}`);
    lines.push('-H "Content-Type: application/json"');
    lines.push(
      `-H "${SIGNATURE_HEADER}: $(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" | sed 's/^.* //')"`,
    );
    lines.push('--data-raw "$BODY"');
  } else if (json !== undefined) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d ${json}`);
  }
  return [...before, lines.join(' \\\n  ')].join('\n');
}

function openapiFetchSample(request: SampleRequest): string {
  const { method, apiUrl, route, body } = request;
  const value = (v: PathValue) =>
    isVariable(v) ? `Number(process.env.${v.variable}) /* ${v.from} */` : JSON.stringify(v);
  const json = JSON.stringify(body, null, 2);
  const options: string[] = [];
  const params: string[] = [];
  if (request.path.length > 0)
    params.push(`path: { ${request.path.map((p) => `${p.name}: ${value(p.value)}`).join(', ')} }`);
  const lines = ["import createClient from 'openapi-fetch';"];
  if (request.signed) {
    lines.push("import { createHmac } from 'node:crypto';");
    params.push(`header: { '${SIGNATURE_HEADER}': signature }`);
  }
  if (params.length > 0) options.push(`params: { ${params.join(', ')} }`);
  if (body !== undefined)
    options.push(request.signed ? 'body' : `body: ${json.replace(/\n/g, '\n  ')}`);
  const args = options.length > 0 ? `, {\n  ${options.join(',\n  ')},\n}` : '';
  lines.push(
    `// paths: npx openapi-typescript ${apiUrl.slice(0, -API_PATH.length)}/openapi.yaml -o api.d.ts`,
    "import type { paths } from './api';",
    '',
    'const client = createClient<paths>({',
    `  baseUrl: '${apiUrl}',`,
    ...(request.needsKey
      ? ["  headers: { 'X-Plugin-Api-Key': process.env.PLUGIN_API_KEY! },"]
      : []),
    '});',
  );
  if (request.signed) {
    lines.push(
      '',
      secretNote(request, '//'),
      `const body = ${json};`,
      '// openapi-fetch sends JSON.stringify(body): sign that same string.',
      "const signature = createHmac('sha256', process.env.WEBHOOK_SECRET!).update(JSON.stringify(body)).digest('hex');",
    );
  }
  lines.push(
    `const { data, error, response } = await client.${method.toUpperCase()}('${route}'${args});`,
  );
  return lines.join('\n');
}

/** Redoc marks a deprecated operation; the dates (and the response headers that carry them) are ours. */
function deprecationNote(operation: Operation): string {
  if (!operation.deprecated) return '';
  const day = (value: unknown) =>
    value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  const sunset =
    operation['x-sunset'] === undefined
      ? ''
      : ` It will be removed on ${day(operation['x-sunset'])} (\`Sunset\` header).`;
  return `**Deprecated** since ${day(operation['x-deprecated-at'])} (\`Deprecation\` header).${sunset} See the [API changelog](/docs/changelog).\n\n`;
}
