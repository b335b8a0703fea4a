// `BENCH_ONLY=growth`: the HTTP scenarios on the service with the bench's small history, then with
// the history grown to a year's size (growth-seed.ts), in the same run; then the retention job's
// prune of the oldest day while POST /orders writers run. The report compares the two runs
// against the issue's growth targets (growth-report.ts).
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { pruneApiRequests } from '../src/domain/api-requests/index.js';
import { pruneExpiredEvents } from '../src/domain/webhooks/retention.js';
import { growHistory, type GrowthSize } from './growth-seed.js';
import { runHttpScenario, type Scenario, type ScenarioResult } from './http-scenarios.js';
import type { BenchData } from './seed.js';
import type { Server } from './servers.js';

export interface RetentionRun {
  /** Rows deleted: events (their feed entries go with them), webhook logs (their attempts too), request log entries. */
  deleted: { events: number; logs: number; requestLog: number };
  /** The feed entries and attempts that went with them (on delete cascade). */
  cascaded: { feedEntries: number; attempts: number };
  seconds: number;
  /** The longest and the summed time of the prune's DELETE, DETACH and DROP statements. */
  longestStatementMs: number;
  statementsMs: number;
  statements: number;
  /** The longest of each kind: a DELETE batch holds its rows' locks; DETACH ... CONCURRENTLY waits for older snapshots without blocking writers; DROP locks only the detached table. */
  longestByKindMs: { delete: number; detach: number; drop: number };
  /** The prune's three longest statements (their longest run), to see which one to shorten. */
  slowest: { ms: number; calls: number; query: string }[];
  /** Other sessions (the writers) seen waiting on a lock while the prune ran, sampled every LOCK_SAMPLE_MS: the longest wait and on what. */
  lockWaits: { longestMs: number; sessions: number; statement: string | null };
  /** POST /orders before the prune, and while it runs (same settings). */
  writersQuiet: ScenarioResult;
  writersDuringPrune: ScenarioResult;
}

export interface GrowthResult {
  size: GrowthSize;
  small: ScenarioResult[];
  large: ScenarioResult[];
  retention: RetentionRun;
  /** The webhook scenario on the grown history (with BENCH_ONLY=webhooks,growth). */
  webhooks?: { deliveriesPerSecond: number };
}

interface GrowthOptions {
  db: Db;
  service: Server;
  scenarios: Scenario[];
  writers: Scenario;
  data: BenchData;
  seconds: number;
  rounds: number;
  connections: number;
  scale: number;
  /** Days of the grown history; the prune keeps days - 1 (the retention window). */
  days: number;
  /** PostgreSQL's data directory: each round's PostgreSQL CPU per request. */
  pgDataDir: string;
}

/** Where a round's time went: the service's and PostgreSQL's CPU per request, and PostgreSQL's busiest statements. */
export interface RoundCost {
  serviceCpuMsPerRequest: number;
  postgresCpuMsPerRequest: number;
  /** The statements with the most execution plus planning time in the round (warm-up included): calls, mean ms, shared blocks a call. */
  statements: {
    query: string;
    calls: number;
    meanExecMs: number;
    meanPlanMs: number;
    blocksPerCall: number;
  }[];
}

