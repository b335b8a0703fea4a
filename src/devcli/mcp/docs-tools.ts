import { z } from 'zod';
import { apiPrefix, markdownSections, operationsOf, resolveRefs, type Json } from './contracts.js';
import { defineTool, ToolError, type McpContext } from './tool.js';
import { searchDocs } from './docs-search.js';

// The reference, read from the contracts the connected service serves: an operation of
// openapi.yaml and an event of asyncapi.yaml with every $ref resolved, and a search over both, the
// error codes and the portal's fields. Read-only.

/** Every code a schema's `error` property may take (error bodies narrow it with an enum). */
function errorCodes(schema: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => errorCodes(s, into));
  else if (schema && typeof schema === 'object') {
    for (const code of schema.properties?.error?.enum ?? []) into.add(code);
    for (const value of Object.values(schema)) errorCodes(value, into);
  }
  return into;
}

const firstExample = (media: Json): Json =>
  media?.example ?? (Object.values(media?.examples ?? {})[0] as Json)?.value;

async function getOperation(ctx: McpContext, operationId: string) {
  const openapi = await ctx.contracts.openapi();
  const found = operationsOf(openapi).find((o) => o.op.operationId === operationId);
  if (!found)
    throw new ToolError(
      'not_found',
      `No operation ${operationId} in openapi.yaml: search_docs finds operations by what they do.`,
    );
  const { method, path, op, shared } = found;
  const resolved = resolveRefs(openapi, op);
  const media = resolved.requestBody?.content?.['application/json'];
  const responses = Object.fromEntries(
    Object.entries(resolved.responses ?? {}).map(([status, r]: [string, Json]) => [
      status,
      // Error bodies all share the Error schema: their codes are listed under `errors` instead.
      Number(status) >= 400
        ? { description: r.description }
        : {
            description: r.description,
            headers: r.headers ? Object.keys(r.headers) : undefined,
            schema: r.content?.['application/json']?.schema,
          },
    ]),
  );
  const errors = Object.entries(resolved.responses ?? {})
    .filter(([status]) => Number(status) >= 400)
    .map(([status, r]: [string, Json]) => ({
      status: Number(status),
      codes: [...errorCodes(r.content?.['application/json']?.schema)],
      description: r.description,
    }));
  const success = Object.entries(resolved.responses ?? {}).find(([status]) =>
    status.startsWith('2'),
  ) as [string, Json] | undefined;
  return {
    operationId,
    method: method.toUpperCase(),
    path: `${apiPrefix(openapi)}${path}`,
    summary: op.summary,
    description: op.description,
    link: `${ctx.contracts.baseUrl}/docs#operation/${operationId}`,
    parameters: resolveRefs(openapi, [...shared, ...(op.parameters ?? [])]),
    requestBody: media
      ? { required: Boolean(resolved.requestBody.required), schema: media.schema }
      : null,
    responses,
    errors,
    example: {
      request: {
        method: method.toUpperCase(),
        path: `${apiPrefix(openapi)}${path}`,
        headers: { 'X-Plugin-Api-Key': 'pik_...' },
        body: firstExample(media),
      },
      response: success
        ? {
            status: Number(success[0]),
            body: firstExample(success[1].content?.['application/json']),
          }
        : undefined,
    },
  };
}

async function getEvent(ctx: McpContext, event: string) {
  const asyncapi = await ctx.contracts.asyncapi();
  const message = Object.values(asyncapi.components?.messages ?? {}).find(
    (m: Json) => m.name === event,
  ) as Json;
  if (!message)
    throw new ToolError(
      'not_found',
      `No event ${event} in asyncapi.yaml: search_docs lists the events.`,
    );
  const resolved = resolveRefs(asyncapi, message);
  const operation = Object.values(asyncapi.operations ?? {}).find(
    (op: Json) => op.title === `Send ${event}`,
  ) as Json;
  const verifying = markdownSections(asyncapi.info?.description).find((s) =>
    s.heading.startsWith('Verifying signatures'),
  );
  const example = resolved.examples?.[0];
  return {
    event,
    title: resolved.title,
    summary: resolved.summary,
    description: resolved.description,
    link: `${ctx.contracts.baseUrl}/docs/webhooks#${event}`,
    payloadSchema: resolved.payload,
    example: example ? { headers: example.headers, body: example.payload } : undefined,
    subscribe: `${operation?.description ?? `Subscribe with ${event}.`} Set it on the plugin (portal updatePlugin, supportedEvents); try it in a sandbox with trigger_event, then list_deliveries.`,
    verify: `${(verifying?.text.split('```')[0] ?? '').trim()}\nCheck one delivery with verify_signature (get_delivery gives its headers and body).`,
  };
}

export const docsTools = [
  defineTool({
    name: 'search_docs',
    title: 'Search the platform docs',
    description:
      'Searches the Plugin Data API reference (openapi.yaml), the webhook events (asyncapi.yaml), the error codes and the developer portal (GraphQL) of the connected platform. Returns the best matches, each with its kind (operation, event, error_code, section, portal_field), its name and its link on /docs. Follow up with get_operation or get_event for the full schema.',
    input: {
      query: z
        .string()
        .min(1)
        .describe('Words to look for, e.g. "create order idempotency" or "signature"'),
    },
    readOnly: true,
    run: ({ query }, ctx) => searchDocs(ctx, query),
  }),
  defineTool({
    name: 'get_operation',
    title: 'Get a Data API operation',
    description:
      'One operation of the Plugin Data API by its operationId (e.g. createOrder, listOrders, updateOrder): method, full path, parameters, request body schema and response schemas with every $ref resolved, the error codes each error status can carry, and an example request and response. Use it before calling call_data_api.',
    input: {
      operationId: z.string().min(1).describe('The operationId in openapi.yaml, e.g. createOrder'),
    },
    readOnly: true,
    run: ({ operationId }, ctx) => getOperation(ctx, operationId),
  }),
  defineTool({
    name: 'get_event',
    title: 'Get a webhook event',
    description:
      "One webhook event by name (e.g. order.created): its envelope and payload schema with every $ref resolved, an example delivery (headers and body), how a plugin subscribes to it and how to verify a delivery's signature.",
    input: { event: z.string().min(1).describe('The event name, e.g. order.created') },
    readOnly: true,
    run: ({ event }, ctx) => getEvent(ctx, event),
  }),
];
