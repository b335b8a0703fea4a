import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Logger } from './logger.js';
import { handlers } from './api/handlers/index.js';
import { createDataApi, isDataApiPath, type TrustProxy } from './api/router.js';
import { httpError, sendError, toErrorResponse } from './http/error-response.js';
import { bodyErrorResponse, jsonBodyParser, startExchange } from './http/exchange.js';
import { createOAuthRouter } from './http/oauth-router.js';
import { HSTS, overTls } from './http/hsts.js';
import { webhookQueueDepths, type EventSink, type JobQueue } from './domain/webhooks/index.js';
import type pg from 'pg';
import { createMetrics, type Metrics } from './observability/metrics.js';
import { createProbesRouter } from './http/probes.js';
import { createRequestLog, type RequestLog } from './api/request-log.js';
import { lazyRouter } from './http/lazy-router.js';
import { loadApiVersions, type ApiVersions } from './domain/api-versions/index.js';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The service's HTTP request listener (what http.createServer and supertest take). */
export type App = (req: IncomingMessage, res: ServerResponse) => void;

export interface AppDeps {
  db: Db;
  logger: Logger;
  /** Where writes emit their events: required, so a process without a job queue cannot start. */
  events: EventSink;
  /** The webhook queue (the portal's tester enqueues on it). */
  queue: JobQueue;
  /** The process's metrics (shared with its workers); the app makes its own when absent. */
  metrics?: Metrics;
  /** The database pool, whose use /metrics reports; the request log writes with its connections (required with the log on). */
  pool?: pg.Pool;
  /** The API request log's writer; the app makes its own when absent (and SVC_REQUEST_LOG is on). */
  requestLog?: RequestLog;
  /** The dated API versions; read from contracts/versions/ when absent. */
  apiVersions?: ApiVersions;
}

/**
 * Composes the HTTP surfaces: the Data API on its own door (the hot path, no Express), and an
 * Express app for probes, docs, OAuth and the portal. Everything it needs is passed in.
 */
export async function createApp(config: Config, deps: AppDeps): Promise<App> {
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies SVC_TRUST_PROXY names may set req.ip (per-IP limits, developer-key
  // allowlists) through X-Forwarded-For; by default nobody can, not even a loopback peer.
  app.set(
    'trust proxy',
    typeof config.trustProxy === 'object' ? [...config.trustProxy] : config.trustProxy,
  );

  // JSON APIs here answer with fresh data every time: no ETag (Express would hash every body).
  app.set('etag', false);

  app.use(requestIdAndAccessLog(deps.logger));
  app.use(jsonBodyParser());

  const metrics = deps.metrics ?? createMetrics();
  // Read once, beside openapi.yaml: every request and portal call resolves its version from them.
  const apiVersions = deps.apiVersions ?? (await loadApiVersions(ROOT_DIR));
  if (deps.pool) metrics.watchPool(deps.pool);
  metrics.watchQueues(() => webhookQueueDepths(deps.queue, deps.db));
  const requestLog = config.requestLog.enabled
    ? (deps.requestLog ?? createRequestLog(requirePool(deps), deps.logger))
    : undefined;

  app.use(createProbesRouter(config, { db: deps.db, metrics, logger: deps.logger }));
  // SVC_DOORS=data-api: the probes and the Data API only; the other doors are not mounted.
  if (config.doors === 'all') mountBrowserDoors(app, config, deps, metrics, apiVersions);
  app.use((_req, res) =>
    sendError(
      res,
      httpError(404, 'route_not_found', 'No such endpoint. See /docs for the API reference.'),
      config.baseUrl,
    ),
  );
  app.use(bodyErrors(deps.logger, config.baseUrl));

  const dataApi = await createDataApi(
    { config, db: deps.db, logger: deps.logger, events: deps.events, apiVersions },
    handlers,
    path.join(ROOT_DIR, 'openapi.yaml'),
    { requestLog, metrics },
    app.get('trust proxy fn') as TrustProxy,
  );
  const tls = overTls(config.baseUrl, app.get('trust proxy fn') as TrustProxy);
  return (req, res) => {
    if (tls(req)) res.setHeader('Strict-Transport-Security', HSTS);
    return isDataApiPath(req.url) ? dataApi(req, res) : app(req, res);
  };
}

/** The docs, OAuth, the dashboard and the portal (the last three load on their first request). */
function mountBrowserDoors(
  app: express.Express,
  config: Config,
  deps: AppDeps,
  metrics: Metrics,
  apiVersions: ApiVersions,
): void {
  // The docs and the portal load on their first request (src/http/lazy-router.ts).
  app.use(
    lazyRouter(servesDocs, async () =>
      (await import('./docs/router.js')).createDocsRouter(ROOT_DIR, config, apiVersions),
    ),
  );
  app.use(createOAuthRouter(config, deps.db, deps.logger));
  app.use(
    lazyRouter(
      (p) => p === '/dashboard' || p.startsWith('/dashboard/'),
      async () => (await import('./dashboard/router.js')).createDashboardRouter(config.baseUrl),
    ),
  );
  app.use(
    lazyRouter(
      (p) => p.startsWith('/graphql'),
      async () =>
        (await import('./portal/yoga.js')).createPortal(config, {
          db: deps.db,
          logger: deps.logger,
          events: deps.events,
          queue: deps.queue,
          metrics,
          pool: deps.pool,
          apiVersions,
        }),
    ),
  );
}

function requirePool(deps: AppDeps): pg.Pool {
  if (!deps.pool)
    throw new Error(
      'createApp: the request log (SVC_REQUEST_LOG on) writes through deps.pool; pass the pool or a requestLog',
    );
  return deps.pool;
}

/** The paths of src/docs/router.ts (lower-cased): the landing page, /docs/*, and the contracts' files. */
function servesDocs(p: string): boolean {
  return (
    p === '/' || p.startsWith('/docs') || p.startsWith('/openapi.') || p.startsWith('/asyncapi.')
  );
}

/** The request id and access log of every request (src/http/exchange.ts), as Express middleware. */
function requestIdAndAccessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    startExchange(req, res, logger);
    next();
  };
}

/** Body-parser and other transport failures, in the error shape (never an HTML page or a stack). */
function bodyErrors(logger: Logger, baseUrl: string): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    const response = bodyErrorResponse(err);
    if (response) {
      sendError(res, response, baseUrl);
      return;
    }
    logger.error({ err }, 'unhandled error');
    sendError(res, toErrorResponse(err), baseUrl);
  };
}
