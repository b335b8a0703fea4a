import { parseArgs } from 'node:util';
import { apiCheck, apiDiff, type Outcome } from './commands.js';
import { apiVersions } from './derived.js';
import { apiRelease } from './release.js';
import { FORMATS, type Format } from './format.js';

// npx tsx codegen/api-diff/main.ts diff --base <ref> [--format text|json|markdown]   (make api-diff)
//                                  check [--format ...]                              (make api-check)
//                                  release [--date YYYY-MM-DD]                       (make api-release)
//                                  versions [--check]                                (make api-versions)
// --root <dir> points at another checkout (the tests use copies of the repository).
const USAGE =
  'usage: api-diff diff --base <git ref> [--format text|json|markdown] | check [--format ...] | release [--date YYYY-MM-DD] | versions [--check] [--root <dir>]';

async function main(argv: string[]): Promise<Outcome> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      base: { type: 'string' },
      format: { type: 'string' },
      root: { type: 'string' },
      date: { type: 'string' },
      check: { type: 'boolean' },
    },
  });
  const root = values.root ?? process.cwd();
  const format = (values.format || 'text') as Format;
  if (!FORMATS.includes(format))
    return { code: 1, output: `unknown format ${format}; use ${FORMATS.join(', ')}` };
  const command = positionals[0] ?? 'diff';
  if (command === 'diff') {
    if (!values.base)
      return {
        code: 1,
        output: `--base <git ref> is required (make api-diff BASE=main)\n${USAGE}`,
      };
    return apiDiff(root, values.base, format);
  }
  if (command === 'check') return apiCheck(root, format);
  if (command === 'release') {
    const date = values.date || new Date().toISOString().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
      return { code: 1, output: `--date must be YYYY-MM-DD, not ${date}` };
    return apiRelease(root, date);
  }
  if (command === 'versions') return apiVersions(root, values.check ?? false);
  return { code: 1, output: USAGE };
}

main(process.argv.slice(2)).then(
  ({ code, output }) => {
    // The report goes to stdout whatever the verdict, so `FORMAT=json ... > report.json` works.
    process.stdout.write(`${output}\n`);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`api-diff: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
