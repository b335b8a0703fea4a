import { regenerateInstallationKey } from '../../domain/installations/index.js';
import {
  deleteSandbox,
  getSandbox,
  listSandboxes,
  protectSandbox,
  provisionDeveloperSandbox,
  resetSandbox,
} from '../../domain/sandboxes/index.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// Sandboxes and installation keys.

export const sandboxQueries = {
  sandboxes: (_: unknown, __: unknown, ctx: PortalContext) => listSandboxes(ctx.db, ctx.config, developerIdOf(ctx)),
  sandbox: (_: unknown, args: { id: string }, ctx: PortalContext) =>
    getSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox')),
};

export const sandboxMutations = {
  provisionSandbox: (_: unknown, args: { pluginId: string; name: string; purpose?: string | null }, ctx: PortalContext) =>
    provisionDeveloperSandbox(ctx.db, ctx.config, developerIdOf(ctx), {
      pluginId: parseId(args.pluginId, 'plugin'),
      name: args.name,
      purpose: args.purpose,
    }),
  resetSandbox: (_: unknown, args: { id: string }, ctx: PortalContext) =>
    resetSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox')),
  protectSandbox: (_: unknown, args: { id: string; days: number }, ctx: PortalContext) =>
    protectSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox'), args.days),
  deleteSandbox: (_: unknown, args: { id: string }, ctx: PortalContext) =>
    deleteSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox')),
  regenerateInstallationKey: (_: unknown, args: { installationId: string }, ctx: PortalContext) =>
    regenerateInstallationKey(ctx.db, developerIdOf(ctx), parseId(args.installationId, 'installation')),
};
