// The webhook bench's helpers (webhook-scenario.ts, webhook-endpoints.ts): the receiver in a
// process of its own, waiting for its receipts, a process's CPU share, and a quiet database first.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import type { TestTls } from '../test/support/tls.js';
import { sampleProcess } from './proc.js';
import type { Receipt, ReceiverMessage } from './receiver.js';

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('bench: timed out waiting for deliveries');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** bench/receiver.ts in a process of its own; `onReceipts` hears of every request it answered. */
export async function startReceiver(
  tls: TestTls,
  onReceipts: (receipts: Receipt[]) => void,
): Promise<{ port: number; pid: number; stop(): void }> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'receiver.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, RECEIVER_KEY: tls.key, RECEIVER_CERT: tls.cert },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench receiver exited with ${code}`)));
    child.on('message', (message: ReceiverMessage) =>
      'port' in message ? resolve(message.port) : onReceipts(message.receipts),
    );
  });
  return { port, pid: child.pid!, stop: () => void child.kill('SIGTERM') };
}

/** The CPU share of a process from now until the returned function is called. */
export function cpuShare(pid: number): () => number {
  const start = sampleProcess(pid).cpuSeconds;
  const t0 = performance.now();
  return () =>
    Math.round(
      ((sampleProcess(pid).cpuSeconds - start) / ((performance.now() - t0) / 1000)) * 1000,
    ) / 10;
}

/**
 * The database made quiet before the scenario: in `make bench` it follows the HTTP scenarios, whose
 * writes (orders, request log entries, feed acknowledgements) autovacuum may still be working
 * through on the same two cores as the worker and the delivery floor. The same vacuum runs here
 * first, to its end, then a checkpoint; what autovacuum was doing when the scenario began and how
 * long this took are in the result.
 */
export async function settle(db: Db): Promise<{ autovacuumAtStart: string[]; seconds: number }> {
  const t0 = performance.now();
  const { rows } = await sql<{
    query: string;
  }>`select query from pg_stat_activity where backend_type = 'autovacuum worker' and query <> ''`.execute(
    db,
  );
  await sql`vacuum (analyze)`.execute(db);
  await sql`checkpoint`.execute(db);
  return {
    autovacuumAtStart: rows.map((r) => r.query),
    seconds: Math.round((performance.now() - t0) / 100) / 10,
  };
}
