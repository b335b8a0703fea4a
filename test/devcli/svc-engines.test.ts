import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The README's quickstart runs `npx svc` with the machine's Node, which may be older than the
// Node 24 the Makefile brings for the service. The CLI runs on Node 20 (test/devcli passes with
// svc on it), so npm must not warn about engines before every command. This machine's system Node
// is such an older one; elsewhere the test has nothing to run on.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MACHINE_BIN = '/usr/bin';
const machineMajor =
  existsSync(`${MACHINE_BIN}/node`) && existsSync(`${MACHINE_BIN}/npx`)
    ? Number(
        execFileSync(`${MACHINE_BIN}/node`, ['-p', 'process.versions.node.split(".")[0]'], {
          encoding: 'utf8',
        }).trim(),
      )
    : 0;
const olderMachineNode = machineMajor >= 20 && machineMajor < 24;

describe("npx svc on the machine's Node", () => {
  (olderMachineNode ? it : it.skip)(
    `when npx svc --help runs with the machine's Node ${machineMajor} and a fresh npm cache, then it prints the usage and npm warns about nothing`,
    () => {
      // A fresh machine's empty npm cache: npx sets the checkout up in it, checking its engines.
      const cache = mkdtempSync(path.join(os.tmpdir(), 'svc-npm-cache-'));
      try {
        const run = spawnSync(`${MACHINE_BIN}/npx`, ['svc', '--help'], {
          cwd: ROOT,
          encoding: 'utf8',
          env: {
            PATH: `${MACHINE_BIN}:/bin`,
            HOME: process.env.HOME ?? '/tmp',
            npm_config_cache: cache,
            npm_config_update_notifier: 'false',
          },
          timeout: 60_000,
        });
        expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
        expect(run.stdout).toMatch(/^usage: svc <command>/);
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    },
    70_000,
  );
});
