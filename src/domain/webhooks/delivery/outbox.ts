import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { EventDataMap, EventName } from '../../../generated/events.generated.js';
import { PreparedQuery, slot } from '../../../db/prepared.js';
import {
  candidatesOf,
  enqueueFanout,
  mayHaveCandidates,
  subscribedAmong,
  type RecipientRow,
} from './fanout.js';

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
 * Where events go. Built once at boot by the job runtime (`createEventSink`) and passed down in
 * the deps of every door, so that a write emits through what it was given: there is no
 * process-wide hook, and a process started without a job runtime cannot emit at all.
 */
export interface EventSink {
  /**
   * Writes one event (control.events) and its fan-out (control.fanout_outbox), both in `trx`: call
   * it with the transaction of the change that caused the event, so the event exists if and only
   * if the change committed.
   */
  emit<E extends EventName>(
    trx: Executor,
    scope: EventScope,
    name: E,
    data: EventDataMap[E],
  ): Promise<EmittedEvent>;
}

/**
 * The event sink of a process. Choosing the fan-out's installations costs no round trip: they are
 * read by the event's own INSERT (in its RETURNING), by what the emitting transaction sees, and one
 * fan-out outbox row carrying them is written on the same transaction. Events nobody is eligible
 * for write nothing.
 */
export function createEventSink(): EventSink {
  return {
    async emit(trx, scope, name, data) {
      // Every write runs this: compiled once per shape (which scope values are given, whether any
      // installation can be a recipient), its values bound per event.
      const shape = mayHaveCandidates(scope, name) ? scopeShape(scope) : 'none';
      const [row] = await eventInsert.execute(
        trx as Kysely<Database>,
        shape,
        () =>
          eventInsertStatement(trx, shape === 'none' ? null : candidatesOf(slotScope(scope), name)),
        {
          eventName: name,
          plane: scope.plane,
          sandboxId: scope.sandboxId,
          organizationId: scope.organizationId,
          locationId: scope.locationId,
          installationId: scope.installationId ?? null,
          requestId: scope.requestId ?? null,
          data: JSON.stringify(data),
        },
      );
      const event = { eventId: row!.event_id, name };
      const { primary, endpoints } = subscribedAmong(row!.recipients, name);
      if (primary.length > 0 || endpoints.length > 0)
        await enqueueFanout(trx, {
          eventId: event.eventId,
          event: name,
          installationIds: primary,
          endpointInstallationIds: endpoints,
          occurredAt: row!.occurred_at,
        });
      return event;
    },
  };
}

const eventInsert = new PreparedQuery<{
  event_id: string;
  occurred_at: string;
  recipients: RecipientRow[];
}>(64);

/** Which of the scope's values are given: what changes the recipients statement's text. */
function scopeShape(scope: EventScope): string {
  const given = (value: unknown) => (value === null || value === undefined ? '-' : '+');
  return `${given(scope.sandboxId)}${given(scope.organizationId)}${given(scope.locationId)}${given(scope.installationId)}`;
}

/** The scope with every given value a slot (bound per event), the absent ones left null. */
function slotScope(scope: EventScope): EventScope {
  const bound = <T>(value: T | null | undefined, name: string): T | null =>
    value === null || value === undefined ? null : slot<T>(name);
  return {
    plane: slot<EventScope['plane']>('plane'),
    sandboxId: bound(scope.sandboxId, 'sandboxId'),
    organizationId: bound(scope.organizationId, 'organizationId'),
    locationId: bound(scope.locationId, 'locationId'),
    installationId: bound(scope.installationId, 'installationId'),
  };
}

/** The event's row and, in its RETURNING, the installations it may go to (read by the same statement). */
function eventInsertStatement(trx: Executor, candidates: RawBuilder<RecipientRow> | null) {
  return trx
    .insertInto('control.events')
    .values({
      event_name: slot<EventName>('eventName'),
      plane: slot<EventScope['plane']>('plane'),
      sandbox_id: slot<number | null>('sandboxId'),
      organization_id: slot<number | null>('organizationId'),
      location_id: slot<number | null>('locationId'),
      installation_id: slot<number | null>('installationId'),
      request_id: slot<string | null>('requestId'),
      data: slot<string>('data'),
    })
    .returning([
      'event_id',
      // Text keeps the microseconds of the partition key (a Date would drop them): the fan-out outbox row carries it.
      sql<string>`occurred_at::text`.as('occurred_at'),
      (candidates === null
        ? sql<RecipientRow[]>`'[]'::json`
        : sql<RecipientRow[]>`(select coalesce(json_agg(x), '[]') from (${candidates}) x)`
      ).as('recipients'),
    ]);
}
