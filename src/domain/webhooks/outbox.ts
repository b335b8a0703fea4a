import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import type { EventDataMap, EventName } from '../../generated/events.generated.js';
import { candidatesOf, subscribedAmong, type RecipientRow } from './fanout.js';
import type { JobQueue } from './queue.js';

/** Where an event happened: fan-out matches installations of this plane and location. */
export interface EventScope {
  plane: 'production' | 'sandbox';
  sandboxId: number | null;
  organizationId: number | null;
  locationId: number | null;
  /** Lifecycle events (installation.*, trial.*, subscription.*) address one installation. */
  installationId?: number | null;
  /** The API request that caused the event (its X-Request-Id); null for everything else. */
  requestId?: string | null;
}

export interface EmittedEvent {
  eventId: string;
  name: EventName;
}

type Executor = Transaction<Database> | Kysely<Database>;

/**
 * Where events go. Built once at boot from the process's job queue (`createEventSink`) and passed
 * down in the deps of every door, so that a write emits through what it was given: there is no
 * process-wide hook, and a process started without a queue cannot emit at all.
 */
export interface EventSink {
  /**
   * Writes one event to the outbox (control.events) and enqueues its fan-out, both in `trx`: call
   * it with the transaction of the change that caused the event, so the event exists if and only
   * if the change committed.
   */
  emit<E extends EventName>(trx: Executor, scope: EventScope, name: E, data: EventDataMap[E]): Promise<EmittedEvent>;
}

/**
 * The event sink of a process. Choosing the fan-out's installations costs no round trip: they are
 * read by the event's own INSERT (in its RETURNING), by what the emitting transaction sees, and one
 * fan-out job carrying them is enqueued on the same transaction. Events nobody is eligible for
 * enqueue nothing.
 */
export function createEventSink(queue: JobQueue): EventSink {
  return {
    async emit(trx, scope, name, data) {
      const candidates = candidatesOf(scope, name);
      const row = await trx
        .insertInto('control.events')
        .values({
          event_name: name,
          plane: scope.plane,
          sandbox_id: scope.sandboxId,
          organization_id: scope.organizationId,
          location_id: scope.locationId,
          installation_id: scope.installationId ?? null,
          request_id: scope.requestId ?? null,
          data: JSON.stringify(data),
        })
        .returning([
          'event_id',
          (candidates === null ? sql<RecipientRow[]>`'[]'::json` : sql<RecipientRow[]>`(select coalesce(json_agg(x), '[]') from (${candidates}) x)`).as('recipients'),
        ])
        .executeTakeFirstOrThrow();
      const event = { eventId: row.event_id, name };
      const installationIds = subscribedAmong(row.recipients, name);
      if (installationIds.length > 0) await queue.sendFanout(trx, { eventId: event.eventId, event: name, installationIds });
      return event;
    },
  };
}
