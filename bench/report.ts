import type { ScenarioResult } from './http-scenarios.js';

interface Report {
  date: string;
  machine: { cpus: number; model?: string; node: string };
  settings: { seconds: number; connections: number; soakSeconds: number; installations: number; orders: number; customers: number };
  http: ScenarioResult[];
  webhooks: Record<string, unknown>;
  provisioning: { runs: number; p50Ms: number; maxMs: number };
  soak: Record<string, number>;
  plans: { endpoint: string; query: string; plan: string; usesIndex: boolean; seqScans: string[] }[];
}

/** The bench target that is the service with SVC_REQUEST_LOG=off. */
export const LOG_OFF = 'service, request log off';

export function renderMarkdown(r: Report): string {
  const mean = (runs: ScenarioResult[], pick: (x: ScenarioResult) => number) => Math.round(runs.reduce((sum, x) => sum + pick(x), 0) / runs.length);
  const logCost = [...new Set(r.http.filter((x) => x.target === LOG_OFF).map((x) => x.scenario))].map((scenario) => {
    const off = r.http.filter((x) => x.scenario === scenario && x.target === LOG_OFF);
    const on = r.http.filter((x) => x.scenario === scenario && x.target === 'service');
    const [onRps, offRps] = [mean(on, (x) => x.requestsPerSecond), mean(off, (x) => x.requestsPerSecond)];
    return `| ${scenario} | ${on.length} + ${off.length} | ${onRps} | ${offRps} | ${(onRps / offRps).toFixed(2)} | ${mean(on, (x) => x.p99Ms)} | ${mean(off, (x) => x.p99Ms)} |`;
  });
  const rows = r.http.map((x) => {
    const base = r.http.find((b) => b.scenario === x.scenario && b.target === 'baseline');
    const floor = r.http.find((b) => b.scenario === x.scenario && b.target === 'floor');
    const ratio = x.target === 'service' && base ? (x.requestsPerSecond / base.requestsPerSecond).toFixed(2) : '';
    const toFloor = x.target !== 'floor' && floor ? (x.requestsPerSecond / floor.requestsPerSecond).toFixed(2) : '';
    return `| ${x.scenario} | ${x.target} | ${x.requestsPerSecond} | ${x.p50Ms} | ${x.p99Ms} | ${x.cpuPercent} | ${x.peakRssMb} | ${x.non2xx} | ${ratio} | ${toFloor} |`;
  });
  const plans = r.plans
    .map((p) => `### ${p.endpoint}\n\nIndex used: ${p.usesIndex ? 'yes' : 'no'}${p.seqScans.length ? `; sequential scans on: ${p.seqScans.join(', ')}` : ''}\n\n\`\`\`sql\n${p.query}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\`\n`)
    .join('\n');
  return `# Benchmark ${r.date}

Command: \`make bench\` (bench/run.ts). Machine: ${r.machine.cpus} cores (${r.machine.model ?? '?'}), Node ${r.machine.node}; load generator
(autocannon) on the same machine. ${r.settings.connections} connections, ${r.settings.seconds} s per run after a 2 s warm-up, ${r.settings.installations}
installations, ${r.settings.orders} orders, ${r.settings.customers} customers. Only ratios within one run compare. Targets: baseline is
bench/baseline (the service's own SQL, Express, pg, unnamed statements); floor is bench/floor (node:http, pg named statements, a
read-only key lookup: the least correct work).

## HTTP scenarios

| scenario | target | req/s | p50 ms | p99 ms | CPU % | peak RSS MB | non-2xx | ratio to baseline | ratio to floor |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

## The API request log's cost (target: on / off >= 0.90)

Runs alternate (off, on, off, on); the figures are the means of each side's runs.

| scenario | runs on + off | req/s, log on | req/s, log off | on / off | p99 ms on | p99 ms off |
| --- | --- | --- | --- | --- | --- | --- |
${logCost.join('\n')}

## Webhook delivery

\`\`\`json
${JSON.stringify(r.webhooks, null, 2)}
\`\`\`

## Sandbox provisioning

${r.provisioning.runs} runs: p50 ${r.provisioning.p50Ms} ms, max ${r.provisioning.maxMs} ms.

## Soak

\`\`\`json
${JSON.stringify(r.soak, null, 2)}
\`\`\`

## Query plans of the list endpoints (20th page, ${r.settings.orders} orders)

${plans}
`;
}
