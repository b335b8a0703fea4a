import { findOwnedInstallation } from '../../domain/installations/index.js';
import { getWebhookLog, listWebhookLogs, sendTestWebhook } from '../../domain/webhooks/index.js';
import { toWebhookLogConnection, toWebhookLogView } from '../views/webhook-log-views.js';
import type { MutationResolvers, QueryResolvers } from '../../generated/portal.generated.js';
import { developerIdOf, parseId } from '../context.js';

// The webhook tester and the webhook log of an installation.

export const webhookQueries = {
  webhookLog: (_, args, ctx) =>
    getWebhookLog(ctx.db, { developerId: developerIdOf(ctx) }, parseId(args.id, 'webhook_log')).then(toWebhookLogView),
  webhookLogs: (_, args, ctx) =>
    listWebhookLogs(ctx.db, developerIdOf(ctx), {
      installationId: parseId(args.installationId, 'installation'),
      first: args.first,
      after: args.after,
    }).then(toWebhookLogConnection),
} satisfies QueryResolvers;

export const webhookMutations = {
  /** Ownership first: another developer's installation is not_found before the event is looked at. */
  testWebhook: async (_, args, ctx) => {
    const installation = await findOwnedInstallation(ctx.db, developerIdOf(ctx), parseId(args.installationId, 'installation'));
    return sendTestWebhook(ctx.db, ctx.queue, ctx.config, { installationId: installation.installation_id, event: args.event });
  },
} satisfies MutationResolvers;
