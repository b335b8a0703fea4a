import {
  AT_HEAD,
  GRAPHQL_FLOOR,
  HTTP_SCENARIOS,
  PINNED_VERSION,
  RATE_LIMITED_FLOOR,
  type Scenario,
  type ScenarioResult,
} from './http-scenarios.js';

interface Report {
  date: string;
  /** The command with its BENCH_* settings (absent in results before it was recorded: `make bench`). */
  command?: string;
  machine: { cpus: number; model?: string; node: string };
  /** rounds: absent in results before the rounds (one run per target). */
  settings: {
    seconds: number;
    rounds?: number;
    connections: number;
    soakSeconds: number;
    installations: number;
    orders: number;
    customers: number;
  };
  /** Every HTTP run, in the order run. */
  http: ScenarioResult[];
  webhooks: Record<string, unknown>;
  provisioning: { runs: number; p50Ms: number; maxMs: number };
  soak: Record<string, number>;
  /** The same soak on a process started with SVC_DOORS=data-api (absent before it was measured). */
  soakDataApiOnly?: Record<string, number>;
  plans: {
    endpoint: string;
    query: string;
    plan: string;
    usesIndex: boolean;
    seqScans: string[];
  }[];
}

/** The bench target that is the service with SVC_REQUEST_LOG=off. */
export const LOG_OFF = 'service, request log off';
/** The target of bench/graphql-only: the portal's GraphQL engine with a page read once, no database per request. */
export const GRAPHQL_ONLY = 'graphql only';

/** The issue's target for a scenario's ratio to its floor: writes >= 0.6, reads (the portal's pages too) >= 0.7. */
export const floorTarget = (scenario: string): number =>
  /^(POST|PATCH|PUT|DELETE) /.test(scenario) ? 0.6 : 0.7;
/** The scenario's decided floor (its target and ratio), where it has one (http-scenarios.ts). */
export const decidedFloorOf = (scenario: string): Scenario['decidedFloor'] =>
  HTTP_SCENARIOS.find((s) => s.name === scenario)?.decidedFloor;

/** The issue's target for the service at the pinned old version over the same requests at head. */
export const HEAD_TARGET = 0.9;

/** A ratio taken within each round (one target's req/s over another's in the same round), and its median. */
export interface RoundRatio {
  median: number;
  min: number;
  max: number;
  perRound: { round: number; ratio: number }[];
}

