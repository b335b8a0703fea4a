import { ValidationError } from '../../domain/shared/index.js';
import * as webhooks from '../../domain/webhooks/index.js';
import type {
  MutationResolvers,
  PluginResolvers,
  QueryResolvers,
  WebhookEndpointResolvers,
} from '../../generated/portal.generated.js';
import { Batch } from '../batch.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// A plugin's webhook endpoints. Ownership, the cap, the filter's check against the contract and
// which changes need a portal session are the domain's (webhooks/endpoints): production traffic
// needs one to be created, rotated or repointed, whoever asks.

const deps = (ctx: PortalContext) => ({
  db: ctx.db,
  config: ctx.config,
  versions: ctx.apiVersions,
});

/** The caller: the developer, and the key they act with (null: a portal session). */
const actorOf = (ctx: PortalContext) => ({
  developerId: developerIdOf(ctx),
  keyId: ctx.principal?.kind === 'key' ? ctx.principal.keyId : null,
});

/** An endpoint's id; the primary one is the listing's and changes only with it. */
function endpointId(id: string): number {
  if (id === webhooks.PRIMARY_ID)
    throw new ValidationError({
      id: [
        "the primary endpoint is the listing's webhook_endpoint: change it with updatePlugin, its secret with rotateWebhookSecret",
      ],
    });
  return parseId(id, 'webhook_endpoint');
}

export const webhookEndpointQueries = {
  webhookEndpointFilterPreview: (_, args, ctx) =>
    webhooks.previewWebhookEndpointFilter(
      { db: ctx.db, versions: ctx.apiVersions, allowPrivate: ctx.config.webhook.allowPrivate },
      actorOf(ctx),
      parseId(args.pluginId, 'plugin'),
      args.input,
      args.last,
    ),
} satisfies QueryResolvers;

export const webhookEndpointMutations = {
  createWebhookEndpoint: (_, args, ctx) =>
    webhooks.createWebhookEndpoint(
      deps(ctx),
      actorOf(ctx),
      parseId(args.pluginId, 'plugin'),
      args.input,
    ),
  updateWebhookEndpoint: (_, args, ctx) =>
    webhooks.updateWebhookEndpoint(deps(ctx), actorOf(ctx), endpointId(args.id), args.input),
  deleteWebhookEndpoint: (_, args, ctx) =>
    webhooks.deleteWebhookEndpoint(deps(ctx), actorOf(ctx), endpointId(args.id)),
  disableWebhookEndpoint: (_, args, ctx) =>
    webhooks.setWebhookEndpointStatus(deps(ctx), actorOf(ctx), endpointId(args.id), 'disabled'),
  enableWebhookEndpoint: (_, args, ctx) =>
    webhooks.setWebhookEndpointStatus(deps(ctx), actorOf(ctx), endpointId(args.id), 'enabled'),
  rotateWebhookEndpointSecret: (_, args, ctx) =>
    webhooks.rotateWebhookEndpointSecret(
      deps(ctx),
      actorOf(ctx),
      endpointId(args.id),
      args.overlapHours,
    ),
  // "primary" is testWebhook on the named installation; the rules for a key are testWebhook's.
  sendWebhookEndpointTestEvent: (_, args, ctx) =>
    webhooks.sendWebhookEndpointTestEvent(
      { db: ctx.db, queue: ctx.queue, config: ctx.config },
      actorOf(ctx),
      args.id === webhooks.PRIMARY_ID ? null : parseId(args.id, 'webhook_endpoint'),
      args.event,
      args.installationId == null ? null : parseId(args.installationId, 'installation'),
    ),
} satisfies MutationResolvers;

/** Plugin.webhookEndpoints: the primary endpoint (from the listing) and the others. */
export const webhookEndpointPluginFields = {
  webhookEndpoints: (plugin, _, ctx) => webhooks.listWebhookEndpoints(ctx.db, plugin),
} satisfies PluginResolvers;

/**
 * WebhookEndpoint.statistics: the endpoints of a page (and of every page resolved in the same turn)
 * read in one statement, over the same 24 hours. The endpoints come from fields that checked their
 * owner. The primary endpoint's are zeros: its numbers are webhookHealth's.
 */
export const webhookEndpointFields = {
  statistics: async (endpoint, _, ctx) => {
    const { since, batch } = statisticsOf(ctx);
    if (endpoint.primary) return webhooks.noStatistics(since);
    return (await batch.get(Number(endpoint.id))) ?? webhooks.noStatistics(since);
  },
} satisfies WebhookEndpointResolvers;

const requestStatistics = new WeakMap<
  PortalContext,
  { since: Date; batch: Batch<number, webhooks.EndpointStatistics> }
>();

function statisticsOf(ctx: PortalContext) {
  let found = requestStatistics.get(ctx);
  if (!found) {
    const since = webhooks.statisticsSince();
    const batch = new Batch(
      (ids: number[]) => webhooks.endpointStatistics(ctx.db, ids, since),
      (id: number) => id,
    );
    found = { since, batch };
    requestStatistics.set(ctx, found);
  }
  return found;
}
