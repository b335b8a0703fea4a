/**
 * The document Redoc renders at /docs: openapi.yaml as it is, plus what a reader of a reference
 * expects and the contract itself has no place for: each operation's ID (the method name in
 * generated clients such as @hey-api/openapi-ts) and code samples (curl, and TypeScript with
 * openapi-fetch) built from the spec's own request examples. /openapi.json and /openapi.yaml stay
 * the contract byte for byte; only this copy is decorated.
 */

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
  schema?: { example?: unknown };
}

interface Operation {
  operationId?: string;
  description?: string;
  security?: unknown[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown; $ref?: string }> }> };
  'x-codeSamples'?: { lang: string; label: string; source: string }[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export function referenceSpec(spec: Json): Json {
  const copy = structuredClone(spec) as Json & { paths: Record<string, Record<string, Operation>>; servers?: { url: string }[] };
  const baseUrl = copy.servers?.[0]?.url ?? 'http://localhost:3000/api/plugin/v1';
  for (const [route, item] of Object.entries(copy.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const pathParams = resolveParameters(copy, [...((item as { parameters?: Operation['parameters'] }).parameters ?? []), ...(operation.parameters ?? [])]).filter((p) => p.in === 'path');
      const body = requestExample(copy, operation);
      const needsKey = !(Array.isArray(operation.security) && operation.security.length === 0);
      operation.description = `Operation ID: \`${operation.operationId}\`\n\n${operation.description ?? ''}`;
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlSample(method, baseUrl + fillPath(route, pathParams), body, needsKey) },
        { lang: 'TypeScript', label: 'openapi-fetch', source: openapiFetchSample(method, route, pathParams, body) },
      ];
    }
  }
  return copy;
}

function resolveRef<T>(spec: Json, value: T | { $ref: string }): T {
  if (!value || typeof value !== 'object' || !('$ref' in value)) return value as T;
  const target = value.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Json)?.[key], spec);
  return resolveRef(spec, target as T);
}

function resolveParameters(spec: Json, params: NonNullable<Operation['parameters']>): Parameter[] {
  return params.map((p) => resolveRef<Parameter>(spec, p));
}

function requestExample(spec: Json, operation: Operation): unknown {
  const media = operation.requestBody?.content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first ? resolveRef<{ value?: unknown }>(spec, first).value : undefined;
}

function exampleOf(param: Parameter): unknown {
  return param.example ?? param.schema?.example ?? `<${param.name}>`;
}

function fillPath(route: string, params: Parameter[]): string {
  return params.reduce((path, p) => path.replace(`{${p.name}}`, String(exampleOf(p))), route);
}

function curlSample(method: string, url: string, body: unknown, needsKey: boolean): string {
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "${url}"`];
  if (needsKey) lines.push('-H "X-Plugin-Api-Key: $PLUGIN_API_KEY"');
  if (body !== undefined) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d '${JSON.stringify(body, null, 2).replace(/'/g, `'\\''`)}'`);
  }
  return lines.join(' \\\n  ');
}

function openapiFetchSample(method: string, route: string, params: Parameter[], body: unknown): string {
  const options: string[] = [];
  if (params.length > 0) options.push(`params: { path: { ${params.map((p) => `${p.name}: ${JSON.stringify(exampleOf(p))}`).join(', ')} } }`);
  if (body !== undefined) options.push(`body: ${JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}`);
  const args = options.length > 0 ? `, {\n  ${options.join(',\n  ')},\n}` : '';
  return [
    '// client: createClient<paths>() from openapi-fetch, typed by openapi-typescript (see examples/plugin/client.ts)',
    `const { data, error, response } = await client.${method.toUpperCase()}('${route}'${args});`,
  ].join('\n');
}
