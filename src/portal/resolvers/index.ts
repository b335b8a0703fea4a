import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { PortalContext } from '../context.js';
import { consumeRateLimit } from '../../domain/installations/index.js';
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from '../../generated/portal.generated.js';
import { authorize, type OperationType, type PortalPolicy } from '../policy.js';
import { DateTimeScalar, JSONScalar } from '../scalars.js';
import { accountMutations, accountQueries } from './accounts.js';
import { apiRequestQueries } from './api-requests.js';
import { sandboxToolMutations, sandboxToolQueries } from './sandbox-tools.js';
import { operatorMutations, operatorQueries } from './operator.js';
import { pluginFields, pluginMutations, pluginQueries } from './plugins.js';
import { posMutations, simulationMutations } from './restaurant.js';
import { sandboxMutations, sandboxQueries } from './sandboxes.js';
import { marketplaceSimulations } from './simulations.js';
import {
  webhookEndpointFields,
  webhookEndpointMutations,
  webhookEndpointPluginFields,
  webhookEndpointQueries,
} from './webhook-endpoints.js';
import {
  webhookLogFields,
  webhookMutations,
  webhookQueries,
  webhookSubscriptions,
} from './webhooks.js';

/** A typed root resolver seen from the guard, which only passes along what GraphQL gives it. */
type RootResolver = (
  parent: never,
  args: never,
  ctx: PortalContext,
  info: GraphQLResolveInfo,
) => unknown;

/**
 * Every root field runs behind the policy its SDL declares (src/portal/policy.ts). The HTTP layer
 * already refused the request when the policy says no; this guard is the second line, so that no
 * field can run unguarded whatever the pre-check parsed. A rate-limited field is charged for every
 * execution (each alias is one), before it runs: past the limit it fails with rate_limit_exceeded.
 */
function guarded(
  operation: OperationType,
  resolvers: Record<string, RootResolver>,
  policy: PortalPolicy,
): Record<string, GraphQLFieldResolver<unknown, PortalContext>> {
  return Object.fromEntries(
    Object.entries(resolvers).map(([field, resolve]) => {
      const { access } = policy.rule(operation, field);
      const run = (parent: unknown, args: unknown, ctx: PortalContext, info: GraphQLResolveInfo) =>
        resolve(parent as never, args as never, ctx, info);
      return [
        field,
        (parent: unknown, args: unknown, ctx: PortalContext, info: GraphQLResolveInfo) => {
          authorize(ctx.principal, access, field);
          const rateLimit = policy.rateLimit(operation, field, ctx.ip);
          if (!rateLimit) return run(parent, args, ctx, info);
          return chargeExecution(ctx, rateLimit.bucket, rateLimit.limit).then(() =>
            run(parent, args, ctx, info),
          );
        },
      ];
    }),
  );
}

async function chargeExecution(ctx: PortalContext, bucket: string, limit: number): Promise<void> {
  if (ctx.prepaid.delete(bucket)) return; // the gate charged this request's first one
  await consumeRateLimit(ctx.db, bucket, limit);
}

/** One resolver for every root field of the SDL, each typed by its generated signature. */
export const rootResolvers = {
  Query: {
    ...accountQueries,
    ...pluginQueries,
    ...sandboxQueries,
    ...webhookQueries,
    ...webhookEndpointQueries,
    ...apiRequestQueries,
    ...sandboxToolQueries,
    ...operatorQueries,
  } satisfies Required<QueryResolvers>,
  Mutation: {
    ...accountMutations,
    ...pluginMutations,
    ...sandboxMutations,
    ...sandboxToolMutations,
    ...webhookMutations,
    ...webhookEndpointMutations,
    ...marketplaceSimulations,
    ...simulationMutations,
    ...operatorMutations,
    ...posMutations,
  } satisfies Required<MutationResolvers>,
  Subscription: { ...webhookSubscriptions } satisfies Required<SubscriptionResolvers>,
};

/** The schema's resolvers, the root fields behind the policy's guard. */
export function portalResolvers(policy: PortalPolicy) {
  return {
    DateTime: DateTimeScalar,
    JSON: JSONScalar,
    Query: guarded('query', rootResolvers.Query, policy),
    Mutation: guarded('mutation', rootResolvers.Mutation, policy),
    Subscription: guardedSubscriptions(rootResolvers.Subscription, policy),
    WebhookLog: webhookLogFields,
    WebhookEndpoint: webhookEndpointFields,
    Plugin: { ...pluginFields, ...webhookEndpointPluginFields },
  };
}

/** Subscriptions behind the same guard: the policy is checked before a stream opens. */
function guardedSubscriptions(fields: typeof rootResolvers.Subscription, policy: PortalPolicy) {
  return Object.fromEntries(
    Object.entries(fields).map(([field, { subscribe }]) => {
      const { access } = policy.rule('subscription', field);
      return [
        field,
        {
          subscribe: (
            parent: unknown,
            args: unknown,
            ctx: PortalContext,
            info: GraphQLResolveInfo,
          ) => {
            authorize(ctx.principal, access, field);
            return (subscribe as (...a: unknown[]) => unknown)(parent, args, ctx, info);
          },
        },
      ];
    }),
  );
}
