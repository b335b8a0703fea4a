import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Logger } from './logger.js';
import { handlers } from './api/handlers/index.js';
import { createDataApi, newRequestId } from './api/router.js';
import { httpError, toErrorResponse } from './http/error-response.js';
import { createPortal } from './portal/yoga.js';
import { createDocsRouter } from './docs/router.js';
import { createOAuthRouter } from './http/oauth-router.js';
import type { EventSink, JobQueue } from './domain/webhooks/index.js';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BODY_LIMIT = '1mb';

export interface AppDeps {
  db: Db;
  logger: Logger;
  /** Where writes emit their events: required, so a process without a job queue cannot start. */
  events: EventSink;
  /** The webhook queue (the portal's tester enqueues on it). */
  queue: JobQueue;
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

  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.use(createDocsRouter(ROOT_DIR, config));
  app.use(createOAuthRouter(config, deps.db, deps.logger));

  app.use(createPortal(config, { db: deps.db, logger: deps.logger, events: deps.events, queue: deps.queue }));
  app.use(await createDataApi({ config, db: deps.db, logger: deps.logger, events: deps.events }, handlers, path.join(ROOT_DIR, 'openapi.yaml')));

  app.use((_req, res) => {
    const { status, body } = httpError(404, 'route_not_found', 'No such endpoint. See /docs for the API reference.');
    res.status(status).json(body);
  });
  app.use(bodyErrors(deps.logger));
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

// Query parameters that carry a capability or a credential: the OAuth start token, the callback's
// code and state, a GraphQL GET document and its variables, and anything named after a password,
// key, secret or token. Their values never reach the access log.
const CAPABILITY_PARAMS = new Set(['token', 'code', 'state', 'query', 'variables']);
const CREDENTIAL_PARAM = /password|key|secret|token/i;
const REDACTED = '[redacted]';

/** The URL as logged: path and query string, with the values of capability parameters replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = safeDecode(pair.slice(0, eq));
      return CAPABILITY_PARAMS.has(name.toLowerCase()) || CREDENTIAL_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Body-parser and other transport failures, in the error shape (never an HTML page or a stack). */
function bodyErrors(logger: Logger): ErrorRequestHandler {
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
      res.status(response.status).json(response.body);
      return;
    }
    logger.error({ err }, 'unhandled error');
    const { status, body } = toErrorResponse(err);
    res.status(status).json(body);
  };
}
