import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { startJobRuntime } from '../src/jobs/runtime.js';
import { encrypt, generateInstallationKey, hashKey } from '../src/lib/secrets.js';
import { createLogger } from '../src/logger.js';
import { replayWebhooks } from '../src/domain/webhooks/index.js';
import { insertEventHistory } from '../test/support/event-history.js';
import { createTestTls } from '../test/support/tls.js';
import type { Receipt } from './receiver.js';
import { percentile } from './extra-scenarios.js';
import { measure } from './proc.js';
import type { BenchData } from './seed.js';
import { startProcess } from './servers.js';
import { freePort } from '../src/db/embedded.js';
import { headVersion } from './head-version.js';
import { measureEndpointVariants } from './webhook-endpoints.js';
import { cpuShare, settle, startReceiver, waitFor } from './webhook-support.js';

/** Signed POSTs the delivery floor sends. */
const FLOOR_DELIVERIES = 20_000;

/** The location of the latency phase's installation (the burst's ten are at the seeded location). */
export const LATENCY_LOCATION = 'Latency kitchen';

interface Options {
  db: Db;
  url: string;
  env: Record<string, string>;
  data: BenchData;
  dir: string;
  /** The worker's entry point: the compiled build (dist/main.js, what production runs) or src/main.ts. */
  workerEntry?: string;
  /** Rounds of the extra endpoints' variants (webhook-endpoints.ts). */
  rounds?: number;
  /** The extra endpoints' variants: after the latency phase (also, the default) or not (skip). */
  endpoints?: 'also' | 'skip';
}

/**
 * Events in through the outbox (this process, as a domain write would), one worker process
 * delivering signed HTTPS requests to a local receiver in a process of its own (bench/receiver.ts,
 * as a plugin's server is; CPU shares: the worker, the bench's own PostgreSQL, this process, the
 * receiver):
 * - throughput: a burst of events fanned out to 10 installations each, deliveries per second from
 *   the first emit to the last receipt, and from the end of the emitting to the last receipt
 *   (deliveriesPerSecondAfterEmit: the pipeline without the writers competing for the CPU);
 * - latency: 500 events per second for 10 s, commit-to-receipt p50/p99, with the CPU shares then;
 * - endpoints: a plugin's extra webhook endpoints, 3 endpoints against 1 and ordering on against
 *   off, in rounds (bench/webhook-endpoints.ts);
 * - replay: replayWebhooks over 10,000 failed deliveries of one installation, sent in sequence
 *   order one after the other, deliveries per second;
 * - floor: the same receiver fed by bench/floor/deliveries.ts (sign and POST, no database, no
 *   queue, a process of its own), deliveries per second, and the burst's two rates over it.
 */
export async function measureWebhookDelivery(options: Options) {
  const result = await deliveryScenario(options, options.endpoints ?? 'also');
  if (!('burst' in result)) throw new Error('bench: the delivery scenario ran no burst');
  return result;
}

/** The extra endpoints' variants alone (bench/webhooks.ts --endpoints), with the same worker and receiver. */
export async function measureEndpointsAlone(options: Options) {
  const result = await deliveryScenario(options, 'only');
  if ('burst' in result)
    throw new Error('bench: the delivery scenario ran more than the endpoints');
  return result;
}

