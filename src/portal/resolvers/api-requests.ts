import * as apiRequests from '../../domain/api-requests/index.js';
import { MAX_BIGINT_ID } from '../../domain/shared/index.js';
import type { QueryResolvers } from '../../generated/portal.generated.js';
import { developerIdOf, parseId } from '../context.js';
import { toApiRequestConnection, toApiRequestView } from '../views/api-request-views.js';

// The API request log, for the developer of the installation's plugin only.
export const apiRequestQueries = {
  apiRequests: async (_, args, ctx) =>
    toApiRequestConnection(
      await apiRequests.listApiRequests(ctx.db, developerIdOf(ctx), {
        installationId: parseId(args.installationId, 'installation'),
        first: args.first,
        after: args.after,
        status: args.status,
        operationId: args.operationId,
        since: args.since,
      }),
    ),
  apiRequestByRequestId: async (_, args, ctx) =>
    toApiRequestView(
      await apiRequests.getApiRequestByRequestId(ctx.db, developerIdOf(ctx), args.requestId),
    ),
  apiRequest: async (_, args, ctx) =>
    toApiRequestView(
      await apiRequests.getApiRequest(
        ctx.db,
        developerIdOf(ctx),
        parseId(args.id, 'api_request', MAX_BIGINT_ID),
      ),
    ),
} satisfies QueryResolvers;
