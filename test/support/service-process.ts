import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT_DIR } from '../../src/app.js';
import { freePort } from '../../src/db/embedded.js';
import { TEST_ENV } from './context.js';
import { waitUntil } from './webhook-receiver.js';

// The service as a separate OS process (`serve`, through tsx), for tests and `make chaos` that
// crash what it depends on, or signal it, and watch it from outside.

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  /** stdout and stderr, as written (JSON log lines). */
  output: string[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export async function startService(
  role: 'api' | 'worker' | 'all',
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...TEST_ENV,
      LOG_LEVEL: 'warn',
      ...env,
      SVC_ROLE: role,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const service: ServiceProcess = { child, url: `http://127.0.0.1:${port}`, output, exited };
  await waitUntil(
    async () =>
      child.exitCode !== null ||
      (await fetch(`${service.url}/readyz`).catch(() => undefined))?.status === 200,
    60_000,
    `${role} process`,
  );
  if (child.exitCode !== null)
    throw new Error(`the ${role} process exited with ${child.exitCode}: ${output.join('')}`);
  return service;
}

export async function stopService(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode === null) service.child.kill('SIGKILL');
  await service.exited;
}

/** One timed HTTP exchange: its status (0: no answer within the client's limit), time and body. */
export interface Answer {
  status: number;
  ms: number;
  at: number;
  retryAfter: string | null;
  body: Record<string, unknown> | undefined;
}

export async function timedFetch(
  url: string,
  init: RequestInit = {},
  limitMs = 5000,
): Promise<Answer> {
  const started = performance.now();
  const at = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(limitMs) });
    const text = await res.text();
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    return {
      status: res.status,
      ms: performance.now() - started,
      at,
      retryAfter: res.headers.get('retry-after'),
      body,
    };
  } catch {
    return { status: 0, ms: performance.now() - started, at, retryAfter: null, body: undefined };
  }
}
