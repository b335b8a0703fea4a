import type pg from 'pg';

// The boot self-check of named statements (named-statements.ts). That module parses the rows of a
// statement's later runs with the RowDescription kept from its first run, through pg's internals.
// pg is pinned, but an upgrade that changed how a Result parses rows would type values wrongly
// (strings instead of dates or numbers) without any error. So a process checks at boot, on one
// connection, that a statement's first run (described), its second run (the kept description) and
// the same query unnamed (pg's own path, no parameters) give the same rows, for each kind of value
// the service reads; and refuses to start otherwise.

const PROBE = `select $1::timestamptz as at, $2::numeric as amount, $3::int8 as count, $4::int4 as id,
  $5::jsonb as doc, $6::text[] as tags, $7::bool as flag, $8::date as day, $9::text as note, $10::uuid as uid`;
const VALUES = ['2026-03-14T18:40:00.123Z', '48.50', '9007199254740991', 2147483647, '{"a":[1,"x"]}', '{a,b}', true, '2026-03-14', null, '00000000-0000-4000-8000-000000000001'];
/** The same query with the values inlined: no parameters, so it runs unnamed, parsed by pg itself. */
const UNNAMED = `select '2026-03-14T18:40:00.123Z'::timestamptz as at, '48.50'::numeric as amount, '9007199254740991'::int8 as count,
  2147483647::int4 as id, '{"a":[1,"x"]}'::jsonb as doc, '{a,b}'::text[] as tags, true as flag, '2026-03-14'::date as day,
  null::text as note, '00000000-0000-4000-8000-000000000001'::uuid as uid`;

export class NamedStatementsMismatch extends Error {}

/** Throws NamedStatementsMismatch when the three runs disagree; `between` runs after the first (tests). */
export async function checkNamedStatements(pool: pg.Pool, between?: () => void): Promise<void> {
  const client = await pool.connect();
  try {
    const described = (await client.query(PROBE, VALUES)).rows;
    between?.();
    const kept = (await client.query(PROBE, VALUES)).rows;
    const own = (await client.query(UNNAMED)).rows;
    const shown = (rows: unknown[]) => JSON.stringify(rows, (_key, value) => (value instanceof Date ? `Date(${value.toISOString()})` : value));
    if (shown(described) !== shown(own) || shown(kept) !== shown(own)) {
      throw new NamedStatementsMismatch(
        `named statements parse rows differently from pg (first run ${shown(described)}, later runs ${shown(kept)}, pg ${shown(own)}): ` +
          'the pg package is not the version src/db/named-statements.ts was written for; pin pg back (package.json) or update that module',
      );
    }
  } finally {
    client.release();
  }
}