async function deliveryScenario(
  { db, url, env, data, dir, workerEntry = 'dist/main.js', rounds = 3 }: Options,
  endpoints: 'also' | 'only' | 'skip',
) {
  const settled = await settle(db);
  const tls = createTestTls();
  // PostgreSQL's CPU is that of the bench's own server (run.ts and webhooks.ts keep it in dir/pg).
  const pgDir = path.join(dir, 'pg');
  const received = new Map<string, number>();
  let count = 0;
  let replayInstallation = -1;
  const replayed: number[] = [];
  const taps = new Set<(receipt: Receipt) => void>();
  const receiver = await startReceiver(tls, (receipts) => {
    for (const receipt of receipts) {
      const [id, atEpochMs, installationId, sequence] = receipt;
      count++;
      if (!received.has(id)) received.set(id, atEpochMs - performance.timeOrigin);
      if (installationId === replayInstallation) replayed.push(sequence);
      for (const tap of taps) tap(receipt);
    }
  });
  const origin = `https://localhost:${receiver.port}`;
  const endpoint = `${origin}/hook`;

  const config = loadConfig({
    ...env,
    DATABASE_URL: url,
    SVC_DATA_DIR: dir,
    SVC_WEBHOOK_ALLOW_PRIVATE: '1',
  });
  const plugin = await db
    .insertInto('control.plugins')
    .values({
      project_id: (
        await db.selectFrom('control.projects').select('project_id').executeTakeFirstOrThrow()
      ).project_id,
      name: 'Webhook bench',
      listing_status: 'active',
      webhook_endpoint: endpoint,
      webhook_secret_enc: encrypt(config.encryptionKey, data.webhookSecret),
      api_version: headVersion(),
    })
    .returning('plugin_id')
    .executeTakeFirstOrThrow();
  const {
    rows: [other],
  } = await sql<{
    location_id: number;
  }>`insert into production.locations (organization_id, name, currency) values (${data.organizationId}, ${LATENCY_LOCATION}, 'EUR') returning location_id`.execute(
    db,
  );
  const install = (locationId: number) => ({
    plugin_id: plugin.plugin_id,
    plane: 'production' as const,
    organization_id: data.organizationId,
    location_id: locationId,
    status: 'active' as const,
    api_key_hash: hashKey(generateInstallationKey()),
  });
  const installed = await db
    .insertInto('control.installations')
    .values([
      ...Array.from({ length: 10 }, () => install(data.locationId)),
      install(other!.location_id),
    ])
    .returning('installation_id')
    .execute();
  const burstInstallations = installed.slice(0, 10).map((row) => row.installation_id);

  const worker = startProcess('worker', [workerEntry, 'serve'], {
    ...env,
    DATABASE_URL: url,
    SVC_ROLE: 'worker',
    PORT: String(await freePort()), // its probes and /metrics
    SVC_WEBHOOK_ALLOW_PRIVATE: '1',
    NODE_EXTRA_CA_CERTS: tls.caPath,
  });
  const jobs = await startJobRuntime({
    connectionString: url,
    db,
    config,
    logger: createLogger('warn'),
    workers: false,
  });
  const scope = (locationId: number) => ({
    plane: 'production' as const,
    sandboxId: null,
    organizationId: data.organizationId,
    locationId,
  });
  const emit = (locationId: number, n: number) =>
    db.transaction().execute((trx) =>
      jobs.events.emit(trx, scope(locationId), 'order.status_changed', {
        order_id: n,
        order_number: `BENCH-${n}`,
        old_status: 'CREATED',
        new_status: 'COOKING',
      }),
    );
  try {
    await new Promise((r) => setTimeout(r, 3000)); // the worker process boots (pg-boss)
    await emit(data.locationId, 0);
    await waitFor(() => count >= 10, 30_000);
    const endpointVariants = () =>
      measureEndpointVariants({ db, config, data, events: jobs.events, origin, taps, rounds });
    if (endpoints === 'only') return { settled, endpoints: await endpointVariants() };

    // Throughput: 1,000 events x 10 installations, emitted by 10 concurrent writers (as many API
    // requests would), 20 events a transaction, so that the emitting side is not what is measured.
    const events = 1000;
    const target = count + events * 10;
    const receiverThroughputShare = cpuShare(receiver.pid);
    const {
      rows: [{ burstStart }],
    } = (await sql<{ burstStart: Date }>`select clock_timestamp() as "burstStart"`.execute(db)) as {
      rows: [{ burstStart: Date }];
    };
    const throughput = await measure(
      worker.pid,
      async () => {
        const t0 = performance.now();
        const writer = async (w: number) => {
          for (let i = w * 100; i < (w + 1) * 100; i += 20) {
            await db.transaction().execute(async (trx) => {
              for (let j = i; j < i + 20; j++)
                await jobs.events.emit(trx, scope(data.locationId), 'order.status_changed', {
                  order_id: j,
                  order_number: `BENCH-${j}`,
                  old_status: 'CREATED',
                  new_status: 'COOKING',
                });
            });
          }
        };
        await Promise.all(Array.from({ length: events / 100 }, (_, w) => writer(w)));
        const emitted = performance.now();
        const receivedByThen = count;
        await waitFor(() => count >= target, 120_000);
        const done = performance.now();
        return {
          deliveries: events * 10,
          seconds: (done - t0) / 1000,
          emitSeconds: (emitted - t0) / 1000,
          drain: { deliveries: target - receivedByThen, seconds: (done - emitted) / 1000 },
        };
      },
      pgDir,
    );
    const receiverThroughput = receiverThroughputShare();
    const timeline = await burstTimeline(db, burstInstallations, burstStart);

    // Latency: 500 events/s for 10 s, one installation each.
    const committed = new Map<string, number>();
    const rate = 500;
    const duration = 10;
    const pending: Promise<void>[] = [];
    const receiverSteadyShare = cpuShare(receiver.pid);
    const steady = await measure(
      worker.pid,
      async () => {
        const t0 = performance.now();
        for (let tick = 0; tick < (rate * duration) / 10; tick++) {
          const due = t0 + tick * (1000 / (rate / 10));
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          for (let k = 0; k < 10; k++) {
            pending.push(
              emit(other!.location_id, tick * 10 + k).then(
                (e) => void committed.set(e.eventId, performance.now()),
              ),
            );
          }
        }
        await Promise.all(pending);
        await waitFor(() => [...committed.keys()].every((id) => received.has(id)), 60_000);
      },
      pgDir,
    );
    const receiverSteady = receiverSteadyShare();
    const latencies = [...committed].map(([id, at]) => received.get(id)! - at);
    const endpointResults = endpoints === 'also' ? await endpointVariants() : undefined;

    // Replay: 10,000 failed deliveries of one installation (written straight into the tables).
    const [replayTarget] = await db
      .insertInto('control.installations')
      .values([install(other!.location_id)])
      .returning('installation_id')
      .execute();
    replayInstallation = replayTarget!.installation_id;
    await insertEventHistory(db, {
      installationId: replayInstallation,
      organizationId: data.organizationId,
      locationId: other!.location_id,
      count: 10_000,
      status: 'failed',
    });
    const replayStart = performance.now();
    const replay = await measure(
      worker.pid,
      async () => {
        await replayWebhooks(
          db,
          jobs.queue,
          {
            installationId: replayInstallation,
            since: new Date(Date.now() - 86_400_000),
            until: null,
            onlyFailed: true,
          },
          config.replayEventsPerDay,
        );
        await waitFor(() => replayed.length >= 10_000, 120_000);
        return (performance.now() - replayStart) / 1000;
      },
      pgDir,
    );
    // The floor: the same receiver, FLOOR_DELIVERIES signed POSTs from a process with no database
    // and no queue (bench/floor/deliveries.ts), the most the worker could send on this machine.
    const floorStart = count;
    const floorTarget = count + FLOOR_DELIVERIES;
    const floorProcess = startProcess('delivery floor', ['bench/floor/deliveries.ts'], {
      FLOOR_ENDPOINT: endpoint,
      FLOOR_SECRET: data.webhookSecret,
      FLOOR_COUNT: String(FLOOR_DELIVERIES),
      NODE_EXTRA_CA_CERTS: tls.caPath,
    });
    await waitFor(() => count > floorStart, 30_000); // timed from its first receipt, its boot left out
    const receiverFloorShare = cpuShare(receiver.pid);
    const floor = await measure(
      floorProcess.pid,
      async () => {
        const t0 = performance.now();
        await waitFor(() => count >= floorTarget, 120_000);
        return (performance.now() - t0) / 1000;
      },
      pgDir,
    );
    const receiverFloor = receiverFloorShare();
    await floorProcess.stop();
    const recorded = await measureRecordedFloor({
      db,
      url,
      pgDir,
      endpoint,
      secret: data.webhookSecret,
      caPath: tls.caPath,
      installationId: (await db
        .insertInto('control.installations')
        .values([install(data.locationId)])
        .returning('installation_id')
        .executeTakeFirstOrThrow())!.installation_id,
      received: () => count,
    });

    const inOrder = replayed.every((seq, i) => seq === i + 1);
    const burstRate = Math.round(throughput.result.deliveries / throughput.result.seconds);
    const afterEmitRate = Math.round(
      throughput.result.drain.deliveries / throughput.result.drain.seconds,
    );
    const floorRate = Math.round(FLOOR_DELIVERIES / floor.result);
    return {
      settled,
      deliveriesPerSecond: burstRate,
      burst: {
        events,
        installationsPerEvent: 10,
        seconds: Math.round(throughput.result.seconds * 100) / 100,
        emitSeconds: Math.round(throughput.result.emitSeconds * 100) / 100,
        deliveriesPerSecondAfterEmit: afterEmitRate,
        workerCpuPercent: throughput.cpuPercent,
        postgresCpuPercent: throughput.postgresCpuPercent,
        benchCpuPercent: throughput.benchCpuPercent,
        receiverCpuPercent: receiverThroughput,
        workerPeakRssMb: throughput.peakRssMb,
        ...timeline,
      },
      latency: {
        eventsPerSecond: rate,
        seconds: duration,
        events: committed.size,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: percentile(latencies, 100),
        workerCpuPercent: steady.cpuPercent,
        postgresCpuPercent: steady.postgresCpuPercent,
        benchCpuPercent: steady.benchCpuPercent,
        receiverCpuPercent: receiverSteady,
      },
      ...(endpointResults ? { endpoints: endpointResults } : {}),
      floor: {
        deliveries: FLOOR_DELIVERIES,
        seconds: Math.round(floor.result * 100) / 100,
        deliveriesPerSecond: floorRate,
        senderCpuPercent: floor.cpuPercent,
        receiverCpuPercent: receiverFloor,
        ratioOfBurst: Math.round((burstRate / floorRate) * 100) / 100,
        ratioOfBurstAfterEmit: Math.round((afterEmitRate / floorRate) * 100) / 100,
      },
      // The delivery floor of record: the same, each attempt also recorded in PostgreSQL (target:
      // the burst >= RECORDED_FLOOR_TARGET of it, bench/report.ts).
      recordedFloor: {
        ...recorded,
        ratioOfBurst: Math.round((burstRate / recorded.deliveriesPerSecond) * 100) / 100,
        ratioOfBurstAfterEmit:
          Math.round((afterEmitRate / recorded.deliveriesPerSecond) * 100) / 100,
      },
      replay: {
        events: 10_000,
        seconds: Math.round(replay.result * 100) / 100,
        deliveriesPerSecond: Math.round(10_000 / replay.result),
        inSequenceOrder: inOrder,
        workerCpuPercent: replay.cpuPercent,
        workerPeakRssMb: replay.peakRssMb,
      },
    };
  } finally {
    await jobs.stop();
    await worker.stop();
    receiver.stop();
    // Its installations stop receiving: a later run (the growth benchmark's) fans out to its own only.
    await db
      .updateTable('control.installations')
      .set({ status: 'removed' })
      .where('plugin_id', '=', plugin.plugin_id)
      .execute();
  }
}

