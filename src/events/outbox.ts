import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';
import type { EventDataMap, EventName } from '../generated/events.generated.js';

/** Where an event happened: fan-out matches installations of this plane and location. */
export interface EventScope {
  plane: 'production' | 'sandbox';
  sandboxId: number | null;
  organizationId: number | null;
  locationId: number | null;
  /** Lifecycle events (installation.*, trial.*, subscription.*) address one installation. */
  installationId?: number | null;
}

export interface EmittedEvent {
  eventId: string;
  name: EventName;
}

type Executor = Transaction<Database> | Kysely<Database>;

/**
 * Hooks run inside the emitting transaction (the webhooks module enqueues its fan-out job here),
 * with the event's scope: eligibility is decided by what the emitting transaction sees.
 */
type OutboxHook = (trx: Executor, event: EmittedEvent, scope: EventScope) => Promise<void>;
const hooks: OutboxHook[] = [];
export function onEventEmitted(hook: OutboxHook): void {
  hooks.push(hook);
}

/**
 * Writes one event to the outbox (control.events). Call it with the transaction of the change
 * that caused the event: the event exists if and only if the change committed.
 */
export async function emitEvent<E extends EventName>(trx: Executor, scope: EventScope, name: E, data: EventDataMap[E]): Promise<EmittedEvent> {
  const row = await trx
    .insertInto('control.events')
    .values({
      event_name: name,
      plane: scope.plane,
      sandbox_id: scope.sandboxId,
      organization_id: scope.organizationId,
      location_id: scope.locationId,
      installation_id: scope.installationId ?? null,
      data: JSON.stringify(data),
    })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  const event = { eventId: row.event_id, name };
  for (const hook of hooks) await hook(trx, event, scope);
  return event;
}
