import { regenerateInstallationKey } from '../../domain/installations/index.js';
import {
  deleteSandbox,
  findOwnedSandbox,
  getSandbox,
  listSandboxes,
  protectSandbox,
  provisionDeveloperSandbox,
  resetSandbox,
  sendExpiryWarningNow,
} from '../../domain/sandboxes/index.js';
import type { MutationResolvers, QueryResolvers } from '../../generated/portal.generated.js';
import { developerIdOf, parseId } from '../context.js';

// Sandboxes and installation keys.

export const sandboxQueries = {
  sandboxes: (_, __, ctx) => listSandboxes(ctx.db, ctx.config, developerIdOf(ctx)),
  sandbox: (_, args, ctx) =>
    getSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox')),
} satisfies QueryResolvers;

export const sandboxMutations = {
  /** Ownership first: another developer's sandbox is not_found. */
  simulateSandboxExpiryWarning: async (_, args, ctx) => {
    const sandbox = await findOwnedSandbox(
      ctx.db,
      developerIdOf(ctx),
      parseId(args.sandboxId, 'sandbox'),
    );
    await sendExpiryWarningNow(ctx.db, ctx.events, ctx.config, sandbox.sandbox_id, new Date());
    return getSandbox(ctx.db, ctx.config, developerIdOf(ctx), sandbox.sandbox_id);
  },
  provisionSandbox: (_, args, ctx) =>
    provisionDeveloperSandbox(ctx.db, ctx.config, developerIdOf(ctx), {
      pluginId: parseId(args.pluginId, 'plugin'),
      name: args.name,
      purpose: args.purpose,
    }),
  resetSandbox: (_, args, ctx) =>
    resetSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox')),
  protectSandbox: (_, args, ctx) =>
    protectSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox'), args.days),
  deleteSandbox: (_, args, ctx) =>
    deleteSandbox(ctx.db, ctx.config, developerIdOf(ctx), parseId(args.id, 'sandbox')),
  regenerateInstallationKey: (_, args, ctx) =>
    regenerateInstallationKey(
      ctx.db,
      developerIdOf(ctx),
      parseId(args.installationId, 'installation'),
    ),
} satisfies MutationResolvers;
