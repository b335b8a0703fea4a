import type { Kysely, Transaction } from 'kysely';
import type { Database, DataPlaneSchema } from '../../db/types.js';
import type { EventScope } from '../webhooks/index.js';
import type { InstallationContext } from '../installations/index.js';

/** One transaction, seen two ways: the control plane by qualified names and the caller's data plane. */
export interface Tx {
  trx: Transaction<Database>;
  data: Kysely<DataPlaneSchema>;
}

/**
 * Runs a write as one transaction in the installation's plane. Events emitted with `tx.trx`
 * commit or roll back with the change.
 */
export function inTransaction<T>(ctx: InstallationContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute((trx) =>
    fn({ trx, data: (trx as unknown as Transaction<DataPlaneSchema>).withSchema(ctx.schema) }),
  );
}

/** The event scope of a change made by this installation at a location of its organization. */
export function scopeOf(ctx: InstallationContext, locationId: number | null): EventScope {
  return { plane: ctx.plane, sandboxId: ctx.sandboxId, organizationId: ctx.organizationId, locationId };
}
