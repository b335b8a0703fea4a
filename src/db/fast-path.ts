import { createRequire } from 'node:module';
import pg from 'pg';
import { countStaleName } from './named-statements.js';

// The database fast path (SVC_DB_FAST_PATH, on by default): named statements as
// named-statements.ts gives them, plus two savings that only pg's internals allow. Everything that
// touches those internals is in this module; with the setting off the service uses node-postgres's
// and Kysely's public APIs only (named-statements.ts).
//
// Kept because it is worth more than 5% on a hot path: bench/ab.ts, off against on in one run, 5
// rounds each, twice, on a shared and loaded machine (2026-11-29): POST /orders 18 / 20 and 72 / 107
// req/s, the service's CPU a request 8.0 / 6.2 and 3.72 / 2.62 ms; GET /orders/{orderId} 224 / 261
// and 196 / 306 req/s, 0.663 / 0.658 and 0.852 / 0.807 ms.
//
// Every parameterised INSERT, UPDATE, DELETE, SELECT, WITH or VALUES statement runs under a name
// given per connection. A connection keeps at most `maxPerConnection` names, the least recently
// used deallocated first (DEALLOCATE never fails for a statement the connection parsed, so it is
// safe inside a transaction). Statements without parameters (BEGIN, COMMIT, DDL, SET) run as before.
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
// A name the server no longer accepts is forgotten: `0A000` (cached plan changed) or `26000`
// (statement gone), as in named-statements.ts. The next run parses the text again under a new
// name; outside a transaction it is retried at once, inside one the transaction fails and the
// caller's next one succeeds.
//
// This works on pg's Query internals (prepare, handleRowDescription, _result, the connection's
// parsedStatements): it runs only on the pg version it was written for (PINNED_PG_VERSION; a test
// fails on any other), and every process checks at boot that its rows are pg's own
// (checkFastPath) and refuses to start otherwise.

/** The only pg version this module runs on (package.json pins pg to it). */
export const PINNED_PG_VERSION = '8.23.1';
/** The version of the pg package this process loaded. */
export const installedPgVersion = (): string =>
  (createRequire(import.meta.url)('pg/package.json') as { version: string }).version;

export class FastPathRefused extends Error {}

/** Throws FastPathRefused, naming the setting that turns the fast path off, on any pg but the pinned one. */
export function assertPinnedPg(version = installedPgVersion()): void {
  if (version === PINNED_PG_VERSION) return;
  throw new FastPathRefused(
    `the database fast path (SVC_DB_FAST_PATH) works on pg ${PINNED_PG_VERSION}'s internals and this is pg ${version}: ` +
      "set SVC_DB_FAST_PATH=off to run on node-postgres's public API, or pin pg back (package.json)",
  );
}

const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;
/** What Kysely's `transaction()` sends: held back while the connection has no open transaction. */
const BEGIN = /^begin$/i;
const END = /^(commit|rollback)$/i;
/** The server no longer runs the statement under its name: cached plan changed (0A000), statement gone (26000). */
const STALE_NAME = new Set(['0A000', '26000']);
/** The named BEGIN a pipelined statement binds; parsed once per connection, by its first transaction. */
const BEGIN_STATEMENT = 'svc_begin';

