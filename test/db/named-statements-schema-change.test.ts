import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { useFastPath } from '../../src/db/fast-path.js';
import { namedStatementPool } from '../../src/db/named-statements.js';
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
    for (const res of await Promise.all(Array.from({ length: 20 }, read)))
      expect(res.body.errors).toBeUndefined();
    await sql`alter table control.sandboxes add column probe int`.execute(t.db);
    const after = await Promise.all(Array.from({ length: 20 }, read));
    expect(after.map((res) => res.body.errors?.[0]?.extensions?.code ?? 'ok')).toEqual(
      Array(20).fill('ok'),
    );
  });

  /** What a test needs of a pool: a client that runs text with values, and gives it back. */
  type Clients = {
    connect(): Promise<{
      query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
      release(): void;
    }>;
  };
  const paths: [string, (pool: pg.Pool) => Clients][] = [
    [
      'the public API (SVC_DB_FAST_PATH off)',
      (pool) => namedStatementPool(pool) as unknown as Clients,
    ],
    ['the fast path', (pool) => (useFastPath(pool), pool as unknown as Clients)],
  ];

  it.each(paths)(
    "when the server forgets the connection's statements (a pooler's DEALLOCATE ALL), then queries and transactions still run: %s",
    async (_path, wrap) => {
      const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
      const clients = wrap(pool);
      const onClient = async <T>(
        fn: (client: Awaited<ReturnType<Clients['connect']>>) => Promise<T>,
      ): Promise<T> => {
        const client = await clients.connect();
        try {
          return await fn(client);
        } finally {
          client.release();
        }
      };
      try {
        const select = () =>
          onClient(async (client) => (await client.query('select $1::int as n', [7])).rows[0]);
        const transaction = () =>
          onClient(async (client) => {
            await client.query('begin', []);
            const { rows } = await client.query('select $1::int + 1 as n', [7]);
            await client.query('commit', []);
            return rows[0];
          });
        expect(await select()).toEqual({ n: 7 });
        expect(await transaction()).toEqual({ n: 8 });
        expect(await transaction()).toEqual({ n: 8 });
        await onClient((client) => client.query('deallocate all', []));
        expect(await select()).toEqual({ n: 7 });
        // The first transaction after the loss may fail once (a name it uses is gone), the next runs.
        await transaction().catch(() => undefined);
        expect(await transaction()).toEqual({ n: 8 });
      } finally {
        await pool.end();
      }
    },
  );
});
