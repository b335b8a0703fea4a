import {
  apiVersionRollbackUntil,
  createPlugin,
  expireWebhookSecret,
  getPlugin,
  rotateWebhookSecret,
  setPluginApiVersion,
  submitPluginForReview,
  findOwnedPlugin,
  updatePlugin,
  type PluginSettingsInput,
} from '../../domain/plugins/index.js';
import { createProject, listProjects } from '../../domain/developers/index.js';
import { newestVersion } from '../../domain/api-versions/index.js';
import { pluginUpgradeReport } from '../../domain/api-upgrades/index.js';
import { ValidationError, type Details } from '../../domain/shared/index.js';
import type {
  MutationResolvers,
  PluginResolvers,
  QueryResolvers,
  UpdatePluginInput,
} from '../../generated/portal.generated.js';
import { developerIdOf, parseId, requireSessionFor } from '../context.js';

// Projects and plugin listings.

/**
 * The listing settings as the domain takes them. GraphQL lets any input field be null, but every
 * plugin has a name, an integration type, pricing and trial days: null for one of those is a 422
 * naming it (absent keeps the current value; null clears only the settings that may be empty).
 */
function settingsOf(input: UpdatePluginInput): PluginSettingsInput {
  const { name, integrationType, pricing, trialDays, ...clearable } = input;
  const details: Details = {};
  const refuse = (field: string) =>
    (details[field] = ['cannot be null; omit it to keep the current value']);
  if (name === null) refuse('name');
  if (integrationType === null) refuse('integrationType');
  if (pricing === null) refuse('pricing');
  if (trialDays === null) refuse('trialDays');
  if (name === null || integrationType === null || pricing === null || trialDays === null)
    throw new ValidationError(details);
  return { ...clearable, name, integrationType, pricing, trialDays };
}

export const pluginQueries = {
  myDeveloperProjects: (_, __, ctx) => listProjects(ctx.db, ctx.config, developerIdOf(ctx)),
  plugin: (_, args, ctx) =>
    getPlugin(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'plugin')),
  apiVersions: (_, __, ctx) => [...ctx.apiVersions.catalog()],
} satisfies QueryResolvers;

export const pluginMutations = {
  createProject: (_, args, ctx) => createProject(ctx.db, developerIdOf(ctx), args.name),
  createPlugin: (_, args, ctx) =>
    createPlugin(
      ctx.db,
      ctx.config,
      developerIdOf(ctx),
      parseId(args.projectId, 'project'),
      { ...settingsOf(args.input), name: args.input.name },
      newestVersion(ctx.apiVersions.catalog()),
    ),
  // Portal session only (@access): a developer key may only move sandboxes.
  setPluginApiVersion: (_, args, ctx) =>
    setPluginApiVersion(
      ctx.db,
      ctx.config,
      ctx.apiVersions.catalog(),
      developerIdOf(ctx),
      parseId(args.pluginId, 'plugin'),
      args.version,
    ),
  updatePlugin: async (_, args, ctx) => {
    const pluginId = parseId(args.id, 'plugin');
    if (args.input.webhookEndpoint !== undefined && ctx.principal?.kind === 'key') {
      const plugin = await findOwnedPlugin(ctx.db, developerIdOf(ctx), pluginId);
      const endpoint = args.input.webhookEndpoint?.trim() || null;
      if (plugin.listing_status === 'active' && endpoint !== plugin.webhook_endpoint)
        requireSessionFor(ctx, 'Changing the webhook endpoint of a live listing');
    }
    return updatePlugin(ctx.db, ctx.config, developerIdOf(ctx), pluginId, settingsOf(args.input));
  },
  rotateWebhookSecret: (_, args, ctx) => {
    const plane = args.plane ?? 'production';
    if (plane === 'production') requireSessionFor(ctx, 'Rotating the production webhook secret');
    return rotateWebhookSecret(
      ctx.db,
      ctx.config,
      developerIdOf(ctx),
      parseId(args.pluginId, 'plugin'),
      args.overlapHours,
      plane,
    );
  },
  expireWebhookSecret: (_, args, ctx) => {
    const plane = args.plane ?? 'production';
    if (plane === 'production')
      requireSessionFor(ctx, 'Expiring the previous production webhook secret');
    return expireWebhookSecret(
      ctx.db,
      ctx.config,
      developerIdOf(ctx),
      parseId(args.pluginId, 'plugin'),
      plane,
    );
  },
  submitPluginForReview: (_, args, ctx) =>
    submitPluginForReview(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'plugin')),
} satisfies MutationResolvers;

/** A plugin's fields beyond its row: the way back of its pin, and its upgrade report. */
export const pluginFields = {
  apiVersionRollbackUntil: (plugin) => apiVersionRollbackUntil(plugin),
  apiUpgradeReport: (plugin, args, ctx) =>
    pluginUpgradeReport(ctx.db, ctx.apiVersions.catalog(), ctx.apiFootprints(), plugin, args.to),
} satisfies PluginResolvers;
