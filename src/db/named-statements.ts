import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

// Named (server-side prepared) statements for the queries Kysely sends, through node-postgres's
// public API only. PostgreSQL plans an unnamed statement anew on every execution; a named one is
// parsed and analysed once per connection and can reuse its plan. Measured on the hot reads
// (bench/results), that is most of the difference between the service and a hand-written server.
//
// Kysely gets a pool of its own (`namedStatementPool`) whose clients run every parameterised
// INSERT, UPDATE, DELETE, SELECT, WITH or VALUES statement as `client.query({ name, text, values })`:
// pg parses a name once per connection and keeps track of it itself. The name is a hash of the text
// (the schema is part of the text: withSchema qualifies every table, so each sandbox's statements
// are their own) and the connection's generation. Statements without parameters (BEGIN, COMMIT, DDL,
// SET) run unnamed, as do the pool's own users (pool.query, the request log's COPY).
//
// A connection parses at most `maxPerConnection` names (PostgreSQL and pg keep each until the
// connection ends). A connection at its bound runs new statements unnamed and is closed when it is
// released (pg-pool then opens a fresh one), so a process that meets many sandboxes' schemas holds
// a bounded number of statements a connection.
//
// A name the server no longer accepts: `0A000` (cached plan must not change result type: a
// migration changed a column a statement returns while this process runs; an added column does
// not, as no statement reads `*`: columns.ts) or `26000` (the statement is gone: a pooler's DISCARD
// ALL, DEALLOCATE ALL). The connection's generation goes up, so every statement is parsed again
// under a new name; outside a transaction the statement is retried at once, inside one the
// transaction fails (its block is aborted) and the caller's next one succeeds.
//
// fast-path.ts (SVC_DB_FAST_PATH) replaces this module with one on pg's internals that also sends
// BEGIN with a transaction's first statement and keeps each statement's row description.

const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
/** A transaction's end; `rollback to savepoint` is not one. */
const END = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;
/** The server no longer runs the statement under its name: cached plan changed (0A000), statement gone (26000). */
export const STALE_NAME = new Set(['0A000', '26000']);
/** Names found stale in this process (either path). */
const stats = { staleNames: 0 };

/**
 * How often this process had to forget a name and parse its statement again. With no `*` in the
 * service's statements an additive migration changes no result type, so this stays 0 then (tests).
 */
export const namedStatementStats = (): Readonly<typeof stats> => ({ ...stats });
export const countStaleName = (): void => {
  stats.staleNames += 1;
};

/** The name of `text` in a connection's `generation`: 96 bits of its SHA-1, within PostgreSQL's 63 characters. */
export const statementName = (text: string, generation = 0): string =>
  `s${generation.toString(36)}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/** Kysely's PostgresDialect `pool`: pg's pool, whose clients name their statements. */
export function namedStatementPool(pool: pg.Pool, maxPerConnection = 256): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    options: pool.options,
    connect: async () => {
      const client = await pool.connect();
      let named = clients.get(client);
      if (!named) clients.set(client, (named = namedClient(client, maxPerConnection)));
      return named;
    },
    end: () => pool.end(),
  };
}

function namedClient(client: pg.PoolClient, maxPerConnection: number): PostgresPoolClient {
  const names = new Map<string, string>(); // SQL text -> its name in this generation
  let generation = 0;
  let parsed = 0; // names given on this connection, every generation's
  let full = false;
  let inTransaction = false;

  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (parsed >= maxPerConnection) {
      full = true;
      return undefined;
    }
    parsed += 1;
    const name = statementName(text, generation);
    names.set(text, name);
    return name;
  };

  const run = async (text: string, values: unknown[], again: boolean): Promise<pg.QueryResult> => {
    const name = values.length > 0 && PREPARABLE.test(text) ? nameOf(text) : undefined;
    if (name === undefined) return client.query(text, values);
    try {
      return await client.query({ name, text, values });
    } catch (err) {
      if (!STALE_NAME.has((err as { code?: string }).code ?? '')) throw err;
      countStaleName();
      generation += 1;
      names.clear();
      if (!again || inTransaction) throw err;
      return run(text, values, false);
    }
  };

  const query = (text: string, values: readonly unknown[] = []): Promise<pg.QueryResult> => {
    if (BEGIN.test(text)) inTransaction = true;
    else if (END.test(text)) inTransaction = false;
    return run(text, values as unknown[], true);
  };
  return {
    query: query as unknown as PostgresPoolClient['query'],
    // A connection at its bound is closed rather than returned: pg-pool opens a fresh one.
    release: (destroy?: boolean) => client.release(destroy || full || undefined),
  };
}
