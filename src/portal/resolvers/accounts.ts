import {
  createDeveloperKey,
  listDeveloperKeys,
  revokeDeveloperKey,
} from '../../domain/developers/index.js';
import {
  acceptDeveloperAgreement,
  endAllSessions,
  endSession,
  findDeveloper,
  logIn,
  PasswordChecksBusyError,
  signUp,
  type LoggedInDeveloper,
} from '../../domain/developers/index.js';
import { GraphQLError } from 'graphql';
import { AccessError } from '../../domain/shared/index.js';
import { toErrorResponse } from '../../http/error-response.js';
import { issueSessionToken } from '../auth.js';
import type { MutationResolvers, QueryResolvers } from '../../generated/portal.generated.js';
import { developerIdOf, parseId, requireSessionFor, type PortalContext } from '../context.js';

// Accounts, sessions and developer keys. Who may call each field: its @access directive in src/portal/schema.graphql.

export const accountQueries = {
  me: async (_, __, ctx) => {
    const developer = await findDeveloper(ctx.db, developerIdOf(ctx));
    if (!developer)
      throw new AccessError('authentication_failed', 'This account no longer exists.');
    return developer;
  },
  developerKeys: (_, __, ctx) => listDeveloperKeys(ctx.db, developerIdOf(ctx)),
} satisfies QueryResolvers;

export const accountMutations = {
  signUp: async (_, args, ctx) =>
    startSession(ctx, await refusedWith429(signUp(ctx.db, ctx.config.passwordHash, args))),
  logIn: async (_, args, ctx) =>
    startSession(ctx, await refusedWith429(logIn(ctx.db, ctx.config.passwordHash, args))),
  logOut: async (_, args, ctx) => {
    const { principal } = ctx;
    if (args.everywhere) {
      if (!principal)
        throw new AccessError(
          'authentication_failed',
          'Log in first: logOut(everywhere: true) ends the sessions of the account it is sent with.',
        );
      requireSessionFor(ctx, 'Logging out everywhere');
      await endAllSessions(ctx.db, principal.developerId);
    } else if (principal?.kind === 'session') {
      await endSession(ctx.db, principal.developerId, principal.session);
    }
    ctx.sessionCookie?.clear();
    return true;
  },
  acceptDeveloperAgreement: (_, args, ctx) =>
    acceptDeveloperAgreement(ctx.db, developerIdOf(ctx), args.version),
  createDeveloperKey: (_, args, ctx) => createDeveloperKey(ctx.db, developerIdOf(ctx), args),
  revokeDeveloperKey: (_, args, ctx) =>
    revokeDeveloperKey(ctx.db, developerIdOf(ctx), parseId(args.id, 'developer_key')),
} satisfies MutationResolvers;

/** A portal session; for the dashboard also its cookie (the page asks only for expiresAt). */
async function startSession(ctx: PortalContext, developer: LoggedInDeveloper) {
  const session = await issueSessionToken(ctx.config, developer.id, new Date(), developer);
  ctx.sessionCookie?.set(session.token, session.expiresAt);
  return session;
}

/**
 * A log-in or sign-up refused because the process checks as many passwords as it can at once is
 * the request's whole answer: HTTP 429 with Retry-After, as the gate's own refusals, so that
 * clients and proxies that back off on 429 do so here too. (An email's wait after failures stays
 * an error of its field, as every refusal during execution: aliases each get their own answer.)
 */
async function refusedWith429<T>(attempt: Promise<T>): Promise<T> {
  try {
    return await attempt;
  } catch (err) {
    if (!(err instanceof PasswordChecksBusyError)) throw err;
    const { error: code, message, ...rest } = toErrorResponse(err).body;
    const http = { status: 429, headers: { 'Retry-After': String(err.retryAfterSeconds) } };
    throw new GraphQLError(String(message), { extensions: { code, ...rest, http } });
  }
}
