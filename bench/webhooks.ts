// `npx tsx bench/webhooks.ts [--statements] [--full] [--endpoints | --no-endpoints]`: the webhook delivery scenario of `make bench` alone, on a
// small seeded database (no 100,000 orders to wait for; --full seeds as make bench does), with the worker compiled by `npm run build`
// first. For before/after comparisons while optimising the delivery pipeline; `make bench` stays
// the measurement of record. Prints the scenario's JSON, with the CPU share of the worker,
// PostgreSQL and this process (the receiver and the emitting writers) during the burst, and the
// burst's deliveries created and attempts started per half second.
// --statements: then where the time went, read from the database afterwards: the latency phase's
// stages (event to delivery created, to attempt started, the request itself), and PostgreSQL's
// statements by total time (pg_stat_statements).
// --no-endpoints: the burst, the latency phase, the replay and the floors, without the extra endpoints' variants.
// --endpoints: only the extra endpoints' variants (3 endpoints against 1, ordering on against off),
// BENCH_ROUNDS rounds (default 3).
import { execSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { seededDatabase } from './dev-database.js';
import {
  LATENCY_LOCATION,
  measureEndpointsAlone,
  measureWebhookDelivery,
} from './webhook-scenario.js';

const statements = process.argv.includes('--statements');
// --full: make bench's own seed (100,000 orders, 200 feed events per installation) instead of the small one.
const size = process.argv.includes('--full')
  ? { installations: 500, orders: 100_000, customers: 10_000, feedEvents: 200 }
  : { installations: 500, orders: 1_000, customers: 100, feedEvents: 20 };
const database = await seededDatabase('webhooks', size, { statementStats: statements });
execSync('npm run --silent build', {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'inherit',
});
try {
  if (statements) await sql`create extension if not exists pg_stat_statements`.execute(database.db);
  if (statements) {
    // Planning time too: a statement planned anew on every execution shows there, not in its execution time.
    await sql`alter system set pg_stat_statements.track_planning = on`.execute(database.db);
    await sql`select pg_reload_conf()`.execute(database.db);
    await sql`select pg_stat_statements_reset()`.execute(database.db);
  }
  const options = {
    ...database,
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    endpoints: process.argv.includes('--no-endpoints') ? ('skip' as const) : ('also' as const),
  };
  const result = process.argv.includes('--endpoints')
    ? await measureEndpointsAlone(options)
    : await measureWebhookDelivery(options);
  console.log(JSON.stringify(result, null, 2));
  if (statements) await whereTheTimeWent(database.db);
} finally {
  await database.stop();
}

async function whereTheTimeWent(db: Db): Promise<void> {
  const { rows: top } = await sql<{
    calls: number;
    ms: number;
    us: number;
    planUs: number;
    rows: number;
    wal: number;
    query: string;
  }>`
    select calls::int, round(total_exec_time)::int as ms, round(total_exec_time * 1000 / greatest(calls, 1))::int as us,
           round(total_plan_time * 1000 / greatest(calls, 1))::int as "planUs", rows::int,
           wal_bytes::bigint as wal, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) as query
      from pg_stat_statements order by total_exec_time + total_plan_time desc limit 15`.execute(db);
  console.log(
    '\nPostgreSQL statements by total time (the whole run): execution ms, calls, execution us/call, planning us/call, rows, WAL bytes, statement',
  );
  for (const s of top)
    console.log(
      `  ${[s.ms, s.calls, s.us, s.planUs, s.rows, s.wal].map((v) => String(v).padStart(10)).join('')}  ${s.query}`,
    );

  // The deliveries' own timestamps: an event's occurred_at and a delivery's created_at are the
  // start of the emitting and the fan-out transaction, an attempt's attempted_at the start of its
  // delivery batch.
  const deliveries = (latency: boolean) => sql`
    select e.occurred_at, l.created_at, a.attempted_at, a.duration_ms
      from control.events e
      join control.webhook_logs l on l.event_id = e.event_id and l.replay_id is null
      join control.webhook_delivery_attempts a on a.log_id = l.log_id
      join production.locations loc on loc.location_id = e.location_id
     where e.event_name = 'order.status_changed' and (loc.name = ${LATENCY_LOCATION}) = ${latency}`;
  const {
    rows: [stages],
  } = await sql<Record<string, number[]>>`
    with x as (${deliveries(true)})
    select percentile_cont(array[0.5, 0.9, 0.99]) within group (order by extract(epoch from (created_at - occurred_at)) * 1000) as "event to delivery created",
           percentile_cont(array[0.5, 0.9, 0.99]) within group (order by extract(epoch from (attempted_at - created_at)) * 1000) as "delivery created to attempt started",
           percentile_cont(array[0.5, 0.9, 0.99]) within group (order by duration_ms) as "the request"
      from x`.execute(db);
  console.log('\nLatency phase, ms (p50 / p90 / p99):');
  for (const [stage, values] of Object.entries(stages!))
    console.log(`  ${stage}: ${values.map((v) => Math.round(v)).join(' / ')}`);

  // Recording an attempt updates its log: HOT when the new version fits on the same page.
  const {
    rows: [updates],
  } = await sql<{ updates: number; hot: number }>`
    select coalesce(sum(n_tup_upd), 0)::int as updates, coalesce(sum(n_tup_hot_upd), 0)::int as hot
      from pg_stat_user_tables where schemaname = 'control' and relname like 'webhook\_logs\_%'`.execute(
    db,
  );
  console.log(
    `\nwebhook_logs updates: ${updates!.updates}, of which HOT: ${Math.round((100 * updates!.hot) / Math.max(1, updates!.updates))}%`,
  );
}
