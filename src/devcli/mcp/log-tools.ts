import { z } from 'zod';
import {
  ApiRequestByIdOrRequestIdDocument,
  ApiRequestByRequestIdDocument,
  ApiRequestsDocument,
  DeliveriesDocument,
  DeliveryDocument,
  RedeliverDocument,
  SandboxInstallationsDocument,
  WebhookLogInstallationDocument,
} from '../../generated/devcli.generated.js';
import { DELIVERY_STATUSES } from '../../generated/delivery-statuses.generated.js';
import { graphql } from '../client.js';
import { defineTool, found, sandboxInstallation, ToolError, type McpContext } from './tool.js';
import { UNTRUSTED, UNTRUSTED_NOTE, untrustedContent } from './untrusted.js';

// The delivery log and the request log of the caller's sandboxes, through the portal: the portal
// checks ownership, so another developer's log id answers not_found like an unknown one. The logs
// of the developer's production installations hold customers' personal data and text strangers
// wrote: svc mcp reads them only when started with --allow-production-data. What others wrote
// goes out under untrusted_content (untrusted.ts).

type Sandboxes = { installationId: string | null }[];

/** A log entry's fields as they are, the text others wrote moved under untrusted_content (left out when there is none). */
function withUntrusted<T extends Record<string, unknown>>(
  entry: T,
  fields: Record<string, unknown>,
) {
  const content = untrustedContent(fields);
  return Object.keys(content).length ? { ...entry, [UNTRUSTED]: content } : entry;
}

/** A delivery in a list: the receiver's answer quoted in errorMessage is the receiver's text. */
const listedDelivery = ({ errorMessage, ...entry }: Record<string, unknown>) =>
  withUntrusted(entry, { errorMessage });

/**
 * The plane of a log entry's installation, from the caller's sandboxes (asked in the same portal
 * request as the entry). A production entry only with --allow-production-data.
 */
function planeOf(
  ctx: McpContext,
  installationId: string,
  sandboxes: Sandboxes,
  what: string,
): 'sandbox' | 'production' {
  if (sandboxes.some((s) => s.installationId === installationId)) return 'sandbox';
  if (!ctx.allowProductionData) {
    throw new ToolError(
      'forbidden',
      `${what} is of a production installation, not one of your sandboxes: its bodies hold customers' personal data and text strangers wrote, so svc mcp reads production logs only when started with --allow-production-data (or open it in the dashboard).`,
    );
  }
  return 'production';
}

/** `order.created`, or a family wildcard (`order.*`). */
const eventMatches = (pattern: string, event: string) =>
  pattern.endsWith('.*') ? event.startsWith(pattern.slice(0, -1)) : event === pattern;

async function listDeliveries(
  ctx: McpContext,
  args: { sandboxId: string; status?: string; event?: string; first?: number },
) {
  const installationId = await sandboxInstallation(ctx, args.sandboxId);
  const first = args.first ?? 20;
  const filtered = Boolean(args.status || args.event);
  // The portal's log has no filters: with one, the newest 100 are read and filtered here.
  const { webhookLogs } = await graphql(ctx.credentials, DeliveriesDocument, {
    i: installationId,
    n: filtered ? 100 : first,
  });
  const deliveries = (webhookLogs?.nodes ?? [])
    .filter((n) => n.direction === 'outbound')
    .filter((n) => !args.status || n.status === args.status)
    .filter((n) => !args.event || eventMatches(args.event, n.eventType))
    .slice(0, first)
    .map(({ id, direction: _direction, ...rest }) => listedDelivery({ logId: id, ...rest }));
  return { sandboxId: args.sandboxId, installationId, deliveries };
}

/** A redelivery is a write: only of a delivery to one of the caller's sandboxes, never a production one. */
async function redeliver(ctx: McpContext, logId: string) {
  const log = await found(
    ctx,
    WebhookLogInstallationDocument,
    { id: logId },
    `Webhook log ${logId}`,
  );
  const { sandboxes } = await graphql(ctx.credentials, SandboxInstallationsDocument, {});
  if (!sandboxes.some((s) => s.installationId === log.installationId)) {
    throw new ToolError(
      'forbidden',
      `Webhook log ${logId} is not a delivery to one of your sandboxes: svc mcp writes to sandboxes only (redeliver production deliveries in the portal, redeliverWebhook).`,
    );
  }
  const { redeliverWebhook } = await graphql(ctx.credentials, RedeliverDocument, { id: logId });
  return listedDelivery(redeliverWebhook);
}

/** One portal request: the entry, and which installations are the caller's sandboxes. */
async function getDelivery(ctx: McpContext, logId: string) {
  const { webhookLog, sandboxes } = await graphql(
    ctx.credentials,
    DeliveryDocument,
    { id: logId },
    { notFoundAsNull: true },
  );
  if (!webhookLog) throw new ToolError('not_found', `Webhook log ${logId} not found`);
  const plane = planeOf(ctx, webhookLog.installationId, sandboxes, `Webhook log ${logId}`);
  const { payload, errorMessage, request, deliveryAttempts, ...entry } = webhookLog;
  const attemptErrors = Object.fromEntries(
    deliveryAttempts.map((a) => [`attempt${a.attempt}.errorMessage`, a.errorMessage]),
  );
  return withUntrusted(
    {
      ...entry,
      plane,
      request: request && { headers: request.headers },
      deliveryAttempts: deliveryAttempts.map(({ errorMessage: _quoted, ...attempt }) => attempt),
    },
    { payload, requestBody: request?.body, errorMessage, ...attemptErrors },
  );
}

