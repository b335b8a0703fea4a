// `make bench-check`: the newest run of bench/results/runs/ against the runs of record in
// bench/results/ (each ratio against the newest run of record that has it). Prints every ratio
// compared and exits 1 naming each one that fell more than 10%. Not part of `make test`: run it by
// hand after a bench run, and before copying a run up as a run of record.
import path from 'node:path';
import { TOLERANCE, checkRuns } from './check-ratios.js';

const results = path.resolve(import.meta.dirname, 'results');
const check = checkRuns(results, path.join(results, 'runs'));
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`bench-check: bench/results/runs/${check.newest} against the runs of record\n`);
console.log('| ratio | of record | run of record | newest | fell |');
console.log('| --- | --- | --- | --- | --- |');
for (const c of check.compared)
  console.log(
    `| ${c.name} | ${c.record} | ${c.recordFile} | ${c.newest} | ${c.fell > TOLERANCE ? `**${pct(c.fell)}**` : pct(c.fell)} |`,
  );
if (check.unrecorded.length)
  console.log(`\nNo run of record has yet: ${check.unrecorded.join('; ')}.`);
if (check.regressions.length) {
  console.log(`\nFell more than ${pct(TOLERANCE)}:`);
  for (const r of check.regressions)
    console.log(`- ${r.name}: ${r.record} (${r.recordFile}) -> ${r.newest}, ${pct(r.fell)}`);
  process.exit(1);
}
console.log(`\nNo ratio fell more than ${pct(TOLERANCE)}.`);
