import { z } from 'zod';
import { SandboxesDocument } from '../../generated/devcli.generated.js';
import { graphql } from '../client.js';
import { TRIGGERS } from '../triggers.js';
import { apiPrefix } from './contracts.js';
import { installationKeyFor } from './installation-keys.js';
import { defineTool, sandboxInstallation, ToolError, type McpContext } from './tool.js';

// The caller's sandboxes: list them, call the Data API as a sandbox's installation, produce events
// for real. Every write names one of the caller's sandboxes (another developer's is not_found) and
// goes to that sandbox's data plane with that sandbox's own installation key, never production.

/** A Data API path under the prefix, as given (`/orders?limit=2` or `/api/plugin/v1/orders`); nothing outside it. */
function dataApiUrl(baseUrl: string, prefix: string, path: string): URL {
  const relative = path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
  if (!relative.startsWith('/') || relative.startsWith('//'))
    throw new ToolError(
      'validation_error',
      `path must be a Data API path such as /orders (under ${prefix}), not ${path}`,
    );
  const url = new URL(`${baseUrl}${prefix}${relative}`);
  if (url.origin !== new URL(baseUrl).origin || !url.pathname.startsWith(`${prefix}/`)) {
    throw new ToolError('validation_error', `path must stay under ${prefix}`);
  }
  return url;
}

async function callDataApi(
  ctx: McpContext,
  args: {
    sandboxId: string;
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
) {
  const installationId = await sandboxInstallation(ctx, args.sandboxId);
  const key = await installationKeyFor(ctx, args.sandboxId, installationId);
  const url = dataApiUrl(
    ctx.credentials.baseUrl,
    apiPrefix(await ctx.contracts.openapi()),
    args.path,
  );
  // The installation key is this tool's to set: a caller's X-Plugin-Api-Key would act as someone else.
  const headers = Object.fromEntries(
    Object.entries(args.headers ?? {}).filter(
      ([name]) => !/^(x-plugin-api-key|host|content-length)$/i.test(name),
    ),
  );
  const hasBody = args.body !== undefined && args.body !== null;
  if (hasBody && !Object.keys(headers).some((n) => n.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method: args.method,
    headers: { ...headers, 'X-Plugin-Api-Key': key },
    body: hasBody
      ? typeof args.body === 'string'
        ? args.body
        : JSON.stringify(args.body)
      : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the text as it came
  }
  const answer = {
    sandboxId: args.sandboxId,
    installationId,
    request: { method: args.method, url: url.toString() },
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body,
  };
  // The key never leaves this process, even if an answer were to echo it.
  return JSON.parse(JSON.stringify(answer).replaceAll(key, '[redacted]'));
}

async function triggerEvent(ctx: McpContext, sandboxId: string, event: string) {
  // Own names only: `constructor` or `toString` is an unknown event, not one of Object's members.
  if (!Object.hasOwn(TRIGGERS, event))
    throw new ToolError(
      'validation_error',
      `unknown event ${event}: one of ${Object.keys(TRIGGERS).join(', ')}`,
    );
  const trigger = TRIGGERS[event]!;
  const installationId = await sandboxInstallation(ctx, sandboxId);
  // Only the events a plugin causes need the key; the others go through the portal alone.
  const installationKey = await installationKeyFor(ctx, sandboxId, installationId).catch(
    () => undefined,
  );
  await trigger.run({ credentials: ctx.credentials, sandboxId, installationKey });
  return {
    triggered: event,
    sandboxId,
    installationId,
    how: trigger.how,
    next: 'list_deliveries shows the delivery within seconds',
  };
}

export const sandboxTools = [
  defineTool({
    name: 'list_sandboxes',
    title: 'List my sandboxes',
    description:
      "The developer's sandboxes (test restaurants with demo data, one per plugin and purpose) with their status, plugin and installation id. Every other sandbox tool takes one of these ids.",
    input: {},
    readOnly: true,
    run: async (_args, ctx) => (await graphql(ctx.credentials, SandboxesDocument, {})).sandboxes,
  }),
  defineTool({
    name: 'call_data_api',
    title: 'Call the Data API in a sandbox',
    description:
      "Calls the Plugin Data API as the sandbox's installation (its X-Plugin-Api-Key is added by this tool and never shown) and returns the status, headers and body as answered, errors included. Only the caller's sandboxes, never production. path is relative to /api/plugin/v1 (e.g. /orders?limit=5); body is the JSON request body. Read get_operation first for the request schema. Writes change the sandbox's data and send webhooks.",
    input: {
      sandboxId: z.string().min(1).describe('A sandbox id from list_sandboxes'),
      method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).describe('HTTP method'),
      path: z
        .string()
        .min(1)
        .describe('Path under /api/plugin/v1, with its query string, e.g. /orders or /orders/42'),
      body: z.any().optional().describe('JSON request body (an object), for POST, PUT and PATCH'),
      headers: z
        .record(z.string(), z.string())
        .optional()
        .describe('Extra request headers, e.g. {"X-Idempotency-Key": "..."}'),
    },
    readOnly: false,
    run: (args, ctx) => callDataApi(ctx, args),
  }),
  defineTool({
    name: 'trigger_event',
    title: 'Trigger a webhook event in a sandbox',
    description:
      "Produces a webhook event for real in one of the caller's sandboxes, as `svc trigger` does: the restaurant side acts (a point-of-sale order, a sale, a refund, a menu change, an installation) or, for what only a plugin causes, the sandbox installation calls the Data API. The delivery then appears in list_deliveries. Events: " +
      Object.keys(TRIGGERS).join(', '),
    input: {
      sandboxId: z.string().min(1).describe('A sandbox id from list_sandboxes'),
      event: z.string().min(1).describe('The event to produce, e.g. order.created'),
    },
    readOnly: false,
    run: ({ sandboxId, event }, ctx) => triggerEvent(ctx, sandboxId, event),
  }),
];
