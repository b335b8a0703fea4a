// make chaos: each fault against the real service (separate processes) on an embedded PostgreSQL
// this script controls, under bounded load loops on 127.0.0.1. Prints a table, writes
// bench/results/runs/chaos-<date>.json and .md (git ignores them; bench/results/README.md says how to
// keep a run a commit cites), and exits non-zero when a property fails.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrateAll } from '../src/db/migrate.js';
import { createInstallation } from '../test/support/builders.js';
import { createMenuItem } from '../test/support/catalog-builders.js';
import { startService, stopService, timedFetch } from '../test/support/service-process.js';
import { createTestTls } from '../test/support/tls.js';
import { startReceiver, type Responder } from '../test/support/webhook-receiver.js';
import { sql } from 'kysely';
import {
  auditOrders,
  orderStream,
  renderTable,
  sequenceGapFree,
  tally,
  type FaultRow,
  type Stream,
} from './chaos-load.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started = new Date();
const pg = await startEmbeddedPostgres({
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'svc-chaos-pg-')),
  persistent: false,
});
const { db, close } = createDatabase(pg.url(), { max: 2 });
await migrateAll(db);
const tls = createTestTls();
const receiver = await startReceiver(tls);
const inst = await createInstallation(db, {
  webhookEndpoint: receiver.url(),
  supportedEvents: ['order.created'],
});
const itemId = (await createMenuItem(db, inst.locationId)).item_id;
const env = {
  DATABASE_URL: pg.url(),
  SVC_WEBHOOK_ALLOW_PRIVATE: '1',
  NODE_EXTRA_CA_CERTS: tls.caPath,
  SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  SVC_WEBHOOK_BACKOFF_SECONDS: '1,1,1',
};
const rows: FaultRow[] = [];

async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(50))
    if (await condition()) return true;
  return false;
}

/** The order of an order.created delivery's body. */
const orderOf = (body: Buffer) =>
  (JSON.parse(body.toString('utf8')).data as { order_id: number }).order_id;

/**
 * The p95 of the orders' deliveries, from each 201 to the first arrival of its order.created at
 * the receiver (`received()`: its requests), once all have arrived or 30 s have passed (Infinity
 * for one that never did).
 */
async function deliveryP95(
  created: Stream['answers'],
  received: () => { body: Buffer; at: number }[],
): Promise<number> {
  await until(() => new Set(received().map((r) => orderOf(r.body))).size >= created.length, 30_000);
  const arrived = new Map<number, number>();
  for (const r of received()) if (!arrived.has(orderOf(r.body))) arrived.set(orderOf(r.body), r.at);
  const latencies = created
    .map(
      (a) =>
        (arrived.get((a.body!.data as { order_id: number }).order_id) ?? Infinity) - (a.at + a.ms),
    )
    .sort((x, y) => x - y);
  return latencies[Math.ceil(latencies.length * 0.95) - 1] ?? Infinity;
}

