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
//
// A named statement is described once per connection: its first run asks for the RowDescription
// (Describe) as pg always does, and the columns, their type parsers and the empty row pg builds
// from it are kept with the name. Later runs send Bind and Execute only, and the kept description
// parses their rows: the same result, without a RowDescription to read and parse on every query.
// A statement's result columns cannot change under its name (PostgreSQL refuses to run it then),
// and an evicted name takes its description with it.
//
// A name the server no longer accepts is forgotten: `0A000` (cached plan must not change result
// type: a migration changed a column a statement returns while this process runs; an added column
// does not, as no statement reads `*`: columns.ts) or `26000` (the statement is gone: a pooler's DISCARD ALL, a failed Bind). The
// next run parses the text again under a new name; outside a transaction it is retried at once,
// inside one the transaction fails (its block is aborted) and the caller's next one succeeds.
// This module works on pg 8's Query internals (prepare, handleRowDescription, _result, ...): pg is
// pinned exactly, test/unit/named-statements.test.ts compares its rows with pg's own, and every
// process checks the same at boot (named-statements-check.ts) and refuses to start if they differ.

const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** What Kysely's `transaction()` sends: held back while the connection has no open transaction. */
const BEGIN = /^begin$/i;
const END = /^(commit|rollback)$/i;
/** The server no longer runs the statement under its name: cached plan changed (0A000), statement gone (26000). */
const STALE_NAME = new Set(['0A000', '26000']);
/** The named BEGIN a pipelined statement binds; parsed once per connection, by its first transaction. */
const BEGIN_STATEMENT = 'svc_begin';
/** Names found stale in this process: a statement's result type changed (0A000) or it is gone (26000). */
const stats = { staleNames: 0 };

/**
 * How often this process had to forget a name and parse its statement again. With no `*` in the
 * service's statements an additive migration changes no result type, so this stays 0 then (tests).
 */
export const namedStatementStats = (): Readonly<typeof stats> => ({ ...stats });

interface Connection {
  parsedStatements: Record<string, string>;
  bind(config: { statement: string; portal: string; values: unknown[]; binary?: boolean; valueMapper?: unknown }): void;
  execute(config: { portal: string }): void;
  close(config: { type: 'S'; name: string }): void;
  sync(): void;
}

interface QueryInternals {
  name: string;
  values: unknown[];
  binary?: boolean;
  portal: string;
  rows?: number;
  callback?: unknown;
  _result: ResultInternals;
  _accumulateRows: unknown;
  prepare(connection: Connection): void;
  handleRowDescription(message: { fields: unknown[] }): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  handleError(err: unknown, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
  listeners(event: string): unknown[];
}

/** What pg's Result builds from a RowDescription (Result.addFields). */
interface ResultInternals {
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
}

/** A statement's kept RowDescription, as its Result took it; null for a statement that returns no rows. */
type Description = Pick<ResultInternals, 'fields' | '_parsers' | '_prebuiltEmptyResultObject'> | null;

const base = pg.Query.prototype as unknown as QueryInternals;
// pg's own value mapping for Bind (utils.prepareValue), as its Query.prepare passes it.
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils.prepareValue;
if (typeof prepareValue !== 'function') throw new Error('pg.utils.prepareValue is missing: named-statements.ts follows pg 8\'s Query.prepare');

/**
 * A named statement whose description the connection keeps: described (and kept) on its first run,
 * run with Bind and Execute only after that.
 */
class NamedQuery extends pg.Query {
  private described = false;

  constructor(
    private readonly descriptions: Map<string, Description>,
    config: pg.QueryConfig,
    callback: Callback,
  ) {
    super({ ...config, callback } as pg.QueryConfig);
  }

  /** pg's Query fields and methods this class works with (not in its typings). */
  private get self(): QueryInternals {
    return this as unknown as QueryInternals;
  }

  prepare(connection: Connection): void {
    const { self } = this;
    const known = this.descriptions.get(self.name);
    if (known === undefined || connection.parsedStatements[self.name] === undefined) {
      base.prepare.call(this, connection);
      return;
    }
    // pg's Query.prepare for a parsed statement, without the Describe.
    try {
      connection.bind({ portal: self.portal, statement: self.name, values: self.values, binary: self.binary, valueMapper: prepareValue });
    } catch (err) {
      connection.close({ type: 'S', name: self.name });
      connection.sync();
      self.handleError(err, connection);
      return;
    }
    this.described = true;
    if (known !== null) {
      Object.assign(self._result, known);
      self._accumulateRows = self.callback || !self.listeners('row').length;
    }
    self._getRows(connection, self.rows);
  }