/** One scenario on one target over the rounds: medians (req/s also min-max), and the ratios. */
export interface HttpSummary {
  scenario: string;
  target: string;
  runs: number;
  requestsPerSecond: { median: number; min: number; max: number };
  p50Ms: number;
  p99Ms: number;
  cpuPercent: number;
  /** PostgreSQL's CPU share over the same runs (median; absent in results from before it was kept). */
  postgresCpuPercent?: number;
  peakRssMb: number;
  /** Sums over the runs. */
  non2xx: number;
  errors: number;
  /** The service only: its req/s over the baseline's, per round. */
  ratioToBaseline?: RoundRatio;
  /** Every target but the floor: its req/s over the floor's, per round. */
  ratioToFloor?: RoundRatio;
  /** Every target but the floors, where the scenario has a decided floor: its req/s over that floor's, per round. */
  ratioToDecidedFloor?: RoundRatio;
  /** The service where it also ran at head (AT_HEAD): its req/s at the pin over that, per round. */
  ratioToHead?: RoundRatio;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The runs with their round: as recorded, or (results before the rounds) the k-th run of a target in its scenario. */
function withRounds(runs: ScenarioResult[]): (ScenarioResult & { round: number })[] {
  const seen = new Map<string, number>();
  return runs.map((x) => {
    const key = `${x.scenario}\u0000${x.target}`;
    const k = (seen.get(key) ?? 0) + 1;
    seen.set(key, k);
    return { ...x, round: x.round ?? k };
  });
}

/** `target`'s req/s over `reference`'s within each round where both ran, and the median of those. */
function roundRatio(
  runs: (ScenarioResult & { round: number })[],
  scenario: string,
  target: string,
  reference: string,
): RoundRatio | undefined {
  const perRound: { round: number; ratio: number }[] = [];
  for (const x of runs.filter((r) => r.scenario === scenario && r.target === target)) {
    const ref = runs.find(
      (r) => r.scenario === scenario && r.target === reference && r.round === x.round,
    );
    if (ref && ref.requestsPerSecond > 0)
      perRound.push({
        round: x.round,
        ratio: Math.round((x.requestsPerSecond / ref.requestsPerSecond) * 1000) / 1000,
      });
  }
  if (!perRound.length) return undefined;
  const ratios = perRound.map((p) => p.ratio);
  return {
    median: Math.round(median(ratios) * 1000) / 1000,
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    perRound,
  };
}

/** Per scenario and target (in the order first run): medians over the rounds and the per-round ratios' medians. */
export function summarizeHttp(all: ScenarioResult[]): HttpSummary[] {
  const runs = withRounds(all);
  const pairs = [
    ...new Map(runs.map((x) => [`${x.scenario}\u0000${x.target}`, x] as const)).values(),
  ];
  return pairs.map(({ scenario, target }) => {
    const mine = runs.filter((x) => x.scenario === scenario && x.target === target);
    const rps = mine.map((x) => x.requestsPerSecond);
    const ratioToBaseline =
      target === 'service' ? roundRatio(runs, scenario, target, 'baseline') : undefined;
    const ratioToFloor =
      target !== 'floor' ? roundRatio(runs, scenario, target, 'floor') : undefined;
    const ratioToHead =
      target === 'service' ? roundRatio(runs, scenario, target, AT_HEAD) : undefined;
    const decided = decidedFloorOf(scenario)?.target;
    const ratioToDecidedFloor =
      decided && target !== 'floor' && target !== decided
        ? roundRatio(runs, scenario, target, decided)
        : undefined;
    return {
      scenario,
      target,
      runs: mine.length,
      requestsPerSecond: {
        median: Math.round(median(rps)),
        min: Math.min(...rps),
        max: Math.max(...rps),
      },
      p50Ms: round1(median(mine.map((x) => x.p50Ms))),
      p99Ms: round1(median(mine.map((x) => x.p99Ms))),
      cpuPercent: round1(median(mine.map((x) => x.cpuPercent))),
      ...(mine.every((x) => x.postgresCpuPercent !== undefined)
        ? { postgresCpuPercent: round1(median(mine.map((x) => x.postgresCpuPercent!))) }
        : {}),
      peakRssMb: Math.round(median(mine.map((x) => x.peakRssMb))),
      non2xx: mine.reduce((sum, x) => sum + x.non2xx, 0),
      errors: mine.reduce((sum, x) => sum + x.errors, 0),
      ...(ratioToBaseline ? { ratioToBaseline } : {}),
      ...(ratioToFloor ? { ratioToFloor } : {}),
      ...(ratioToDecidedFloor ? { ratioToDecidedFloor } : {}),
      ...(ratioToHead ? { ratioToHead } : {}),
    };
  });
}

/**
 * Per scenario, its runs' non-2xx answers and errors (any target), where there were some: every
 * request of a scenario must succeed, else its req/s measure refusals (a 400 answers fast).
 */
export function unanswered(runs: ScenarioResult[]): Map<string, number> {
  const failed = new Map<string, number>();
  for (const x of runs)
    if (x.non2xx + x.errors > 0)
      failed.set(x.scenario, (failed.get(x.scenario) ?? 0) + x.non2xx + x.errors);
  return failed;
}

/** CPU ms a request of a target's runs (medians): a CPU share over the throughput. */
const perRequest = (x: HttpSummary, percent: number) =>
  x.requestsPerSecond.median > 0 ? (percent * 10) / x.requestsPerSecond.median : 0;

/**
 * The portal's pages: what the GraphQL engine alone costs a page (bench/graphql-only), and the
 * ratio to the floor the service could reach if nothing but GraphQL were added to the floor's work.
 * On this machine the service, PostgreSQL and the load generator share the cores, so a scenario's
 * throughput follows the CPU that the process and PostgreSQL spend a request together: a ratio to
 * the floor is about the floor's total over the target's.
 */
function graphqlShare(summary: HttpSummary[]): string {
  const lines = [
    ...new Set(summary.filter((x) => x.target === GRAPHQL_ONLY).map((x) => x.scenario)),
  ].flatMap((scenario) => {
    const [service, graphql, floor] = ['service', GRAPHQL_ONLY, 'floor'].map((target) =>
      summary.find((x) => x.scenario === scenario && x.target === target),
    );
    if (!service || !graphql || !floor) return [];
    const cost = (x: HttpSummary) => ({
      own: perRequest(x, x.cpuPercent),
      postgres: perRequest(x, x.postgresCpuPercent ?? 0),
    });
    const [s, g, f] = [cost(service), cost(graphql), cost(floor)];
    const total = (c: { own: number; postgres: number }) => c.own + c.postgres;
    const ms = (x: number) => x.toFixed(3);
    const ceiling = total(f) / (total(f) + total(g));
    return [
      `| ${scenario} | ${ms(s.own)} + ${ms(s.postgres)} | ${ms(g.own)} + ${ms(g.postgres)} | ${ms(f.own)} + ${ms(f.postgres)} | ${(total(f) / total(s)).toFixed(2)} | ${showRatio(service.ratioToFloor)} | ${ceiling.toFixed(2)} |`,
    ];
  });
  if (lines.length === 0) return '';
  return `## The portal's pages: what GraphQL alone costs

\`${GRAPHQL_ONLY}\` is bench/graphql-only: graphql-yoga with the portal's SDL, scalars, document limits and page views,
answering with a page read once at startup (no session, rate limit, ownership check or read a request). CPU ms a
request, the process's plus PostgreSQL's: each one's CPU share over the target's req/s (medians). The service,
PostgreSQL and the load generator share the machine's cores, so a ratio to the floor follows the floor's total
CPU a request over the target's. The ceiling is that ratio for a service that added nothing but GraphQL to the
floor's work: floor / (floor + graphql only). It is an estimate: it counts the HTTP answer of both (a bare
node:http answer of the same page costs about 0.035 ms), and nothing of what the service must add (the
session, the rate-limit write).

| scenario | service CPU ms a request (own + PostgreSQL) | graphql only | floor | floor's total / service's | service: ratio to floor (req/s) | ceiling |
| --- | --- | --- | --- | --- | --- | --- |
${lines.join('\n')}

`;
}

/** The delivery burst's target against the delivery floor that records its attempts. */
export const RECORDED_FLOOR_TARGET = 0.6;
/** Extra webhook endpoints: a delivery of an event fanned out to 3 endpoints of one plugin costs at most this times one to a single endpoint. */
export const ENDPOINTS_COST_TARGET = 1.2;
/** An endpoint's ordering per order: its deliveries/s at least this share of the same without ordering, no delivery failing. */
export const ORDERING_TARGET = 0.8;

const metOrMissed = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The deliveries against the floor that records its attempts, and the memory targets. */
function decidedTargets(r: Report): string {
  const webhooks = r.webhooks as {
    deliveriesPerSecond?: number;
    latency?: { p99Ms: number };
    floor?: { ratioOfBurst: number };
    recordedFloor?: { deliveriesPerSecond: number; ratioOfBurst: number };
    endpoints?: EndpointVariants;
  };
  const lines: string[] = [];
  if (webhooks.recordedFloor && webhooks.latency)
    lines.push(
      `| deliveries: burst / floor recording its attempts | ${webhooks.recordedFloor.ratioOfBurst} (${webhooks.deliveriesPerSecond}/s of ${webhooks.recordedFloor.deliveriesPerSecond}/s) | >= ${RECORDED_FLOOR_TARGET} | ${metOrMissed(webhooks.recordedFloor.ratioOfBurst >= RECORDED_FLOOR_TARGET)} | ${webhooks.floor?.ratioOfBurst ?? ''} |`,
      `| deliveries: commit-to-receipt p99 at 500 events/s | ${webhooks.latency.p99Ms} ms | < 100 ms | ${metOrMissed(webhooks.latency.p99Ms < 100)} | |`,
    );
  lines.push(...endpointTargets(webhooks.endpoints));
  for (const [name, soak] of [
    ['RSS under the soak, every door', r.soak],
    ['RSS under the soak, SVC_DOORS=data-api', r.soakDataApiOnly],
  ] as const)
    if (soak?.targetMb)
      lines.push(
        `| ${name} | ${soak.rssMbStart}-${soak.rssMbEnd} MB (peak ${soak.rssMbPeak}, growth ${soak.growthMb}) | < ${soak.targetMb} MB | ${metOrMissed(soak.rssMbPeak! < soak.targetMb)} | |`,
      );
  if (!lines.length) return '';
  return `## Deliveries and memory: the decided targets

The delivery floor of record signs, sends and records each attempt in PostgreSQL (bench/results/README.md); the last column
is the burst's ratio to the floor that only signs and sends, the one earlier runs reported. The extra endpoints'
variants (bench/webhook-endpoints.ts) send the same deliveries a round to one endpoint, to three endpoints of one plugin
(an event makes 3 deliveries), and to one extra endpoint with ordering off and on; each ratio is the median of the
per-round ratios (min-max in parentheses). RSS is met when the soak's peak sample is under the target.

| target | measured | target | | before: burst / floor without a database |
| --- | --- | --- | --- | --- |
${lines.join('\n')}

`;
}

/** What bench/webhook-endpoints.ts reports (the parts the targets read). */
interface EndpointVariants {
  variants: Record<
    string,
    {
      deliveriesPerSecond: number;
      failedAttempts: number;
      orderingKeyed: number;
      ordersOutOfOrder?: number;
    }
  >;
  costPerDelivery: RoundRatio;
  ordering: RoundRatio;
}

/** The extra endpoints' two targets: 3 endpoints against 1 per delivery, ordering on against off. */
function endpointTargets(e: EndpointVariants | undefined): string[] {
  if (!e) return [];
  const v = e.variants;
  const one = v['one endpoint']!;
  const three = v['three endpoints']!;
  const off = v['ordering none']!;
  const on = v['ordering order']!;
  const failed = one.failedAttempts + three.failedAttempts + off.failedAttempts + on.failedAttempts;
  const failures = failed ? `; **${failed} failed attempts**` : '';
  // Before the service orders deliveries, no delivery has an ordering key: both variants did the same work.
  const ordered = on.orderingKeyed > 0;
  const ordering = `${on.orderingKeyed} deliveries with an ordering key, ${on.ordersOutOfOrder ?? 0} orders received out of order (without ordering: ${off.ordersOutOfOrder ?? 0})`;
  return [
    `| deliveries: cost per delivery, 3 endpoints of one plugin / 1 endpoint | ${showRatio(e.costPerDelivery)} (${one.deliveriesPerSecond}/s over ${three.deliveriesPerSecond}/s${failures}) | <= ${ENDPOINTS_COST_TARGET} | ${metOrMissed(e.costPerDelivery.median <= ENDPOINTS_COST_TARGET && !failed)} | |`,
    `| deliveries: ordering on / off, no delivery failing | ${showRatio(e.ordering)} (${on.deliveriesPerSecond}/s of ${off.deliveriesPerSecond}/s; ${ordering}${failures}) | >= ${ORDERING_TARGET} | ${ordered ? metOrMissed(e.ordering.median >= ORDERING_TARGET && !failed) : '**not measured: the service did not order**'} | |`,
  ];
}

/** A per-round ratio for the table: the median, and the range when the rounds differ. */
const showRatio = (r?: RoundRatio) =>
  !r
    ? ''
    : r.perRound.length > 1
      ? `${r.median.toFixed(2)} (${r.min.toFixed(2)}-${r.max.toFixed(2)})`
      : r.median.toFixed(2);

export function renderMarkdown(r: Report): string {
  const runs = withRounds(r.http);
  const summary = summarizeHttp(r.http);
  const rounds = r.settings.rounds ?? Math.max(1, ...runs.map((x) => x.round));
  const logCost = [...new Set(runs.filter((x) => x.target === LOG_OFF).map((x) => x.scenario))].map(
    (scenario) => {
      const on = summary.find((x) => x.scenario === scenario && x.target === 'service');
      const off = summary.find((x) => x.scenario === scenario && x.target === LOG_OFF);
      const ratio = roundRatio(runs, scenario, 'service', LOG_OFF);
      return `| ${scenario} | ${on?.runs ?? 0} + ${off?.runs ?? 0} | ${on?.requestsPerSecond.median ?? ''} | ${off?.requestsPerSecond.median ?? ''} | ${showRatio(ratio)} | ${on?.p99Ms ?? ''} | ${off?.p99Ms ?? ''} |`;
    },
  );
  const graphqlCost = graphqlShare(summary);
  const rows = summary.map((x) => {
    const rps =
      x.runs > 1
        ? `${x.requestsPerSecond.median} (${x.requestsPerSecond.min}-${x.requestsPerSecond.max})`
        : `${x.requestsPerSecond.median}`;
    return `| ${x.scenario} | ${x.target} | ${x.runs} | ${rps} | ${x.p50Ms} | ${x.p99Ms} | ${x.cpuPercent} | ${x.peakRssMb} | ${x.non2xx} | ${showRatio(x.ratioToBaseline)} | ${showRatio(x.ratioToFloor)} |`;
  });
  const targetRow = (
    scenario: string,
    of: string,
    ratio: RoundRatio,
    target: number,
    before?: RoundRatio,
  ) => {
    const failed = unanswered(r.http).get(scenario);
    const status = failed
      ? `**not valid: ${failed} non-2xx or errors**`
      : ratio.median >= target
        ? 'met'
        : '**missed**';
    return `| ${scenario} | ${of} | ${showRatio(ratio)} | >= ${target} | ${status} | ${showRatio(before)} |`;
  };
  const targets = summary
    .filter((x) => x.target === 'service')
    .flatMap((x) => [
      // A decided floor's target replaces bench/floor's; bench/floor's ratio stays beside it.
      ...(x.ratioToDecidedFloor
        ? [
            targetRow(
              x.scenario,
              `service / ${decidedFloorOf(x.scenario)!.target}`,
              x.ratioToDecidedFloor,
              decidedFloorOf(x.scenario)!.ratio,
              x.ratioToFloor,
            ),
          ]
        : x.ratioToFloor
          ? [targetRow(x.scenario, 'service / floor', x.ratioToFloor, floorTarget(x.scenario))]
          : []),
      ...(x.ratioToHead
        ? [targetRow(x.scenario, `${PINNED_VERSION} / head`, x.ratioToHead, HEAD_TARGET)]
        : []),
    ]);
  const everyRun = runs.map(
    (x) =>
      `| ${x.scenario} | ${x.round} | ${x.target} | ${x.requestsPerSecond} | ${x.p50Ms} | ${x.p99Ms} | ${x.cpuPercent} | ${x.peakRssMb} | ${x.non2xx} |`,
  );
  const plans = r.plans
    .map(
      (p) =>
        `### ${p.endpoint}\n\nIndex used: ${p.usesIndex ? 'yes' : 'no'}${p.seqScans.length ? `; sequential scans on: ${p.seqScans.join(', ')}` : ''}\n\n\`\`\`sql\n${p.query}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\`\n`,
    )
    .join('\n');
  return `# Benchmark ${r.date}

Command: \`${r.command ?? 'make bench'}\` (bench/run.ts). Machine: ${r.machine.cpus} cores (${r.machine.model ?? '?'}), Node ${r.machine.node}; load generator
(autocannon) on the same machine. ${r.settings.connections} connections, ${r.settings.seconds} s per run after a 2 s warm-up, ${rounds} round${rounds === 1 ? '' : 's'}
per HTTP scenario, ${r.settings.installations} installations, ${r.settings.orders} orders, ${r.settings.customers} customers. Only ratios within one run compare. Targets: baseline is
bench/baseline (the service's own SQL, Express, pg, unnamed statements); floor is bench/floor (node:http, pg named statements, a
read-only key lookup: the least correct work).

## HTTP scenarios

Each scenario runs its targets round-robin, ${rounds} round${rounds === 1 ? '' : 's'} (service, domain only or graphql only, baseline, floor, service, ...), each run
after its own warm-up. req/s is the median over the rounds (min-max in parentheses); p50, p99, CPU and peak RSS are
medians; non-2xx is the sum. **Ratios are per round**: within each round the target's req/s over the baseline's
(or the floor's) req/s of the same round, then the median of those ${rounds} ratios (min-max in parentheses).

| scenario | target | runs | req/s | p50 ms | p99 ms | CPU % | peak RSS MB | non-2xx | ratio to baseline | ratio to floor |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

### Targets: the service against its floor (writes >= 0.6, reads >= 0.7), the pinned version against head (>= ${HEAD_TARGET})

The seeded plugin is pinned at head, so every scenario answers at head; the pinned scenario's requests name ${PINNED_VERSION} in
X-Svc-Api-Version, and \`${AT_HEAD}\` sends the same requests naming head. A scenario any of whose runs had a non-2xx answer
or an error is not valid (an answer refused fast would make its ratio look good).
Where a scenario has a decided floor (\`${RATE_LIMITED_FLOOR}\`: GET /orders/{orderId} >= 0.9, at 10 connections >= 0.8;
\`${GRAPHQL_FLOOR}\`: the portal's pages >= 0.7; bench/results/README.md), its target is against that floor, and the last
column is the service's ratio to bench/floor, the floor the earlier runs of record used.

| scenario | ratio of | ratio | target | | service / floor (bench/floor) |
| --- | --- | --- | --- | --- | --- |
${targets.join('\n')}

<details><summary>Every run, in the order run</summary>

| scenario | round | target | req/s | p50 ms | p99 ms | CPU % | peak RSS MB | non-2xx |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${everyRun.join('\n')}

</details>

## The API request log's cost (target: on / off >= 0.95, and GET /orders/{orderId} with the log >= 0.9 of the floor)

Each round runs the service with the log off and with it on, the pair's order alternating from round to round
(off, on; on, off; ...) so that neither gains from running second. req/s and p99 are medians over the rounds;
on / off is the median of the per-round ratios (min-max in parentheses).

| scenario | runs on + off | req/s, log on | req/s, log off | on / off | p99 ms on | p99 ms off |
| --- | --- | --- | --- | --- | --- | --- |
${logCost.join('\n')}

${graphqlCost}## Webhook delivery

\`\`\`json
${JSON.stringify(r.webhooks, null, 2)}
\`\`\`

${decidedTargets(r)}## Sandbox provisioning

${r.provisioning.runs} runs: p50 ${r.provisioning.p50Ms} ms, max ${r.provisioning.maxMs} ms.

## Soak

\`\`\`json
${JSON.stringify(r.soak, null, 2)}
\`\`\`

## Query plans of the list endpoints (20th page, ${r.settings.orders} orders)

${plans}
`;
}
