import { findOwnedInstallation } from '../../domain/installations/index.js';
import { findOwnedPlugin } from '../../domain/plugins/index.js';
import { findOwnedSandbox } from '../../domain/sandboxes/index.js';
import { NotFoundError } from '../../domain/shared/index.js';
import * as webhooks from '../../domain/webhooks/index.js';
import {
  toWebhookLogConnection,
  toWebhookLogView,
  toWebhookReplayView,
  type WebhookLogView,
} from '../views/webhook-log-views.js';
import { Batch } from '../batch.js';
import { PRIMARY_ID } from '../../domain/webhooks/index.js';
import { ResponseBudget } from '../response-budget.js';
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
  WebhookLogResolvers,
} from '../../generated/portal.generated.js';
import { developerIdOf, parseId, requireSessionFor, type PortalContext } from '../context.js';

// The webhook tester, the webhook log of an installation, redelivery, replay and delivery health.
// Ownership first: another developer's installation, log entry, replay or plugin is not_found.

/** `endpointId`: "primary" (null: the listing's endpoint), an endpoint's id, or absent (every entry). */
const endpointFilter = (id: string | null | undefined): { endpointId?: number | null } =>
  id == null ? {} : { endpointId: id === PRIMARY_ID ? null : parseId(id, 'webhook_endpoint') };

export const webhookQueries = {
  webhookLog: (_, args, ctx) =>
    webhooks
      .getWebhookLog(ctx.db, { developerId: developerIdOf(ctx) }, parseId(args.id, 'webhook_log'))
      .then(toWebhookLogView),
  webhookLogs: (_, args, ctx) =>
    webhooks
      .listWebhookLogs(ctx.db, developerIdOf(ctx), {
        installationId: parseId(args.installationId, 'installation'),
        first: args.first,
        after: args.after,
        ...endpointFilter(args.endpointId),
      })
      .then(toWebhookLogConnection),
  webhookDeliveries: (_, args, ctx) =>
    webhooks
      .listDeveloperDeliveries(ctx.db, developerIdOf(ctx), {
        first: args.first,
        after: args.after,
        installationId:
          args.installationId == null ? null : parseId(args.installationId, 'installation'),
        status: args.status,
        event: args.event,
        ...endpointFilter(args.endpointId),
      })
      .then(toWebhookLogConnection),
  webhookReplay: async (_, args, ctx) =>
    toWebhookReplayView(await ownedReplay(ctx, parseId(args.id, 'webhook_replay'))),
  webhookHealth: async (_, args, ctx) => {
    const plugin = await findOwnedPlugin(
      ctx.db,
      developerIdOf(ctx),
      parseId(args.pluginId, 'plugin'),
    );
    return webhooks.webhookHealth(ctx.db, plugin.plugin_id);
  },
  webhookStreamCursor: async (_, args, ctx) => {
    const sandbox = await findOwnedSandbox(
      ctx.db,
      developerIdOf(ctx),
      parseId(args.sandboxId, 'sandbox'),
    );
    return webhooks.openStreamCursor(
      ctx.db,
      sandbox.sandbox_id,
      developerIdOf(ctx),
      readsOnly(ctx),
    );
  },
} satisfies QueryResolvers;

