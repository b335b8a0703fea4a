import { deref, isObject } from './resolve.js';
import type { Naming } from './openapi-diff.js';

type Json = Record<string, unknown>;

/**
 * api-smart-diff classifies AsyncAPI 2 only, so an AsyncAPI 3 document is compared as a synthetic
 * OpenAPI one. A webhook receiver reads a payload the way a client reads a response, so each
 * message the platform sends becomes `GET /<event name>` whose 200 response is the payload and
 * whose response headers are the message's headers. A message the platform receives (the inbound
 * route) becomes `POST /<message name>`: the payload is its request body, the headers its header
 * parameters, so request rules apply to what plugins send. Schemas keep their
 * `#/components/schemas/...` references, which both formats share.
 */
export function asyncApiAsOpenApi(doc: unknown): Json {
  const root = isObject(doc) ? doc : {};
  const paths: Json = {};
  const operations = isObject(root.operations) ? root.operations : {};
  for (const [operationId, raw] of Object.entries(operations)) {
    const op = deref(root, raw);
    if (!isObject(op) || !Array.isArray(op.messages)) continue;
    for (const ref of op.messages) {
      const message = deref(root, ref);
      if (!isObject(message)) continue;
      const name = typeof message.name === 'string' ? message.name : operationId;
      const headers = headerSchema(root, message);
      const deprecated =
        op.deprecated === true || message.deprecated === true ? { deprecated: true } : {};
      const summary = typeof op.summary === 'string' ? { summary: op.summary } : {};
      paths[`/${name}`] =
        op.action === 'receive'
          ? {
              post: {
                operationId,
                ...summary,
                ...deprecated,
                parameters: headerParameters(headers),
                requestBody: {
                  required: true,
                  content: { 'application/json': { schema: message.payload } },
                },
                responses: { '200': { description: 'received' } },
              },
            }
          : {
              get: {
                operationId,
                ...summary,
                ...deprecated,
                responses: {
                  '200': {
                    description: 'payload',
                    headers: responseHeaders(headers),
                    content: { 'application/json': { schema: message.payload } },
                  },
                },
              },
            };
    }
  }
  const info = isObject(root.info) ? root.info : {};
  const components = isObject(root.components) ? root.components : {};
  return {
    openapi: '3.0.3',
    info: { title: String(info.title ?? 'webhooks'), version: String(info.version ?? '0') },
    paths,
    components: { schemas: components.schemas ?? {} },
  };
}

/** The message's headers schema, its own or its traits' (resolved). */
function headerSchema(root: Json, message: Json): Json {
  const traits = Array.isArray(message.traits) ? message.traits.map((t) => deref(root, t)) : [];
  const own = [message, ...traits]
    .map((m) => (isObject(m) ? deref(root, m.headers) : undefined))
    .find(isObject);
  return own ?? {};
}

function headerEntries(headers: Json): [string, unknown, boolean][] {
  const properties = isObject(headers.properties) ? headers.properties : {};
  const required = Array.isArray(headers.required) ? headers.required : [];
  return Object.entries(properties).map(([name, schema]) => [
    name,
    schema,
    required.includes(name),
  ]);
}

function headerParameters(headers: Json): Json[] {
  return headerEntries(headers).map(([name, schema, required]) => ({
    name,
    in: 'header',
    required,
    schema,
  }));
}

function responseHeaders(headers: Json): Json {
  return Object.fromEntries(
    headerEntries(headers).map(([name, schema, required]) => [name, { required, schema }]),
  );
}

export const ASYNCAPI_NAMING: Naming = {
  contract: 'asyncapi',
  operation: (pathKey, method) =>
    method === 'post' ? `inbound message ${pathKey.slice(1)}` : `event ${pathKey.slice(1)}`,
  parameter: (_where, name) => `header ${name}`,
  requestBody: 'payload',
  response: () => 'payload',
  responseHeader: (_status, name) => `header ${name}`,
  ruleId: (id) =>
    id
      .replace(/^operation-/, 'event-')
      .replace(/^response-header-/, 'header-')
      .replace(/^response-/, 'payload-')
      .replace(/^request-parameter-/, 'request-header-'),
};