  handleRowDescription(message: { fields: unknown[] }): void {
    base.handleRowDescription.call(this, message);
    this.described = true;
    const { fields, _parsers, _prebuiltEmptyResultObject } = this.self._result;
    this.descriptions.set(this.self.name, { fields, _parsers, _prebuiltEmptyResultObject });
  }

  handleCommandComplete(message: unknown, connection: Connection): void {
    // Completed without a RowDescription: a statement that returns no rows.
    if (!this.described) this.descriptions.set(this.self.name, null);
    base.handleCommandComplete.call(this, message, connection);
  }
}

type Callback = (err: Error | null, result?: pg.QueryResult) => void;
type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * A named statement preceded, in the same write and under the same Sync, by the Bind and Execute of
 * the connection's parsed BEGIN. BEGIN's CommandComplete is not a result of this query.
 */
class BegunQuery extends NamedQuery {
  private beginCompleted = false;

  override prepare(connection: Connection): void {
    connection.bind({ statement: BEGIN_STATEMENT, portal: '', values: [] });
    connection.execute({ portal: '' });
    super.prepare(connection);
  }

  override handleCommandComplete(message: unknown, connection: Connection): void {
    if (!this.beginCompleted) {
      this.beginCompleted = true;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}

const completed = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

export function useNamedStatements(pool: pg.Pool, maxPerConnection = 256): void {
  let connections = 0;
  pool.on('connect', (client) => {
    const prefix = `svc${(connections += 1).toString(36)}_`;
    const query = client.query.bind(client) as QueryFn;
    const names = new Map<string, string>(); // SQL text -> name, in recency order
    const descriptions = new Map<string, Description>(); // name -> its kept RowDescription
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
        descriptions.delete(oldName);
        if (parsed[oldName] !== undefined) {
          delete parsed[oldName];
          void Promise.resolve(query(`DEALLOCATE "${oldName}"`)).catch(() => {});
        }
      }
      return name;
    };
    const preparable = (config: unknown, values: unknown): values is unknown[] =>
      typeof config === 'string' && Array.isArray(values) && values.length > 0 && PREPARABLE.test(config);
    /** Forgets the name of `text` (a new one is parsed on its next run). */
    const forget = (text: string) => {
      const name = names.get(text);
      if (name === undefined) return;
      names.delete(text);
      descriptions.delete(name);
      delete parsed[name];
    };
    /** A named statement, run with a callback or as a promise like client.query. */
    const named = (Kind: typeof NamedQuery, text: string, values: unknown[], callback?: Callback): Promise<pg.QueryResult> | undefined => {
      const retriable = Kind === NamedQuery && !inTransaction;
      const submit = (done: Callback, again: boolean) =>
        query(
          new Kind(descriptions, { name: nameFor(text), text, values }, (err, result) => {
            const code = (err as { code?: string } | null)?.code ?? '';
            if (STALE_NAME.has(code)) {
              stats.staleNames += 1;
              forget(text);
              // The pipelined BEGIN's own name may be the one gone.
              if (Kind === BegunQuery && code === '26000') delete parsed[BEGIN_STATEMENT];
              if (again) return void submit(done, false);
            }
            done(err, result);
          }),
        );
      if (callback) return void submit(callback, retriable);
      return new Promise((resolve, reject) => submit((err, result) => (err ? reject(err) : resolve(result!)), retriable));
    };
    const run: QueryFn = (config, values, callback) =>
      preparable(config, values) ? named(NamedQuery, config as string, values, callback as Callback | undefined) : query(config, values, callback);

    let beginHeld = false;
    // Between Kysely's BEGIN and its COMMIT or ROLLBACK: a failed statement cannot be retried there.
    let inTransaction = false;
    (client as unknown as { query: QueryFn }).query = (config, values, callback) => {
      const text = typeof config === 'string' ? config.trim() : null;
      const promised = typeof callback !== 'function' && typeof values !== 'function';
      if (text !== null && END.test(text)) inTransaction = false;
      if (!beginHeld) {
        if (text !== null && promised && BEGIN.test(text) && (values === undefined || (Array.isArray(values) && values.length === 0))) {
          beginHeld = true;
          inTransaction = true;
          return Promise.resolve(completed('BEGIN'));
        }
        return run(config, values, callback);
      }
      beginHeld = false;
      if (text !== null && promised && END.test(text)) return Promise.resolve(completed(text.toUpperCase()));
      if (promised && preparable(config, values) && parsed[BEGIN_STATEMENT] !== undefined) return named(BegunQuery, config as string, values);
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
