import type { GrowthResult, RoundCost } from './growth.js';
import type { ScenarioResult } from './http-scenarios.js';
import { median } from './report.js';

// The growth section of a results file: each scenario with the small and the grown history
// (medians over the rounds), against the issue's targets: throughput >= 0.8 of the small-history
// run, p99 within 1.5x; the prune of a day (>= 200,000 rows) keeps the writers' p99 within 2x and
// holds no lock for a second: no DELETE batch runs that long, and no writer is seen waiting on a
// lock that long. DETACH ... CONCURRENTLY may take longer (it waits for older snapshots to end)
// without blocking anyone: the samples of waiting sessions show whether it did.

const TARGET = { throughput: 0.8, p99: 1.5, writersP99: 2, lockMs: 1000, prunedRows: 200_000 };
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
const r2 = (x: number) => Math.round(x * 100) / 100;

function medians(runs: ScenarioResult[], scenario: string) {
  const mine = runs.filter((r) => r.scenario === scenario);
  return {
    rps: median(mine.map((r) => r.requestsPerSecond)),
    p99: median(mine.map((r) => r.p99Ms)),
    non2xx: mine.reduce((s, r) => s + r.non2xx, 0),
  };
}

/** The rounds autovacuum overlapped (it shares the cores with the service), or nothing when it overlapped none. */
function autovacuumNote(g: GrowthResult): string {
  const lines = (['small', 'large'] as const).flatMap((history) =>
    (g[history] as (ScenarioResult & { round?: number; autovacuum?: Record<string, number> })[])
      .filter((r) => r.autovacuum && Object.keys(r.autovacuum).length > 0)
      .map(
        (r) =>
          `- ${history} history, ${r.scenario} round ${r.round ?? '?'}: ${Object.entries(
            r.autovacuum!,
          )
            .map(([what, seconds]) => `\`${what}\` ${seconds} s`)
            .join(', ')}`,
      ),
  );
  return lines.length > 0
    ? `\nAutovacuum during the rounds (sampled every 250 ms; it shares the two cores with the service):\n${lines.join('\n')}\n`
    : '';
}

type CostedRun = ScenarioResult & { cost?: RoundCost };

/**
 * For each scenario that missed its throughput target: the service's and PostgreSQL's CPU a
 * request (medians over the rounds), small and grown, and PostgreSQL's busiest statements in the
 * grown rounds' median one with their mean time in the small history's, to tell which side slowed.
 */
function missedCosts(g: GrowthResult, missed: string[]): string {
  const of = (runs: CostedRun[], scenario: string) =>
    runs.filter((r) => r.scenario === scenario && r.cost);
  const lines = missed.flatMap((scenario) => {
    const small = of(g.small, scenario);
    const large = of(g.large, scenario);
    if (small.length === 0 || large.length === 0) return [];
    const cpu = (runs: CostedRun[], side: 'serviceCpuMsPerRequest' | 'postgresCpuMsPerRequest') =>
      median(runs.map((r) => r.cost![side]));
    const middle = [...large].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
      Math.floor(large.length / 2)
    ]!;
    const smallMean = (query: string) =>
      median(
        small
          .map((r) => r.cost!.statements.find((s) => s.query === query)?.meanExecMs)
          .filter((x): x is number => x !== undefined),
      );
    const statements = middle.cost!.statements.map(
      (s) =>
        `  - ${s.calls} calls, ${s.meanExecMs} ms (small history: ${smallMean(s.query) ?? '-'}) + ${s.meanPlanMs} ms planning, ${s.blocksPerCall} blocks a call: \`${s.query}\``,
    );
    return [
      `- ${scenario}: CPU ms a request, service ${cpu(small, 'serviceCpuMsPerRequest')} -> ${cpu(large, 'serviceCpuMsPerRequest')}, PostgreSQL ${cpu(small, 'postgresCpuMsPerRequest')} -> ${cpu(large, 'postgresCpuMsPerRequest')}; the grown rounds' busiest statements:`,
      ...statements,
    ];
  });
  return lines.length > 0
    ? `\nWhere the missed scenarios' time went (small -> grown):\n${lines.join('\n')}\n`
    : '';
}

