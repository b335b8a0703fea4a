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
import { PreparedQuery, slot } from '../../src/db/prepared.js';

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
  db.selectFrom('items').selectAll().where('location_id', '=', slot<number>('location')).where('name', '=', slot<string>('name')).limit(1);

describe('PreparedQuery', () => {
  it('builds a shape once and binds each execution its own values, constants kept', async () => {
    const sent: CompiledQuery[] = [];
    const db = recordingDb(sent);
    const query = new PreparedQuery<Db['items']>();
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
    const query = new PreparedQuery<Db['items']>(2);
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
    await expect(new PreparedQuery<Db['items']>().execute(db, 'a', byLocation(db), { location: 1 })).rejects.toThrow('no value for slot name');
  });
});
