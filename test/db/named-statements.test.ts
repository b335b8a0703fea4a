import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import {
  namedStatementPool,
  namedStatementStats,
  statementName,
} from '../../src/db/named-statements.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Named statements through node-postgres's public API (src/db/named-statements.ts, the path with
// SVC_DB_FAST_PATH off) on a real PostgreSQL: pools of one connection, so that
// pg_prepared_statements shows what that connection holds.

let t: TestContext;
const pools: pg.Pool[] = [];

beforeAll(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.end();
});
afterAll(() => t.close());

/** Kysely's pool over one connection, naming at most `max` statements a connection. */
function named(max = 3): PostgresPool {
  const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
  pools.push(pool);
  return namedStatementPool(pool, max);
}

type Row = Record<string, unknown>;
const rows = async (
  client: PostgresPoolClient,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> => (await client.query<Row>(text, values)).rows;
const held = (client: PostgresPoolClient) =>
  rows(client, 'select name, statement from pg_prepared_statements order by prepare_time');
const pid = async (client: PostgresPoolClient) =>
  (await rows(client, 'select pg_backend_pid() as pid'))[0]!.pid;

async function onClient<T>(
  pool: PostgresPool,
  fn: (client: PostgresPoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

describe("named statements through pg's public API", () => {
  it('when a parameterised query runs twice, then the connection parses it once, under a name derived from its text', async () => {
    const pool = named();
    const text = 'select $1::int + 1 as n';
    await onClient(pool, async (client) => {
      expect(await rows(client, text, [1])).toEqual([{ n: 2 }]);
      expect(await rows(client, text, [41])).toEqual([{ n: 42 }]);
      expect(await held(client)).toEqual([{ name: statementName(text), statement: text }]);
    });
    // Another connection gives the same text the same name.
    expect(statementName(text)).toMatch(/^s0_[0-9a-f]{24}$/);
    expect(statementName(text)).not.toBe(statementName('select $1::int + 2 as n'));
  });

  it('when a statement has no parameters (BEGIN, DDL, SET), then it runs unnamed', async () => {
    await onClient(named(), async (client) => {
      await client.query('create temporary table named_check (n int)', []);
      await client.query('insert into named_check values (1)', []);
      expect(await held(client)).toEqual([]);
    });
  });

  it('when more distinct statements run than the bound, then the ones past it run unnamed and the connection is replaced once released', async () => {
    const pool = named(3);
    const first = await onClient(pool, async (client) => {
      for (let i = 0; i < 6; i += 1)
        expect(await rows(client, `select $1::int * ${i} as n`, [2])).toEqual([{ n: 2 * i }]);
      expect((await held(client)).map((r) => r.statement)).toEqual([
        'select $1::int * 0 as n',
        'select $1::int * 1 as n',
        'select $1::int * 2 as n',
      ]);
      return pid(client);
    });
    await onClient(pool, async (client) => {
      expect(await pid(client)).not.toBe(first);
      expect(await held(client)).toEqual([]);
      expect(await rows(client, 'select $1::int * 5 as n', [3])).toEqual([{ n: 15 }]);
      expect((await held(client)).map((r) => r.statement)).toEqual(['select $1::int * 5 as n']);
    });
  });

  it('when a transaction reaches the bound, then its statements still run in it, and the connection is replaced after it', async () => {
    const pool = named(2);
    const first = await onClient(pool, async (client) => {
      await client.query('begin', []);
      const ids = [];
      for (let i = 0; i < 4; i += 1)
        ids.push(
          (await rows(client, `select txid_current()::text as id, $1::int + ${i} as n`, [1]))[0]!
            .id,
        );
      await client.query('commit', []);
      expect(new Set(ids).size).toBe(1);
      return pid(client);
    });
    await onClient(pool, async (client) => expect(await pid(client)).not.toBe(first));
  });

  it('when a statement fails as it runs, then the error is its own and the next run is right', async () => {
    await onClient(named(), async (client) => {
      const text = 'select 10 / $1::int as n';
      expect(await rows(client, text, [2])).toEqual([{ n: 5 }]);
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
      expect(await rows(client, text, [5])).toEqual([{ n: 2 }]);
    });
  });
});

describe('a name the server no longer accepts', () => {
  it("when the server forgets the connection's statements (DEALLOCATE ALL), then a statement is retried at once, and in a transaction only that transaction fails", async () => {
    const pool = named(10);
    await onClient(pool, async (client) => {
      const stale = namedStatementStats().staleNames;
      const text = 'select $1::int as n';
      expect(await rows(client, text, [7])).toEqual([{ n: 7 }]);
      await client.query('deallocate all', []);
      expect(await rows(client, text, [8])).toEqual([{ n: 8 }]);
      expect(namedStatementStats().staleNames - stale).toBe(1);

      await client.query('deallocate all', []);
      await client.query('begin', []);
      await expect(client.query(text, [9])).rejects.toMatchObject({ code: '26000' });
      await client.query('rollback', []);
      await client.query('begin', []);
      expect(await rows(client, text, [10])).toEqual([{ n: 10 }]);
      await client.query('commit', []);
    });
  });

  it('when a migration changes the type of a column a kept statement returns (0A000), then the statement is parsed again and answers with the new type', async () => {
    const pool = named(10);
    await onClient(pool, async (client) => {
      await client.query('create table stale_check (n int)', []);
      await client.query('insert into stale_check values (1)', []);
      const text = 'select n from stale_check where $1::int >= 0';
      expect(await rows(client, text, [0])).toEqual([{ n: 1 }]);
      const stale = namedStatementStats().staleNames;
      await client.query('alter table stale_check alter column n type text', []);
      expect(await rows(client, text, [0])).toEqual([{ n: '1' }]);
      expect(namedStatementStats().staleNames - stale).toBe(1);
    });
  });
});