export function renderGrowth(
  g: GrowthResult,
  smallWebhooks?: { deliveriesPerSecond?: number },
): string {
  const scenarios = [...new Set(g.small.map((r) => r.scenario))];
  const missed: string[] = [];
  const rows = scenarios.map((scenario) => {
    const small = medians(g.small, scenario);
    const large = medians(g.large, scenario);
    const throughput = small.rps > 0 ? large.rps / small.rps : 0;
    const p99 = small.p99 > 0 ? large.p99 / small.p99 : 0;
    if (throughput < TARGET.throughput) missed.push(scenario);
    return `| ${scenario} | ${small.rps} | ${large.rps} | ${r2(throughput)} ${mark(throughput >= TARGET.throughput)} | ${small.p99} | ${large.p99} | ${r2(p99)} ${mark(p99 <= TARGET.p99)} | ${small.non2xx} / ${large.non2xx} |`;
  });
  const t = g.retention;
  const pruned =
    t.deleted.events +
    t.deleted.logs +
    t.deleted.requestLog +
    t.cascaded.feedEntries +
    t.cascaded.attempts;
  const writers = t.writersQuiet.p99Ms > 0 ? t.writersDuringPrune.p99Ms / t.writersQuiet.p99Ms : 0;
  const small = smallWebhooks?.deliveriesPerSecond;
  const grown = g.webhooks?.deliveriesPerSecond;
  const deliveries =
    small && grown
      ? `Signed deliveries a second (the webhook scenario's burst): ${small} with the small history, ${grown} with the grown one: ${r2(grown / small)}, target >= ${TARGET.throughput}: ${mark(grown / small >= TARGET.throughput)}.`
      : 'Deliveries: not measured in this run (BENCH_ONLY=webhooks,growth measures the burst before and after the growth).';
  return `## Growth (BENCH_ONLY=growth)

The same HTTP scenarios on the service, first with the bench's small history, then with the history grown to
${g.size.orders.toLocaleString('en')} orders, ${g.size.installations.toLocaleString('en')} installations, ${g.size.events.toLocaleString('en')} events (each with its delivery, attempt and
feed entry) and ${g.size.requestLog.toLocaleString('en')} request log entries over ${g.size.days} days (seeded in ${g.size.seedSeconds} s). req/s and p99 are medians over the
rounds. Targets: grown / small throughput >= ${TARGET.throughput}, p99 within ${TARGET.p99}x.

| scenario | req/s small | req/s grown | grown / small | p99 ms small | p99 ms grown | p99 grown / small | non-2xx small / grown |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
${autovacuumNote(g)}${missedCosts(g, missed)}
${deliveries}

### Retention: the oldest day pruned while POST /orders writers run

| measure | value | target | |
| --- | --- | --- | --- |
| rows pruned (events ${t.deleted.events}, feed entries ${t.cascaded.feedEntries}, webhook logs ${t.deleted.logs}, attempts ${t.cascaded.attempts}, request log ${t.deleted.requestLog}) | ${pruned.toLocaleString('en')} | >= ${TARGET.prunedRows.toLocaleString('en')} | ${mark(pruned >= TARGET.prunedRows)} |
| prune time | ${t.seconds} s (${t.statements} DELETE, DETACH and DROP statements, ${t.statementsMs} ms in them) | | |
| longest of those statements: any / DELETE batch / DETACH CONCURRENTLY / DROP | ${t.longestStatementMs} / ${t.longestByKindMs.delete} / ${t.longestByKindMs.detach} / ${t.longestByKindMs.drop} ms | a DELETE batch (it holds its rows' locks) < ${TARGET.lockMs} ms | ${mark(t.longestByKindMs.delete < TARGET.lockMs)} |
| writers waiting on a lock during the prune (sampled every 20 ms): sessions seen, the longest wait | ${t.lockWaits.sessions}, ${t.lockWaits.longestMs} ms${t.lockWaits.statement ? ` (${t.lockWaits.statement.replace(/\s+/g, ' ').replace(/\|/g, '\\|')})` : ''} | < ${TARGET.lockMs} ms | ${mark(t.lockWaits.longestMs < TARGET.lockMs)} |
| writers' p99, quiet / during the prune | ${t.writersQuiet.p99Ms} / ${t.writersDuringPrune.p99Ms} ms (${t.writersQuiet.requestsPerSecond} / ${t.writersDuringPrune.requestsPerSecond} req/s) | within ${TARGET.writersP99}x | ${r2(writers)} ${mark(writers <= TARGET.writersP99)} |
${t.slowest.length > 0 ? `\nThe prune's longest statements (longest run, runs):\n${t.slowest.map((q) => `- ${q.ms} ms, ${q.calls}x: \`${q.query}\``).join('\n')}\n` : ''}`;
}
