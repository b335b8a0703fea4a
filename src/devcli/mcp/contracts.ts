import {
  buildClientSchema,
  getIntrospectionQuery,
  printSchema,
  type IntrospectionQuery,
} from 'graphql';
import { parse } from 'yaml';
import { CliError, graphql, type Credentials, type Operation } from '../client.js';

// The platform's contracts as the service it talks to serves them (so svc mcp describes the
// deployment it is connected to, whatever its version): openapi.yaml and asyncapi.yaml from their
// URLs, the portal's schema by introspection, the error codes from /docs/errors. Each is fetched
// once per process, on first use.

export type Json = any;

export interface ErrorCodeDoc {
  code: string;
  status: string;
  meaning: string;
  fix: string;
}

const INTROSPECTION = getIntrospectionQuery({ descriptions: true }) as Operation<
  IntrospectionQuery,
  Record<string, never>
>;

export class Contracts {
  private cache = new Map<string, Promise<unknown>>();

  constructor(private readonly credentials: Credentials) {}

  get baseUrl(): string {
    return this.credentials.baseUrl;
  }

  openapiYaml = () => this.once('openapi.yaml', () => this.text('/openapi.yaml'));
  asyncapiYaml = () => this.once('asyncapi.yaml', () => this.text('/asyncapi.yaml'));
  openapi = () => this.once('openapi', async () => parse(await this.openapiYaml()) as Json);
  asyncapi = () => this.once('asyncapi', async () => parse(await this.asyncapiYaml()) as Json);

  /**
   * The portal's schema by introspection: descriptions included, the SDL's directives not. The one
   * operation not in operations.graphql: graphql-js writes it, and its result type.
   */
  introspection = () =>
    this.once('introspection', () => graphql(this.credentials, INTROSPECTION, {}));
  sdl = () =>
    this.once('sdl', async () => printSchema(buildClientSchema(await this.introspection())));

  /** Every error code with its status, meaning and fix, read from the sections of /docs/errors. */
  errorCodes = () =>
    this.once('errors', async () => {
      const html = await this.text('/docs/errors');
      const section =
        /<section id="([a-z_]+)"[^>]*><h2><code>[^<]*<\/code> <span class="family">HTTP ([^<]*)<\/span><\/h2>\s*<p>([\s\S]*?)<\/p><p><strong>What to do:<\/strong> ([\s\S]*?)<\/p><\/section>/g;
      return [...html.matchAll(section)].map((m) => ({
        code: m[1]!,
        status: m[2]!,
        meaning: unescapeHtml(m[3]!),
        fix: unescapeHtml(m[4]!),
      })) as ErrorCodeDoc[];
    });

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let value = this.cache.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      // A failure is not kept: the next call tries again (the service may have been down).
      value.catch(() => this.cache.delete(key));
      this.cache.set(key, value);
    }
    return value;
  }

  private async text(path: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(`${this.credentials.baseUrl}${path}`);
    } catch (err) {
      throw new CliError(`cannot reach ${this.credentials.baseUrl}: ${(err as Error).message}`);
    }
    if (!res.ok)
      throw new CliError(
        `HTTP ${res.status}: ${path} could not be read from ${this.credentials.baseUrl}`,
      );
    return res.text();
  }
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A JSON pointer (`#/components/schemas/Order`) looked up in a document. */
export function pointer(doc: Json, ref: string): Json {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (node: Json, key) => (node === undefined || node === null ? undefined : node[key]),
      doc,
    );
}

/** `node` with every local $ref replaced by what it points to; a ref inside itself stays a ref. */
export function resolveRefs(doc: Json, node: Json, inside: ReadonlySet<string> = new Set()): Json {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(doc, item, inside));
  if (!node || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (inside.has(ref)) return { $ref: ref };
    return resolveRefs(doc, pointer(doc, ref), new Set([...inside, ref]));
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, resolveRefs(doc, value, inside)]),
  );
}

/** The `## ` sections of a Markdown description, each with its heading and text. */
export function markdownSections(
  markdown: string | undefined,
): { heading: string; text: string }[] {
  if (!markdown) return [];
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const [heading, ...rest] = chunk.split('\n');
      return { heading: heading!.trim(), text: rest.join('\n').trim() };
    });
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of openapi.yaml with its method, path and path-level parameters. */
export function operationsOf(
  openapi: Json,
): { method: string; path: string; op: Json; shared: Json[] }[] {
  return Object.entries(openapi.paths ?? {}).flatMap(([path, item]: [string, Json]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      method,
      path,
      op: item[method],
      shared: item.parameters ?? [],
    })),
  );
}

/** The prefix every path of openapi.yaml sits under (`/api/plugin/v1`), from its first server. */
export function apiPrefix(openapi: Json): string {
  return new URL(openapi.servers?.[0]?.url ?? 'http://x/api/plugin/v1').pathname.replace(/\/$/, '');
}
