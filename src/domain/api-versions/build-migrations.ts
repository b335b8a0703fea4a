// `npm run build` (make build): type-strips each record's migrations (contracts/versions/<date>.ts)
// into <output directory>/contracts/versions/<date>.js, which the compiled service imports instead
// (migrations.ts): importing a .ts file makes Node load its TypeScript stripper (swc in
// WebAssembly), about 12 MB held for the process's life, for a few lines of functions.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import { compiledHeader } from './migrations.js';
import { RECORDS_DIR } from './records.js';
import { REPO_ROOT } from './load.js';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-migrations.ts <output directory of tsc>');
const from = path.join(REPO_ROOT, RECORDS_DIR);
const to = path.resolve(outDir, RECORDS_DIR);
mkdirSync(to, { recursive: true });
const sources = readdirSync(from).filter((name) => /^\d{4}-\d{2}-\d{2}\.ts$/.test(name));
for (const name of sources) {
  const source = readFileSync(path.join(from, name), 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm', sourcefile: name });
  // The service imports the copy only while its header matches the source (migrations.ts).
  writeFileSync(path.join(to, name.replace(/\.ts$/, '.js')), compiledHeader(source) + code);
}
console.log(`api versions: the migrations of ${sources.length} records in ${to}`);
