import { describe, expect, it } from '@jest/globals';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { ORDER_VIEW, ORDER_VIEW_PARAMETERS } from '../../bench/order-view-sql.js';
import type { DataPlaneSchema } from '../../src/db/types.js';
import { selectOrderViews } from '../../src/domain/orders/order-view.js';

// The bench's baseline and floor run the service's order view as text: compared with the
// service's own builder, compiled here for the production schema, so the two cannot drift apart.

const compiler = new Kysely<DataPlaneSchema>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const service = selectOrderViews(compiler.withSchema('production')).compile();
const words = (sql: string) => sql.trim().split(/\s+/).join(' ');

describe("the bench's order view SQL", () => {
  it("is the service's statement (whitespace aside)", () => {
    expect(words(ORDER_VIEW)).toBe(words(service.sql));
  });

  it('takes the parameters the benches pass as $1 and $2', () => {
    expect(service.parameters).toEqual(['sale', 'failed']);
    expect(ORDER_VIEW_PARAMETERS).toEqual(service.parameters);
  });
});
