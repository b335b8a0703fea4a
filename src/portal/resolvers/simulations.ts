import {
  simulateCheckout,
  simulateInstall,
  simulateRemoval,
  simulateTrial,
} from '../../domain/installations/index.js';
import { toInstallationView, toInstallPayloadView } from '../views/installation-views.js';
import type { MutationResolvers } from '../../generated/portal.generated.js';
import { developerIdOf, parseId } from '../context.js';

// The restaurant's side of the marketplace in a developer's own sandboxes: install, checkout,
// trial, removal. The point of sale and the menu are in ./restaurant.ts.

type InstallationArgs = { installationId: string };
const installationOf = (args: InstallationArgs) => parseId(args.installationId, 'installation');

export const marketplaceSimulations = {
  simulateInstall: (_, args, ctx) =>
    simulateInstall(
      ctx.db,
      ctx.events,
      ctx.config,
      developerIdOf(ctx),
      parseId(args.sandboxId, 'sandbox'),
    ).then(toInstallPayloadView),
  simulateCheckout: (_, args, ctx) =>
    simulateCheckout(ctx.db, ctx.events, developerIdOf(ctx), installationOf(args)).then(
      toInstallationView,
    ),
  simulateTrialEnding: (_, args, ctx) =>
    simulateTrial(ctx.db, ctx.events, developerIdOf(ctx), installationOf(args), 'ending').then(
      toInstallationView,
    ),
  simulateTrialConversion: (_, args, ctx) =>
    simulateTrial(ctx.db, ctx.events, developerIdOf(ctx), installationOf(args), 'conversion').then(
      toInstallationView,
    ),
  simulateRemoval: (_, args, ctx) =>
    simulateRemoval(ctx.db, ctx.events, developerIdOf(ctx), installationOf(args)).then(
      toInstallationView,
    ),
} satisfies MutationResolvers;
