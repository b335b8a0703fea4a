import type { CompiledQuery, Compilable, Kysely, RawBuilder } from 'kysely';

/** A parameter supplied when a prepared query runs (see `slot`). */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A placeholder for a value bound at execution time. It stands in for a value of type T while a
 * prepared query's builder runs once, so the builder keeps Kysely's type checks; use it only as a
 * value (comparisons, limits), never where the builder inspects it.
 */
export function slot<T>(name: string): T {
  return new Slot(name) as T;
}

/**
 * Checked mode (on under tests: NODE_ENV=test, as jest sets it): every execution of a known shape
 * also builds and compiles its statement and throws when the text differs from the one kept for
 * its key, so a hand-written key that misses something the SQL text depends on (the schema, an
 * optional clause, a page size) fails the tests that reach both shapes instead of running one
 * shape's SQL for the other.
 */
const CHECKED = process.env.NODE_ENV === 'test';

export class PreparedKeyMismatch extends Error {}

/**
 * Hot queries built with Kysely but compiled once per shape: building and compiling the order
 * view costs about 70 µs of CPU a request, the lookup of a compiled statement nothing. A shape is
 * whatever changes the SQL text (the schema, which optional clauses are present), named by `key`;
 * the values come from `slot`s and are bound per execution. At most `maxShapes` are kept (one
 * schema a sandbox), the least recently used dropped first.
 */
export class PreparedQuery<Row> {
  private readonly compiled = new Map<string, CompiledQuery<Row>>();

  constructor(
    private readonly maxShapes = 512,
    private readonly checked = CHECKED,
  ) {}

  async execute<DB>(
    db: Kysely<DB>,
    key: string,
    build: () => Compilable<Row> | RawBuilder<Row>,
    values: Record<string, unknown>,
  ): Promise<Row[]> {
    let query = this.compiled.get(key);
    if (query) {
      if (this.checked) this.check(key, query.sql, compile(db, build).sql);
      this.compiled.delete(key); // re-inserted below: Map order is recency order
    } else {
      query = compile(db, build);
      if (this.compiled.size >= this.maxShapes)
        this.compiled.delete(this.compiled.keys().next().value!);
    }
    this.compiled.set(key, query);
    const parameters = query.parameters.map((p) => (p instanceof Slot ? bind(values, p.name) : p));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  }

  private check(key: string, kept: string, built: string): void {
    if (kept === built) return;
    throw new PreparedKeyMismatch(
      `prepared query: key "${key}" names two different statements; the key must name everything that changes the SQL text\n` +
        `kept:  ${kept}\nbuilt: ${built}`,
    );
  }
}

function compile<DB, Row>(
  db: Kysely<DB>,
  build: () => Compilable<Row> | RawBuilder<Row>,
): CompiledQuery<Row> {
  const built = build();
  // A raw sql`` statement compiles against a database handle; a query builder by itself.
  return 'isRawBuilder' in built && built.isRawBuilder
    ? built.compile(db)
    : (built as Compilable<Row>).compile();
}

function bind(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`prepared query: no value for slot ${name}`);
  return values[name];
}
