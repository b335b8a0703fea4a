import {
  EVENT_FAMILIES,
  EVENT_FAMILY,
  EVENT_NAMES,
  type EventFamily,
  type EventName,
} from '../../../generated/events.generated.js';

// Pure rules about event names: which events a plugin listing subscribes to, and which event
// types the inbound route accepts. The names and families come from asyncapi.yaml (codegen).

/** Families that an explicit `supported_events` list must name to receive (spec: Subscription). */
export const OPT_IN_FAMILIES: ReadonlySet<EventFamily> = new Set<EventFamily>([
  'installation',
  'subscription',
  'trial',
]);

const CATALOG: ReadonlySet<string> = new Set(EVENT_NAMES);
const FAMILIES: ReadonlySet<string> = new Set(EVENT_FAMILIES);

export function isCatalogEvent(name: string): name is EventName {
  return CATALOG.has(name);
}

/** Events addressed to one installation: they carry scope.installationId and go only there. */
export function isLifecycleEvent(name: EventName): boolean {
  return OPT_IN_FAMILIES.has(EVENT_FAMILY[name]);
}

/**
 * Whether a listing's `supported_events` subscribes to the event.
 * - `null` (no list set): every event.
 * - a list: exact names and family wildcards (`order.*`). A bare `*` covers every family except
 *   installation, subscription and trial, which are only delivered when named by event or by
 *   their own wildcard: an explicit list never receives them by default.
 */
export function isSubscribed(
  supportedEvents: readonly string[] | null | undefined,
  event: EventName,
): boolean {
  if (supportedEvents === null || supportedEvents === undefined) return true;
  const family = EVENT_FAMILY[event];
  for (const entry of supportedEvents) {
    if (entry === event || entry === `${family}.*`) return true;
    if (entry === '*' && !OPT_IN_FAMILIES.has(family)) return true;
  }
  return false;
}

/** The subset of `events` the listing subscribes to. */
export function subscribedEvents(
  supportedEvents: readonly string[] | null | undefined,
  events: readonly EventName[] = EVENT_NAMES,
): EventName[] {
  return events.filter((event) => isSubscribed(supportedEvents, event));
}

/**
 * Inbound `event_type` rule (spec: Inbound events): a catalog event, a name under `external.`,
 * or a name in a catalog family (`payment.custom` matches `payment.*`). The part after the
 * prefix must be non-empty and free of whitespace and control characters.
 */
export function isAcceptedInboundEventType(eventType: string): boolean {
  if (eventType.length === 0 || eventType.length > 100) return false;
  if (CATALOG.has(eventType)) return true;
  const dot = eventType.indexOf('.');
  if (dot <= 0) return false;
  const prefix = eventType.slice(0, dot);
  const rest = eventType.slice(dot + 1);
  if (rest.length === 0 || /[\s\p{Cc}]/u.test(rest)) return false;
  return prefix === 'external' || FAMILIES.has(prefix);
}

/** Validates a `supported_events` list for the portal: names and wildcards it understands. */
export function unknownSubscriptionEntries(supportedEvents: readonly string[]): string[] {
  return supportedEvents.filter(
    (entry) =>
      entry !== '*' &&
      !CATALOG.has(entry) &&
      !(entry.endsWith('.*') && FAMILIES.has(entry.slice(0, -2))),
  );
}