/**
 * bench/floor/deliveries.ts with FLOOR_RECORD=1: FLOOR_DELIVERIES pending deliveries of a new
 * installation (written here, no jobs: no worker sees them) signed, sent and recorded by the floor,
 * timed as the burst is, from its first receipt to its last (its last batch's record after that is
 * not timed, as the burst's is not).
 */
async function measureRecordedFloor(options: {
  db: Db;
  url: string;
  pgDir: string;
  endpoint: string;
  secret: string;
  caPath: string;
  installationId: number;
  received: () => number;
}) {
  const { db, installationId, received } = options;
  await sql`
    insert into control.webhook_logs (installation_id, direction, event_type, delivery_id, status, attempts, sequence)
    select ${installationId}::int, 'outbound', 'order.status_changed', gen_random_uuid(), 'pending', 0, g
      from generate_series(1, ${FLOOR_DELIVERIES}::int) g`.execute(db);
  const start = received();
  const target = start + FLOOR_DELIVERIES;
  const sender = startProcess('delivery floor, recorded', ['bench/floor/deliveries.ts'], {
    DATABASE_URL: options.url,
    FLOOR_RECORD: '1',
    FLOOR_INSTALLATION: String(installationId),
    FLOOR_ENDPOINT: options.endpoint,
    FLOOR_SECRET: options.secret,
    NODE_EXTRA_CA_CERTS: options.caPath,
  });
  try {
    await waitFor(() => received() > start, 30_000);
    const run = await measure(
      sender.pid,
      async () => {
        const t0 = performance.now();
        await waitFor(() => received() >= target, 120_000);
        return (performance.now() - t0) / 1000;
      },
      options.pgDir,
    );
    // Every attempt recorded? (The last batches' statements run after their receipts.)
    let pending = -1;
    for (let tries = 0; pending !== 0 && tries < 50; tries++) {
      if (tries) await new Promise((r) => setTimeout(r, 100));
      const { rows } = await sql<{ pending: number }>`
        select count(*)::int as pending from control.webhook_logs
         where installation_id = ${installationId}::int and status = 'pending'`.execute(db);
      pending = rows[0]!.pending;
    }
    return {
      deliveries: FLOOR_DELIVERIES,
      seconds: Math.round(run.result * 100) / 100,
      deliveriesPerSecond: Math.round(FLOOR_DELIVERIES / run.result),
      senderCpuPercent: run.cpuPercent,
      postgresCpuPercent: run.postgresCpuPercent,
      /** Deliveries still pending 5 s after the last receipt: 0 when every attempt was recorded. */
      pendingAfter: pending,
    };
  } finally {
    await sender.stop();
  }
}

