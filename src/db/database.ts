import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { useNamedStatements } from './named-statements.js';
import type { Database } from './types.js';

// int8 (count(*), sums) as JS numbers: every such value here is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface PoolOptions {
  max?: number;
  /**
   * How long a query waits for a connection, a free one or a new one connecting (pg's
   * connectionTimeoutMillis): past it the query fails, and the request is answered 503 instead of
   * queueing without bound behind a burst or hanging on a database that does not answer.
   */
  acquireTimeoutMs?: number;
}

export function createDatabase(connectionString: string, options: PoolOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20, connectionTimeoutMillis: options.acquireTimeoutMs ?? 0 });
  // An idle client can lose its connection (server restart, database dropped); the pool replaces
  // it on next use. Without a listener the error would crash the process.
  pool.on('error', () => {});
  // pg-pool takes that listener off a client while it is checked out: a connection lost in the
  // middle of a query or transaction (the server crashed or restarted) would emit 'error' with
  // nobody listening and end the process. Its query fails anyway (mapped to 503 service_unavailable)
  // and the pool drops the client on release, since it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  useNamedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
