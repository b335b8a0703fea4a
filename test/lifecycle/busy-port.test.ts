import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `make run` (svc dev) when another process already holds PORT: one line naming the port and the
// variable to change, a non-zero exit, and the embedded PostgreSQL it started stopped, not left
// running behind the failed process.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let held: net.Server;
let port: number;
let dataDir: string;

beforeAll(async () => {
  held = net.createServer();
  await new Promise<void>((resolve) => held.listen(0, resolve));
  port = (held.address() as net.AddressInfo).port;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-busy-port-'));
});
afterAll(async () => {
  await new Promise((resolve) => held.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

function runDev(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  for (const name of [
    'DATABASE_URL',
    'NODE_OPTIONS',
    'SVC_ENCRYPTION_KEY',
    'SVC_JWT_SECRET',
    'SVC_ROLE',
  ])
    delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'dev'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const postgresProcessesOn = (dir: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(dir) && /postgres/.test(line));

describe('svc dev on a busy port', () => {
  it('when PORT is held by another process, then one line names the port and PORT, the exit is non-zero and the embedded PostgreSQL is stopped', async () => {
    const started = Date.now();
    const { code, stdout, stderr } = await runDev({ PORT: String(port), SVC_DATA_DIR: dataDir });
    const elapsed = Date.now() - started;

    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const errorLines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(errorLines).toEqual([
      `Port ${port} is already in use: stop the process using it, or set PORT to a free port.`,
    ]);
    expect(stdout + stderr).not.toMatch(/EADDRINUSE|\n\s+at /);

    // The database had started (the failure is at listen time) and was shut down cleanly before
    // the process exited: no server process on that data directory, no postmaster.pid left.
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(postgresProcessesOn(dataDir)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(elapsed).toBeLessThan(45_000);
  }, 60_000);
});
