import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { EventDataMap, EventName } from '../../generated/events.generated.js';

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
 * with the event's scope: eligibility is decided by what the emitting transaction sees. A hook's
 * `lookup` is read by the event's own INSERT (in its RETURNING), so it costs no round trip.
 */
export interface OutboxHook {
  /** Rows the hook needs about this event, or null when it needs none. */
  lookup(scope: EventScope, name: EventName): RawBuilder<unknown> | null;
  /** Runs after the insert, in the emitting transaction, with the lookup's rows. */
  afterInsert(trx: Executor, event: EmittedEvent, scope: EventScope, rows: unknown[]): Promise<void>;
}
const hooks: OutboxHook[] = [];
export function onEventEmitted(hook: OutboxHook): void {
  hooks.push(hook);
}

/**
 * Writes one event to the outbox (control.events). Call it with the transaction of the change
 * that caused the event: the event exists if and only if the change committed.
 */
export async function emitEvent<E extends EventName>(trx: Executor, scope: EventScope, name: E, data: EventDataMap[E]): Promise<EmittedEvent> {
  const lookups = hooks.map((hook) => hook.lookup(scope, name));
  const row = (await trx
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
    .returning([
      'event_id',
      ...lookups.map((lookup, i) =>
        (lookup === null ? sql<unknown[]>`'[]'::json` : sql<unknown[]>`(select coalesce(json_agg(x), '[]') from (${lookup}) x)`).as(`hook_${i}`),
      ),
    ])
    .executeTakeFirstOrThrow()) as { event_id: string } & Record<string, unknown[]>;
  const event = { eventId: row.event_id, name };
  for (const [i, hook] of hooks.entries()) await hook.afterInsert(trx, event, scope, row[`hook_${i}`]!);
  return event;
}
