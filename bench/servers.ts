import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../src/db/embedded.js';

export interface Server {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The V8 flags of the service's launch command (package.json `server`, what production runs): the
 * benchmark measures the service as it is deployed, and runs the baseline under the same flags.
 */
export const RUNTIME_FLAGS: string[] = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { server: string };
  }
).scripts.server
  .split(/\s+/)
  .filter((arg) => /^--max-[\w-]+=/.test(arg));

/**
 * Starts an entry point in its own Node process (RUNTIME_FLAGS) and waits for its port: TypeScript
 * through the tsx loader, compiled JavaScript (dist/, what production runs) as it is.
 */
export async function startServer(
  name: string,
  entry: string[],
  env: Record<string, string>,
  readyPath = '/healthz',
): Promise<Server> {
  const port = await freePort();
  const loader = entry[0]!.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child: ChildProcess = spawn(process.execPath, [...RUNTIME_FLAGS, ...loader, ...entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { name, url, pid: child.pid!, stop: () => stopChild(child) };
}

/** A process with no HTTP port (a worker): started and returned at once (TypeScript through tsx, as startServer). */
export function startProcess(name: string, entry: string[], env: Record<string, string>): Server {
  const loader = entry[0]!.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...RUNTIME_FLAGS, ...loader, ...entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { name, url: '', pid: child.pid!, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
