// The order state machine of the spec ("States and transitions"), pure: the plugin vocabulary,
// how internal statuses read in it, what writing a plugin status stores, and the allowed moves.
import type { components } from '../../generated/openapi.generated.js';
import type { OrderStatus } from '../../generated/events.generated.js';
import { InvalidTransitionError } from '../shared/index.js';

/** An internal status, as stored and as carried by webhooks (`CREATED`, `COOKING`, ...). */
export type InternalStatus = OrderStatus;
/** A status of the plugin vocabulary that `PUT /orders/{orderId}` can write. */
export type PluginStatus = components['schemas']['TargetOrderStatus'];
/** A status as REST responses report it: the plugin vocabulary, or an internal-only name in lower case. */
export type ReportedStatus = components['schemas']['OrderStatus'];

export const PLUGIN_STATUSES = [
  'open',
  'in_progress',
  'ready',
  'completed',
  'paid',
  'cancelled',
] as const satisfies readonly PluginStatus[];

/**
 * How each internal status reads in the plugin vocabulary (many to one: PREPARED and SERVED are
 * ready); null for the internal-only statuses. Typed as a full record, so the list of internal
 * statuses cannot drift from the generated type.
 */
const READS_AS: Record<InternalStatus, PluginStatus | null> = {
  CREATED: 'open',
  COOKING: 'in_progress',
  PREPARED: 'ready',
  SERVED: 'ready',
  COMPLETED: 'completed',
  PAID: 'paid',
  CANCELLED: 'cancelled',
  EDITABLE: null,
  PENDING: null,
  PROCESSING: null,
  FAILED: null,
  VOIDED: null,
  REFUNDED: null,
  PARTIALLY_REFUNDED: null,
  ABANDONED: null,
  PARTIALLY_PAID: null,
  AWAITING_AUTHENTICATION: null,
};

export const INTERNAL_STATUSES = Object.keys(READS_AS) as InternalStatus[];

/** What writing a plugin status stores (does not round-trip: ready writes SERVED). */
const WRITES: Record<PluginStatus, InternalStatus> = {
  open: 'CREATED',
  in_progress: 'COOKING',
  ready: 'SERVED',
  completed: 'COMPLETED',
  paid: 'PAID',
  cancelled: 'CANCELLED',
};

/** The transition table of `PUT /orders/{orderId}`; `open` is never a target. */
const NEXT: Record<PluginStatus, readonly PluginStatus[]> = {
  open: ['in_progress', 'cancelled'],
  in_progress: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: ['paid'],
  paid: [],
  cancelled: [],
};

/** The plugin status an internal status reads as, or null for an internal-only status. */
export function pluginStatusOf(internal: InternalStatus): PluginStatus | null {
  return READS_AS[internal] ?? null;
}

/** The status a REST response reports: plugin vocabulary, or the internal-only name in lower case. */
export function reportedStatusOf(internal: InternalStatus): ReportedStatus {
  return pluginStatusOf(internal) ?? (internal.toLowerCase() as ReportedStatus);
}

/** The internal status that writing `target` stores. */
export function internalStatusFor(target: PluginStatus): InternalStatus {
  return WRITES[target];
}

/** Targets allowed from an internal status (none from an internal-only status). */
export function allowedNextStates(internal: InternalStatus): PluginStatus[] {
  const current = pluginStatusOf(internal);
  return current ? [...NEXT[current]] : [];
}

/**
 * The internal status to store for a PUT to `target`, or 422 invalid_transition with the
 * allowed targets. Any PUT on an internal-only status is refused.
 */
export function planTransition(internal: InternalStatus, target: PluginStatus): InternalStatus {
  const allowed = allowedNextStates(internal);
  if (!allowed.includes(target))
    throw new InvalidTransitionError(reportedStatusOf(internal), target, allowed);
  return internalStatusFor(target);
}

export function isInternalStatus(value: string): value is InternalStatus {
  return Object.hasOwn(READS_AS, value);
}
