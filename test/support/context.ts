import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { App } from '../../src/app.js';
import { sql } from 'kysely';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDatabase, type DatabaseHandle, type Db } from '../../src/db/database.js';
import {
  startJobRuntime,
  type JobRuntime,
  type JobRuntimeOptions,
} from '../../src/jobs/runtime.js';
import { createLogger, type Logger } from '../../src/logger.js';
import type { EventSink, JobQueue } from '../../src/domain/webhooks/index.js';
import { TEMPLATE_DB, withDatabase } from './test-db.js';
import { createMetrics, type Metrics } from '../../src/observability/metrics.js';
import { createRequestLog, type RequestLog } from '../../src/api/request-log.js';

export interface TestContext {
  config: Config;
  db: Db;
  /** The pool under `db` (the request log writes through its connections). */
  pool: DatabaseHandle['pool'];
  app: App;
  logger: Logger;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  request: () => ReturnType<typeof supertest>;
  /** Another app instance on the same database (a second process, as far as state goes). */
  newApp(overrides?: Record<string, string>): Promise<App>;
  /** This test file's database. */
  databaseUrl: string;
  /** The app's event sink (every context has a job queue; see createTestContext). */
  events: EventSink;
  /** The app's webhook queue. */
  queue: JobQueue;
  /** pg-boss and the webhook workers, when asked for with `{ jobs }` (stopped by close()). */
  jobs?: JobRuntime;
  /** The process metrics the app and its workers share (GET /metrics). */
  metrics: Metrics;
  /** The app's API request log writer (flush() writes what it buffers). */
  requestLog: RequestLog;
  close(): Promise<void>;
}

export const TEST_ENV: Record<string, string> = {
  SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SVC_JWT_SECRET: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'info',
  SVC_DATA_DIR: '/nonexistent-test-data-dir',
  // supertest connects from loopback: the tests play the reverse proxy and choose the client
  // address with X-Forwarded-For (test/portal/proxy-trust.test.ts covers the default, off).
  SVC_TRUST_PROXY: 'loopback',
  // Tests share two cores with other suites: opening a connection can take seconds under that
  // load, which the production default (2 s, covering the connect too) would turn into failures.
  SVC_DB_ACQUIRE_TIMEOUT_MS: '10000',
  // Sign-ups and log-ins hash at N=2^10 rather than OWASP's 2^17 (0.1 to 0.3 s each, 128 MiB),
  // which only NODE_ENV=test allows (test/unit/config-password-hash.test.ts).
  NODE_ENV: 'test',
  SVC_PASSWORD_HASH_COST: '10',
  // The suite runs with the database fast path as configured by default (on), or as the shell says
  // (SVC_DB_FAST_PATH=off: node-postgres's public API only, as on a pg other than the pinned one).
  ...(process.env.SVC_DB_FAST_PATH ? { SVC_DB_FAST_PATH: process.env.SVC_DB_FAST_PATH } : {}),
};

export interface TestContextOptions {
  /**
   * Start pg-boss on the test database: events enqueue their fan-out, the tester can send, and
   * with `workers` (default true) the webhook workers run. Tuned for tests: fast polling and
   * supervision. `webhookCa` is the CA that deliveries trust (a throwaway test CA).
   */
  jobs?: {
    workers?: boolean;
    supervise?: boolean;
    webhookCa?: string;
    tuning?: JobRuntimeOptions['tuning'];
  };
}

/** A fresh database cloned from the migrated template, and an app on it. One per test file. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const adminUrl = process.env.SVC_TEST_ADMIN_URL;
  if (!adminUrl)
    throw new Error('SVC_TEST_ADMIN_URL is unset: run the tests through jest (globalSetup)');
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(adminUrl, { max: 1 });
  await sql`create database ${sql.id(name)} template ${sql.id(TEMPLATE_DB)}`.execute(admin.db);
  const databaseUrl = withDatabase(adminUrl, name);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const makeConfig = (overrides: Record<string, string> = {}) =>
    loadConfig({ ...TEST_ENV, DATABASE_URL: databaseUrl, PORT: '0', ...env, ...overrides });
  const config = makeConfig();
  const handle: DatabaseHandle = createDatabase(databaseUrl, {
    max: config.databasePoolSize,
    timeouts: config.databaseTimeouts,
    fastPath: config.databaseFastPath,
  });
  const logger = createLogger(config.logLevel, sink);
  // Every app needs the job queue: its writes emit through the event sink, which enqueues their
  // fan-out. Without `{ jobs }` the runtime only produces (no workers, supervisor or schedules), so
  // fan-out jobs wait in the queue and nothing is delivered.
  const metrics = createMetrics();
  const runtime = await startJobRuntime({
    metrics,
    connectionString: databaseUrl,
    db: handle.db,
    config,
    logger,
    workers: options.jobs ? (options.jobs.workers ?? true) : false,
    supervise: options.jobs ? options.jobs.supervise : false,
    schedules: options.jobs ? undefined : false,
    webhookCa: options.jobs?.webhookCa,
    tuning: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, ...options.jobs?.tuning },
  });
  const jobs = options.jobs ? runtime : undefined;
  const requestLog = createRequestLog(handle.pool, logger, { flushMs: 50 });
  const app = await createApp(config, {
    db: handle.db,
    logger,
    events: runtime.events,
    queue: runtime.queue,
    metrics,
    pool: handle.pool,
    requestLog,
  });
  const extra: DatabaseHandle[] = [];
  return {
    config,
    db: handle.db,
    pool: handle.pool,
    app,
    logger,
    logs,
    databaseUrl,
    jobs,
    events: runtime.events,
    queue: runtime.queue,
    metrics,
    requestLog,
    request: () => supertest(app),
    newApp: async (overrides) => {
      const other = createDatabase(databaseUrl);
      extra.push(other);
      return createApp(makeConfig(overrides), {
        db: other.db,
        pool: other.pool,
        logger,
        events: runtime.events,
        queue: runtime.queue,
      });
    },
    close: async () => {
      await requestLog.flush();
      await runtime.stop();
      for (const h of extra) await h.close();
      await handle.close();
      // SVC_TEST_KEEP_DB=1 keeps the file's database to look at after a failure (psql on the URL printed).
      if (process.env.SVC_TEST_KEEP_DB === '1')
        console.info(`SVC_TEST_KEEP_DB: kept ${databaseUrl}`);
      else await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}