async function runAll(o: GrowthOptions, history: 'small' | 'large'): Promise<ScenarioResult[]> {
  const out: (ScenarioResult & { autovacuum: Record<string, number>; cost: RoundCost })[] = [];
  for (const scenario of o.scenarios) {
    for (let round = 1; round <= o.rounds; round++) {
      await sql`select pg_stat_statements_reset()`.execute(o.db);
      const { result, autovacuum } = await autovacuumDuring(o.db, () =>
        runHttpScenario(scenario, o.service, o.data, {
          seconds: o.seconds,
          connections: o.connections,
          pgDataDir: o.pgDataDir,
        }),
      );
      const perRequest = (percent: number) =>
        r3((percent * 10) / Math.max(1, result.requestsPerSecond));
      const cost: RoundCost = {
        serviceCpuMsPerRequest: perRequest(result.cpuPercent),
        postgresCpuMsPerRequest: perRequest(result.postgresCpuPercent ?? 0),
        statements: await busiestStatements(o.db),
      };
      const r = { ...result, round, autovacuum, cost };
      const vacuumed = Object.entries(autovacuum)
        .map(([what, seconds]) => `${what} ${seconds} s`)
        .join(', ');
      console.log(
        `bench: growth, ${history} history: ${scenario.name} round ${round}: ${r.requestsPerSecond} req/s, p99 ${r.p99Ms} ms, CPU ms a request: service ${cost.serviceCpuMsPerRequest}, PostgreSQL ${cost.postgresCpuMsPerRequest}${vacuumed ? `; autovacuum: ${vacuumed}` : ''}`,
      );
      out.push(r);
    }
  }
  return out;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** PostgreSQL's four busiest statements since the last reset (pg_stat_statements), by execution plus planning time. */
async function busiestStatements(db: Db): Promise<RoundCost['statements']> {
  const { rows } = await sql<{
    query: string;
    calls: string;
    exec_ms: number;
    plan_ms: number;
    blocks: string;
  }>`
    select query, calls, total_exec_time as exec_ms, total_plan_time as plan_ms, shared_blks_hit + shared_blks_read as blocks
      from pg_stat_statements where query not ilike '%pg_stat_%' order by total_exec_time + total_plan_time desc limit 4`.execute(
    db,
  );
  return rows.map((row) => ({
    query: row.query.replace(/\s+/g, ' ').slice(0, 300),
    calls: Number(row.calls),
    meanExecMs: r3(row.exec_ms / Math.max(1, Number(row.calls))),
    meanPlanMs: r3(row.plan_ms / Math.max(1, Number(row.calls))),
    blocksPerCall: Math.round((Number(row.blocks) / Math.max(1, Number(row.calls))) * 10) / 10,
  }));
}

const AUTOVACUUM_SAMPLE_MS = 250;

/**
 * What autovacuum worked on while `work` ran, sampled every 250 ms: each of its statements (e.g.
 * `autovacuum: VACUUM ANALYZE control.api_requests_p20261128`) with the seconds it was seen. It
 * shares the two cores with the service, so a round it overlaps measures less than the service.
 */
async function autovacuumDuring<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ result: T; autovacuum: Record<string, number> }> {
  const autovacuum: Record<string, number> = {};
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await sql<{
        query: string;
      }>`select query from pg_stat_activity where backend_type = 'autovacuum worker' and query <> ''`.execute(
        db,
      );
      for (const { query } of rows)
        autovacuum[query] =
          Math.round(((autovacuum[query] ?? 0) + AUTOVACUUM_SAMPLE_MS / 1000) * 100) / 100;
      await new Promise((resolve) => setTimeout(resolve, AUTOVACUUM_SAMPLE_MS));
    }
  })();
  try {
    return { result: await work(), autovacuum };
  } finally {
    running = false;
    await sampler;
  }
}

/** The prune's own statements, by their text (pg_stat_statements, pg_stat_activity): its DELETE batches, DETACHes and DROPs. */
const PRUNE_STATEMENT = sql`(query ilike '%delete from control.%' or query ilike 'alter table%detach partition%' or query ilike 'drop table%')`;

const rowsOf = async (db: Db, table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db))
    .rows[0]!.n;

