// `make bench`: the service and a hand-written baseline, side by side in one run, on one embedded
// PostgreSQL, loaded from this separate process. Writes bench/results/runs/<date>.json and .md,
// which git ignores: a run a commit cites is copied into bench/results/ (its README says how).
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrateAll } from '../src/db/migrate.js';
import { explainListQueries } from './explain.js';
import {
  AT_HEAD,
  GRAPHQL_FLOOR,
  HTTP_SCENARIOS,
  RATE_LIMITED_FLOOR,
  atHeadOf,
  runHttpScenario,
  type ScenarioResult,
} from './http-scenarios.js';
import { headVersion } from './head-version.js';
import { seedBench } from './seed.js';
import { startServer } from './servers.js';
import { measureSandboxProvisioning, measureSoak } from './extra-scenarios.js';
import { measureWebhookDelivery } from './webhook-scenario.js';
import { GRAPHQL_ONLY, LOG_OFF, renderMarkdown, summarizeHttp, unanswered } from './report.js';
import { measureGrowth, type GrowthResult } from './growth.js';
import { renderGrowth } from './growth-report.js';

/** Seconds of measured load per run (each run after a 2 s warm-up). */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * BENCH_ROUNDS: each HTTP scenario runs its targets round-robin this many times (service, domain
 * only, baseline, floor, service, ...); the report takes medians over the rounds, and its ratios are
 * the medians of the ratios within each round, so one noisy or cold run does not decide a ratio.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`BENCH_ROUNDS must be a whole number >= 1, not ${process.env.BENCH_ROUNDS}`);
if (!(seconds > 0))
  throw new Error(`BENCH_SECONDS must be a number > 0, not ${process.env.BENCH_SECONDS}`);
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * BENCH_ONLY=http,webhooks,provisioning,soak,plans runs a subset (default: all); `growth` (not in the
 * default) adds the growth benchmark; `soak-data-api` runs the Data-API-only soak without the other.
 */
const only = new Set(
  (process.env.BENCH_ONLY ?? 'http,webhooks,provisioning,soak,plans').split(','),
);
/** BENCH_SCENARIOS=orders/{,webhooks/external runs the HTTP scenarios whose name contains one of these. */
const scenarioFilter = process.env.BENCH_SCENARIOS?.split(',');
const scenarios = HTTP_SCENARIOS.filter(
  (s) => !scenarioFilter || scenarioFilter.some((part) => s.name.includes(part)),
);

/** BENCH_GROWTH_SCALE shrinks the grown history (1: 1,000,000 orders, 5,000,000 events, ...) where the disk cannot hold it. */
const growthScale = Number(process.env.BENCH_GROWTH_SCALE ?? 1);
if (!(growthScale > 0))
  throw new Error(`BENCH_GROWTH_SCALE must be a number > 0, not ${process.env.BENCH_GROWTH_SCALE}`);

const env = {
  SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SVC_JWT_SECRET: randomBytes(32).toString('base64'),
  SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'warn',
};

const started = new Date();
const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
console.log(`bench: embedded PostgreSQL in ${dir}`);
// The grown history takes about 12 GB at full size (tables, indexes and WAL): refuse to start rather than fill the disk.
const freeGb = (statfsSync(dir).bavail * statfsSync(dir).bsize) / 1e9;
if (only.has('growth') && freeGb < 12 * growthScale)
  throw new Error(
    `the growth benchmark needs about ${12 * growthScale} GB free in ${dir}, there are ${freeGb.toFixed(1)}: set BENCH_GROWTH_SCALE below ${growthScale}`,
  );
// pg_stat_statements times the retention job's DELETE statements in the growth benchmark.
const pg = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pg'),
  persistent: false,
  durable: false,
  statementStats: only.has('growth'),
});
const url = pg.url();
const config = loadConfig({ ...env, DATABASE_URL: url, SVC_DATA_DIR: dir });
const handle = createDatabase(url);
await migrateAll(handle.db);
if (only.has('growth')) {
  await sql`create extension if not exists pg_stat_statements`.execute(handle.db);
  // Planning time too: a statement planned again on every execution shows there, not in its execution.
  await sql`alter system set pg_stat_statements.track_planning = on`.execute(handle.db);
  await sql`select pg_reload_conf()`.execute(handle.db);
}
console.log(
  'bench: seeding 100,000 orders, 10,000 customers, 100,000 feed events and 2,000 portal developers',
);
const data = await seedBench(handle.db, config, {
  installations: 500,
  orders: 100_000,
  customers: 10_000,
  feedEvents: 200,
  portalDevelopers: 2000,
});

