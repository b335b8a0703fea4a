import autocannon from 'autocannon';
import { createHmac, randomUUID } from 'node:crypto';
import type { BenchData } from './seed.js';
import { measure } from './proc.js';
import type { Server } from './servers.js';

export interface ScenarioResult {
  scenario: string;
  target: string;
  /** The round (1, 2, ...) of the scenario this run belongs to (set by bench/run.ts; absent in results before the rounds). */
  round?: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuPercent: number;
  /** PostgreSQL's CPU share over the same window (its server's processes, the exited backends too). */
  postgresCpuPercent?: number;
  peakRssMb: number;
}

type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
export interface Scenario {
  name: string;
  /** Builds request number n (keys and ids rotate so that many tenants share the load). */
  build(n: number, data: BenchData): Request;
  /** Also run it on bench/baseline (Express, the service's SQL). */
  baseline: boolean;
  /** Also run it on bench/floor (node:http, the same SQL with named statements); true where baseline is. */
  floor?: boolean;
  /** Connections for this scenario instead of the run's (BENCH_CONNECTIONS). */
  connections?: number;
  /** Also run it on the service with the API request log off (SVC_REQUEST_LOG=off): the log's cost. */
  requestLogOff?: boolean;
  /** Also run it on bench/domain (the service's domain behind bare node:http): what the doors cost. */
  domainOnly?: boolean;
  /** Also run it on bench/graphql-only (the portal's GraphQL engine, no database a request): what GraphQL costs. */
  graphqlOnly?: boolean;
  /**
   * Also run it on the service with X-Svc-Api-Version naming head (target AT_HEAD), where the
   * scenario's own requests name PINNED_VERSION (the seeded plugin is pinned at head, so every
   * other scenario answers at head): pinned / head is what answering in the old version costs,
   * each response taken back from head.
   */
  atHead?: boolean;
  /**
   * The floor this scenario's target is set against, where it is not bench/floor: a floor that also
   * does work the product must do (the rate-limit bucket's statement, a GraphQL engine). It runs
   * beside bench/floor, whose ratio the report prints next to it so the history reads on.
   */
  decidedFloor?: { target: typeof RATE_LIMITED_FLOOR | typeof GRAPHQL_FLOOR; ratio: number };
}

/** bench/floor with FLOOR_RATE_LIMIT=1: the key lookup also charges the shared rate-limit bucket. */
export const RATE_LIMITED_FLOOR = 'floor, rate-limited';
/** bench/floor/graphql.ts: node:http, graphql-js execute of the parsed document, the floor's SQL. */
export const GRAPHQL_FLOOR = 'floor, graphql-js';

/**
 * The old version the pinned scenario names in X-Svc-Api-Version (the first, control.plugins'
 * default for the plugins written before versions). The seeded plugin is pinned at head.
 */
export const PINNED_VERSION = '2026-11-21';
/** The bench target that is the service answering the same requests at head (X-Svc-Api-Version). */
export const AT_HEAD = 'service, at head';

/** The scenario as the AT_HEAD target sends it: each request names head in X-Svc-Api-Version. */
export const atHeadOf = (scenario: Scenario, head: string): Scenario => ({
  ...scenario,
  build: (n, data) => {
    const req = scenario.build(n, data);
    return { ...req, headers: { ...req.headers, 'x-svc-api-version': head } };
  },
});

const key = (data: BenchData, n: number) => data.keys[n % data.keys.length]!;
const API = '/api/plugin/v1';
const getOrder = (n: number, data: BenchData): Request => ({
  method: 'GET',
  path: `${API}/orders/${data.orderIds[n % data.orderIds.length]}`,
  headers: { 'x-plugin-api-key': key(data, n) },
});

/** The fields of the dashboard's lists (src/dashboard/client/operations.graphql). */
export const WEBHOOK_LOG_FIELDS =
  'id installationId direction eventType eventId status httpStatus errorMessage attempts durationMs sequence createdAt';
export const API_REQUEST_FIELDS =
  'id installationId createdAt method path operationId status errorCode durationMs requestId';
/** A first page as the dashboard asks for it: one document, the installation in its variables. */
const portal = (
  data: BenchData,
  n: number,
  field: 'webhookLogs' | 'apiRequests',
  fields: string,
): Request => ({
  method: 'POST',
  path: '/graphql',
  headers: {
    authorization: `Bearer ${data.portal.tokens[n % data.portal.tokens.length]}`,
    'content-type': 'application/json',
  },
  body: JSON.stringify({
    query: `query FirstPage($installationId: ID!) { ${field}(installationId: $installationId) { nodes { ${fields} } pageInfo { hasNextPage endCursor } } }`,
    variables: {
      installationId: String(data.portal.installationIds[n % data.portal.installationIds.length]),
    },
  }),
});

