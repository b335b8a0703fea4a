import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './contract-copies.js';

// make api-diff / api-check / api-release take BASE, FORMAT and DATE from whoever runs make, a CI
// job included (BASE=<the pull request's branch>). A git ref may legally hold ' ; | and `, so
// these values must reach the script as data, never as shell text. Each case below would run
// `touch` if a recipe pasted the value into its shell line (single or double quoted). make itself
// exits 2 when a recipe fails.

function make(target: string, variable: string, value: string) {
  const run = spawnSync(
    'make',
    ['--no-print-directory', '-C', ROOT, target, `${variable}=${value}`],
    { encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const marker = () => path.join(tmpdir(), `pwned-${randomBytes(6).toString('hex')}`);
/** Whether `file` exists, removing it so that a failing run leaves nothing behind. */
const created = (file: string) => {
  const found = existsSync(file);
  rmSync(file, { force: true });
  return found;
};
const payloads = (file: string): [string, string] => [`x';touch ${file};'`, `x\`touch ${file}\`y`];

describe('make api-diff / api-check / api-release with hostile variables', () => {
  it('when BASE is a ref name that closes the quote and runs a command, then nothing runs and the error names the ref', () => {
    for (const base of payloads(marker())) {
      const file = base.match(/touch (\S+?)[;`]/)![1]!;
      const run = make('api-diff', 'BASE', base);
      expect(created(file)).toBe(false);
      expect(run.status).not.toBe(0);
      expect(run.output).toContain(`BASE ${JSON.stringify(base)} is not a commit`);
    }
  }, 120_000);

  it('when FORMAT or DATE carry a command, then nothing runs and the value is refused', () => {
    const file = marker();
    const [quote, backtick] = payloads(file);
    const check = make('api-check', 'FORMAT', quote);
    const release = make('api-release', 'DATE', backtick);
    expect(created(file)).toBe(false);
    expect(check).toMatchObject({
      status: 2,
      output: expect.stringContaining(`unknown format ${quote}`),
    });
    expect(release).toMatchObject({
      status: 2,
      output: expect.stringContaining(`--date must be YYYY-MM-DD, not ${backtick}`),
    });
  }, 120_000);

  it('when BASE looks like an option, then git reads it as a ref, not as an option', () => {
    const run = make('api-diff', 'BASE', '--output=/dev/null');
    expect(run.status).not.toBe(0);
    expect(run.output).toContain('BASE "--output=/dev/null" is not a commit');
  }, 60_000);
});