export const webhookMutations = {
  testWebhook: async (_, args, ctx) => {
    const installation = await findOwnedInstallation(
      ctx.db,
      developerIdOf(ctx),
      parseId(args.installationId, 'installation'),
    );
    return webhooks.sendTestWebhook(ctx.db, ctx.queue, ctx.config, {
      installationId: installation.installation_id,
      event: args.event,
    });
  },
  redeliverWebhook: async (_, args, ctx) => {
    const original = await webhooks.getWebhookLog(
      ctx.db,
      { developerId: developerIdOf(ctx) },
      parseId(args.logId, 'webhook_log'),
    );
    const installation = await findOwnedInstallation(
      ctx.db,
      developerIdOf(ctx),
      original.installation_id,
    );
    if (installation.plane === 'production')
      requireSessionFor(ctx, 'Redelivering a production delivery');
    return toWebhookLogView(await webhooks.redeliverWebhook(ctx.db, ctx.queue, original));
  },
  replayWebhooks: async (_, args, ctx) => {
    const installation = await findOwnedInstallation(
      ctx.db,
      developerIdOf(ctx),
      parseId(args.installationId, 'installation'),
    );
    if (installation.plane === 'production')
      requireSessionFor(ctx, 'Replaying a production installation');
    const replay = await webhooks.replayWebhooks(
      ctx.db,
      ctx.queue,
      {
        installationId: installation.installation_id,
        since: args.since,
        until: args.until ?? null,
        onlyFailed: args.onlyFailed ?? true,
        ...endpointFilter(args.endpointId),
      },
      ctx.config.replayEventsPerDay,
    );
    return toWebhookReplayView(replay);
  },
  reportWebhookStreamResult: async (_, args, ctx) => {
    const reader = { developerId: developerIdOf(ctx) };
    const log = await webhooks.getWebhookLog(ctx.db, reader, parseId(args.logId, 'webhook_log'));
    await webhooks.recordListenerResult(ctx.db, log.log_id, args.status, args.durationMs);
    return toWebhookLogView(await webhooks.getWebhookLog(ctx.db, reader, log.log_id));
  },
} satisfies MutationResolvers;

/**
 * The live stream of a sandbox's deliveries (svc listen); ownership is checked before it opens
 * and again, with the credential, on each heartbeat. At most STREAMS_PER_DEVELOPER per developer.
 */
export const webhookSubscriptions = {
  webhookStream: {
    subscribe: async function* (_, args, ctx) {
      const developerId = developerIdOf(ctx);
      const sandbox = await findOwnedSandbox(
        ctx.db,
        developerId,
        parseId(args.sandboxId, 'sandbox'),
      );
      const release = ctx.streams?.acquire(developerId);
      // The slot is free as soon as the client leaves, even while the stream waits to be pulled.
      if (release) ctx.signal?.addEventListener('abort', release, { once: true });
      try {
        const stream = webhooks.webhookStream(ctx.db, ctx.config, {
          sandboxId: sandbox.sandbox_id,
          developerId,
          events: args.events ?? null,
          after: args.after ?? null,
          ...(args.endpointId == null || args.endpointId === PRIMARY_ID
            ? {}
            : { endpointId: parseId(args.endpointId, 'webhook_endpoint') }),
          readOnly: readsOnly(ctx),
          apiVersions: ctx.apiVersions,
          stillAllowed: async () =>
            (await (ctx.stillAuthenticated?.() ?? true)) &&
            (await findOwnedSandbox(ctx.db, developerId, sandbox.sandbox_id).then(
              (row) => row.status !== 'deleted',
              () => false,
            )),
          signal: ctx.signal,
          heartbeatMs: ctx.config.streamHeartbeatSeconds * 1000,
        });
        for await (const item of stream) yield { webhookStream: item };
      } finally {
        release?.();
      }
    },
  },
} satisfies SubscriptionResolvers;

/** A developer key without plugins:write: its listener only reads (finding 10 of review 3). */
const readsOnly = (ctx: PortalContext): boolean =>
  ctx.principal?.kind === 'key' && !ctx.principal.scopes.includes('plugins:write');

async function ownedReplay(
  ctx: PortalContext,
  replayId: number,
): Promise<webhooks.WebhookReplayRow> {
  const replay = await webhooks.getWebhookReplay(ctx.db, replayId);
  await findOwnedInstallation(ctx.db, developerIdOf(ctx), replay.installation_id).catch(() => {
    throw new NotFoundError('webhook_replay');
  });
  return replay;
}

