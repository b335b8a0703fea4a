import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { DataPlaneSchema } from '../src/db/types.js';
import { selectOrderViews } from '../src/domain/orders/order-view.js';

// The service's order view for the bench's baseline and floor: the order, its items with their
// customizations, its sale payments ($1, $2: type and excluded status) and its customer as JSON
// aggregates in one statement. Compiled here from the service's own builder
// (src/domain/orders/order-view.ts) for the production schema, with no connection, so the benches
// run the very statement the service runs; each appends its where clause from $3 on.

const compiler = new Kysely<DataPlaneSchema>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compiled = selectOrderViews(compiler.withSchema('production')).compile();

export const ORDER_VIEW = compiled.sql;

/** What the benches pass as $1 and $2; a service change to them stops the bench rather than skew it. */
export const ORDER_VIEW_PARAMETERS = ['sale', 'failed'] as const;
if (JSON.stringify(compiled.parameters) !== JSON.stringify(ORDER_VIEW_PARAMETERS)) {
  throw new Error(
    `the service's order view now takes ${JSON.stringify(compiled.parameters)} as $1.. (bench/order-view-sql.ts)`,
  );
}