/**
 * Where the burst's time went, per half second from its start: the deliveries created (their
 * fan-out transactions' start) and the attempts started (their delivery batches' start).
 */
async function burstTimeline(
  db: Db,
  installationIds: number[],
  from: Date,
): Promise<{
  createdPerHalfSecond: number[];
  attemptsStartedPerHalfSecond: number[];
  failedAttempts: Record<string, number>;
}> {
  // Attempts that did not deliver (each is retried later): by their error.
  const { rows: failed } = await sql<{ error: string; n: number }>`
    select coalesce(a.error_message, 'HTTP ' || a.http_status) as error, count(*)::int as n
      from control.webhook_logs l join control.webhook_delivery_attempts a on a.log_id = l.log_id
     where l.installation_id = any(${installationIds}::int[]) and l.created_at >= ${from}::timestamptz - interval '1 second' and a.status = 'failed'
     group by 1 order by 2 desc limit 5`.execute(db);
  const { rows } = await sql<{ created: number; started: number }>`
    select floor(extract(epoch from (l.created_at - ${from}::timestamptz)) * 2)::int as created,
           floor(extract(epoch from (a.attempted_at - ${from}::timestamptz)) * 2)::int as started
      from control.webhook_logs l join control.webhook_delivery_attempts a on a.log_id = l.log_id
     where l.installation_id = any(${installationIds}::int[]) and l.created_at >= ${from}::timestamptz - interval '1 second' and l.replay_id is null`.execute(
    db,
  );
  const halves = Math.max(0, ...rows.map((r) => r.started)) + 1;
  const count = (key: 'created' | 'started') =>
    Array.from({ length: halves }, (_, h) => rows.filter((r) => Math.max(0, r[key]) === h).length);
  return {
    createdPerHalfSecond: count('created'),
    attemptsStartedPerHalfSecond: count('started'),
    failedAttempts: Object.fromEntries(failed.map((f) => [f.error, f.n])),
  };
}
