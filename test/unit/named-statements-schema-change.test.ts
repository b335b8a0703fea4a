import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { useNamedStatements } from '../../src/db/named-statements.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { gql, portalWorld } from '../support/portal-builders.js';

// Security review 3, finding 6: a migration that adds a column while a process runs (the README's
// rollout order) must not break that process's named statements, nor must a lost statement.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('named statements after a schema change', () => {
  it('when a column is added to a table the running app reads with select *, then every later read still answers', async () => {
    const world = await portalWorld(t.app);
    const read = () => gql(t.app, world.dev.token, '{ sandboxes { id name status } }');
    // Enough reads, concurrently, that most connections of the pool have the statement prepared.
    for (const res of await Promise.all(Array.from({ length: 20 }, read))) expect(res.body.errors).toBeUndefined();
    await sql`alter table control.sandboxes add column probe int`.execute(t.db);
    const after = await Promise.all(Array.from({ length: 20 }, read));
    expect(after.map((res) => res.body.errors?.[0]?.extensions?.code ?? 'ok')).toEqual(Array(20).fill('ok'));
  });

  it('when the server forgets the connection\'s statements (a pooler\'s DEALLOCATE ALL), then queries and transactions still run', async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    useNamedStatements(pool);
    try {
      const select = () => pool.query<{ n: number }>('select $1::int as n', [7]);
      const transaction = async () => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const { rows } = await client.query<{ n: number }>('select $1::int + 1 as n', [7]);
          await client.query('commit');
          return rows[0]!.n;
        } finally {
          client.release();
        }
      };
      expect((await select()).rows[0]!.n).toBe(7);
      expect(await transaction()).toBe(8);
      expect(await transaction()).toBe(8);
      await pool.query('deallocate all');
      expect((await select()).rows[0]!.n).toBe(7);
      // The first transaction after the loss fails once (its BEGIN's name is gone), the next runs.
      await transaction().catch(() => undefined);
      expect(await transaction()).toBe(8);
    } finally {
      await pool.end();
    }
  });
});
