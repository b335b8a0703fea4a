import autocannon from 'autocannon';
import type { Db } from '../src/db/database.js';
import { provisionSandbox } from '../src/domain/sandboxes/provision.js';
import { sampleProcess } from './proc.js';
import type { BenchData } from './seed.js';
import { WEBHOOK_LOG_FIELDS } from './http-scenarios.js';
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

/** The soak's RSS targets: a process serving every door, and one with SVC_DOORS=data-api. */
export const SOAK_RSS_TARGET_MB = { all: 256, 'data-api': 200 } as const;

/** The soak's request n: the Data API's two reads; with every door, also the portal and the dashboard. */
function soakRequest(n: number, data: BenchData, doors: 'all' | 'data-api') {
  const key = { 'x-plugin-api-key': data.keys[n % data.keys.length]! };
  if (doors === 'all' && n % 50 === 49) return { method: 'GET', path: '/dashboard', headers: {} };
  if (doors === 'all' && n % 10 === 9)
    return {
      method: 'POST',
      path: '/graphql',
      headers: {
        authorization: `Bearer ${data.portal.tokens[n % data.portal.tokens.length]}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        query: `query FirstPage($installationId: ID!) { webhookLogs(installationId: $installationId) { nodes { ${WEBHOOK_LOG_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
        variables: {
          installationId: String(
            data.portal.installationIds[n % data.portal.installationIds.length],
          ),
        },
      }),
    };
  return n % 2 === 0
    ? {
        method: 'GET',
        path: `/api/plugin/v1/orders/${data.orderIds[n % data.orderIds.length]}`,
        headers: key,
      }
    : { method: 'GET', path: '/api/plugin/v1/orders?limit=20', headers: key };
}

/**
 * A steady mixed read load on the service for `seconds`, sampling its RSS every 10 s: growth is
 * the last minute's average minus the first minute's (after warm-up). A process serving every door
 * gets the Data API's reads with a portal first page every 10th request and the dashboard's page
 * every 50th; a Data-API-only one (SVC_DOORS=data-api) the Data API's reads alone.
 */
export async function measureSoak(
  service: Server,
  data: BenchData,
  seconds: number,
  doors: 'all' | 'data-api' = 'all',
): Promise<{
  seconds: number;
  requests: number;
  rssMbStart: number;
  rssMbEnd: number;
  rssMbPeak: number;
  growthMb: number;
  non2xx: number;
  targetMb: number;
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
        setupRequest: (req) => Object.assign(req, soakRequest(n++, data, doors)),
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
    non2xx: result.non2xx,
    targetMb: SOAK_RSS_TARGET_MB[doors],
  };
}
