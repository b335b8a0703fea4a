import { z } from 'zod';
import { graphql } from '../client.js';
import { defineTool, found, sandboxInstallation, ToolError, type McpContext } from './tool.js';

// The delivery log and the request log of the caller's sandboxes, through the portal: the portal
// checks ownership, so another developer's log id answers not_found like an unknown one.

const LOG_FIELDS = 'id eventType status httpStatus attempts sequence listenerHttpStatus errorMessage redeliveryOf createdAt';
const REQUEST_FIELDS = 'id createdAt method path operationId status errorCode durationMs requestId idempotencyKey';

/** `order.created`, or a family wildcard (`order.*`). */
const eventMatches = (pattern: string, event: string) => (pattern.endsWith('.*') ? event.startsWith(pattern.slice(0, -1)) : event === pattern);

async function listDeliveries(ctx: McpContext, args: { sandboxId: string; status?: string; event?: string; first?: number }) {
  const installationId = await sandboxInstallation(ctx, args.sandboxId);
  const first = args.first ?? 20;
  const filtered = Boolean(args.status || args.event);
  // The portal's log has no filters: with one, the newest 100 are read and filtered here.
  const { webhookLogs } = await graphql<{ webhookLogs: { nodes: { id: string; direction: string; status: string; eventType: string }[] } }>(
    ctx.credentials,
    `query($i: ID!, $n: Int) { webhookLogs(installationId: $i, first: $n) { nodes { direction ${LOG_FIELDS} } } }`,
    { i: installationId, n: filtered ? 100 : first },
  );
  const deliveries = webhookLogs.nodes
    .filter((n) => n.direction === 'outbound')
    .filter((n) => !args.status || n.status === args.status)
    .filter((n) => !args.event || eventMatches(args.event, n.eventType))
    .slice(0, first)
    .map(({ id, direction: _direction, ...rest }) => ({ logId: id, ...rest }));
  return { sandboxId: args.sandboxId, installationId, deliveries };
}

/** A redelivery is a write: only of a delivery to one of the caller's sandboxes, never a production one. */
async function redeliver(ctx: McpContext, logId: string) {
  const log = await found<{ installationId: string }>(ctx, 'query($id: ID!) { webhookLog(id: $id) { installationId } }', { id: logId }, `Webhook log ${logId}`);
  const { sandboxes } = await graphql<{ sandboxes: { installationId: string | null }[] }>(ctx.credentials, '{ sandboxes { installationId } }');
  if (!sandboxes.some((s) => s.installationId === log.installationId)) {
    throw new ToolError('forbidden', `Webhook log ${logId} is not a delivery to one of your sandboxes: svc mcp writes to sandboxes only (redeliver production deliveries in the portal, redeliverWebhook).`);
  }
  const { redeliverWebhook } = await graphql<{ redeliverWebhook: unknown }>(ctx.credentials, `mutation($id: ID!) { redeliverWebhook(logId: $id) { ${LOG_FIELDS} } }`, { id: logId });
  return redeliverWebhook;
}

async function getApiRequest(ctx: McpContext, requestId: string) {
  const fields = `${REQUEST_FIELDS} installationId clientIp requestBody responseBody`;
  if (/^\d+$/.test(requestId)) return found(ctx, `query($id: ID!) { apiRequest(id: $id) { ${fields} } }`, { id: requestId }, `API request ${requestId}`);
  // An X-Request-Id (an error body's request_id): looked for among the newest requests of each sandbox.
  const { sandboxes } = await graphql<{ sandboxes: { installationId: string | null }[] }>(ctx.credentials, '{ sandboxes { installationId } }');
  for (const { installationId } of sandboxes) {
    if (!installationId) continue;
    const { apiRequests } = await graphql<{ apiRequests: { nodes: { requestId: string }[] } }>(
      ctx.credentials,
      `query($i: ID!) { apiRequests(installationId: $i, first: 100) { nodes { ${fields} } } }`,
      { i: installationId },
    );
    const match = apiRequests.nodes.find((n) => n.requestId === requestId);
    if (match) return match;
  }
  throw new ToolError('not_found', `API request ${requestId} not found`);
}

