import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { prepareStatement } from '../../src/domain/webhooks/delivery/delivery.js';
import { createTestContext, type TestContext } from '../support/context.js';

// The service's connections plan a named statement once and keep that plan (src/db/database.ts):
// a statement on the partitioned history was otherwise planned again at every run, the partitions
// pruned by its values (custom plans), which took more of PostgreSQL than running it did.

let t: TestContext;
beforeAll(async () => void (t = await createTestContext()));
afterAll(() => t.close());

describe('plans of named statements', () => {
  it('when a statement on the partitioned history runs again on a connection, then PostgreSQL runs its kept plan, not a new one', async () => {
    const now = new Date().toISOString();
    const counts = await t.db.connection().execute(async (db) => {
      for (let logId = 1; logId <= 8; logId++)
        await prepareStatement([{ logId, attempt: 1, logCreatedAt: now, occurredAt: now }]).execute(
          db,
        );
      const { rows } = await sql<{ generic: number; custom: number }>`
        select generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where statement like '%with l as materialized%'`.execute(db);
      return rows;
    });
    expect(counts).toEqual([{ generic: 8, custom: 0 }]);
  });
});