// The service as production runs it: compiled by `npm run build`, no TypeScript loader.
execSync('npm run --silent build', {
  cwd: path.resolve(import.meta.dirname, '..'),
  stdio: 'inherit',
});
const service = await startServer('service', ['dist/main.js', 'serve'], {
  ...env,
  DATABASE_URL: url,
  SVC_ROLE: 'api',
});
const baseline = await startServer(
  'baseline',
  ['bench/baseline/server.ts'],
  { ...env, DATABASE_URL: url },
  '/api/plugin/v1/orders/1',
);
const floor = await startServer('floor', ['bench/floor/server.ts'], { ...env, DATABASE_URL: url });
// The decided floors (bench/results/README.md): the floor charging the rate-limit bucket, and the portal's
// floor under graphql-js. Each scenario with a decidedFloor runs it beside bench/floor.
const decidedFloors = {
  [RATE_LIMITED_FLOOR]: await startServer(RATE_LIMITED_FLOOR, ['bench/floor/server.ts'], {
    ...env,
    DATABASE_URL: url,
    FLOOR_RATE_LIMIT: '1',
  }),
  [GRAPHQL_FLOOR]: await startServer(GRAPHQL_FLOOR, ['bench/floor/graphql.ts'], {
    ...env,
    DATABASE_URL: url,
  }),
};
// The same service with the API request log off: the hot read on both shows what the log costs.
const logOff = await startServer(LOG_OFF, ['dist/main.js', 'serve'], {
  ...env,
  DATABASE_URL: url,
  SVC_ROLE: 'api',
  SVC_REQUEST_LOG: 'off',
});
// The service's domain behind bare node:http (diagnostic: what the doors cost).
const domainOnly = await startServer('domain only', ['bench/domain/server.ts'], {
  ...env,
  DATABASE_URL: url,
});
// The portal's GraphQL engine behind bare node:http with a page read once (diagnostic: what GraphQL costs a page).
const graphqlOnly = await startServer(GRAPHQL_ONLY, ['bench/graphql-only/server.ts'], {
  ...env,
  DATABASE_URL: url,
});

/** The newest version: the seeded plugin's pin, and what the AT_HEAD target names in X-Svc-Api-Version. */
const head = headVersion();
const atHead = { ...service, name: AT_HEAD };

const http: ScenarioResult[] = [];
try {
  const httpScenarios = only.has('http') ? scenarios : [];
  const targetsOf = (scenario: (typeof scenarios)[number]) =>
    1 +
    (scenario.requestLogOff ? 1 : 0) +
    (scenario.atHead ? 1 : 0) +
    (scenario.domainOnly ? 1 : 0) +
    (scenario.graphqlOnly ? 1 : 0) +
    (scenario.baseline ? 1 : 0) +
    (scenario.baseline || scenario.floor ? 1 : 0) +
    (scenario.decidedFloor ? 1 : 0);
  const runCount = httpScenarios.reduce((sum, scenario) => sum + targetsOf(scenario) * rounds, 0);
  if (runCount)
    console.log(
      `bench: ${httpScenarios.length} HTTP scenarios, ${rounds} rounds, ${runCount} runs of 2 s warm-up + ${seconds} s: about ${Math.ceil((runCount * (2 + seconds)) / 60)} min`,
    );
  for (const scenario of httpScenarios) {
    const others = [
      ...(scenario.domainOnly ? [domainOnly] : []),
      ...(scenario.graphqlOnly ? [graphqlOnly] : []),
      ...(scenario.baseline ? [baseline] : []),
      ...(scenario.baseline || scenario.floor ? [floor] : []),
      ...(scenario.decidedFloor ? [decidedFloors[scenario.decidedFloor.target]] : []),
    ];
    for (let round = 1; round <= rounds; round++) {
      // Round-robin: every round runs each target once, so the ratios can be taken within a round.
      // With the request log off as well, the pair's order alternates from round to round (off, on;
      // on, off; ...) so that neither gains from running second (PostgreSQL's cache warming up).
      // The same for the service at head beside it at the old version.
      const pair = scenario.requestLogOff ? logOff : scenario.atHead ? atHead : undefined;
      const first = pair ? (round % 2 === 1 ? [pair, service] : [service, pair]) : [service];
      for (const target of [...first, ...others]) {
        const sent = target === atHead ? atHeadOf(scenario, head) : scenario;
        const result = {
          ...(await runHttpScenario(sent, target, data, {
            seconds,
            connections,
            pgDataDir: path.join(dir, 'pg'),
          })),
          round,
        };
        console.log(
          `bench: ${scenario.name} on ${target.name}, round ${round}/${rounds}: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, non2xx ${result.non2xx}`,
        );
        http.push(result);
      }
    }
  }
} finally {
  await baseline.stop();
  await floor.stop();
  for (const decided of Object.values(decidedFloors)) await decided.stop();
  await logOff.stop();
  await domainOnly.stop();
  await graphqlOnly.stop();
}

const plans = only.has('plans') ? await explainListQueries(url, data.keys[0]!) : [];
const provisioning = only.has('provisioning')
  ? await measureSandboxProvisioning(handle.db, 10)
  : { runs: 0, p50Ms: 0, maxMs: 0 };