export const logTools = [
  defineTool({
    name: 'list_deliveries',
    title: 'List webhook deliveries of a sandbox',
    description:
      "The webhook deliveries of a sandbox's installation, newest first: logId, event, status (pending, delivered, failed, acknowledged, skipped), attempts, the endpoint's HTTP status (httpStatus, or listenerHttpStatus for svc listen), sequence. Filter by status and by event (order.created or order.*). Open one with get_delivery.",
    input: {
      sandboxId: z.string().min(1).describe('A sandbox id from list_sandboxes'),
      status: z.enum(['pending', 'delivered', 'failed', 'acknowledged', 'skipped']).optional().describe('Only deliveries in this status'),
      event: z.string().optional().describe('Only this event, or a family wildcard such as order.*'),
      first: z.number().int().min(1).max(100).optional().describe('How many, 1 to 100 (default 20)'),
    },
    readOnly: true,
    run: (args, ctx) => listDeliveries(ctx, args),
  }),
  defineTool({
    name: 'get_delivery',
    title: 'Get one webhook delivery',
    description:
      'One webhook delivery by logId: its status, the signed request exactly as the endpoint gets it (the headers its last attempt was sent with, among them X-Svc-Signature and webhook-signature, and the raw body) and every attempt (time, status, HTTP status, error, duration, the headers it was sent with). Pass its headers and body to verify_signature to check a verifier.',
    input: { logId: z.string().min(1).describe('A logId from list_deliveries') },
    readOnly: true,
    run: ({ logId }, ctx) =>
      found(
        ctx,
        `query($id: ID!) { webhookLog(id: $id) { ${LOG_FIELDS} direction installationId eventId payload replayId request { headers { name value } body } deliveryAttempts { attempt status httpStatus errorMessage durationMs attemptedAt headers { name value } } } }`,
        { id: logId },
        `Webhook log ${logId}`,
      ),
  }),
  defineTool({
    name: 'redeliver',
    title: 'Redeliver a webhook',
    description: "Sends a delivery of one of the caller's sandboxes again now, as a new delivery (new X-Svc-Delivery, its own attempts) with the same envelope id and sequence, to the installation's current endpoint. Returns the new delivery; follow it with get_delivery.",
    input: { logId: z.string().min(1).describe('The logId of the delivery to send again') },
    readOnly: false,
    run: ({ logId }, ctx) => redeliver(ctx, logId),
  }),
  defineTool({
    name: 'list_api_requests',
    title: 'List Data API requests of a sandbox',
    description:
      "The Data API request log of a sandbox's installation, newest first: time, method, path, operationId, HTTP status, error code, duration, requestId (X-Request-Id, the request_id of error bodies). Filter by status (e.g. 422) and operationId. Open one with get_api_request for its bodies.",
    input: {
      sandboxId: z.string().min(1).describe('A sandbox id from list_sandboxes'),
      status: z.number().int().min(100).max(599).optional().describe('Only requests answered with this HTTP status'),
      operationId: z.string().optional().describe('Only requests of this operation, e.g. createOrder'),
    },
    readOnly: true,
    run: async ({ sandboxId, status, operationId }, ctx) => {
      const installationId = await sandboxInstallation(ctx, sandboxId);
      const { apiRequests } = await graphql<{ apiRequests: { nodes: unknown[] } }>(
        ctx.credentials,
        `query($i: ID!, $s: Int, $o: String) { apiRequests(installationId: $i, first: 50, status: $s, operationId: $o) { nodes { ${REQUEST_FIELDS} } } }`,
        { i: installationId, s: status ?? null, o: operationId ?? null },
      );
      return { sandboxId, installationId, requests: apiRequests.nodes };
    },
  }),
  defineTool({
    name: 'get_api_request',
    title: 'Get one Data API request',
    description: "One Data API request by its id from list_api_requests, or by its X-Request-Id (an error body's request_id): method, path, status, error code and, for writes, the request and response bodies with keys, secrets and tokens redacted.",
    input: { requestId: z.string().min(1).describe('The id from list_api_requests, or an X-Request-Id') },
    readOnly: true,
    run: ({ requestId }, ctx) => getApiRequest(ctx, requestId),
  }),
];
