// `npx tsx bench/ab.ts DIR [DIR ...]`: compiled builds of the service side by side under one HTTP
// scenario (default GET /orders/{orderId}; BENCH_AB_SCENARIO names another), round-robin over
// BENCH_ROUNDS rounds on one seeded database (each round in a rotated order), with the floor as reference. Each DIR is a checkout
// with a dist/ built, optionally with environment (DIR:NAME=value,...) (e.g. a `git worktree` of an older commit outside this checkout, node_modules linked); `.` is this
// one. Prints req/s, the ratio to the floor of the same round (and to the scenario's decided floor, the
// rate-limited one or `floor, graphql-js`, when it has one), the p99 latency and the service's CPU time per
// request, which is steadier than req/s on a shared machine. For before/after comparisons while
// optimising; `make bench` stays the measurement of record.
import path from 'node:path';
import { seededDatabase } from './dev-database.js';
import {
  GRAPHQL_FLOOR,
  HTTP_SCENARIOS,
  RATE_LIMITED_FLOOR,
  runHttpScenario,
  type ScenarioResult,
} from './http-scenarios.js';
import { startServer, type Server } from './servers.js';
import { postgresCpuSeconds } from './proc.js';
import { GRAPHQL_ONLY } from './report.js';

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error('usage: npx tsx bench/ab.ts DIR [DIR ...]');
const scenario = HTTP_SCENARIOS.find(
  (s) => s.name === (process.env.BENCH_AB_SCENARIO ?? 'GET /orders/{orderId}'),
)!;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const database = await seededDatabase('ab', {
  installations: 500,
  orders: 20_000,
  customers: 2_000,
  feedEvents: 20,
  portalDevelopers: 2000,
});
const { env, url, data } = database;
const pgDir = path.join(database.dir, 'pg');
const targets: Server[] = [];
// DIR:NAME=value,NAME=value runs that build with extra environment (e.g. .:SVC_REQUEST_LOG=off), and
// NODE_FLAGS=value with Node flags (e.g. .:NODE_FLAGS=--max-semi-space-size=8).
for (const arg of dirs) {
  const [d, extra] = arg.split(':') as [string, string | undefined];
  const vars = Object.fromEntries(
    (extra ? extra.split(',') : []).map(
      (kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as [string, string],
    ),
  );
  // NODE_FLAGS=... goes on the command line after the service's own V8 settings, so it overrides them.
  const { NODE_FLAGS: flags, ...rest } = vars;
  targets.push(
    await startServer(
      arg,
      [...(flags ? flags.split(' ') : []), path.resolve(d, 'dist/main.js'), 'serve'],
      { ...env, ...rest, DATABASE_URL: url, SVC_ROLE: 'api' },
    ),
  );
}
if (scenario.domainOnly)
  targets.push(
    await startServer('domain only', ['bench/domain/server.ts'], { ...env, DATABASE_URL: url }),
  );
if (scenario.graphqlOnly)
  targets.push(
    await startServer(GRAPHQL_ONLY, ['bench/graphql-only/server.ts'], {
      ...env,
      DATABASE_URL: url,
    }),
  );
// The portal pages' decided floor (graphql-js), beside bench/floor: the ratio that is their target.
if (scenario.decidedFloor?.target === GRAPHQL_FLOOR)
  targets.push(
    await startServer(GRAPHQL_FLOOR, ['bench/floor/graphql.ts'], { ...env, DATABASE_URL: url }),
  );
targets.push(await startServer('floor', ['bench/floor/server.ts'], { ...env, DATABASE_URL: url }));
// The scenario's decided floor, beside bench/floor: the ratio that is its target (the portal
// pages' graphql-js floor is started above; the rate-limited one here).
const decided =
  [RATE_LIMITED_FLOOR, GRAPHQL_FLOOR].find((f) => f === scenario.decidedFloor?.target) ?? null;
if (decided === RATE_LIMITED_FLOOR)
  targets.push(
    await startServer(decided, ['bench/floor/server.ts'], {
      ...env,
      DATABASE_URL: url,
      FLOOR_RATE_LIMIT: '1',
    }),
  );
const runs: (ScenarioResult & { round: number; pgMsPerRequest: number })[] = [];
for (let round = 1; round <= rounds; round++) {
  // Each round starts one target later: no target always runs first (the first ran faster, and
  // used less PostgreSQL time a request, than the same build run later in a round).
  const order = targets.map((_, i) => targets[(i + round - 1) % targets.length]!);
  for (const target of order) {
    let before = 0;
    const r = await runHttpScenario(scenario, target, data, {
      seconds,
      connections: scenario.connections ?? 50,
      beforeMeasure: () => (before = postgresCpuSeconds(pgDir)),
    });
    const pgSeconds = postgresCpuSeconds(pgDir) - before;
    runs.push({
      ...r,
      round,
      pgMsPerRequest: (pgSeconds * 1000) / (r.requestsPerSecond * seconds),
    });
  }
}
for (const t of targets) await t.stop();
await database.stop();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ratioTo = (floor: string, r: ScenarioResult & { round: number }) =>
  r.requestsPerSecond /
  runs.find((f) => f.target === floor && f.round === r.round)!.requestsPerSecond;
console.log(
  `\n${scenario.name}, ${rounds} rounds of ${seconds} s\n\n| target | req/s (median) | ratio to floor (median of rounds) |${decided ? ` ratio to ${decided} |` : ''} p99 ms (median) | CPU ms per request | PostgreSQL CPU ms per request | peak RSS MB (median) |\n| --- | --- | --- |${decided ? ' --- |' : ''} --- | --- | --- | --- |`,
);
for (const t of targets) {
  const mine = runs.filter((r) => r.target === t.name);
  const ratios = mine.map((r) => ratioTo('floor', r));
  const toDecided = decided ? ` ${median(mine.map((r) => ratioTo(decided, r))).toFixed(2)} |` : '';
  const cpu = mine.map((r) => (r.cpuPercent * 10) / r.requestsPerSecond);
  console.log(
    `| ${t.name} | ${median(mine.map((r) => r.requestsPerSecond))} | ${median(ratios).toFixed(2)} |${toDecided} ${median(mine.map((r) => r.p99Ms))} | ${median(cpu).toFixed(3)} | ${median(mine.map((r) => r.pgMsPerRequest)).toFixed(3)} | ${median(mine.map((r) => r.peakRssMb))} |`,
  );
}
