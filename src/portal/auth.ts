import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { consumeRateLimit, type RateLimitState } from '../domain/installations/index.js';
import {
  findDeveloperKey,
  isDeveloperKeyFormat,
  touchDeveloperKey,
} from '../domain/developers/index.js';
import { findDeveloperCharging, isSessionOn } from '../domain/developers/index.js';
import { AccessError } from '../domain/shared/index.js';
import { isAddressAllowed } from '../lib/cidr.js';
import { RecentlyUsed } from '../lib/recently-used.js';

// Who is calling the portal: a portal session (JWT, HS256 under SVC_JWT_SECRET, 4 hours, an
// operator's 1 hour, no refresh; 60 requests a minute per developer, whichever of their sessions)
// or a developer key (SHA-256 lookup, IP allowlist, 60 requests a minute per key).
// Every check reads the database: a revoked key fails on the very next request in every process,
// and so does a session logOut ended (its `jti`) or one issued before a logOut(everywhere: true)
// (the developer's stamp, the token's `sva` claim), read by the statement that charges the request.

export const SESSION_TTL_SECONDS = 4 * 60 * 60;
/** An operator's session is shorter: it can onboard restaurants and act for them in production. */
export const OPERATOR_SESSION_TTL_SECONDS = 60 * 60;
export const DEVELOPER_KEY_REQUESTS_PER_MINUTE = 60;
export const sessionRateLimitBucket = (developerId: number) => `session:${developerId}`;
const ISSUER = 'svc-portal';
const AUDIENCE = 'svc-portal';

export type Principal =
  | {
      kind: 'session';
      developerId: number;
      role: 'developer' | 'operator';
      session: { id: string; expiresAt: Date };
    }
  | { kind: 'key'; developerId: number; keyId: number; scopes: string[] };

export interface PortalAuth {
  principal: Principal | null;
  /** The developer key's or the session's bucket after this request (for the X-RateLimit-* headers). */
  rateLimit?: RateLimitState;
}

const failed = (message: string) => new AccessError('authentication_failed', message);
const WRONG_SURFACE =
  'Installation keys are for the Data API. The portal takes a portal session or a developer key in Authorization: Bearer.';

/** What a session is issued from: the role sets its lifetime, the stamp is the developer's at issue (see LoggedInDeveloper). */
export interface SessionHolder {
  role?: 'developer' | 'operator';
  sessionStamp?: number;
}

