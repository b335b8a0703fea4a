import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Logger } from './logger.js';
import { handlers } from './api/handlers/index.js';
import { createDataApi, newRequestId } from './api/router.js';
import { httpError, sendError, toErrorResponse } from './http/error-response.js';
import { createPortal } from './portal/yoga.js';
import { createDocsRouter } from './docs/router.js';
import { createOAuthRouter } from './http/oauth-router.js';
import { redactUrl } from './http/redact-url.js';
import type { EventSink, JobQueue } from './domain/webhooks/index.js';
import type pg from 'pg';
import { createMetrics, type Metrics } from './observability/metrics.js';
import { createProbesRouter } from './http/probes.js';
import { createRequestLog, type RequestLog } from './api/request-log.js';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BODY_LIMIT = '1mb';

export interface AppDeps {
  db: Db;
  logger: Logger;
  /** Where writes emit their events: required, so a process without a job queue cannot start. */
  events: EventSink;
  /** The webhook queue (the portal's tester enqueues on it). */
  queue: JobQueue;
  /** The process's metrics (shared with its workers); the app makes its own when absent. */
  metrics?: Metrics;
  /** The database pool, whose use /metrics reports. */
  pool?: pg.Pool;
  /** The API request log's writer; the app makes its own when absent (and SVC_REQUEST_LOG is on). */
  requestLog?: RequestLog;
}

/** Composes the HTTP surfaces: Data API, docs and probes. Everything it needs is passed in. */
export async function createApp(config: Config, deps: AppDeps): Promise<Express> {
  const app = express();
  app.disable('x-powered-by');
  // Only the proxies SVC_TRUST_PROXY names may set req.ip (per-IP limits, developer-key
  // allowlists) through X-Forwarded-For; by default nobody can, not even a loopback peer.
  app.set('trust proxy', typeof config.trustProxy === 'object' ? [...config.trustProxy] : config.trustProxy);

  // JSON APIs here answer with fresh data every time: no ETag (Express would hash every body).
  app.set('etag', false);

  app.use(requestIdAndAccessLog(deps.logger));

  app.use(
    express.json({
      limit: BODY_LIMIT,
      type: ['application/json', 'application/*+json'],
      // Inbound webhook signatures are verified over these exact bytes, never a re-serialisation.
      verify: (req, _res, buf) => {
        (req as { rawBody?: Buffer }).rawBody = Buffer.from(buf);
      },
    }),
  );

  const metrics = deps.metrics ?? createMetrics();
  if (deps.pool) metrics.watchPool(deps.pool);
  metrics.watchQueues(() => deps.queue.depths());
  const requestLog = config.requestLog.enabled ? (deps.requestLog ?? createRequestLog(deps.db, deps.logger)) : undefined;

  app.use(createProbesRouter(config, { db: deps.db, metrics }));
  // The Data API first: its requests (the hot path) pass no other router's routes.
  app.use(
    await createDataApi({ config, db: deps.db, logger: deps.logger, events: deps.events }, handlers, path.join(ROOT_DIR, 'openapi.yaml'), {
      requestLog,
      metrics,
    }),
  );
  app.use(createDocsRouter(ROOT_DIR, config));
  app.use(createOAuthRouter(config, deps.db, deps.logger));
  app.use(createPortal(config, { db: deps.db, logger: deps.logger, events: deps.events, queue: deps.queue, metrics }));

  app.use((_req, res) => sendError(res, httpError(404, 'route_not_found', 'No such endpoint. See /docs for the API reference.'), config.baseUrl));
  app.use(bodyErrors(deps.logger, config.baseUrl));
  return app;
}

/**
 * Every response carries an X-Request-Id (the caller's, when well-formed). One access-log line per
 * request at info level, its credentials headers redacted by the logger; at a quieter level the
 * request costs nothing more than the id.
 */
function requestIdAndAccessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && /^[\w.-]{8,128}$/.test(incoming) ? incoming : newRequestId();
    res.setHeader('X-Request-Id', id);
    (req as { id?: string }).id = id;
    if (logger.isLevelEnabled('info')) {
      const started = performance.now();
      res.once('finish', () => {
        logger.info(
          {
            req: { id, method: req.method, url: redactUrl(req.originalUrl), headers: req.headers, remoteAddress: req.socket.remoteAddress },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - started),
          },
          'request completed',
        );
      });
    }
    next();
  };
}

/** Body-parser and other transport failures, in the error shape (never an HTML page or a stack). */
function bodyErrors(logger: Logger, baseUrl: string): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    const type = (err as { type?: string }).type;
    const response =
      // A route parameter that is not valid percent-encoding (Express decodes every one).
      err instanceof URIError
        ? httpError(400, 'validation_error', 'The request path is not valid percent-encoded UTF-8.', { path: ['has malformed percent-encoding'] })
        : type === 'entity.parse.failed'
          ? httpError(400, 'validation_error', 'The request body is not valid JSON.', { body: ['must be valid JSON'] })
          : type === 'entity.too.large'
            ? httpError(413, 'payload_too_large', `The request body exceeds ${BODY_LIMIT}.`)
            : type === 'encoding.unsupported' || type === 'charset.unsupported'
              ? httpError(415, 'unsupported_media_type', 'Send the request body as UTF-8 JSON.')
              : undefined;
    if (response) {
      sendError(res, response, baseUrl);
      return;
    }
    logger.error({ err }, 'unhandled error');
    sendError(res, toErrorResponse(err), baseUrl);
  };
}
