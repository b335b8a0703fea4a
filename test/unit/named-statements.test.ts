import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { useNamedStatements } from '../../src/db/named-statements.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Named statements on a real PostgreSQL: one connection, so that pg_prepared_statements shows
// what that connection holds.

let t: TestContext;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestContext();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
  useNamedStatements(pool, 3);
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

const prepared = async () =>
  (await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map((r) => r.statement);

describe('named statements', () => {
  it('when a parameterised query runs twice, then the connection parses it once and reuses it', async () => {
    const text = 'select $1::int + 1 as n';
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await pool.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual([text]);
  });

  it('when more distinct statements run than the bound, then the least recently used are deallocated', async () => {
    for (let i = 0; i < 6; i += 1) expect((await pool.query(`select $1::int * ${i} as n`, [2])).rows).toEqual([{ n: 2 * i }]);
    const held = await prepared();
    expect(held).toEqual(['select $1::int * 3 as n', 'select $1::int * 4 as n', 'select $1::int * 5 as n']);
    // An evicted statement still runs (prepared again under a new name).
    expect((await pool.query('select $1::int * 0 as n', [7])).rows).toEqual([{ n: 0 }]);
  });

  it('when statements run inside a transaction, then eviction does not disturb it', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (let i = 10; i < 16; i += 1) await client.query(`select $1::int + ${i} as n`, [1]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect((await prepared()).length).toBeLessThanOrEqual(3);
  });

  it('when a statement has no parameters (BEGIN, DDL, SET), then it runs unnamed', async () => {
    await pool.query('create temporary table named_check (n int)');
    await pool.query('insert into named_check values (1)');
    expect(await prepared()).not.toContain('insert into named_check values (1)');
  });
});
