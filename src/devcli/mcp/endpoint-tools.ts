import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  mkdirSync,
  openSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  CreateWebhookEndpointDocument,
  WebhookEndpointsDocument,
} from '../../generated/devcli.generated.js';
import { graphql } from '../client.js';
import { configFile } from '../credentials.js';
import { defineTool, found, ToolError, type McpContext } from './tool.js';

// A plugin's webhook endpoints: list them, add one. Their URLs, descriptions and filters are the
// developer's own, so they come back plain. create_endpoint makes sandbox-only endpoints (svc mcp
// never writes to production) and writes the signing secret to a file only the developer reads,
// as verify_signature reads one: the secret never goes through the transcript to the model.

const DELIVERY_NOTE =
  'This endpoint receives the events it selects from now on, signed with its own secret, one order at a time when its ordering is ORDER.';

/** The secret in a new file, mode 0600 in a 0700 directory beside svc's config.json; its path. */
function writeSecretFile(pluginId: string, endpointId: string, secret: string): string {
  const dir = path.join(path.dirname(configFile(process.env)), 'endpoint-secrets');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const file = path.join(dir, `plugin-${pluginId}-endpoint-${endpointId}.secret`);
  // O_EXCL with O_NOFOLLOW: never through a planted symlink, never over another file.
  const fd = openSync(
    file,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    fchmodSync(fd, 0o600);
    writeSync(fd, `${secret}\n`);
  } finally {
    closeSync(fd);
  }
  return file;
}

async function createEndpoint(
  ctx: McpContext,
  { pluginId, ...input }: { pluginId: string; url: string } & Record<string, unknown>,
) {
  const { createWebhookEndpoint: made } = await graphql(
    ctx.credentials,
    CreateWebhookEndpointDocument,
    { p: pluginId, input: { ...input, planes: ['SANDBOX'] } },
  );
  if (!made) throw new ToolError('not_found', `Plugin ${pluginId} not found`);
  const secretFile = writeSecretFile(pluginId, made.endpoint.id, made.secret);
  return {
    endpoint: made.endpoint,
    secretFile,
    secret:
      'The signing secret is shown this once: it is in secretFile (mode 0600), for the receiver and for verify_signature (secret_file), and not in this answer.',
    delivery: DELIVERY_NOTE,
  };
}

export const endpointTools = [
  defineTool({
    name: 'list_endpoints',
    title: "List a plugin's webhook endpoints",
    description:
      "A plugin's webhook endpoints: the primary one (id \"primary\", the listing's webhook_endpoint, read-only here) first, then the others, oldest first, each with its url, description, events (null: every event), locationIds, filter, ordering, rateLimitPerSecond, apiVersion (null: the plugin's pin), planes and status. pluginId is a plugin of the developer's (list_sandboxes shows each sandbox's). " +
      DELIVERY_NOTE,
    input: { pluginId: z.string().min(1).describe("The plugin's id, e.g. from list_sandboxes") },
    readOnly: true,
    run: async ({ pluginId }, ctx) =>
      (await found(ctx, WebhookEndpointsDocument, { p: pluginId }, `Plugin ${pluginId}`))
        .webhookEndpoints,
  }),
  defineTool({
    name: 'create_endpoint',
    title: 'Add a sandbox webhook endpoint to a plugin',
    description:
      'Adds a webhook endpoint to one of the developer\'s plugins that receives sandbox traffic only (planes SANDBOX: svc mcp never writes to production; the dashboard adds production ones). url is https with a public host. events lists event names or family wildcards (order.*; omitted: every event). filter maps payload paths of the envelope to conditions that must all hold: eq, in, gte, lte, exists, e.g. {"data.party_size": {"gte": 4}}; a path no selected event has, or a value of the wrong type, is validation_error naming filter.<path> (get_event shows the payload). The endpoint\'s signing secret is written to a file only the developer reads (secretFile in the answer, for verify_signature\'s secret_file), never returned. ' +
      DELIVERY_NOTE,
    input: {
      pluginId: z.string().min(1).describe("The plugin's id, e.g. from list_sandboxes"),
      url: z.string().min(1).describe('https URL with a public host'),
      description: z.string().optional().describe('At most 500 characters'),
      events: z
        .array(z.string())
        .optional()
        .describe('Event names or family wildcards, e.g. ["order.created", "payment.*"]'),
      locationIds: z
        .array(z.string())
        .optional()
        .describe('Locations whose events it receives; omitted: every location'),
      filter: z
        .record(z.string(), z.any())
        .optional()
        .describe('Payload path to conditions, e.g. {"data.party_size": {"gte": 4}}'),
      ordering: z
        .enum(['NONE', 'ORDER'])
        .optional()
        .describe("ORDER: one order's events in sequence; NONE (default): any order"),
      rateLimitPerSecond: z.number().int().optional().describe('Deliveries a second, 1 to 1000'),
      apiVersion: z
        .string()
        .optional()
        .describe("The API version of its payloads (YYYY-MM-DD); omitted: the plugin's pin"),
    },
    readOnly: false,
    run: (args, ctx) => createEndpoint(ctx, args),
  }),
];
