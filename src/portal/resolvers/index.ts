import type { GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { PortalContext } from '../context.js';
import { consumeRateLimit } from '../../domain/installations/index.js';
import { authorize, fieldAccess, fieldRateLimit } from '../policy.js';
import { DateTimeScalar, JSONScalar } from '../scalars.js';
import { accountMutations, accountQueries } from './accounts.js';
import { operatorMutations, operatorQueries } from './operator.js';
import { pluginMutations, pluginQueries } from './plugins.js';
import { posMutations, simulationMutations } from './restaurant.js';
import { sandboxMutations, sandboxQueries } from './sandboxes.js';
import { marketplaceSimulations } from './simulations.js';
import { webhookMutations, webhookQueries } from './webhooks.js';

type RootResolver = (parent: unknown, args: any, ctx: PortalContext, info: GraphQLResolveInfo) => unknown;

/**
 * Every root field runs behind the policy (src/portal/policy.ts). The HTTP layer already refused
 * the request when the policy says no; this guard is the second line, so that no field can run
 * unguarded whatever the pre-check parsed. A rate-limited field is charged for every execution
 * (each alias is one), before it runs: past the limit it fails with rate_limit_exceeded.
 */
function guarded(resolvers: Record<string, RootResolver>): Record<string, GraphQLFieldResolver<unknown, PortalContext>> {
  return Object.fromEntries(
    Object.entries(resolvers).map(([field, resolve]) => [
      field,
      (parent: unknown, args: unknown, ctx: PortalContext, info: GraphQLResolveInfo) => {
        authorize(ctx.principal, fieldAccess(info.operation.operation, field), field);
        const rateLimit = fieldRateLimit(field, ctx.ip);
        if (!rateLimit) return resolve(parent, args, ctx, info);
        return chargeExecution(ctx, rateLimit.bucket, rateLimit.limit).then(() => resolve(parent, args, ctx, info));
      },
    ]),
  );
}

async function chargeExecution(ctx: PortalContext, bucket: string, limit: number): Promise<void> {
  if (ctx.prepaid.delete(bucket)) return; // the gate charged this request's first one
  await consumeRateLimit(ctx.db, bucket, limit);
}

export const resolvers = {
  DateTime: DateTimeScalar,
  JSON: JSONScalar,
  Query: guarded({ ...accountQueries, ...pluginQueries, ...sandboxQueries, ...webhookQueries, ...operatorQueries }),
  Mutation: guarded({
    ...accountMutations,
    ...pluginMutations,
    ...sandboxMutations,
    ...webhookMutations,
    ...marketplaceSimulations,
    ...simulationMutations,
    ...operatorMutations,
    ...posMutations,
  }),
};
