import { findOwnedInstallation } from '../../domain/installations/index.js';
import { getWebhookLog, listWebhookLogs, sendTestWebhook } from '../../domain/webhooks/index.js';
import { toWebhookLogConnection, toWebhookLogView } from '../views/webhook-log-views.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// The webhook tester and the webhook log of an installation.

export const webhookQueries = {
  webhookLog: (_: unknown, args: { id: string }, ctx: PortalContext) =>
    getWebhookLog(ctx.db, { developerId: developerIdOf(ctx) }, parseId(args.id, 'webhook_log')).then(toWebhookLogView),
  webhookLogs: (_: unknown, args: { installationId: string; first: number; after?: string | null }, ctx: PortalContext) =>
    listWebhookLogs(ctx.db, developerIdOf(ctx), {
      installationId: parseId(args.installationId, 'installation'),
      first: args.first,
      after: args.after,
    }).then(toWebhookLogConnection),
};

export const webhookMutations = {
  /** Ownership first: another developer's installation is not_found before the event is looked at. */
  testWebhook: async (_: unknown, args: { installationId: string; event: string }, ctx: PortalContext) => {
    const installation = await findOwnedInstallation(ctx.db, developerIdOf(ctx), parseId(args.installationId, 'installation'));
    return sendTestWebhook(ctx.db, ctx.config, { installationId: installation.installation_id, event: args.event });
  },
};
