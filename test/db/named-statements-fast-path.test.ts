import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  assertPinnedPg,
  checkFastPath,
  FastPathMismatch,
  FastPathRefused,
  PINNED_PG_VERSION,
  useFastPath,
} from '../../src/db/fast-path.js';
import { createTestContext, type TestContext } from '../support/context.js';

// The database fast path (src/db/fast-path.ts, SVC_DB_FAST_PATH) on a real PostgreSQL: one
// connection, so that pg_prepared_statements shows what that connection holds.

let t: TestContext;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestContext();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
  useFastPath(pool, 3);
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

const prepared = async () =>
  (
    await pool.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time',
    )
  ).rows.map((r) => r.statement);

/** Runs `fn` on one client of the pool, counting the protocol messages of these names it receives. */
async function countingMessages<T>(
  messages: string[],
  fn: (client: pg.PoolClient, count: () => number) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let count = 0;
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
  const tick = () => (count += 1);
  for (const message of messages) connection.on(message, tick);
  try {
    return await fn(client, () => count);
  } finally {
    for (const message of messages) connection.off(message, tick);
    client.release();
  }
}

describe('named statements', () => {
  it('when a parameterised query runs twice, then the connection parses it once and reuses it', async () => {
    const text = 'select $1::int + 1 as n';
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await pool.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual([text]);
  });

  it('when more distinct statements run than the bound, then the least recently used are deallocated', async () => {
    for (let i = 0; i < 6; i += 1)
      expect((await pool.query(`select $1::int * ${i} as n`, [2])).rows).toEqual([{ n: 2 * i }]);
    const held = await prepared();
    expect(held).toEqual([
      'select $1::int * 3 as n',
      'select $1::int * 4 as n',
      'select $1::int * 5 as n',
    ]);
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
    // The derived names stay within the bound; the connection's named BEGIN is the one fixed extra.
    expect((await prepared()).filter((s) => s !== 'begin').length).toBeLessThanOrEqual(3);
  });

  it('when a statement has no parameters (BEGIN, DDL, SET), then it runs unnamed', async () => {
    await pool.query('create temporary table named_check (n int)');
    await pool.query('insert into named_check values (1)');
    expect(await prepared()).not.toContain('insert into named_check values (1)');
  });
});

