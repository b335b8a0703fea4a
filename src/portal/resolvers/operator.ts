import type { ListingStatus } from '../../db/types.js';
import {
  checkoutProductionInstallation, installInProduction, removeProductionInstallation,
} from '../../domain/installations/index.js';
import { runTrialSweep } from '../../domain/installations/index.js';
import { createLocation, createOrganization, getOrganization } from '../../domain/restaurants/index.js';
import { listListings, reviewPlugin, type ReviewAction } from '../../domain/plugins/index.js';
import { runSandboxIdleSweep } from '../../domain/sandboxes/index.js';
import { toInstallationView, toInstallPayloadView } from '../views/installation-views.js';
import { parseId, type PortalContext } from '../context.js';

// The platform operator: listing review, production onboarding and the restaurant's side of the
// marketplace in production. Only operators reach these fields (src/portal/policy.ts).

export const operatorQueries = {
  listings: (_: unknown, args: { status?: ListingStatus | null }, ctx: PortalContext) => listListings(ctx.db, ctx.config, args.status),
  organization: (_: unknown, args: { id: string }, ctx: PortalContext) => getOrganization(ctx.db, parseId(args.id, 'organization')),
};

export const operatorMutations = {
  reviewPlugin: (_: unknown, args: { pluginId: string; action: ReviewAction }, ctx: PortalContext) =>
    reviewPlugin(ctx.db, ctx.config, parseId(args.pluginId, 'plugin'), args.action),
  createOrganization: (_: unknown, args: { name: string }, ctx: PortalContext) => createOrganization(ctx.db, args.name),
  createLocation: (_: unknown, args: { organizationId: string; name: string; currency: string; timezone: string }, ctx: PortalContext) =>
    createLocation(ctx.db, parseId(args.organizationId, 'organization'), args),
  installPlugin: (_: unknown, args: { pluginId: string; organizationId: string; locationId: string }, ctx: PortalContext) =>
    installInProduction(ctx.db, ctx.config, {
      pluginId: parseId(args.pluginId, 'plugin'),
      organizationId: parseId(args.organizationId, 'organization'),
      locationId: parseId(args.locationId, 'location'),
    }).then(toInstallPayloadView),
  completeCheckout: (_: unknown, args: { installationId: string }, ctx: PortalContext) =>
    checkoutProductionInstallation(ctx.db, parseId(args.installationId, 'installation')).then(toInstallationView),
  removeInstallation: (_: unknown, args: { installationId: string }, ctx: PortalContext) =>
    removeProductionInstallation(ctx.db, parseId(args.installationId, 'installation')).then(toInstallationView),
  runTrialSweep: (_: unknown, args: { now?: Date | null }, ctx: PortalContext) => runTrialSweep(ctx.db, args.now ?? new Date()),
  runSandboxIdleSweep: (_: unknown, args: { now?: Date | null }, ctx: PortalContext) => runSandboxIdleSweep(ctx.db, ctx.config, args.now ?? new Date()),
};
