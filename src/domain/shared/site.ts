import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, DataPlaneSchema } from '../../db/types.js';
import type { EventDataMap, EventName } from '../../generated/events.generated.js';
import type { EmittedEvent, EventScope, EventSink } from '../webhooks/index.js';

/**
 * Where an action happens: one organization in one data plane, usually at one location. The
 * plugin side (an installation's context, from its key) and the restaurant side (the operator in
 * production, a developer's `simulate*` in a sandbox) both act through a site, so both reach the
 * same rows and emit the same events.
 */
export interface Site {
  /** The whole database (control plane by qualified names), for transactions. */
  db: Db;
  /** The data-plane schema: `production` or the sandbox's `sandbox_<id>`. */
  schema: string;
  plane: 'production' | 'sandbox';
  sandboxId: number | null;
  organizationId: number;
  locationId: number;
  /** The process's event sink: a write emits through the site it acts in. */
  events: EventSink;
  /** The API request acting (its X-Request-Id): the events it causes carry it as request_id. */
  requestId?: string | null;
}

/** One transaction, seen two ways (the control plane by qualified names, the site's data plane), and its events. */
export interface Tx {
  trx: Transaction<Database>;
  data: Kysely<DataPlaneSchema>;
  /** The data-plane schema `data` lands in: the key of statements compiled once per schema (db/prepared.ts). */
  schema: string;
  /** Emits an event in this transaction: it commits or rolls back with the change. */
  emit<E extends EventName>(
    scope: EventScope,
    name: E,
    data: EventDataMap[E],
  ): Promise<EmittedEvent>;
}

/** A transaction's data plane and the schema it lands in: what statements compiled once per schema need. */
export type PlaneTx = Pick<Tx, 'data' | 'schema'>;

/** A data-plane handle: every query through it lands in `schema`. The one place this cast is made. */
export function dataPlane(db: Db | Transaction<Database>, schema: string): Kysely<DataPlaneSchema> {
  const plain = db as unknown as Kysely<DataPlaneSchema>;
  if (db.isTransaction) return plain.withSchema(schema);
  // Kept per pool and schema: withSchema builds a plugin whose transformer binds a hundred methods
  // (about 9 KB and a few µs a call), which every API request would pay otherwise. A handle holds
  // no state between queries, so requests share it.
  let handles = HANDLES.get(db);
  if (!handles) HANDLES.set(db, (handles = new Map()));
  let handle = handles.get(schema);
  if (!handle) {
    if (handles.size >= MAX_HANDLES) handles.delete(handles.keys().next().value!);
    handles.set(schema, (handle = plain.withSchema(schema)));
  }
  return handle;
}

/** Data-plane handles of each pool, by schema (production and one a sandbox), oldest dropped first. */
const HANDLES = new WeakMap<object, Map<string, Kysely<DataPlaneSchema>>>();
const MAX_HANDLES = 512;

/** Runs a write as one transaction in the site's plane, its events included. */
export function inSite<T>(site: Site, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return site.db.transaction().execute((trx) =>
    fn({
      trx,
      data: dataPlane(trx, site.schema),
      schema: site.schema,
      emit: (scope, name, data) =>
        site.events.emit(trx, { requestId: site.requestId ?? null, ...scope }, name, data),
    }),
  );
}

/** The event scope of a change at a location of the site's organization (its own location by default). */
export function scopeAt(
  site: Omit<Site, 'db' | 'schema' | 'events' | 'locationId'>,
  locationId: number | null,
): EventScope {
  return {
    plane: site.plane,
    sandboxId: site.sandboxId,
    organizationId: site.organizationId,
    locationId,
  };
}
