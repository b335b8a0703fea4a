import { sql, type Kysely, type Transaction } from 'kysely';

// The time-partitioned history tables of the control plane (migrations 2026_11_27_*): each has a
// historic partition (everything before the day it was converted), one partition per UTC day, and
// `<table>_future` from the last day on, so that no write ever lacks a partition. The maintenance
// cuts the days ahead out of `_future` (hourly, and at every migrate); retention detaches and drops
// the partitions wholly older than its window.

const DAY_MS = 24 * 3600 * 1000;
export const PARTITION_DAYS_AHEAD = 7;

export interface Partition {
  name: string;
  /** Null: from the beginning of time (the historic partition). */
  from: Date | null;
  /** Null: to the end of time (`_future`). */
  to: Date | null;
}

/** The partitioned tables of the control plane. */
export async function partitionedTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'control' order by c.relname`.execute(
    db,
  );
  return rows.map((r) => r.name);
}

/** A table's partitions in time order (bounds read back from the catalog as timestamps). */
export async function listPartitions(db: Kysely<any>, table: string): Promise<Partition[]> {
  const { rows } = await sql<Partition>`
    select name, bounds[1]::timestamptz as "from", bounds[2]::timestamptz as "to"
      from (select c.relname as name,
                   regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM [(](?:''([^'']+)''|MINVALUE)[)] TO [(](?:''([^'']+)''|MAXVALUE)[)]') as bounds
              from pg_inherits i join pg_class c on c.oid = i.inhrelid
             where i.inhparent = ${`control.${table}`}::regclass and not i.inhdetachpending) p
     order by "from" nulls first`.execute(db);
  return rows;
}

/**
 * Storage parameters of a table's partitions (a partitioned table holds none itself). Recording an
 * attempt updates its webhook log; with a tenth of each page left free the new version usually
 * fits on the same page, which makes the update HOT (no index written; migration 2026_11_27_030000).
 * Measured in `npx tsx bench/webhooks.ts --statements` (25,010 records): 47% HOT at 100, 62% at 90,
 * 70% at 80, 80% at 70. A burst updates every row of a page within moments, so each page would need
 * room for all its new versions; 90 takes the first share for a tenth more space.
 */
export const PARTITION_FILLFACTOR: Readonly<Record<string, number>> = { webhook_logs: 90 };
const storageOf = (table: string) => {
  const fillfactor = PARTITION_FILLFACTOR[table];
  return fillfactor ? sql` with (fillfactor = ${sql.lit(fillfactor)})` : sql``;
};

const startOfDay = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const dayName = (table: string, day: Date): string =>
  `${table}_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * Gives every partitioned table one partition per day up to `daysAhead` days after `now`, cut out
 * of `_future`: detached, the days created, any row it held for them moved, and attached again
 * from the new end, in one short transaction. Returns the partitions created.
 */
export async function ensurePartitions(
  db: Kysely<any>,
  now: Date,
  daysAhead = PARTITION_DAYS_AHEAD,
): Promise<string[]> {
  const end = new Date(startOfDay(now).getTime() + (daysAhead + 1) * DAY_MS);
  const created: string[] = [];
  for (const table of await partitionedTables(db)) {
    await db.transaction().execute(async (trx) => {
      const future = await lockedPartitions(trx, table).then((parts) =>
        parts.find((p) => p.to === null),
      );
      if (!future?.from || future.from >= end) return;
      created.push(...(await carveDays(trx, table, future, { from: future.from, to: end })));
    });
  }
  return created;
}

/**
 * Cuts the days from `since` out of every table's historic partition, which then ends at `since`:
 * its rows of those days move to their day's partition, so that retention drops them by the day.
 * For a history loaded after the conversion (the growth benchmark); on a large historic partition
 * it moves every row of those days in one transaction, so it is not part of the regular maintenance.
 */
export async function splitHistory(db: Kysely<any>, since: Date): Promise<string[]> {
  const from = startOfDay(since);
  const created: string[] = [];
  for (const table of await partitionedTables(db)) {
    await db.transaction().execute(async (trx) => {
      const history = await lockedPartitions(trx, table).then((parts) =>
        parts.find((p) => p.from === null),
      );
      if (!history?.to || history.to <= from) return;
      created.push(...(await carveDays(trx, table, history, { from, to: history.to })));
    });
  }
  return created;
}

