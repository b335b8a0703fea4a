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
  };
}

/**
 * Every ratio of a run by name: each scenario's service over its floor (bench/floor) and over its
 * decided floor, the pinned version over head, and the delivery burst over each delivery floor.
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
  return ratios;
}

export interface Comparison {
  name: string;
  record: number;
  /** The run of record it comes from: the newest that has this ratio. */
  recordFile: string;
  newest: number;
  /** The share it fell by (negative: it rose). */
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
    const fell = of.ratio > 0 ? Math.round((1 - newest / of.ratio) * 1000) / 1000 : 0;
    compared.push({ name, record: of.ratio, recordFile: of.file, newest, fell });
  }
  return {
    newest: newestFile,
    compared,
    regressions: compared.filter((c) => c.fell > TOLERANCE),
    unrecorded,
  };
}
