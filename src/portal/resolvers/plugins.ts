import type { PluginSettingsInput } from '../../domain/plugins/index.js';
import { createPlugin, getPlugin, rotateWebhookSecret, submitPluginForReview, updatePlugin } from '../../domain/plugins/index.js';
import { createProject, listProjects } from '../../domain/developers/index.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// Projects and plugin listings.

export const pluginQueries = {
  myDeveloperProjects: (_: unknown, __: unknown, ctx: PortalContext) => listProjects(ctx.db, ctx.config, developerIdOf(ctx)),
  plugin: (_: unknown, args: { id: string }, ctx: PortalContext) =>
    getPlugin(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'plugin')),
};

export const pluginMutations = {
  createProject: (_: unknown, args: { name: string }, ctx: PortalContext) => createProject(ctx.db, developerIdOf(ctx), args.name),
  createPlugin: (_: unknown, args: { projectId: string; input: PluginSettingsInput & { name: string } }, ctx: PortalContext) =>
    createPlugin(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.projectId, 'project'), { ...args.input }),
  updatePlugin: (_: unknown, args: { id: string; input: PluginSettingsInput }, ctx: PortalContext) =>
    updatePlugin(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'plugin'), { ...args.input }),
  rotateWebhookSecret: (_: unknown, args: { pluginId: string }, ctx: PortalContext) =>
    rotateWebhookSecret(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.pluginId, 'plugin')),
  submitPluginForReview: (_: unknown, args: { id: string }, ctx: PortalContext) =>
    submitPluginForReview(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'plugin')),
};
