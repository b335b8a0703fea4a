import type { Updateable } from 'kysely';
import type { WebhookEndpointsTable } from '../../../db/types.js';
import {
  requireApiVersion,
  type ApiVersionCatalog,
  type DerivedVersion,
} from '../../api-versions/index.js';
import { ValidationError, type Details } from '../../shared/index.js';
import { EVENT_NAMES } from '../../../generated/events.generated.js';
import {
  assertWebhookEndpoint,
  isSubscribed,
  unknownSubscriptionEntries,
} from '../delivery/index.js';
import { payloadContract } from './event-contract.js';
import { filterProblems } from './filters.js';

// An endpoint's settings as the portal gives them, checked as a whole and turned into column
// changes: the URL by the destination guard's save-time check (as the listing's webhook_endpoint),
// the events as supported_events, the filter against the contract of the version it is delivered
// in. Field names in `details` are the portal's input names.

export type Plane = 'SANDBOX' | 'PRODUCTION';
export type Ordering = 'NONE' | 'ORDER';

/** Absent fields stay; null clears a nullable one. */
export interface WebhookEndpointInput {
  url?: string | null;
  description?: string | null;
  events?: string[] | null;
  locationIds?: (string | number)[] | null;
  filter?: unknown;
  ordering?: Ordering | null;
  rateLimitPerSecond?: number | null;
  apiVersion?: string | null;
  planes?: Plane[] | null;
}

export const MAX_DESCRIPTION = 500;
export const MAX_LOCATIONS = 100;
export const MAX_RATE_PER_SECOND = 1000;
const MAX_INT4 = 2_147_483_647;

/** What checking needs beyond the input: the plugin's pin and the versions the process holds. */
export interface InputContext {
  pluginApiVersion: string;
  catalog: ApiVersionCatalog;
  /** Every version's contracts, newest (head) first; empty: head as codegen compiled it. */
  derived: readonly DerivedVersion[];
  allowPrivate: boolean;
}

type Columns = Updateable<WebhookEndpointsTable>;
type Current = Pick<WebhookEndpointsTable, 'events' | 'api_version'> & {
  filter: Record<string, unknown> | null;
};

const NOT_NULL = 'cannot be null; omit it to keep the current value';

/** The column changes of `input` over `current` (undefined: a new endpoint). Throws one 422. */
export function toEndpointColumns(
  input: WebhookEndpointInput,
  current: Current | undefined,
  ctx: InputContext,
): Columns {
  if (input.apiVersion) requireApiVersion(input.apiVersion, ctx.catalog);
  const details: Details = {};
  const problem = (field: string, message: string) => (details[field] ??= []).push(message);
  const c: Columns = {};
  if (input.url === null || (input.url === undefined && !current))
    problem('url', current ? NOT_NULL : 'is required');
  else if (input.url !== undefined) c.url = checkUrl(input.url.trim(), ctx.allowPrivate, problem);
  if (input.description !== undefined) {
    const text = input.description?.trim() || null;
    if (text && text.length > MAX_DESCRIPTION)
      problem('description', `must be at most ${MAX_DESCRIPTION} characters`);
    c.description = text;
  }
  if (input.events !== undefined) c.events = checkEvents(input.events, problem);
  if (input.locationIds === null) problem('locationIds', NOT_NULL);
  else if (input.locationIds !== undefined)
    c.location_ids = checkLocations(input.locationIds, problem);
  if (input.ordering === null) problem('ordering', NOT_NULL);
  else if (input.ordering !== undefined) c.ordering = input.ordering === 'ORDER' ? 'order' : 'none';
  if (input.rateLimitPerSecond !== undefined) {
    const rate = input.rateLimitPerSecond;
    if (rate !== null && (!Number.isInteger(rate) || rate < 1 || rate > MAX_RATE_PER_SECOND))
      problem('rateLimitPerSecond', `must be an integer from 1 to ${MAX_RATE_PER_SECOND}, or null`);
    c.rate_limit_per_second = rate;
  }
  if (input.apiVersion !== undefined) c.api_version = input.apiVersion || null;
  if (input.planes === null || input.planes?.length === 0)
    problem('planes', 'must name SANDBOX, PRODUCTION or both');
  else if (input.planes !== undefined)
    c.planes = [...new Set(input.planes)].map((p) => (p === 'SANDBOX' ? 'sandbox' : 'production'));
  if (input.filter !== undefined)
    c.filter = input.filter === null ? null : JSON.stringify(input.filter);
  const filter = input.filter !== undefined ? input.filter : (current?.filter ?? null);
  if (filter !== null) {
    const events = c.events !== undefined ? c.events : (current?.events ?? null);
    const version =
      (c.api_version !== undefined ? c.api_version : current?.api_version) ?? ctx.pluginApiVersion;
    Object.assign(details, filterProblemsAt(filter, events, version, ctx));
  }
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  return c;
}

/** The filter's problems against the events `events` selects, in `version`'s asyncapi. */
export function filterProblemsAt(
  filter: unknown,
  events: readonly string[] | null,
  version: string,
  ctx: Pick<InputContext, 'derived'>,
): Details {
  const doc = ctx.derived.find((d) => d.version === version)?.asyncapi;
  const selected = EVENT_NAMES.filter((event) => isSubscribed(events, event));
  return filterProblems(filter, selected, payloadContract(doc));
}

function checkUrl(
  url: string,
  allowPrivate: boolean,
  problem: (f: string, m: string) => void,
): string {
  try {
    return assertWebhookEndpoint(url, { allowPrivate, field: 'url' });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const message of err.details?.url ?? [err.message]) problem('url', message);
    return url;
  }
}

function checkEvents(
  events: string[] | null,
  problem: (f: string, m: string) => void,
): string[] | null {
  if (events === null) return null;
  const unique = [...new Set(events.map((e) => e.trim()))];
  if (unique.length === 0)
    problem('events', 'must name at least one event or family (null: every event)');
  for (const entry of unknownSubscriptionEntries(unique))
    problem(
      'events',
      `${entry} is not a catalog event or family wildcard (e.g. order.created, order.*)`,
    );
  return unique;
}

function checkLocations(
  ids: (string | number)[],
  problem: (f: string, m: string) => void,
): number[] {
  const parsed = [...new Set(ids.map((id) => String(id)))].map((id) =>
    /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= MAX_INT4 ? Number(id) : NaN,
  );
  if (parsed.some(Number.isNaN)) problem('locationIds', 'must be location ids');
  if (parsed.length > MAX_LOCATIONS)
    problem('locationIds', `has at most ${MAX_LOCATIONS} locations (got ${parsed.length})`);
  return parsed.filter((id) => !Number.isNaN(id));
}