/** PostgreSQL SIGKILLed (postmaster and backends) for 3 s under POST /orders, then started again. */
async function databaseCrash(): Promise<FaultRow> {
  const service = await startService('all', env);
  try {
    receiver.requests.length = 0;
    const stream = orderStream(() => service.url, inst.apiKey, itemId, 'crash');
    await until(() => stream.answers.filter((a) => a.status === 201).length >= 20, 30_000);
    const crashedAt = Date.now();
    await pg.kill();
    await sleep(3000);
    const readyz = await timedFetch(`${service.url}/readyz`);
    const restartingAt = Date.now();
    await pg.restart();
    const back = await until(
      () => stream.answers.some((a) => a.at >= restartingAt && a.status === 201),
      15_000,
    );
    const recoveredAt = stream.answers.find((a) => a.at >= restartingAt && a.status === 201)?.at;
    await sleep(1000);
    await stream.stop();
    const during = stream.answers.filter((a) => a.at >= crashedAt && a.at < restartingAt);
    await until(
      async () => (await auditOrders(db, inst.installationId, stream.answers)).eventsLost === 0,
      30_000,
    );
    // Every acknowledged order's order.created delivered, and when the last one arrived.
    const acknowledged = stream.answers
      .filter((a) => a.status === 201)
      .map((a) => (a.body!.data as { order_id: number }).order_id);
    const delivered = () => new Set(receiver.requests.map((r) => orderOf(r.body)));
    const allDelivered = await until(() => acknowledged.every((id) => delivered().has(id)), 30_000);
    const lastArrival = Math.max(
      ...receiver.requests.filter((r) => acknowledged.includes(orderOf(r.body))).map((r) => r.at),
    );
    const fault = `database crash (SIGKILL, 3 s, restart): all deliveries in ${Math.round((lastArrival - restartingAt) / 100) / 10} s after the restart`;
    const row: FaultRow = {
      fault,
      ...tally(stream.answers),
      ...(await auditOrders(db, inst.installationId, stream.answers)),
      recoverMs: recoveredAt ? recoveredAt - restartingAt : null,
      failures: [],
    };
    if (!allDelivered)
      row.failures.push(
        `${acknowledged.filter((id) => !delivered().has(id)).length} acknowledged orders' order.created not delivered within 30 s`,
      );
    if (during.some((a) => a.status !== 503 || a.retryAfter === null))
      row.failures.push('an answer during the outage was not 503 with Retry-After');
    if (stream.answers.some((a) => a.status !== 201 && a.status !== 503))
      row.failures.push('an answer other than 201 or 503');
    if (readyz.status !== 503)
      row.failures.push(`/readyz answered ${readyz.status} during the outage`);
    if (!back || row.recoverMs! >= 10_000) row.failures.push('not back within 10 s');
    if (service.child.exitCode !== null) row.failures.push('the process died');
    if (!(await sequenceGapFree(db, inst.installationId)))
      row.failures.push('a gap in the sequence');
    return row;
  } finally {
    await stopService(service);
  }
}

/** SIGTERM to an API process under POST /orders (a rolling restart: the next process takes over). */
async function apiSigterm(): Promise<FaultRow> {
  let current = await startService('api', env);
  const first = current;
  // Deliveries and the feed are the worker role's: one runs beside the API processes.
  const worker = await startService('worker', env);
  try {
    const stream = orderStream(() => current.url, inst.apiKey, itemId, 'term', 4);
    await until(() => stream.answers.filter((a) => a.status === 201).length >= 20, 30_000);
    const next = await startService('api', env);
    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    current = next;
    const code = await first.exited;
    const exitMs = Date.now() - signalledAt;
    await sleep(1000);
    await stream.stop();
    await stopService(next);
    await until(
      async () => (await auditOrders(db, inst.installationId, stream.answers)).eventsLost === 0,
      30_000,
    );
    const row: FaultRow = {
      fault: 'SIGTERM to an API process under load',
      ...tally(stream.answers),
      ...(await auditOrders(db, inst.installationId, stream.answers)),
      recoverMs: exitMs,
      failures: [],
    };
    const before = stream.answers.filter((a) => a.at < signalledAt);
    if (before.some((a) => a.status !== 201))
      row.failures.push('a request sent before the signal was cut or refused');
    if (stream.answers.some((a) => a.status >= 500)) row.failures.push('a 5xx');
    if (code !== 0 || exitMs > 10_000) row.failures.push(`exit ${code} after ${exitMs} ms`);
    return row;
  } finally {
    await stopService(first);
    await stopService(worker);
  }
}

/** A burst of 100 concurrent requests at a process with 2 connections and a 300 ms acquire timeout. */
async function overload(): Promise<FaultRow> {
  const service = await startService('api', {
    ...env,
    SVC_DB_POOL_SIZE: '2',
    SVC_DB_ACQUIRE_TIMEOUT_MS: '300',
  });
  try {
    const get = () =>
      timedFetch(`${service.url}/api/plugin/v1/orders?limit=50`, {
        headers: { 'X-Plugin-Api-Key': inst.apiKey },
      });
    await get();
    const answers = await Promise.all(Array.from({ length: 100 }, get));
    const after = await get();
    const ms = answers.map((a) => Math.round(a.ms)).sort((a, b) => a - b);
    console.log(`burst: p50 ${ms[50]} ms, p90 ${ms[90]} ms, max ${ms[99]} ms`);
    const row: FaultRow = {
      fault: 'burst of 100 at 2 connections (acquire 300 ms)',
      ...tally(answers),
      writesLost: 0,
      eventsLost: 0,
      eventsDuplicated: 0,
      recoverMs: null,
      failures: [],
    };
    if (answers.some((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter !== null)))
      row.failures.push('an answer other than 200 or 503 with Retry-After');
    if (row.slowerThan2s > 0) row.failures.push('answers slower than 2 s');
    if (after.status !== 200) row.failures.push(`${after.status} after the burst`);
    return row;
  } finally {
    await stopService(service);
  }
}

