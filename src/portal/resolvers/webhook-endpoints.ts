import { ValidationError } from '../../domain/shared/index.js';
import * as webhooks from '../../domain/webhooks/index.js';
import type {
  MutationResolvers,
  PluginResolvers,
  QueryResolvers,
} from '../../generated/portal.generated.js';
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
} satisfies MutationResolvers;

/** Plugin.webhookEndpoints: the primary endpoint (from the listing) and the others. */
export const webhookEndpointPluginFields = {
  webhookEndpoints: (plugin, _, ctx) => webhooks.listWebhookEndpoints(ctx.db, plugin),
} satisfies PluginResolvers;