interface Connection {
  parsedStatements: Record<string, string>;
  bind(config: {
    statement: string;
    portal: string;
    values: unknown[];
    binary?: boolean;
    valueMapper?: unknown;
  }): void;
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
type Description = Pick<
  ResultInternals,
  'fields' | '_parsers' | '_prebuiltEmptyResultObject'
> | null;

const base = pg.Query.prototype as unknown as QueryInternals;
// pg's own value mapping for Bind (utils.prepareValue), as its Query.prepare passes it.
const prepareValue = (pg as unknown as { utils?: { prepareValue?: (value: unknown) => unknown } })
  .utils?.prepareValue;

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
      connection.bind({
        portal: self.portal,
        statement: self.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
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

const completed = (command: string): pg.QueryResult => ({
  command,
  rowCount: null,
  oid: 0,
  rows: [],
  fields: [],
});

/** Turns the fast path on for every client of `pool`; refuses (FastPathRefused) on another pg version. */
export function useFastPath(pool: pg.Pool, maxPerConnection = 256): void {
  assertPinnedPg();
  if (typeof prepareValue !== 'function')
    throw new FastPathRefused(
      "pg.utils.prepareValue is missing: fast-path.ts follows pg 8's Query.prepare",
    );
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
      typeof config === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      PREPARABLE.test(config);
    /** Forgets the name of `text` (a new one is parsed on its next run). */
    const forget = (text: string) => {
      const name = names.get(text);
      if (name === undefined) return;
      names.delete(text);
      descriptions.delete(name);
      delete parsed[name];
    };
    /** A named statement, run with a callback or as a promise like client.query. */
    const named = (
      Kind: typeof NamedQuery,
      text: string,
      values: unknown[],
      callback?: Callback,
    ): Promise<pg.QueryResult> | undefined => {
      const retriable = Kind === NamedQuery && !inTransaction;
      const submit = (done: Callback, again: boolean) =>
        query(
          new Kind(descriptions, { name: nameFor(text), text, values }, (err, result) => {
            const code = (err as { code?: string } | null)?.code ?? '';
            if (STALE_NAME.has(code)) {
              countStaleName();
              forget(text);
              // The pipelined BEGIN's own name may be the one gone.
              if (Kind === BegunQuery && code === '26000') delete parsed[BEGIN_STATEMENT];
              if (again) return void submit(done, false);
            }
            done(err, result);
          }),
        );
      if (callback) return void submit(callback, retriable);
      return new Promise((resolve, reject) =>
        submit((err, result) => (err ? reject(err) : resolve(result!)), retriable),
      );
    };
    const run: QueryFn = (config, values, callback) =>
      preparable(config, values)
        ? named(NamedQuery, config as string, values, callback as Callback | undefined)
        : query(config, values, callback);

    let beginHeld = false;
    // Between Kysely's BEGIN and its COMMIT or ROLLBACK: a failed statement cannot be retried there.
    let inTransaction = false;
    (client as unknown as { query: QueryFn }).query = (config, values, callback) => {
      const text = typeof config === 'string' ? config.trim() : null;
      const promised = typeof callback !== 'function' && typeof values !== 'function';
      if (text !== null && END.test(text)) inTransaction = false;
      if (!beginHeld) {
        if (
          text !== null &&
          promised &&
          BEGIN.test(text) &&
          (values === undefined || (Array.isArray(values) && values.length === 0))
        ) {
          beginHeld = true;
          inTransaction = true;
          return Promise.resolve(completed('BEGIN'));
        }
        return run(config, values, callback);
      }
      beginHeld = false;
      if (text !== null && promised && END.test(text))
        return Promise.resolve(completed(text.toUpperCase()));
      if (promised && preparable(config, values) && parsed[BEGIN_STATEMENT] !== undefined)
        return named(BegunQuery, config as string, values);
      // The connection's first transaction, or a statement that cannot carry BEGIN: BEGIN first
      // (parsing the named BEGIN for the transactions to come), then the statement.
      const begun = Promise.resolve(query({ name: BEGIN_STATEMENT, text: 'begin' }));
      if (!promised) {
        const done = (typeof values === 'function' ? values : callback) as Callback;
        begun.then(
          () => run(config, typeof values === 'function' ? undefined : values, done),
          (err: Error) => done(err),
        );
        return undefined;
      }
      return begun.then(() => run(config, values));
    };
  });
}

// The boot self-check of the fast path. It parses the rows of a
// statement's later runs with the RowDescription kept from its first run, through pg's internals.
// pg is pinned, but an upgrade that changed how a Result parses rows would type values wrongly
// (strings instead of dates or numbers) without any error. So a process checks at boot, on one
// connection, that a statement's first run (described), its second run (the kept description) and
// the same query unnamed (pg's own path, no parameters) give the same rows, for each kind of value
// the service reads; and refuses to start otherwise.

const PROBE = `select $1::timestamptz as at, $2::numeric as amount, $3::int8 as count, $4::int4 as id,
  $5::jsonb as doc, $6::text[] as tags, $7::bool as flag, $8::date as day, $9::text as note, $10::uuid as uid`;
const VALUES = [
  '2026-03-14T18:40:00.123Z',
  '48.50',
  '9007199254740991',
  2147483647,
  '{"a":[1,"x"]}',
  '{a,b}',
  true,
  '2026-03-14',
  null,
  '00000000-0000-4000-8000-000000000001',
];
/** The same query with the values inlined: no parameters, so it runs unnamed, parsed by pg itself. */
const UNNAMED = `select '2026-03-14T18:40:00.123Z'::timestamptz as at, '48.50'::numeric as amount, '9007199254740991'::int8 as count,
  2147483647::int4 as id, '{"a":[1,"x"]}'::jsonb as doc, '{a,b}'::text[] as tags, true as flag, '2026-03-14'::date as day,
  null::text as note, '00000000-0000-4000-8000-000000000001'::uuid as uid`;

export class FastPathMismatch extends Error {}

/** Throws FastPathMismatch when the three runs disagree; `between` runs after the first (tests). */
export async function checkFastPath(pool: pg.Pool, between?: () => void): Promise<void> {
  const client = await pool.connect();
  try {
    const described = (await client.query(PROBE, VALUES)).rows;
    between?.();
    const kept = (await client.query(PROBE, VALUES)).rows;
    const own = (await client.query(UNNAMED)).rows;
    const shown = (rows: unknown[]) =>
      JSON.stringify(rows, (_key, value) =>
        value instanceof Date ? `Date(${value.toISOString()})` : value,
      );
    if (shown(described) !== shown(own) || shown(kept) !== shown(own)) {
      throw new FastPathMismatch(
        `the database fast path parses rows differently from pg (first run ${shown(described)}, later runs ${shown(kept)}, pg ${shown(own)}): ` +
          'the pg package is not the version src/db/fast-path.ts was written for: set SVC_DB_FAST_PATH=off, pin pg back (package.json) or update that module',
      );
    }
  } finally {
    client.release();
  }
}