/**
 * By its id or by its X-Request-Id (an error body's request_id; a number could be either, the id
 * wins), in one portal request with the caller's sandboxes.
 */
async function getApiRequest(ctx: McpContext, requestId: string) {
  const data = /^\d+$/.test(requestId)
    ? await graphql(
        ctx.credentials,
        ApiRequestByIdOrRequestIdDocument,
        { id: requestId, r: requestId },
        { notFoundAsNull: true },
      )
    : {
        byId: null,
        ...(await graphql(
          ctx.credentials,
          ApiRequestByRequestIdDocument,
          { r: requestId },
          { notFoundAsNull: true },
        )),
      };
  const match = data.byId ?? data.byRequestId;
  if (!match) throw new ToolError('not_found', `API request ${requestId} not found`);
  const plane = planeOf(ctx, match.installationId, data.sandboxes, `API request ${requestId}`);
  const { requestBody, responseBody, ...entry } = match;
  return withUntrusted({ ...entry, plane }, { requestBody, responseBody });
}

export const logTools = [
  defineTool({
    name: 'list_deliveries',
    title: 'List webhook deliveries of a sandbox',
    description: `The webhook deliveries of a sandbox's installation, newest first: logId, event, status (${DELIVERY_STATUSES.join(', ')}), attempts, the endpoint's HTTP status (httpStatus, or listenerHttpStatus for svc listen), sequence, and the receiver's answer of a failure (untrusted_content.errorMessage). Filter by status and by event (order.created or order.*). Open one with get_delivery. ${UNTRUSTED_NOTE}`,
    input: {
      sandboxId: z.string().min(1).describe('A sandbox id from list_sandboxes'),
      status: z.enum(DELIVERY_STATUSES).optional().describe('Only deliveries in this status'),
      event: z
        .string()
        .optional()
        .describe('Only this event, or a family wildcard such as order.*'),
      first: z
        .number()
        .int()
        .min(1)
        .max(100)
        .optional()
        .describe('How many, 1 to 100 (default 20)'),
    },
    readOnly: true,
    run: (args, ctx) => listDeliveries(ctx, args),
  }),
  defineTool({
    name: 'get_delivery',
    title: 'Get one webhook delivery',
    description: `One webhook delivery by logId, of one of the caller's sandboxes (a production one only when svc mcp was started with --allow-production-data; plane says which): its status, the request as the endpoint gets it (the headers its last attempt was sent with; signatures are shown to portal sessions only) and every attempt (time, status, HTTP status, duration, the headers it was sent with). The raw body (untrusted_content.requestBody, exact unless named in altered), the payload and the receiver's answers (errorMessage, attemptN.errorMessage) are under untrusted_content. To check a verifier, pass the body and the signature your receiver got to verify_signature. ${UNTRUSTED_NOTE}`,
    input: { logId: z.string().min(1).describe('A logId from list_deliveries') },
    readOnly: true,
    run: ({ logId }, ctx) => getDelivery(ctx, logId),
  }),
  defineTool({
    name: 'redeliver',
    title: 'Redeliver a webhook',
    description: `Sends a delivery of one of the caller's sandboxes again now, as a new delivery (new X-Svc-Delivery, its own attempts) with the same envelope id and sequence, to the installation's current endpoint. Returns the new delivery; follow it with get_delivery. ${UNTRUSTED_NOTE}`,
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
      status: z
        .number()
        .int()
        .min(100)
        .max(599)
        .optional()
        .describe('Only requests answered with this HTTP status'),
      operationId: z
        .string()
        .optional()
        .describe('Only requests of this operation, e.g. createOrder'),
    },
    readOnly: true,
    run: async ({ sandboxId, status, operationId }, ctx) => {
      const installationId = await sandboxInstallation(ctx, sandboxId);
      const { apiRequests } = await graphql(ctx.credentials, ApiRequestsDocument, {
        i: installationId,
        s: status ?? null,
        o: operationId ?? null,
      });
      return { sandboxId, installationId, requests: apiRequests.nodes };
    },
  }),
  defineTool({
    name: 'get_api_request',
    title: 'Get one Data API request',
    description: `One Data API request of one of the caller's sandboxes (a production one only when svc mcp was started with --allow-production-data; plane says which) by its id from list_api_requests, or by its X-Request-Id (an error body's request_id): method, path, status, error code and, for writes, the request and response bodies with keys, secrets and tokens redacted (untrusted_content.requestBody, untrusted_content.responseBody). ${UNTRUSTED_NOTE}`,
    input: {
      requestId: z.string().min(1).describe('The id from list_api_requests, or an X-Request-Id'),
    },
    readOnly: true,
    run: ({ requestId }, ctx) => getApiRequest(ctx, requestId),
  }),
];
