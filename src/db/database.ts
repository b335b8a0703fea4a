import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config.js';
import { useFastPath } from './fast-path.js';
import { namedStatementPool } from './named-statements.js';
import type { Database } from './types.js';

// int8 (count(*), sums) as JS numbers: every such value here is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
  /** Per-connection bounds (config.databaseTimeouts); none when omitted (migrations, admin tools). */
  timeouts?: Pick<DatabaseTimeouts, 'statementMs' | 'idleInTransactionMs' | 'acquireMs'>;
  /** Told about an idle client's error (a lost connection); the pool replaces the client. */
  onIdleError?: (err: Error) => void;
  /** pg's internals for fewer round trips and no Describe (fast-path.ts, SVC_DB_FAST_PATH); off: public APIs only. */
  fastPath?: boolean;
}

/**
 * A named statement (named-statements.ts, fast-path.ts) is planned once per connection and its
 * plan kept. Left to choose, PostgreSQL planned most statements on the partitioned history again at
 * every run (a custom plan, pruned by the run's values, looks cheaper than the kept one), and that
 * planning cost more than the runs: at 500 events a second, 3.0 of its 7.2 CPU seconds in 10 s
 * (bench/webhooks.ts). A kept plan prunes the partitions as each run starts instead. Measured with
 * bench/ab.ts, PostgreSQL's CPU a request: POST /orders 2.77 -> 2.11 ms, GET /orders/{orderId}
 * 0.50 -> 0.47, the portal's pages and GET /events lower too; none higher.
 */
const PLAN_CACHE_MODE = 'force_generic_plan';

export function createDatabase(
  connectionString: string,
  options: DatabaseOptions = {},
): DatabaseHandle {
  const t = options.timeouts;
  // Without bounds one stuck statement, a transaction left open or a pool waiting for a
  // connection would hold its caller forever (and a transaction's locks with it). pg leaves a 0
  // unset, which is the server's default: no limit.
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    statement_timeout: t?.statementMs || undefined,
    idle_in_transaction_session_timeout: t?.idleInTransactionMs || undefined,
    connectionTimeoutMillis: t?.acquireMs || undefined,
    options: `-c plan_cache_mode=${PLAN_CACHE_MODE}`,
  });
  // An idle client can lose its connection (server restart, database dropped); the pool replaces
  // it on next use. Without a listener the error would crash the process.
  pool.on('error', (err) => options.onIdleError?.(err));
  // pg-pool takes that listener off a client while it is checked out: a connection lost in the
  // middle of a query or transaction (the server crashed or restarted) would emit 'error' with
  // nobody listening and end the process. Its query fails anyway (mapped to 503 service_unavailable)
  // and the pool drops the client on release, since it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (options.fastPath) useFastPath(pool);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: options.fastPath ? pool : namedStatementPool(pool) }),
  });
  return { db, pool, close: () => db.destroy() };
}
