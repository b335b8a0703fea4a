// The comparison of `make bench-check` (bench/check.ts): the ratios a run reports, and the newest
// run against the runs of record. Only ratios compare across runs on this machine (its speed
// changes by three to five times between days), so a regression is a ratio that fell.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioResult } from './http-scenarios.js';
import { decidedFloorOf, summarizeHttp } from './report.js';

/** A ratio may fall this much (a share of the run of record's) before it is named. */
export const TOLERANCE = 0.1;

interface Run {
  http?: ScenarioResult[];
  webhooks?: {
    floor?: { ratioOfBurst?: number };
    recordedFloor?: { ratioOfBurst?: number };
    endpoints?: {
      variants?: Record<string, { orderingKeyed?: number }>;
      costPerDelivery?: { median: number };
      ordering?: { median: number };
    };
  };
}

/** A cost per delivery, 3 endpoints of one plugin over 1: better lower, unlike every other ratio. */
const ENDPOINTS_COST = 'deliveries: cost per delivery, 3 endpoints / 1 endpoint';

/**
 * Every ratio of a run by name: each scenario's service over its floor (bench/floor) and over its
 * decided floor, the pinned version over head, the delivery burst over each delivery floor, and the
 * extra endpoints' two (3 endpoints over 1 per delivery, ordering on over off).
 */
export function ratiosOf(run: Run): Map<string, number> {
  const ratios = new Map<string, number>();
  for (const x of summarizeHttp(run.http ?? []).filter((s) => s.target === 'service')) {
    if (x.ratioToFloor) ratios.set(`${x.scenario}: service / floor`, x.ratioToFloor.median);
    if (x.ratioToDecidedFloor)
      ratios.set(
        `${x.scenario}: service / ${decidedFloorOf(x.scenario)!.target}`,
        x.ratioToDecidedFloor.median,
      );
    if (x.ratioToHead) ratios.set(`${x.scenario}: pinned / head`, x.ratioToHead.median);
  }
  const { floor, recordedFloor } = run.webhooks ?? {};
  if (floor?.ratioOfBurst !== undefined)
    ratios.set('deliveries: burst / floor', floor.ratioOfBurst);
  if (recordedFloor?.ratioOfBurst !== undefined)
    ratios.set('deliveries: burst / recorded floor', recordedFloor.ratioOfBurst);
  const { variants, costPerDelivery, ordering } = run.webhooks?.endpoints ?? {};
  if (costPerDelivery) ratios.set(ENDPOINTS_COST, costPerDelivery.median);
  // Only where the service ordered deliveries (before it did, both variants did the same work).
  if (ordering && (variants?.['ordering order']?.orderingKeyed ?? 0) > 0)
    ratios.set('deliveries: ordering on / off', ordering.median);
  return ratios;
}

/** The share a ratio got worse by from its record (negative: better); a cost gets worse as it rises. */
export function fellBy(name: string, record: number, newest: number): number {
  if (!(record > 0) || !(newest > 0)) return 0;
  const worse = name === ENDPOINTS_COST ? newest / record - 1 : 1 - newest / record;
  return Math.round(worse * 1000) / 1000;
}

export interface Comparison {
  name: string;
  record: number;
  /** The run of record it comes from: the newest that has this ratio. */
  recordFile: string;
  newest: number;
  /** The share it got worse by (negative: better): fell, or for a cost, rose. */
  fell: number;
}

export interface Check {
  newest: string;
  compared: Comparison[];
  /** The comparisons whose ratio fell more than TOLERANCE. */
  regressions: Comparison[];
  /** Ratios of the newest run that no run of record has (a new floor, say). */
  unrecorded: string[];
}

/** The bench runs (not chaos runs) of a directory, oldest first: their names begin with the date. */
const benchRuns = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /^\d{4}-\d{2}-\d{2}T.*\.json$/.test(f))
    .sort();

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Run;

/** The newest run of `runsDir` against the runs of record of `resultsDir`. */
export function checkRuns(resultsDir: string, runsDir: string): Check {
  const newestFile = benchRuns(runsDir).at(-1);
  if (!newestFile) throw new Error(`no bench run in ${runsDir}: run make bench first`);
  // Each ratio of record from the newest run of record that has it (a run of record may be partial).
  const record = new Map<string, { ratio: number; file: string }>();
  for (const file of benchRuns(resultsDir))
    for (const [name, ratio] of ratiosOf(read(path.join(resultsDir, file))))
      record.set(name, { ratio, file });
  const compared: Comparison[] = [];
  const unrecorded: string[] = [];
  for (const [name, newest] of ratiosOf(read(path.join(runsDir, newestFile)))) {
    const of = record.get(name);
    if (!of) {
      unrecorded.push(name);
      continue;
    }
    compared.push({
      name,
      record: of.ratio,
      recordFile: of.file,
      newest,
      fell: fellBy(name, of.ratio, newest),
    });
  }
  return {
    newest: newestFile,
    compared,
    regressions: compared.filter((c) => c.fell > TOLERANCE),
    unrecorded,
  };
}
