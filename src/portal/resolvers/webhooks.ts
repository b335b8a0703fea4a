import { findOwnedInstallation } from '../../domain/installations/index.js';
import { findOwnedPlugin } from '../../domain/plugins/index.js';
import { findOwnedSandbox } from '../../domain/sandboxes/index.js';
import { NotFoundError } from '../../domain/shared/index.js';
import * as webhooks from '../../domain/webhooks/index.js';
import { toWebhookLogConnection, toWebhookLogView, toWebhookReplayView, type WebhookLogView } from '../views/webhook-log-views.js';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers, WebhookLogResolvers } from '../../generated/portal.generated.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// The webhook tester, the webhook log of an installation, redelivery, replay and delivery health.
// Ownership first: another developer's installation, log entry, replay or plugin is not_found.

export const webhookQueries = {
  webhookLog: (_, args, ctx) =>
    webhooks.getWebhookLog(ctx.db, { developerId: developerIdOf(ctx) }, parseId(args.id, 'webhook_log')).then(toWebhookLogView),
  webhookLogs: (_, args, ctx) =>
    webhooks
      .listWebhookLogs(ctx.db, developerIdOf(ctx), {
        installationId: parseId(args.installationId, 'installation'),
        first: args.first,
        after: args.after,
      })
      .then(toWebhookLogConnection),
  webhookReplay: async (_, args, ctx) => toWebhookReplayView(await ownedReplay(ctx, parseId(args.id, 'webhook_replay'))),
  webhookHealth: async (_, args, ctx) => {
    const plugin = await findOwnedPlugin(ctx.db, developerIdOf(ctx), parseId(args.pluginId, 'plugin'));
    return webhooks.webhookHealth(ctx.db, plugin.plugin_id);
  },
  webhookStreamCursor: async (_, args, ctx) => {
    const sandbox = await findOwnedSandbox(ctx.db, developerIdOf(ctx), parseId(args.sandboxId, 'sandbox'));
    return webhooks.openStreamCursor(ctx.db, sandbox.sandbox_id, developerIdOf(ctx));
  },
} satisfies QueryResolvers;

export const webhookMutations = {
  testWebhook: async (_, args, ctx) => {
    const installation = await findOwnedInstallation(ctx.db, developerIdOf(ctx), parseId(args.installationId, 'installation'));
    return webhooks.sendTestWebhook(ctx.db, ctx.queue, ctx.config, { installationId: installation.installation_id, event: args.event });
  },
  redeliverWebhook: async (_, args, ctx) => {
    const original = await webhooks.getWebhookLog(ctx.db, { developerId: developerIdOf(ctx) }, parseId(args.logId, 'webhook_log'));
    return toWebhookLogView(await webhooks.redeliverWebhook(ctx.db, ctx.queue, original));
  },
  replayWebhooks: async (_, args, ctx) => {
    const installation = await findOwnedInstallation(ctx.db, developerIdOf(ctx), parseId(args.installationId, 'installation'));
    const replay = await webhooks.replayWebhooks(ctx.db, ctx.queue, {
      installationId: installation.installation_id,
      since: args.since,
      until: args.until ?? null,
      onlyFailed: args.onlyFailed ?? true,
    });
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
 * A log entry's request and attempts, read only when asked for: the entry itself was already
 * reached through an ownership check (webhookLog, webhookLogs, redeliverWebhook).
 */
export const webhookLogFields = {
  request: (parent: WebhookLogView, _args: unknown, ctx: PortalContext) =>
    parent.direction === 'outbound' ? webhooks.deliveryRequest(ctx.db, ctx.config, parent.id) : null,
  deliveryAttempts: (parent: WebhookLogView, _args: unknown, ctx: PortalContext) =>
    parent.direction === 'outbound' ? webhooks.deliveryAttempts(ctx.db, parent.id) : [],
} satisfies WebhookLogResolvers;

/** The live stream of a sandbox's deliveries (svc listen); ownership is checked before it opens. */
export const webhookSubscriptions = {
  webhookStream: {
    subscribe: async function* (_, args, ctx) {
      const developerId = developerIdOf(ctx);
      const sandbox = await findOwnedSandbox(ctx.db, developerId, parseId(args.sandboxId, 'sandbox'));
      const stream = webhooks.webhookStream(ctx.db, ctx.config, {
        sandboxId: sandbox.sandbox_id,
        developerId,
        events: args.events ?? null,
        after: args.after ?? null,
        signal: ctx.signal,
      });
      for await (const item of stream) yield { webhookStream: item };
    },
  },
} satisfies SubscriptionResolvers;

async function ownedReplay(ctx: PortalContext, replayId: number): Promise<webhooks.WebhookReplayRow> {
  const replay = await webhooks.getWebhookReplay(ctx.db, replayId);
  await findOwnedInstallation(ctx.db, developerIdOf(ctx), replay.installation_id).catch(() => {
    throw new NotFoundError('webhook_replay');
  });
  return replay;
}