/** The prune of the oldest day (events, webhook logs, request log) while the writers run. */
async function measureRetention(o: GrowthOptions): Promise<RetentionRun> {
  const writersQuiet = await runHttpScenario(o.writers, o.service, o.data, {
    seconds: o.seconds,
    connections: o.connections,
  });
  const before = {
    feed: await rowsOf(o.db, 'control.installation_events'),
    attempts: await rowsOf(o.db, 'control.webhook_delivery_attempts'),
  };
  await sql`select pg_stat_statements_reset()`.execute(o.db);
  const started = performance.now();
  let seconds = 0;
  let pruning = true;
  const waits = sampleLockWaits(o.db, () => pruning);
  const prune = (async () => {
    const events = await pruneExpiredEvents(o.db, o.days - 1);
    const requests = await pruneApiRequests(o.db, o.days - 1);
    seconds = Math.round(performance.now() - started) / 1000;
    pruning = false;
    return { events: events.events, logs: events.logs, requestLog: requests.deleted };
  })();
  const writersDuringPrune = await runHttpScenario(o.writers, o.service, o.data, {
    seconds: o.seconds,
    connections: o.connections,
  });
  const deleted = await prune;
  const { rows: kinds } = await sql<{
    kind: 'delete' | 'detach' | 'drop';
    longest: number;
    total: number;
    calls: number;
  }>`
    select kind, coalesce(max(max_exec_time), 0)::float8 as longest, coalesce(sum(total_exec_time), 0)::float8 as total, coalesce(sum(calls), 0)::int as calls
      from (select *, case when query ilike 'alter table%detach partition%' then 'detach' when query ilike 'drop table%' then 'drop' else 'delete' end as kind
              from pg_stat_statements where ${PRUNE_STATEMENT}) s
     group by kind`.execute(o.db);
  const { rows: slowest } = await sql<{ ms: number; calls: number; query: string }>`
    select round(max_exec_time::numeric, 1)::float8 as ms, calls::int, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) as query
      from pg_stat_statements
     where ${PRUNE_STATEMENT} or query ilike 'update control.%'
     order by max_exec_time desc limit 3`.execute(o.db);
  const longestOf = (kind: string) =>
    Math.round((kinds.find((k) => k.kind === kind)?.longest ?? 0) * 10) / 10;
  const stats = {
    longest: Math.max(0, ...kinds.map((k) => k.longest)),
    total: kinds.reduce((sum, k) => sum + k.total, 0),
    calls: kinds.reduce((sum, k) => sum + k.calls, 0),
  };
  const after = {
    feed: await rowsOf(o.db, 'control.installation_events'),
    attempts: await rowsOf(o.db, 'control.webhook_delivery_attempts'),
  };
  return {
    deleted,
    // The writers add no feed entries or attempts (no recipients): what went is what the prune took.
    cascaded: { feedEntries: before.feed - after.feed, attempts: before.attempts - after.attempts },
    seconds,
    longestStatementMs: Math.round(stats.longest * 10) / 10,
    statementsMs: Math.round(stats.total),
    statements: stats.calls,
    longestByKindMs: {
      delete: longestOf('delete'),
      detach: longestOf('detach'),
      drop: longestOf('drop'),
    },
    lockWaits: await waits,
    slowest,
    writersQuiet,
    writersDuringPrune,
  };
}

const LOCK_SAMPLE_MS = 20;

/**
 * While `running()`, looks at pg_stat_activity every LOCK_SAMPLE_MS for sessions waiting on a
 * heavyweight lock, other than this one and the prune's own statements (the writers, then): the
 * longest wait seen (from the first to the last sample that saw the same statement of a session
 * waiting, plus one interval) and its statement.
 */
async function sampleLockWaits(db: Db, running: () => boolean): Promise<RetentionRun['lockWaits']> {
  const seen = new Map<string, { first: number; last: number; query: string }>();
  while (running()) {
    const { rows } = await sql<{ pid: number; since: string; query: string }>`
      select pid, query_start::text as since, left(query, 120) as query from pg_stat_activity
       where wait_event_type = 'Lock' and pid <> pg_backend_pid()
         and not (${PRUNE_STATEMENT})`.execute(db);
    const now = performance.now();
    for (const row of rows) {
      const key = `${row.pid}:${row.since}`;
      const wait = seen.get(key) ?? { first: now, last: now, query: row.query };
      wait.last = now;
      seen.set(key, wait);
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_SAMPLE_MS));
  }
  const longest = [...seen.values()].sort((a, b) => b.last - b.first - (a.last - a.first))[0];
  return {
    longestMs: longest ? Math.round(longest.last - longest.first + LOCK_SAMPLE_MS) : 0,
    sessions: seen.size,
    statement: longest?.query ?? null,
  };
}

export async function measureGrowth(o: GrowthOptions): Promise<GrowthResult> {
  const small = await runAll(o, 'small');
  const size = await growHistory(o.db, o.data, {
    scale: o.scale,
    days: o.days,
    log: (line) => console.log(`bench: ${line}`),
  });
  console.log(`bench: growth seeded in ${size.seedSeconds} s: ${JSON.stringify(size)}`);
  const large = await runAll(o, 'large');
  const retention = await measureRetention(o);
  console.log(
    `bench: growth retention ${JSON.stringify({ ...retention, writersQuiet: undefined, writersDuringPrune: undefined })}`,
  );
  return { size, small, large, retention };
}
