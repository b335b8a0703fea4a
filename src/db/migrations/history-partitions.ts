import { sql, type Kysely } from 'kysely';

// Shared by the migrations that partition the append-only history tables by time. Applied
// migrations depend on it: change it only in ways that leave what they did unchanged.
//
// A populated table is not rewritten: it is renamed `<table>_history` and attached, as it is, as
// the partition of everything before the end of the day of its newest row (at least until the end
// of today). A CHECK constraint proving that bound is added NOT VALID and then validated (one scan,
// no rewrite), so the ATTACH itself does not scan again. `<table>_future` takes everything after;
// the partition maintenance (src/db/partitions.ts) cuts daily partitions out of it ahead of time.

export interface PartitionedTable {
  table: string;
  /** The time column partitioned on; it becomes part of every primary key and unique index. */
  column: string;
  /** The new primary key: the old one's columns and `column`. */
  primaryKey: string[];
  /** The identity column whose sequence the partitioned table takes over, if any. */
  identity?: string;
}

/**
 * Converts `control.<table>` in place: afterwards it is partitioned by range of `column`, with the
 * table's indexes and foreign keys (an index or foreign key the historic partition already has is
 * adopted, neither built nor validated again). The caller first drops the unique indexes that lack
 * the time column and the foreign keys that reference the table, and adds them back as it decides.
 */
export async function partitionByTime(
  db: Kysely<any>,
  { table, column, primaryKey, identity }: PartitionedTable,
): Promise<void> {
  const history = `${table}_history`;
  const parent = sql.table(`control.${table}`);
  const old = sql.table(`control.${history}`);
  await sql`alter table ${parent} drop constraint if exists ${sql.id(`${table}_pkey`)}`.execute(db);
  const { rows: indexes } = await sql<{ name: string; def: string | null }>`
    select i.relname as name, case when x.indisunique then null else pg_get_indexdef(x.indexrelid) end as def
      from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = ${`control.${table}`}::regclass`.execute(db);
  const { rows: foreignKeys } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${`control.${table}`}::regclass and contype = 'f'`.execute(
    db,
  );
  await sql`alter table ${parent} rename to ${sql.id(history)}`.execute(db);
  // The parent takes over the index names; the historic partition's own indexes get a suffix.
  for (const { name } of indexes)
    await sql`alter index ${sql.table(`control.${name}`)} rename to ${sql.id(`${name}_h`)}`.execute(
      db,
    );
  const lastValue = identity ? await dropIdentity(db, history, identity) : null;
  await sql`create table ${parent} (like ${old} including defaults including constraints including storage)
              partition by range (${sql.ref(column)})`.execute(db);
  if (identity) {
    await sql`alter table ${parent} alter column ${sql.ref(identity)} add generated always as identity`.execute(
      db,
    );
    if (lastValue !== null)
      await sql`select setval(pg_get_serial_sequence(${`control.${table}`}, ${identity}), ${lastValue}::bigint)`.execute(
        db,
      );
  }
  await sql`alter table ${parent} add constraint ${sql.id(`${table}_pkey`)} primary key (${sql.join(primaryKey.map((c) => sql.ref(c)))})`.execute(
    db,
  );
  for (const { def } of foreignKeys)
    await sql`alter table ${parent} add ${sql.raw(def)}`.execute(db);
  // Captured before the rename, each definition names the table that is now the parent.
  for (const { def } of indexes) if (def) await sql.raw(def).execute(db);

  // The end of the historic partition: the end of the day (UTC) of its newest row, at least of today.
  const { rows: ends } = await sql<{ bound: string }>`
    select to_char(greatest(date_trunc('day', now() at time zone 'UTC'),
                            date_trunc('day', max(${sql.ref(column)}) at time zone 'UTC')) + interval '1 day',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') as bound
      from ${old}`.execute(db);
  // DDL takes no parameters: the bound goes in as a literal.
  const bound = sql`${sql.lit(ends[0]!.bound)}::timestamptz`;
  const check = sql.id(`${history}_bound`);
  await sql`alter table ${old} add constraint ${check} check (${sql.ref(column)} is not null and ${sql.ref(column)} < ${bound}) not valid`.execute(
    db,
  );
  await sql`alter table ${old} validate constraint ${check}`.execute(db);
  await sql`alter table ${parent} attach partition ${old} for values from (minvalue) to (${bound})`.execute(
    db,
  );
  await sql`alter table ${old} drop constraint ${check}`.execute(db);
  await sql`create table ${sql.table(`control.${table}_future`)} partition of ${parent} for values from (${bound}) to (maxvalue)`.execute(
    db,
  );
}

/**
 * A partition cannot have an identity column of its own: the parent's sequence goes on from where
 * the table's stopped, so no id is ever given twice. Returns the sequence's last value (null: unused).
 */
async function dropIdentity(
  db: Kysely<any>,
  table: string,
  column: string,
): Promise<string | null> {
  const { rows } = await sql<{ last: string | null }>`
    select pg_sequence_last_value(pg_get_serial_sequence(${`control.${table}`}, ${column})::regclass)::text as last`.execute(
    db,
  );
  await sql`alter table ${sql.table(`control.${table}`)} alter column ${sql.ref(column)} drop identity`.execute(
    db,
  );
  return rows[0]?.last ?? null;
}
