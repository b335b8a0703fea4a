import pg from 'pg';

// Named (server-side prepared) statements for the queries Kysely sends. PostgreSQL plans an
// unnamed statement anew on every execution; a named one is parsed and analysed once per
// connection and can reuse its plan. Measured on the hot reads (bench/results), that is most of
// the difference between the service and a hand-written server.
//
// Every parameterised INSERT, UPDATE, DELETE, SELECT, WITH or VALUES statement runs under a name
// derived from its SQL text, per connection. The schema is part of the text (withSchema qualifies
// every table), so each sandbox's statements are their own. A connection keeps at most
// `maxPerConnection` names, the least recently used deallocated first (DEALLOCATE never fails for
// a statement the connection parsed, so it is safe inside a transaction). Statements without
// parameters (BEGIN, COMMIT, DDL, SET) run as before.
//
// A transaction's BEGIN travels with its first statement: Kysely's `begin` is held back and sent
// in the same write, before that statement's Bind and Execute and under its single Sync, so a
// transaction costs one round trip less (a write transaction is BEGIN, a few statements, COMMIT;
// every round trip is a socket write and read on both sides). The server runs the two in order
// exactly as if they had come one by one: BEGIN opens the transaction block, the statement runs in
// it, and an error in the statement leaves the block aborted for Kysely's ROLLBACK, as before. A
// transaction that sends nothing before its COMMIT or ROLLBACK never opens one on the server.

const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** What Kysely's `transaction()` sends: held back while the connection has no open transaction. */
const BEGIN = /^begin$/i;
const END = /^(commit|rollback)$/i;
/** The named BEGIN a pipelined statement binds; parsed once per connection, by its first transaction. */
const BEGIN_STATEMENT = 'svc_begin';

interface Connection {
  parsedStatements: Record<string, string>;
  bind(config: { statement: string; portal: string; values: unknown[] }): void;
  execute(config: { portal: string }): void;
}

interface QueryInternals {
  prepare(connection: Connection): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
}

type Callback = (err: Error | null, result?: pg.QueryResult) => void;
type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * A named statement preceded, in the same write and under the same Sync, by the Bind and Execute of
 * the connection's parsed BEGIN. BEGIN's CommandComplete is not a result of this query.
 */
class BegunQuery extends pg.Query {
  private beginCompleted = false;

  constructor(config: pg.QueryConfig, callback: Callback) {
    super({ ...config, callback } as pg.QueryConfig);
  }

  prepare(connection: Connection): void {
    connection.bind({ statement: BEGIN_STATEMENT, portal: '', values: [] });
    connection.execute({ portal: '' });
    (pg.Query.prototype as unknown as QueryInternals).prepare.call(this, connection);
  }

  handleCommandComplete(message: unknown, connection: Connection): void {
    if (!this.beginCompleted) {
      this.beginCompleted = true;
      return;
    }
    (pg.Query.prototype as unknown as QueryInternals).handleCommandComplete.call(this, message, connection);
  }
}

const completed = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

export function useNamedStatements(pool: pg.Pool, maxPerConnection = 256): void {
  let connections = 0;
  pool.on('connect', (client) => {
    const prefix = `svc${(connections += 1).toString(36)}_`;
    const query = client.query.bind(client) as QueryFn;
    const names = new Map<string, string>(); // SQL text -> name, in recency order
    let next = 0;
    const parsed = (client as unknown as { connection: Connection }).connection.parsedStatements;
    const nameFor = (text: string): string => {
      const known = names.get(text);
      if (known) {
        names.delete(text);
        names.set(text, known);
        return known;
      }
      const name = `${prefix}${(next += 1).toString(36)}`;
      names.set(text, name);
      if (names.size > maxPerConnection) {
        const [oldText, oldName] = names.entries().next().value!;
        names.delete(oldText);
        if (parsed[oldName] !== undefined) {
          delete parsed[oldName];
          void Promise.resolve(query(`DEALLOCATE "${oldName}"`)).catch(() => {});
        }
      }
      return name;
    };
    const preparable = (config: unknown, values: unknown): values is unknown[] =>
      typeof config === 'string' && Array.isArray(values) && values.length > 0 && PREPARABLE.test(config);
    const run: QueryFn = (config, values, callback) =>
      preparable(config, values) ? query({ name: nameFor(config as string), text: config, values }, callback) : query(config, values, callback);

    let beginHeld = false;
    (client as unknown as { query: QueryFn }).query = (config, values, callback) => {
      const text = typeof config === 'string' ? config.trim() : null;
      const promised = typeof callback !== 'function' && typeof values !== 'function';
      if (!beginHeld) {
        if (text !== null && promised && BEGIN.test(text) && (values === undefined || (Array.isArray(values) && values.length === 0))) {
          beginHeld = true;
          return Promise.resolve(completed('BEGIN'));
        }
        return run(config, values, callback);
      }
      beginHeld = false;
      if (text !== null && promised && END.test(text)) return Promise.resolve(completed(text.toUpperCase()));
      if (promised && preparable(config, values) && parsed[BEGIN_STATEMENT] !== undefined) {
        return new Promise((resolve, reject) => {
          query(new BegunQuery({ name: nameFor(config as string), text: config as string, values }, (err, result) => (err ? reject(err) : resolve(result))));
        });
      }
      // The connection's first transaction, or a statement that cannot carry BEGIN: BEGIN first
      // (parsing the named BEGIN for the transactions to come), then the statement.
      const begun = Promise.resolve(query({ name: BEGIN_STATEMENT, text: 'begin' }));
      if (!promised) {
        const done = (typeof values === 'function' ? values : callback) as Callback;
        begun.then(() => run(config, typeof values === 'function' ? undefined : values, done), (err: Error) => done(err));
        return undefined;
      }
      return begun.then(() => run(config, values));
    };
  });
}