export const HTTP_SCENARIOS: Scenario[] = [
  {
    name: 'GET /orders/{orderId}',
    baseline: true,
    requestLogOff: true,
    domainOnly: true,
    // With the request log on (the service's runs): >= 0.9 of the floor that charges the bucket.
    decidedFloor: { target: RATE_LIMITED_FLOOR, ratio: 0.9 },
    build: getOrder,
  },
  {
    // The same read answered in an old version (its order taken back from head: order_number
    // renamed unique_orderid) and at head, each naming its version in X-Svc-Api-Version,
    // round-robin: pinned / head >= 0.9.
    name: `GET /orders/{orderId}, pinned ${PINNED_VERSION} / head`,
    baseline: false,
    atHead: true,
    build: (n, data) => {
      const req = getOrder(n, data);
      return { ...req, headers: { ...req.headers, 'x-svc-api-version': PINNED_VERSION } };
    },
  },
  {
    // At 50 connections on 2 shared cores latency is queueing (connections / throughput); this
    // shows the same request when the machine is not saturated.
    name: 'GET /orders/{orderId}, 10 connections',
    baseline: true,
    connections: 10,
    decidedFloor: { target: RATE_LIMITED_FLOOR, ratio: 0.8 },
    build: getOrder,
  },
  {
    name: 'GET /orders?limit=50',
    baseline: true,
    build: (n, data) => ({
      method: 'GET',
      path: `${API}/orders?limit=50`,
      headers: { 'x-plugin-api-key': key(data, n) },
    }),
  },
  {
    name: 'POST /orders (idempotency key)',
    baseline: false,
    floor: true,
    build: (n, data) => ({
      method: 'POST',
      path: `${API}/orders`,
      headers: {
        'x-plugin-api-key': key(data, n),
        'content-type': 'application/json',
        'x-idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        order_type: 'takeaway',
        items: [
          { item_id: data.itemIds[n % 50], quantity: 1 + (n % 3) },
          { item_id: data.itemIds[50 + (n % 50)], quantity: 1 },
        ],
      }),
    }),
  },
  {
    name: 'PATCH /menu/{itemId}',
    baseline: true,
    build: (n, data) => ({
      method: 'PATCH',
      path: `${API}/menu/${data.itemIds[n % data.itemIds.length]}`,
      headers: { 'x-plugin-api-key': key(data, n), 'content-type': 'application/json' },
      // At head a price is a decimal string (a JSON number is 400).
      body: JSON.stringify({ price: (5 + (n % 997) / 100).toFixed(2) }),
    }),
  },
  {
    // The events feed: a page of 50 envelopes with their delivery state, from a random point of
    // each installation's 200 events.
    name: 'GET /events?after=..&limit=50',
    baseline: false,
    floor: true,
    build: (n, data) => ({
      method: 'GET',
      path: `${API}/events?after=${(n * 37) % 150}&limit=50`,
      headers: { 'x-plugin-api-key': key(data, n) },
    }),
  },
  {
    // The acknowledged cursor of each installation moves within its 200 events (never back).
    name: 'POST /events/ack',
    baseline: false,
    floor: true,
    build: (n, data) => ({
      method: 'POST',
      path: `${API}/events/ack`,
      headers: { 'x-plugin-api-key': key(data, n), 'content-type': 'application/json' },
      body: JSON.stringify({ through: 1 + ((n * 7) % 150) }),
    }),
  },
  {
    // The portal's first pages (a developer's own installation), each request by another of the
    // seeded developers' sessions: one session has 60 requests a minute.
    name: 'portal webhookLogs, first page',
    baseline: false,
    floor: true,
    graphqlOnly: true,
    decidedFloor: { target: GRAPHQL_FLOOR, ratio: 0.7 },
    build: (n, data) => portal(data, n, 'webhookLogs', WEBHOOK_LOG_FIELDS),
  },
  {
    name: 'portal apiRequests, first page',
    baseline: false,
    floor: true,
    graphqlOnly: true,
    decidedFloor: { target: GRAPHQL_FLOOR, ratio: 0.7 },
    build: (n, data) => portal(data, n, 'apiRequests', API_REQUEST_FIELDS),
  },
  {
    name: 'POST /webhooks/external',
    baseline: true,
    build: (n, data) => {
      const body = JSON.stringify({
        event_type: 'external.delivery.status',
        payload: { delivery_id: n, status: 'picked_up' },
        idempotency_key: randomUUID(),
      });
      return {
        method: 'POST',
        path: `${API}/webhooks/external`,
        headers: {
          'x-plugin-api-key': key(data, n),
          'content-type': 'application/json',
          'x-svc-signature': createHmac('sha256', data.webhookSecret).update(body).digest('hex'),
        },
        body,
      };
    },
  },
];

export async function runHttpScenario(
  scenario: Scenario,
  target: Server,
  data: BenchData,
  options: { seconds: number; connections: number; beforeMeasure?: () => void; pgDataDir?: string },
): Promise<ScenarioResult> {
  let n = 0;
  const load = (duration: number) =>
    autocannon({
      url: target.url,
      connections: scenario.connections ?? options.connections,
      duration,
      requests: [{ setupRequest: (req) => Object.assign(req, scenario.build(n++, data)) }],
    });
  await load(2); // warm-up: JIT, pools, caches
  options.beforeMeasure?.();
  const { result, cpuPercent, postgresCpuPercent, peakRssMb } = await measure(
    target.pid,
    () => load(options.seconds),
    options.pgDataDir,
  );
  return {
    scenario: scenario.name,
    target: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuPercent,
    postgresCpuPercent,
    peakRssMb,
  };
}
