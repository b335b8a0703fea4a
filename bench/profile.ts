// `npx tsx bench/profile.ts [scenario]`: a CPU profile of the compiled service under one HTTP
// scenario of the bench (default GET /orders/{orderId}), written to bench/results/profiles/, with
// the functions that took the most self time printed, and PostgreSQL's busiest statements of the run. For finding where a request's time goes.
import { execSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { freePort } from '../src/db/embedded.js';
import { seededDatabase } from './dev-database.js';
import { HTTP_SCENARIOS } from './http-scenarios.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const name = process.argv[2] ?? 'GET /orders/{orderId}';
const scenario = HTTP_SCENARIOS.find((s) => s.name === name);
if (!scenario) {
  const known = HTTP_SCENARIOS.map((s) => `  ${s.name}`).join('\n');
  const help = name === '--help' || name === '-h';
  (help ? console.log : console.error)(
    `usage: npx tsx bench/profile.ts [scenario]\n${help ? '' : `no scenario named '${name}'; `}scenarios:\n${known}`,
  );
  process.exit(help ? 0 : 2);
}
const database = await seededDatabase(
  'profile',
  { installations: 100, orders: 20_000, customers: 1_000, feedEvents: 50, portalDevelopers: 1000 },
  { statementStats: true },
);
const { env, data } = database;
await sql`create extension if not exists pg_stat_statements`.execute(database.db);
// Planning time too: a statement re-planned on every execution shows up there, not in its execution.
await sql`alter system set pg_stat_statements.track_planning = on`.execute(database.db);
await sql`select pg_reload_conf()`.execute(database.db);
execSync('npm run --silent build', { cwd: ROOT, stdio: 'inherit' });
const port = await freePort();
const out = path.join(ROOT, 'bench/results/profiles');
mkdirSync(out, { recursive: true });
const child = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${out}`, 'dist/main.js', 'serve'],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: database.url,
      SVC_ROLE: 'api',
      PORT: String(port),
    },
    stdio: 'inherit',
  },
);
const url = `http://127.0.0.1:${port}`;
for (;;) {
  if (
    await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 200));
}
await sql`select pg_stat_statements_reset()`.execute(database.db);
let n = 0;
const result = await autocannon({
  url,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: 10,
  requests: [{ setupRequest: (req) => Object.assign(req, scenario.build(n++, data)) }],
});
console.log(`${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
const before = new Set(readdirSync(out));
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
// PostgreSQL's side of the same run: the statements that took the most time, per call.
const { rows: statements } = await sql<{
  calls: number;
  plans: number;
  mean_ms: number;
  plan_ms: number;
  total_ms: number;
  query: string;
}>`
  select calls::int, plans::int, round(mean_exec_time::numeric, 3)::float8 as mean_ms, round((total_plan_time / greatest(calls, 1))::numeric, 3)::float8 as plan_ms,
         round((total_exec_time + total_plan_time)::numeric)::float8 as total_ms,
         left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
    from pg_stat_statements where calls >= ${Math.floor(result.requests.total / 10)} order by total_exec_time + total_plan_time desc limit 12`.execute(
  database.db,
);
console.log(
  `statements of the run (calls, times planned, mean execution ms, planning ms a call, total ms):\n${statements.map((s) => `${String(s.calls).padStart(7)} ${String(s.plans).padStart(7)} ${String(s.mean_ms).padStart(8)} ${String(s.plan_ms).padStart(8)} ${String(s.total_ms).padStart(7)}  ${s.query}`).join('\n')}\n`,
);
await database.stop();
const file = readdirSync(out)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(out, f))
  .sort()
  .pop()!;
void before;
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount: number;
  }[];
};
const total = profile.nodes.reduce((sum, node) => sum + node.hitCount, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const where = node.callFrame.url.replace(/^file:\/\//, '').replace(ROOT + '/', '');
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
  const pkg =
    /node_modules\/((@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('dist/')
      ? where.split('/').slice(0, 2).join('/')
      : where === ''
        ? node.callFrame.functionName
        : 'node:' + where.split('/')[0]);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
}
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([key, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
console.log(
  `profile: ${file}\n\nself time by package:\n${top(byPackage, 25)}\n\nself time by function:\n${top(byFunction, 30)}`,
);
