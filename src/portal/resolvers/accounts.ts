import { createDeveloperKey, listDeveloperKeys, revokeDeveloperKey } from '../../domain/developers/index.js';
import { acceptDeveloperAgreement, endAllSessions, endSession, findDeveloper, logIn, signUp, type LoggedInDeveloper } from '../../domain/developers/index.js';
import { AccessError } from '../../domain/shared/index.js';
import { issueSessionToken } from '../auth.js';
import type { MutationResolvers, QueryResolvers } from '../../generated/portal.generated.js';
import { developerIdOf, parseId, requireSessionFor, type PortalContext } from '../context.js';

// Accounts, sessions and developer keys. Who may call each field: its @access directive in src/portal/schema.graphql.

export const accountQueries = {
  me: async (_, __, ctx) => {
    const developer = await findDeveloper(ctx.db, developerIdOf(ctx));
    if (!developer) throw new AccessError('authentication_failed', 'This account no longer exists.');
    return developer;
  },
  developerKeys: (_, __, ctx) => listDeveloperKeys(ctx.db, developerIdOf(ctx)),
} satisfies QueryResolvers;

export const accountMutations = {
  signUp: async (_, args, ctx) => startSession(ctx, await signUp(ctx.db, ctx.config.passwordHash, args)),
  logIn: async (_, args, ctx) => startSession(ctx, await logIn(ctx.db, ctx.config.passwordHash, args)),
  logOut: async (_, args, ctx) => {
    const { principal } = ctx;
    if (args.everywhere) {
      if (!principal) throw new AccessError('authentication_failed', 'Log in first: logOut(everywhere: true) ends the sessions of the account it is sent with.');
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
  createDeveloperKey: (_, args, ctx) =>
    createDeveloperKey(ctx.db, developerIdOf(ctx), args),
  revokeDeveloperKey: (_, args, ctx) => revokeDeveloperKey(ctx.db, developerIdOf(ctx), parseId(args.id, 'developer_key')),
} satisfies MutationResolvers;

/** A portal session; for the dashboard also its cookie (the page asks only for expiresAt). */
async function startSession(ctx: PortalContext, developer: LoggedInDeveloper) {
  const session = await issueSessionToken(ctx.config, developer.id, new Date(), developer);
  ctx.sessionCookie?.set(session.token, session.expiresAt);
  return session;
}