console.log(
  `bench: sandbox provisioning p50 ${provisioning.p50Ms} ms, max ${provisioning.maxMs} ms`,
);
const webhooks = only.has('webhooks')
  ? await measureWebhookDelivery({ db: handle.db, url, env, data, dir, rounds })
  : {};
console.log(`bench: webhooks ${JSON.stringify(webhooks)}`);
const soak = only.has('soak') ? await measureSoak(service, data, soakSeconds) : {};
console.log(`bench: soak ${JSON.stringify(soak)}`);
// The same soak on a fresh process started with the Data API only (SVC_DOORS=data-api), after each
// Data API scenario once (as the process above served every scenario first): target < 200 MB.
const soakDataApiOnly =
  only.has('soak') || only.has('soak-data-api') ? await soakOfDataApiOnly() : {};
console.log(`bench: soak, Data API only ${JSON.stringify(soakDataApiOnly)}`);
async function soakOfDataApiOnly() {
  const dataApiOnly = await startServer('service, Data API only', ['dist/main.js', 'serve'], {
    ...env,
    DATABASE_URL: url,
    SVC_ROLE: 'api',
    SVC_DOORS: 'data-api',
  });
  try {
    for (const scenario of HTTP_SCENARIOS.filter((s) => !s.name.startsWith('portal '))) {
      const run = await runHttpScenario(scenario, dataApiOnly, data, { seconds, connections });
      console.log(
        `bench: ${scenario.name} on ${dataApiOnly.name} (before its soak): ${run.requestsPerSecond} req/s, non2xx ${run.non2xx}, peak RSS ${run.peakRssMb} MB`,
      );
    }
    return await measureSoak(dataApiOnly, data, soakSeconds, 'data-api');
  } finally {
    await dataApiOnly.stop();
  }
}
// Last: it grows the database's history for good.
const writers = HTTP_SCENARIOS.find((s) => s.name.startsWith('POST /orders'))!;
const growth: GrowthResult | undefined = only.has('growth')
  ? await measureGrowth({
      db: handle.db,
      service,
      scenarios,
      writers,
      data,
      seconds,
      rounds,
      connections,
      scale: growthScale,
      days: config.eventRetentionDays + 1,
      pgDataDir: path.join(dir, 'pg'),
    })
  : undefined;
// With `webhooks` too: the delivery burst again on the grown history (the first ran on the small one;
// the extra endpoints' variants only there).
if (growth && only.has('webhooks'))
  growth.webhooks = await measureWebhookDelivery({
    db: handle.db,
    url,
    env,
    data,
    dir,
    endpoints: 'skip',
  });
await service.stop();
await handle.close();
await pg.stop();

const report = {
  date: started.toISOString(),
  command: [
    ...[
      'BENCH_ONLY',
      'BENCH_SCENARIOS',
      'BENCH_SECONDS',
      'BENCH_ROUNDS',
      'BENCH_CONNECTIONS',
      'BENCH_SOAK_SECONDS',
      'BENCH_GROWTH_SCALE',
    ]
      .filter((k) => process.env[k])
      .map((k) => `${k}='${process.env[k]}'`),
    'make bench',
  ].join(' '),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  settings: {
    seconds,
    rounds,
    connections,
    soakSeconds,
    growthScale,
    installations: data.keys.length,
    orders: 100_000,
    customers: 10_000,
    feedEventsPerInstallation: 200,
    portalDevelopers: 2000,
  },
  /** Every HTTP run, in the order run, each with its round. */
  http,
  /** Per scenario and target: medians over the rounds, and the medians of the per-round ratios. */
  httpSummary: summarizeHttp(http),
  webhooks,
  provisioning,
  soak,
  soakDataApiOnly,
  plans,
  growth,
};
const outDir = path.resolve(import.meta.dirname, 'results', 'runs');
mkdirSync(outDir, { recursive: true });
const stamp = started.toISOString().replace(/[:.]/g, '-');
writeFileSync(path.join(outDir, `${stamp}.json`), JSON.stringify(report, null, 2) + '\n');
const markdown =
  renderMarkdown(report) +
  (growth ? `\n${renderGrowth(growth, webhooks as { deliveriesPerSecond?: number })}` : '');
writeFileSync(path.join(outDir, `${stamp}.md`), markdown);
console.log(markdown);
console.log(`Written: bench/results/runs/${stamp}.json and .md (git ignores them).`);
console.log(`To keep it as a run of record: cp bench/results/runs/${stamp}.json bench/results/`);
console.log('and add its line to bench/results/README.md (date, command, commit, figures).');
// A request that failed makes its scenario's req/s meaningless (a 400 is answered fast): say so, and fail.
const failed = unanswered(http);
if (failed.size) {
  for (const [scenario, n] of failed)
    console.error(`bench: ${scenario}: ${n} non-2xx answers or errors, its ratios are not valid`);
  process.exitCode = 1;
}
