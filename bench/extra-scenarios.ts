import autocannon from 'autocannon';
import type { Db } from '../src/db/database.js';
import { provisionSandbox } from '../src/domain/sandboxes/provision.js';
import { sampleProcess } from './proc.js';
import type { BenchData } from './seed.js';
import type { Server } from './servers.js';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) /
    10
  );
};
export { percentile };

/** Wall time of provisionSandbox: schema, data-plane migrations, demo data, installation. */
export async function measureSandboxProvisioning(
  db: Db,
  runs: number,
): Promise<{ runs: number; p50Ms: number; maxMs: number }> {
  const dev = await db
    .selectFrom('control.developers')
    .select('developer_id')
    .executeTakeFirstOrThrow();
  const plugin = await db
    .selectFrom('control.plugins')
    .select('plugin_id')
    .executeTakeFirstOrThrow();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await provisionSandbox(db, {
      developerId: dev.developer_id,
      pluginId: plugin.plugin_id,
      name: `bench ${i}`,
      purpose: 'bench',
    });
    times.push(performance.now() - t0);
  }
  return { runs, p50Ms: percentile(times, 50), maxMs: percentile(times, 100) };
}

/**
 * A steady mixed read load on the service for `seconds`, sampling its RSS every 10 s: growth is
 * the last minute's average minus the first minute's (after warm-up).
 */
export async function measureSoak(
  service: Server,
  data: BenchData,
  seconds: number,
): Promise<{
  seconds: number;
  requests: number;
  rssMbStart: number;
  rssMbEnd: number;
  rssMbPeak: number;
  growthMb: number;
}> {
  const samples: number[] = [];
  const timer = setInterval(
    () => samples.push(sampleProcess(service.pid).rssBytes / 1048576),
    10_000,
  );
  let n = 0;
  const result = await autocannon({
    url: service.url,
    connections: 20,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) =>
          Object.assign(req, {
            method: 'GET',
            path:
              n % 2 === 0
                ? `/api/plugin/v1/orders/${data.orderIds[n % data.orderIds.length]}`
                : '/api/plugin/v1/orders?limit=20',
            headers: { 'x-plugin-api-key': data.keys[n++ % data.keys.length]! },
          }),
      },
    ],
  });
  clearInterval(timer);
  const window = Math.max(1, Math.min(6, Math.floor(samples.length / 3)));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const first = avg(samples.slice(0, window));
  const last = avg(samples.slice(-window));
  return {
    seconds,
    requests: result.requests.total,
    rssMbStart: Math.round(first),
    rssMbEnd: Math.round(last),
    rssMbPeak: Math.round(Math.max(0, ...samples)),
    growthMb: Math.round((last - first) * 10) / 10,
  };
}