/** A portal session for the developer. `now` is a parameter so that tests can mint an expired one. */
export async function issueSessionToken(
  config: Config,
  developerId: number,
  now = new Date(),
  { role = 'developer', sessionStamp = 0 }: SessionHolder = {},
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = new Date(
    (issuedAt + (role === 'operator' ? OPERATOR_SESSION_TTL_SECONDS : SESSION_TTL_SECONDS)) * 1000,
  );
  const token = await new SignJWT({ sva: sessionStamp })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(randomUUID())
    .setSubject(String(developerId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(config.jwtSecret);
  return { token, expiresAt };
}

/**
 * Session tokens this process has verified, with their subject and expiry, per signing secret: a
 * dashboard sends the same token on every request, and verifying its HMAC (WebCrypto, a thread-pool
 * round trip) cost more than the rest of authentication. Only the signature and claims check is
 * skipped; the database checks below run on every request. Bounded; an expired entry is verified
 * afresh (and refused as expired).
 */
const verifiedBySecret = new WeakMap<Buffer, RecentlyUsed<string, VerifiedSession>>();
/** About 3 MB at most (a token is about 200 bytes): the sessions of a few thousand developers at work at once. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** What a verified session token says: whose it is, its id, the stamp it was issued under, its times. */
interface VerifiedSession {
  subject: string | undefined;
  id: string;
  stamp: number;
  issuedAt: number;
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function verifiedSession(config: Config, token: string): Promise<VerifiedSession> {
  let verifiedTokens = verifiedBySecret.get(config.jwtSecret);
  if (!verifiedTokens)
    verifiedBySecret.set(
      config.jwtSecret,
      (verifiedTokens = new RecentlyUsed(VERIFIED_TOKENS_KEPT)),
    );
  const known = verifiedTokens.get(token);
  if (known && known.expiresAt > Date.now()) return known;
  verifiedTokens.delete(token);
  const { payload } = await jwtVerify(token, config.jwtSecret, {
    algorithms: ['HS256'],
    issuer: ISSUER,
    audience: AUDIENCE,
    requiredClaims: ['exp', 'iat', 'jti'],
  });
  // Tokens issued before sessions had an id cannot be ended one by one: they are not sessions any more.
  if (typeof payload.jti !== 'string' || !UUID.test(payload.jti) || typeof payload.sva !== 'number')
    throw new joseErrors.JWTClaimValidationFailed('no session id', payload);
  const session = {
    subject: payload.sub,
    id: payload.jti,
    stamp: payload.sva,
    issuedAt: payload.iat! * 1000,
    expiresAt: payload.exp! * 1000,
  };
  verifiedTokens.set(token, session);
  return session;
}

async function verifySessionToken(db: Db, config: Config, token: string): Promise<PortalAuth> {
  let session: VerifiedSession;
  try {
    session = await verifiedSession(config, token);
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired)
      throw failed('The portal session has expired. Log in again.');
    throw failed('The portal session or developer key is not valid.');
  }
  const developerId = Number(session.subject);
  if (!Number.isSafeInteger(developerId)) throw failed('This account no longer exists.');
  // Per developer, not per token: logging in again does not refill the budget.
  const { developer, sessionOn, check } = await findDeveloperCharging(
    db,
    developerId,
    sessionRateLimitBucket(developerId),
    session,
  );
  if (!developer) throw failed('This account no longer exists.');
  if (!sessionOn) throw failed('This portal session has been logged out. Log in again.');
  // A developer made operator keeps a developer's session: as operator it lasts the operator's hour.
  if (
    developer.role === 'operator' &&
    Date.now() - session.issuedAt > OPERATOR_SESSION_TTL_SECONDS * 1000
  ) {
    throw failed('The portal session has expired. Log in again.');
  }
  const rateLimit = check(config.portalSessionRequestsPerMinute);
  // The role is read on every request, never taken from the token: a demoted operator loses it at once.
  return {
    principal: {
      kind: 'session',
      developerId,
      role: developer.role,
      session: { id: session.id, expiresAt: new Date(session.expiresAt) },
    },
    rateLimit,
  };
}

async function verifyDeveloperKey(db: Db, key: string, ip: string): Promise<PortalAuth> {
  const row = isDeveloperKeyFormat(key) ? await findDeveloperKey(db, key) : undefined;
  if (!row) throw failed('No developer key matches.');
  if (row.revoked_at) throw failed('This developer key has been revoked.');
  if (!isAddressAllowed(ip, row.ip_allowlist)) {
    throw new AccessError(
      'ip_not_allowed',
      `This developer key is not allowed from ${ip}. Add the address to its IP allowlist.`,
    );
  }
  // Throws RateLimitedError past 60 a minute; checked after the allowlist so blocked sources spend nothing.
  const rateLimit = await consumeRateLimit(
    db,
    `devkey:${row.developer_key_id}`,
    DEVELOPER_KEY_REQUESTS_PER_MINUTE,
  );
  await touchDeveloperKey(db, row.developer_key_id);
  return {
    principal: {
      kind: 'key',
      developerId: row.developer_id,
      keyId: row.developer_key_id,
      scopes: row.scopes,
    },
    rateLimit,
  };
}

/**
 * Reads the credentials of a portal request. No credentials is an anonymous caller (sign-up,
 * log-in and the schema are public); credentials that are present must be valid, whatever the
 * operation. An installation key is refused here as on any surface that is not the Data API.
 */
export async function authenticatePortalRequest(
  db: Db,
  config: Config,
  request: {
    authorization: string | undefined;
    pluginApiKey: string | undefined;
    ip: string;
    sessionCookie?: string | undefined;
  },
): Promise<PortalAuth> {
  if (request.pluginApiKey) throw failed(WRONG_SURFACE);
  if (request.authorization === undefined || request.authorization === '') {
    // The dashboard's cookie (only passed for requests a page of another site cannot make). An
    // expired or stale one is no credentials: the page can still log in again.
    if (!request.sessionCookie) return { principal: null };
    return verifySessionToken(db, config, request.sessionCookie).catch((err: unknown) => {
      if (err instanceof AccessError) return { principal: null };
      throw err;
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization);
  if (!match) throw failed('Send Authorization: Bearer <portal session or developer key>.');
  const credential = match[1]!;
  if (credential.startsWith('pik_')) throw failed(WRONG_SURFACE);
  if (credential.startsWith('svc_dev_')) return verifyDeveloperKey(db, credential, request.ip);
  return verifySessionToken(db, config, credential);
}

/**
 * Whether the principal a request authenticated as still holds, without charging a rate limit: its
 * developer key is not revoked, or its portal session has neither expired nor been logged out (a
 * long-lived stream asks on each heartbeat). False for anything else.
 */
export async function stillAuthenticated(
  db: Db,
  config: Config,
  principal: Principal,
  authorization: string | undefined,
): Promise<boolean> {
  const credential = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!credential) return false;
  if (principal.kind === 'key') {
    const row = isDeveloperKeyFormat(credential)
      ? await findDeveloperKey(db, credential)
      : undefined;
    return row !== undefined && !row.revoked_at && row.developer_key_id === principal.keyId;
  }
  let session: VerifiedSession;
  try {
    session = await verifiedSession(config, credential);
  } catch {
    return false;
  }
  return (
    Number(session.subject) === principal.developerId &&
    (await isSessionOn(db, principal.developerId, session))
  );
}