/** Sends 200 and its headers, then one byte a second until the client goes away. */
const trickle: Responder = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' }).flushHeaders();
  const timer = setInterval(() => res.write('x'), 1000);
  res.on('close', () => clearInterval(timer));
};

/**
 * Three plugins' endpoints hang (two never answer, one trickles its body; 3 s timeout) while a
 * fourth answers: its deliveries' p95 from the 201 to their arrival, and each hanging attempt
 * ended within the timeout (plus 1 s) and recorded as timed out.
 */
async function hangingEndpoints(): Promise<FaultRow> {
  const hanging = await Promise.all(
    [() => {}, () => {}, trickle].map((responder) => startReceiver(tls, responder)),
  );
  const stuck = await Promise.all(
    hanging.map(async (r) => {
      const other = await createInstallation(db, {
        webhookEndpoint: r.url(),
        supportedEvents: ['order.created'],
      });
      return { ...other, itemId: (await createMenuItem(db, other.locationId)).item_id };
    }),
  );
  const service = await startService('all', { ...env, SVC_WEBHOOK_TIMEOUT_MS: '3000' });
  try {
    receiver.requests.length = 0;
    const loads = stuck.map((other, i) =>
      orderStream(() => service.url, other.apiKey, other.itemId, `stuck-${i}`, 1),
    );
    const stream = orderStream(() => service.url, inst.apiKey, itemId, 'healthy', 1);
    await sleep(10_000);
    await Promise.all([stream.stop(), ...loads.map((l) => l.stop())]);
    const created = stream.answers.filter((a) => a.status === 201);
    const p95 = await deliveryP95(created, () => receiver.requests);
    const answers = [...stream.answers, ...loads.flatMap((l) => l.answers)];
    const row: FaultRow = {
      fault: `3 endpoints hang (2 silent, 1 trickling; 3 s timeout), 1 answers: its deliveries' p95 ${Math.round(p95)} ms`,
      ...tally(answers),
      ...(await auditOrders(db, inst.installationId, stream.answers)),
      recoverMs: null,
      failures: [],
    };
    if (!(p95 < 1000))
      row.failures.push(
        `the healthy endpoint's deliveries took ${Math.round(p95)} ms at p95 (limit 1 s)`,
      );
    if (answers.some((a) => a.status !== 201)) row.failures.push('an order was not created');
    if (hanging.some((r) => r.requests.length === 0))
      row.failures.push('a hanging endpoint was never tried');
    const bad = sql`(a.status <> 'failed' or a.duration_ms > 4000 or a.error_message not ilike '%timed out%')`;
    const { rows: attempts } = await sql<{ n: number; bad: number; example: string | null }>`
      select count(*)::int as n, count(*) filter (where ${bad})::int as bad,
             (array_agg(concat_ws(', ', a.status, a.duration_ms || ' ms', a.error_message)) filter (where ${bad}))[1] as example
        from control.webhook_delivery_attempts a join control.webhook_logs l on l.log_id = a.log_id
       where l.installation_id = any(${stuck.map((s) => s.installationId)}::int[])`.execute(db);
    if (attempts[0]!.n === 0 || attempts[0]!.bad > 0)
      row.failures.push(
        `${attempts[0]!.bad} of ${attempts[0]!.n} hanging attempts not recorded as timed out within 4 s${attempts[0]!.example ? ` (e.g. ${attempts[0]!.example})` : ''}`,
      );
    return row;
  } finally {
    await stopService(service);
    await Promise.all(hanging.map((r) => r.close()));
  }
}

