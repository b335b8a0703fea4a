import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import {
  AccessError,
  MAX_ROW_ID,
  NotFoundError,
  type ResourceKind,
} from '../domain/shared/index.js';
import type { Principal } from './auth.js';
import type { EventSink, JobQueue, StreamSlots } from '../domain/webhooks/index.js';
import type { SessionCookieControl } from './session-cookie.js';
import type { ResponseBudget } from './response-budget.js';
import type { ApiVersions, ChangeFootprint } from '../domain/api-versions/index.js';

/** What every resolver receives. `principal` is null only for the public fields (signUp, logIn). */
export interface PortalContext {
  db: Db;
  /** Where writes emit their events. */
  events: EventSink;
  /** The webhook queue (the tester enqueues its delivery). */
  queue: JobQueue;
  /** The dated API versions (read at boot from contracts/versions/). */
  apiVersions: ApiVersions;
  /** What each change of the versions meets (Plugin.apiUpgradeReport), derived on first use. */
  apiFootprints: () => readonly ChangeFootprint[];
  config: Config;
  logger: Logger;
  principal: Principal | null;
  ip: string;
  /**
   * Rate-limit buckets already charged by the HTTP gate for this request: the first execution of
   * a field of such a bucket is paid for; each further one is charged when it runs.
   */
  prepaid: Set<string>;
  /** Aborted when the client goes away (ends a subscription's stream). */
  signal?: AbortSignal;
  /** The process's webhook streams (caps per developer and per process). */
  streams?: StreamSlots;
  /** Whether the request's credential still holds (a stream re-checks it on each heartbeat). */
  stillAuthenticated?: () => Promise<boolean>;
  /** The dashboard's session cookie, for a request from the dashboard (src/portal/session-cookie.ts). */
  sessionCookie?: SessionCookieControl;
  /** The bytes of bodies and payloads this response may still carry (response-budget.ts). */
  responseBudget?: ResponseBudget;
}

/** The caller's developer id; the policy guard has already refused anonymous callers. */
export function developerIdOf(ctx: PortalContext): number {
  if (!ctx.principal) throw new Error('policy guard bypassed: no principal');
  return ctx.principal.developerId;
}

/**
 * A GraphQL ID as a row id. Anything that is not one cannot name a row, so it gets the same
 * not_found as an unknown or another developer's id. Ids are integer (int4) columns, except those
 * of a bigint column, whose caller passes MAX_BIGINT_ID (api_request_id: security review 3, finding 18).
 */
export function parseId(value: unknown, kind: ResourceKind, max: number = MAX_ROW_ID): number {
  const text = String(value);
  const id = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id > max) throw new NotFoundError(kind);
  return id;
}

/**
 * What a stolen developer key must not do alone (security review 3, finding 9): point a live
 * listing's deliveries elsewhere, or resend production events; nor (review 4, finding 7) rotate or
 * expire the production signing secret. Those need a portal session.
 */
export function requireSessionFor(ctx: PortalContext, what: string): void {
  if (ctx.principal?.kind === 'key') {
    throw new AccessError(
      'portal_session_required',
      `${what} needs a portal session (log in); a developer key cannot do it.`,
    );
  }
}