/** The table's partitions, read under the maintenance lock (one process at a time, each seeing what the previous made). */
async function lockedPartitions(trx: Transaction<any>, table: string): Promise<Partition[]> {
  await sql`select pg_advisory_xact_lock(hashtext('history-partitions'))`.execute(trx);
  // Writers wait for the table's lock: give up (and try again next hour) rather than hold them long.
  await sql`set local lock_timeout = '2s'`.execute(trx);
  return listPartitions(trx, table);
}

/**
 * Detaches `edge` (the historic or the future partition), creates one partition per day of `days`,
 * moves the rows `edge` held for those days into them, and attaches `edge` again over what is left
 * of its range. Returns the partitions created.
 */
async function carveDays(
  trx: Transaction<any>,
  table: string,
  edge: Partition,
  days: { from: Date; to: Date },
): Promise<string[]> {
  const parent = sql.table(`control.${table}`);
  const rest = sql.table(`control.${edge.name}`);
  const [{ column }] = (
    await sql<{ column: string }>`
    select a.attname as column from pg_partitioned_table p join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
     where p.partrelid = ${`control.${table}`}::regclass`.execute(trx)
  ).rows as [{ column: string }];
  const key = sql.ref(column);
  await sql`alter table ${parent} detach partition ${rest}`.execute(trx);
  const created: string[] = [];
  for (let day = days.from; day < days.to; day = new Date(day.getTime() + DAY_MS)) {
    const name = dayName(table, day);
    const next = new Date(day.getTime() + DAY_MS);
    await sql`create table ${sql.table(`control.${name}`)} partition of ${parent}
                for values from (${sql.lit(day.toISOString())}) to (${sql.lit(next.toISOString())})${storageOf(table)}`.execute(
      trx,
    );
    created.push(name);
  }
  // Rows of the new days (ahead of their day in `_future`: normally none) move to their partition.
  // The one `*` of the service's statements: a partition has its parent's columns by definition, the
  // insert returns no rows (no result type to change) and it runs once a day, not kept warm.
  const inDays = sql`${key} >= ${days.from} and ${key} < ${days.to}`;
  await sql`insert into ${parent} overriding system value select * from ${rest} where ${inDays}`.execute(
    trx,
  );
  await sql`delete from ${rest} where ${inDays}`.execute(trx);
  const bounds =
    edge.from === null
      ? sql`from (minvalue) to (${sql.lit(days.from.toISOString())})`
      : sql`from (${sql.lit(days.to.toISOString())}) to (maxvalue)`;
  await sql`alter table ${parent} attach partition ${rest} for values ${bounds}`.execute(trx);
  return created;
}

/**
 * Detaches (concurrently: writers and readers of the table are never blocked) and drops the
 * partitions of `table` that lie wholly before `cutoff`. Returns the rows they held.
 */
export async function dropPartitionsBefore(
  db: Kysely<any>,
  table: string,
  cutoff: Date,
): Promise<{ partitions: string[]; rows: number }> {
  const parent = sql.table(`control.${table}`);
  // A detach interrupted earlier (a lost connection) is completed first.
  const { rows: pending } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = ${`control.${table}`}::regclass and i.inhdetachpending`.execute(db);
  for (const { name } of pending)
    await sql`alter table ${parent} detach partition ${sql.table(`control.${name}`)} finalize`.execute(
      db,
    );

  const doomed = (await listPartitions(db, table)).filter((p) => p.to !== null && p.to <= cutoff);
  let rows = 0;
  for (const { name } of doomed) {
    const partition = sql.table(`control.${name}`);
    await sql`alter table ${parent} detach partition ${partition} concurrently`.execute(db);
    rows += (await sql<{ n: number }>`select count(*)::int as n from ${partition}`.execute(db))
      .rows[0]!.n;
    await sql`drop table ${partition}`.execute(db);
  }
  return { partitions: doomed.map((p) => p.name), rows };
}
