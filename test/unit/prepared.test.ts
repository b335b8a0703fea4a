import { describe, expect, it } from '@jest/globals';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { PreparedKeyMismatch, PreparedQuery, slot } from '../../src/db/prepared.js';

interface Db {
  items: { id: number; name: string; location_id: number };
}

/** A driver that records what would be sent to PostgreSQL and answers with no rows. */
function recordingDb(sent: CompiledQuery[]): Kysely<Db> {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      sent.push(query);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely<Db>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

const byLocation = (db: Kysely<Db>) => () =>
  db
    .selectFrom('items')
    .selectAll()
    .where('location_id', '=', slot<number>('location'))
    .where('name', '=', slot<string>('name'))
    .limit(1);

describe('PreparedQuery', () => {
  it('builds a shape once and binds each execution its own values, constants kept', async () => {
    const sent: CompiledQuery[] = [];
    const db = recordingDb(sent);
    const query = new PreparedQuery<Db['items']>(512, false);
    let builds = 0;
    const build = () => {
      builds += 1;
      return byLocation(db)();
    };
    await query.execute(db, 'a', build, { location: 1, name: 'x' });
    await query.execute(db, 'a', build, { location: 2, name: 'y' });
    expect(builds).toBe(1);
    expect(sent.map((q) => q.parameters)).toEqual([
      [1, 'x', 1],
      [2, 'y', 1],
    ]);
    expect(sent[0]!.sql).toBe(sent[1]!.sql);
  });

  it('keeps at most maxShapes shapes, dropping the least recently used', async () => {
    const db = recordingDb([]);
    const query = new PreparedQuery<Db['items']>(2, false);
    const built: string[] = [];
    const run = (key: string) =>
      query.execute(db, key, () => (built.push(key), byLocation(db)()), { location: 1, name: 'x' });
    await run('a');
    await run('b');
    await run('a'); // a is now the most recent
    await run('c'); // evicts b
    await run('a');
    await run('b'); // rebuilt
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });

  it('refuses to run when a slot has no value', async () => {
    const db = recordingDb([]);
    await expect(
      new PreparedQuery<Db['items']>().execute(db, 'a', byLocation(db), { location: 1 }),
    ).rejects.toThrow('no value for slot name');
  });
});

describe('PreparedQuery in checked mode', () => {
  const byName = (db: Kysely<Db>, schema: string) => () =>
    db.withSchema(schema).selectFrom('items').select('id').where('name', '=', slot<string>('name'));

  it('when a hand-written key leaves out something the SQL text depends on (the schema), then the second shape under it is refused, naming the key', async () => {
    const db = recordingDb([]);
    const query = new PreparedQuery<{ id: number }>(512, true);
    await query.execute(db, 'by-name', byName(db, 'production'), { name: 'x' });
    const wrong = query.execute(db, 'by-name', byName(db, 'sandbox_1'), { name: 'x' });
    await expect(wrong).rejects.toThrow(PreparedKeyMismatch);
    await expect(
      query.execute(db, 'by-name', byName(db, 'sandbox_1'), { name: 'x' }),
    ).rejects.toThrow(
      /key "by-name" names two different statements[\s\S]*"production"[\s\S]*"sandbox_1"/,
    );
  });

  it('when the key names the schema, then each shape runs its own text', async () => {
    const sent: CompiledQuery[] = [];
    const db = recordingDb(sent);
    const query = new PreparedQuery<{ id: number }>(512, true);
    for (const schema of ['production', 'sandbox_1', 'production'])
      await query.execute(db, `by-name ${schema}`, byName(db, schema), { name: 'x' });
    expect(sent.map((q) => q.sql.includes('"sandbox_1"'))).toEqual([false, true, false]);
  });

  it('when tests run, then checked mode is on by default', async () => {
    const db = recordingDb([]);
    const query = new PreparedQuery<{ id: number }>();
    await query.execute(db, 'k', byName(db, 'a'), { name: 'x' });
    await expect(query.execute(db, 'k', byName(db, 'b'), { name: 'x' })).rejects.toThrow(
      PreparedKeyMismatch,
    );
  });
});