describe('BEGIN with the first statement', () => {
  /** Runs `fn` on one client, counting its round trips (every ReadyForQuery ends one). */
  const onClient = <T>(fn: (client: pg.PoolClient, roundTrips: () => number) => Promise<T>) =>
    countingMessages(['readyForQuery'], fn);
  const txid = 'select txid_current()::text as id, $1::int as n';

  it('when a transaction runs two statements, then BEGIN rides with the first: three round trips, one transaction', async () => {
    await onClient(async (client) => {
      await client.query('begin');
      await client.query(txid, [0]);
      await client.query('commit'); // the connection's named BEGIN is parsed by its first transaction
    });
    await onClient(async (client, roundTrips) => {
      await client.query('begin');
      expect(roundTrips()).toBe(0);
      const first = await client.query(txid, [1]);
      const second = await client.query(txid, [2]);
      const done = await client.query('commit');
      expect(roundTrips()).toBe(3);
      expect(first.rows[0].id).toBe(second.rows[0].id);
      expect([first.rows[0].n, second.rows[0].n]).toEqual([1, 2]);
      expect(done.command).toBe('COMMIT');
    });
  });

  it('when the first statement fails, then the transaction is aborted, ROLLBACK ends it and nothing it wrote stays', async () => {
    await pool.query('create table if not exists begin_check (n int primary key)');
    await onClient(async (client) => {
      await client.query('begin');
      await expect(client.query('select 1 / $1::int as n', [0])).rejects.toThrow(
        'division by zero',
      );
      await expect(client.query('insert into begin_check values ($1)', [1])).rejects.toThrow(
        'current transaction is aborted',
      );
      await client.query('rollback');
      await client.query('begin');
      await client.query('insert into begin_check values ($1)', [2]);
      await expect(client.query('insert into begin_check values ($1)', [2])).rejects.toThrow(
        'duplicate key',
      );
      await client.query('rollback');
    });
    expect((await pool.query('select count(*)::int as n from begin_check')).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('when the first statement does not parse, then it fails as itself, and the connection stays usable', async () => {
    for (let i = 0; i < 2; i += 1) {
      await onClient(async (client) => {
        await client.query('begin');
        await expect(client.query('select n from begin_missing where n = $1', [1])).rejects.toThrow(
          'relation "begin_missing" does not exist',
        );
        await client.query('rollback');
      });
    }
    expect((await pool.query('select $1::int as n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('when a transaction sends nothing before COMMIT or ROLLBACK, then no round trip is made', async () => {
    await onClient(async (client, roundTrips) => {
      await client.query('begin');
      expect((await client.query('commit')).command).toBe('COMMIT');
      await client.query('begin');
      expect((await client.query('rollback')).command).toBe('ROLLBACK');
      expect(roundTrips()).toBe(0);
      // Not left inside a transaction: each statement now runs in its own.
      const a = await client.query(txid, [1]);
      const b = await client.query(txid, [2]);
      expect(a.rows[0].id).not.toBe(b.rows[0].id);
    });
  });

  it('when the first statement has no parameters, then BEGIN goes before it and both are in the transaction', async () => {
    await onClient(async (client) => {
      await client.query('begin');
      const first = await client.query('select txid_current()::text as id');
      const second = await client.query(txid, [1]);
      await client.query('commit');
      expect(first.rows[0].id).toBe(second.rows[0].id);
    });
  });
});

describe('a named statement described once per connection', () => {
  /** Runs `fn` on one client, counting the descriptions it receives (RowDescription or NoData). */
  const counting = <T>(fn: (client: pg.PoolClient, descriptions: () => number) => Promise<T>) =>
    countingMessages(['rowDescription', 'noData'], fn);
  const typed = `select $1::int as n, $2::timestamptz as at, $3::numeric as amount, $4::jsonb as data, null::text as nothing, 'x' || $1::text as label`;

  it('when it runs again, then no description is asked for, and its rows are typed as the first time', async () => {
    await counting(async (client, descriptions) => {
      const first = await client.query(typed, [1, '2026-11-25T10:00:00Z', '12.50', '{"a":[1]}']);
      const after = descriptions();
      expect(after).toBe(1);
      const second = await client.query(typed, [2, '2026-11-25T11:30:00Z', '0.10', '{"b":null}']);
      expect(descriptions()).toBe(after);
      expect(first.rows).toEqual([
        {
          n: 1,
          at: new Date('2026-11-25T10:00:00Z'),
          amount: '12.50',
          data: { a: [1] },
          nothing: null,
          label: 'x1',
        },
      ]);
      expect(second.rows).toEqual([
        {
          n: 2,
          at: new Date('2026-11-25T11:30:00Z'),
          amount: '0.10',
          data: { b: null },
          nothing: null,
          label: 'x2',
        },
      ]);
      expect(second.fields.map((f) => f.name)).toEqual([
        'n',
        'at',
        'amount',
        'data',
        'nothing',
        'label',
      ]);
      // Each result is its own: rows of one are not the rows of another.
      expect(first.rows[0]).not.toBe(second.rows[0]);
    });
  });

  it('when its rows are built from the kept description, then they are the rows pg builds: same keys in the same order, the last of two same-named columns wins', async () => {
    const text = `select $1::int as b, 'one' as a, $2::text as b, null::int as c, $3::bool as d`;
    const plain = await pool.query({ text, values: [1, 'two', true] }); // unnamed: pg's own parsing
    await counting(async (client) => {
      for (let i = 0; i < 3; i += 1) {
        const { rows } = await client.query(text, [1, 'two', true]);
        expect(rows).toEqual(plain.rows);
        expect(rows.map((row) => Object.keys(row))).toEqual(
          plain.rows.map((row) => Object.keys(row)),
        );
        expect(rows).toEqual([{ b: 'two', a: 'one', c: null, d: true }]);
      }
    });
  });

  it('when it returns no rows (an INSERT without RETURNING), then it runs again undescribed and reports its row count', async () => {
    await pool.query('create table if not exists described_check (n int)');
    await counting(async (client, descriptions) => {
      expect(
        (await client.query('insert into described_check values ($1), ($2)', [1, 2])).rowCount,
      ).toBe(2);
      const after = descriptions();
      expect(
        (await client.query('insert into described_check values ($1), ($2)', [3, 4])).rowCount,
      ).toBe(2);
      expect(descriptions()).toBe(after);
      expect(
        (await client.query('select count(*)::int as n from described_check where n > $1', [0]))
          .rows,
      ).toEqual([{ n: 4 }]);
    });
  });

  it('when it rides with a pipelined BEGIN, then it is described once too and its rows are right', async () => {
    await counting(async (client, descriptions) => {
      const rows: unknown[] = [];
      for (let i = 1; i <= 3; i += 1) {
        await client.query('begin');
        rows.push((await client.query('select $1::int * 10 as n', [i])).rows);
        await client.query('commit');
      }
      expect(rows).toEqual([[{ n: 10 }], [{ n: 20 }], [{ n: 30 }]]);
      expect(descriptions()).toBe(1);
    });
  });

  it('when it was evicted and runs again, then it is described again under its new name', async () => {
    await counting(async (client, descriptions) => {
      const text = 'select $1::int - 1 as n';
      expect((await client.query(text, [5])).rows).toEqual([{ n: 4 }]);
      for (let i = 0; i < 4; i += 1) await client.query(`select $1::int * ${i} as other`, [1]);
      const before = descriptions();
      expect((await client.query(text, [9])).rows).toEqual([{ n: 8 }]);
      expect(descriptions()).toBe(before + 1);
    });
  });

  it('when a described statement fails as it runs, then the error is its own and the next run is right', async () => {
    await counting(async (client) => {
      const text = 'select 10 / $1::int as n';
      expect((await client.query(text, [2])).rows).toEqual([{ n: 5 }]);
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
      expect((await client.query(text, [5])).rows).toEqual([{ n: 2 }]);
    });
  });
});

describe('the pinned pg', () => {
  it('when node_modules holds a pg other than the one the fast path was written for, then this test fails (upgrade: turn the fast path off or update it)', () => {
    const installed = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../node_modules/pg/package.json'), 'utf8'),
    ).version;
    expect(installed).toBe(PINNED_PG_VERSION);
    const declared = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    ).dependencies.pg;
    expect(declared).toBe(PINNED_PG_VERSION);
  });

  it('when the fast path meets another pg version, then it refuses, naming the setting that turns it off', () => {
    expect(() => assertPinnedPg(PINNED_PG_VERSION)).not.toThrow();
    expect(() => assertPinnedPg('8.23.2')).toThrow(FastPathRefused);
    expect(() => assertPinnedPg('8.23.2')).toThrow(/SVC_DB_FAST_PATH=off.*/);
    expect(() => assertPinnedPg('8.23.2')).toThrow(/pg 8\.23\.2/);
  });
});

describe('the boot self-check of the fast path', () => {
  it("when a statement's kept description parses its rows as pg itself does, then the check passes", async () => {
    await expect(checkFastPath(pool)).resolves.toBeUndefined();
  });

  it('when pg parses a type differently after a statement was described (as an upgrade of pg could), then the check refuses with what differs', async () => {
    const numeric = pg.types.getTypeParser(pg.types.builtins.NUMERIC);
    const fresh = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    useFastPath(fresh);
    try {
      const check = checkFastPath(fresh, () =>
        pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value)),
      );
      await expect(check).rejects.toThrow(FastPathMismatch);
      await expect(check).rejects.toThrow(/"amount":"48.50".*"amount":48.5/);
    } finally {
      pg.types.setTypeParser(pg.types.builtins.NUMERIC, numeric);
      await fresh.end();
    }
  });
});
