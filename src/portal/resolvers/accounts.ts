import { createDeveloperKey, listDeveloperKeys, revokeDeveloperKey } from '../../domain/developers/index.js';
import { acceptDeveloperAgreement, findDeveloper, logIn, signUp } from '../../domain/developers/index.js';
import { AccessError } from '../../domain/shared/index.js';
import { issueSessionToken } from '../auth.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// Accounts, sessions and developer keys. Which caller may reach each field: src/portal/policy.ts.

export const accountQueries = {
  me: async (_: unknown, __: unknown, ctx: PortalContext) => {
    const developer = await findDeveloper(ctx.db, developerIdOf(ctx));
    if (!developer) throw new AccessError('authentication_failed', 'This account no longer exists.');
    return developer;
  },
  developerKeys: (_: unknown, __: unknown, ctx: PortalContext) => listDeveloperKeys(ctx.db, developerIdOf(ctx)),
};

export const accountMutations = {
  signUp: async (_: unknown, args: { email: string; password: string; name: string }, ctx: PortalContext) => {
    const developer = await signUp(ctx.db, args);
    return issueSessionToken(ctx.config, developer.id);
  },
  logIn: async (_: unknown, args: { email: string; password: string }, ctx: PortalContext) => {
    const developer = await logIn(ctx.db, args);
    return issueSessionToken(ctx.config, developer.id);
  },
  acceptDeveloperAgreement: (_: unknown, args: { version: string }, ctx: PortalContext) =>
    acceptDeveloperAgreement(ctx.db, developerIdOf(ctx), args.version),
  createDeveloperKey: (_: unknown, args: { name: string; scopes: string[]; ipAllowlist?: string[] | null }, ctx: PortalContext) =>
    createDeveloperKey(ctx.db, developerIdOf(ctx), args),
  revokeDeveloperKey: (_: unknown, args: { id: string }, ctx: PortalContext) =>
    revokeDeveloperKey(ctx.db, developerIdOf(ctx), parseId(args.id, 'developer_key')),
};