/** The signature headers of a request: replayable, so a developer key (CI, scripts, svc mcp) sees them masked (review 4, finding 7). */
const SIGNATURE_HEADERS = new Set([
  'x-svc-signature',
  'x-svc-signature-previous',
  'webhook-signature',
]);
export const MASKED_SIGNATURE = '(shown to portal sessions only)';

function headerList(headers: Record<string, string> | null, ctx: PortalContext) {
  if (!headers) return null;
  const masked = ctx.principal?.kind !== 'session';
  return Object.entries(headers).map(([name, value]) => ({
    name,
    value: masked && SIGNATURE_HEADERS.has(name.toLowerCase()) ? MASKED_SIGNATURE : value,
  }));
}

/**
 * A request's batches: a page's bodies, payloads and attempts are each read in one statement for
 * all its nodes (and for every page that resolves in the same turn), by their partition keys.
 * The entries' reader was checked by the root field that returned them.
 */
function batchesOf(ctx: PortalContext) {
  let batches = requestBatches.get(ctx);
  if (!batches) {
    const budget = ctx.responseBudget ?? new ResponseBudget();
    const key = (log: WebhookLogView): webhooks.LogKey => ({
      logId: log.id,
      createdAt: log.createdAt,
    });
    const id = (k: webhooks.LogKey) => k.logId;
    batches = {
      key,
      budget,
      bodies: new Batch((keys) => webhooks.deliveryBodies(ctx.db, keys, budget.remaining), id),
      payloads: new Batch((keys) => webhooks.logPayloads(ctx.db, keys, budget.remaining), id),
      attempts: new Batch((keys) => webhooks.attemptsOfLogs(ctx.db, keys), id),
    };
    requestBatches.set(ctx, batches);
  }
  return batches;
}

const requestBatches = new WeakMap<
  PortalContext,
  {
    key: (log: WebhookLogView) => webhooks.LogKey;
    budget: ResponseBudget;
    bodies: Batch<webhooks.LogKey, webhooks.Sized<string | null>>;
    payloads: Batch<webhooks.LogKey, webhooks.Sized<unknown>>;
    attempts: Batch<webhooks.LogKey, webhooks.DeliveryAttemptRow[]>;
  }
>();

/** A sized text within the response's budget, counted against it. */
function withinBudget<T>(
  budget: ResponseBudget,
  sized: webhooks.Sized<T> | undefined,
  size: (value: NonNullable<T>) => number,
): T | null {
  if (!sized) return null;
  if ('tooLarge' in sized) budget.exceed();
  if (sized.value !== null && sized.value !== undefined)
    budget.charge(size(sized.value as NonNullable<T>));
  return sized.value;
}

/** A log entry's request as sent, its attempts and its payload. */
export const webhookLogFields = {
  request: async (log, _, ctx) => {
    if (log.direction !== 'outbound') return null;
    const b = batchesOf(ctx);
    const [sized, attempts] = await Promise.all([
      b.bodies.get(b.key(log)),
      b.attempts.get(b.key(log)),
    ]);
    const body = withinBudget(b.budget, sized, (text) => Buffer.byteLength(text));
    if (body === null) return null;
    const sent = (attempts ?? []).filter((a) => a.headers !== null).pop();
    return { body, headers: headerList(sent?.headers ?? null, ctx) };
  },
  deliveryAttempts: async (log, _, ctx) => {
    const b = batchesOf(ctx);
    return ((await b.attempts.get(b.key(log))) ?? []).map((a) => ({
      ...a,
      headers: headerList(a.headers, ctx),
    }));
  },
  payload: async (log, _, ctx) => {
    const b = batchesOf(ctx);
    // A page's rows come without their payloads; a single entry's has it.
    if (log.payload !== undefined)
      return withinBudget(
        b.budget,
        { value: log.payload },
        (value) => JSON.stringify(value).length,
      );
    return withinBudget(
      b.budget,
      await b.payloads.get(b.key(log)),
      (value) => JSON.stringify(value).length,
    );
  },
} satisfies WebhookLogResolvers;