/**
 * Three plugins' endpoints hang on the healthy plugin's origin (other paths of the same server, as
 * on a shared webhook relay; 3 s timeout): the healthy plugin's deliveries' p95 from the 201 to
 * their arrival (security review 4, finding 5: lines are per plugin and origin, not per origin).
 */
async function sharedOrigin(): Promise<FaultRow> {
  const hangs = (path: string) => path.startsWith('/hang-');
  receiver.respond(
    (req, res) =>
      void (hangs(req.path) || res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')),
  );
  const stuck = await Promise.all(
    [1, 2, 3].map(async (n) => {
      const other = await createInstallation(db, {
        webhookEndpoint: receiver.url(`/hang-${n}`),
        supportedEvents: ['order.created'],
      });
      return { ...other, itemId: (await createMenuItem(db, other.locationId)).item_id };
    }),
  );
  const service = await startService('all', { ...env, SVC_WEBHOOK_TIMEOUT_MS: '3000' });
  try {
    receiver.requests.length = 0;
    const loads = stuck.map((other, i) =>
      orderStream(() => service.url, other.apiKey, other.itemId, `shared-${i}`, 1),
    );
    const stream = orderStream(() => service.url, inst.apiKey, itemId, 'healthy-shared', 1);
    await sleep(10_000);
    await Promise.all([stream.stop(), ...loads.map((l) => l.stop())]);
    const created = stream.answers.filter((a) => a.status === 201);
    const healthy = () => receiver.requests.filter((r) => !hangs(r.path));
    const p95 = await deliveryP95(created, healthy);
    const answers = [...stream.answers, ...loads.flatMap((l) => l.answers)];
    const row: FaultRow = {
      fault: `3 plugins' endpoints hang on a 4th plugin's origin (3 s timeout): its deliveries' p95 ${Math.round(p95)} ms`,
      ...tally(answers),
      ...(await auditOrders(db, inst.installationId, stream.answers)),
      recoverMs: null,
      failures: [],
    };
    if (!(p95 < 1000))
      row.failures.push(
        `the healthy plugin's deliveries took ${Math.round(p95)} ms at p95 (limit 1 s)`,
      );
    if (answers.some((a) => a.status !== 201)) row.failures.push('an order was not created');
    if ([1, 2, 3].some((n) => !receiver.requests.some((r) => r.path === `/hang-${n}`)))
      row.failures.push('a hanging endpoint was never tried');
    return row;
  } finally {
    await stopService(service);
    receiver.respond(
      (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
    );
  }
}

try {
  // CHAOS_ONLY=databaseCrash,apiSigterm,overload,hangingEndpoints,sharedOrigin runs some of them.
  const only = process.env.CHAOS_ONLY?.split(',');
  for (const fault of [databaseCrash, apiSigterm, overload, hangingEndpoints, sharedOrigin].filter(
    (f) => !only || only.includes(f.name),
  )) {
    const row = await fault();
    rows.push(row);
    console.log(`${row.fault}: ${row.failures.length === 0 ? 'pass' : row.failures.join('; ')}`);
  }
} finally {
  await receiver.close();
  await close();
  await pg.stop();
}

const table = renderTable(rows);
const outDir = path.resolve(import.meta.dirname, 'results', 'runs');
mkdirSync(outDir, { recursive: true });
const stamp = `chaos-${started.toISOString().replace(/[:.]/g, '-')}`;
writeFileSync(
  path.join(outDir, `${stamp}.json`),
  JSON.stringify({ started: started.toISOString(), rows }, null, 2) + '\n',
);
writeFileSync(
  path.join(outDir, `${stamp}.md`),
  `# make chaos, ${started.toISOString()}\n\n${table}\n`,
);
console.log(`\n${table}\n`);
console.log(`Written: bench/results/runs/${stamp}.json and .md (git ignores them).`);
console.log(`To keep it as a run of record: cp bench/results/runs/${stamp}.json bench/results/`);
console.log('and add its line to bench/results/README.md (date, command, commit, figures).');
process.exit(rows.every((r) => r.failures.length === 0) ? 0 : 1);
