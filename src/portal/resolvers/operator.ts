import {
  checkoutProductionInstallation,
  installInProduction,
  removeProductionInstallation,
} from '../../domain/installations/index.js';
import { runTrialSweep } from '../../domain/installations/index.js';
import {
  createLocation,
  createOrganization,
  getOrganization,
} from '../../domain/restaurants/index.js';
import { listListings, reviewPlugin } from '../../domain/plugins/index.js';
import { runSandboxIdleSweep } from '../../domain/sandboxes/index.js';
import { toInstallationView, toInstallPayloadView } from '../views/installation-views.js';
import type { MutationResolvers, QueryResolvers } from '../../generated/portal.generated.js';
import { parseId } from '../context.js';

// The platform operator: listing review, production onboarding and the restaurant's side of the
// marketplace in production. Only operators reach these fields (@access(level: operator) in src/portal/schema.graphql).

export const operatorQueries = {
  listings: (_, args, ctx) => listListings(ctx.db, ctx.config, args.status),
  organization: (_, args, ctx) => getOrganization(ctx.db, parseId(args.id, 'organization')),
} satisfies QueryResolvers;

export const operatorMutations = {
  reviewPlugin: (_, args, ctx) =>
    reviewPlugin(ctx.db, ctx.config, parseId(args.pluginId, 'plugin'), args.action),
  createOrganization: (_, args, ctx) => createOrganization(ctx.db, args.name),
  createLocation: (_, args, ctx) =>
    createLocation(ctx.db, parseId(args.organizationId, 'organization'), args),
  installPlugin: (_, args, ctx) =>
    installInProduction(ctx.db, ctx.events, ctx.config, {
      pluginId: parseId(args.pluginId, 'plugin'),
      organizationId: parseId(args.organizationId, 'organization'),
      locationId: parseId(args.locationId, 'location'),
    }).then(toInstallPayloadView),
  completeCheckout: (_, args, ctx) =>
    checkoutProductionInstallation(
      ctx.db,
      ctx.events,
      parseId(args.installationId, 'installation'),
    ).then(toInstallationView),
  removeInstallation: (_, args, ctx) =>
    removeProductionInstallation(
      ctx.db,
      ctx.events,
      parseId(args.installationId, 'installation'),
    ).then(toInstallationView),
  runTrialSweep: (_, args, ctx) => runTrialSweep(ctx.db, ctx.events, args.now ?? new Date()),
  runSandboxIdleSweep: (_, args, ctx) =>
    runSandboxIdleSweep(ctx.db, ctx.events, ctx.config, args.now ?? new Date()),
} satisfies MutationResolvers;
