import express, { type Request, type Response, type Router } from 'express';
import { OpenAPIBackend, type Context } from 'openapi-backend';
import addFormats from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import type { RateLimitState } from '../domain/installations/index.js';
import { AccessError } from '../domain/shared/index.js';
import type { OperationId } from '../generated/operations.generated.js';
import { pluginApiKeyHandler, rateLimitHeaders, type Exchange } from './credentials.js';
import { httpError, HttpResponseError, toErrorResponse, withErrorMeta, type ErrorResponse } from '../http/error-response.js';
import { redactUrl } from '../http/redact-url.js';
import { redactBody } from '../domain/api-requests/index.js';
import type { Metrics } from '../observability/metrics.js';
import type { RequestLog } from './request-log.js';
import type { ApiDeps, ApiRequest, ApiResponse, HandlerMap } from './types.js';
import { MAX_BODY_DEPTH, nestedDeeperThan } from './body-depth.js';
import { hasMalformedPercentEncoding, precompileRouting } from './route-matcher.js';
import { toValidationDetails } from './validation-details.js';

export const API_ROOT = '/api/plugin/v1';

/**
 * The Plugin Data API: openapi-backend routes by operationId and validates with ajv against
 * openapi.yaml; the credentials pipeline (credentials.ts) runs as the `PluginApiKey` security
 * handler, so it sees only routes that exist and runs before request validation.
 */
/** What the Data API reports to besides its caller: the request log and the metrics. */
export interface ApiObservers {
  requestLog?: RequestLog;
  metrics?: Metrics;
}

export async function createDataApi(deps: ApiDeps, handlers: HandlerMap, openapiPath: string, observers: ApiObservers = {}): Promise<Router> {
  const api = new OpenAPIBackend({
    definition: openapiPath,
    apiRoot: API_ROOT,
    strict: true,
    // Quick mode compiles each operation's request validator on first use and never compiles the
    // response validators (only tests validate responses): about 100 MB less per process. The
    // definition itself is validated by the linters in CI instead of at every start.
    quick: true,
    coerceTypes: true,
    ajvOpts: { allErrors: true, strict: false, multipleOfPrecision: 6 },
    customizeAjv: (ajv) => {
      addFormats.default(ajv as never);
      return ajv;
    },
  });

  api.register({
    notFound: () => httpError(404, 'route_not_found', 'No such endpoint. See /docs for the Data API reference.'),
    methodNotAllowed: () => httpError(405, 'method_not_allowed', 'This endpoint does not accept this HTTP method.'),
    notImplemented: (c: Context) =>
      httpError(501, 'not_implemented', `${c.operation.operationId} is not implemented yet.`),
    postRoutingHandler: (c: Context, ex: Exchange) => checkBody(c, ex),
    unauthorizedHandler: (c: Context) => {
      throw (c.security.PluginApiKey as { error: unknown } | undefined)?.error ?? new AccessError('missing_api_key', 'Missing credentials.');
    },
    validationFail: (c: Context) =>
      httpError(400, 'validation_error', 'The request does not match the API schema.', toValidationDetails(c.validation.errors ?? [])),
  });

  api.registerSecurityHandler('PluginApiKey', pluginApiKeyHandler(deps));

  for (const [operationId, handler] of Object.entries(handlers)) {
    api.register(operationId, (c: Context, ex: Exchange) => {
      const request = Object.assign(ex.request ?? {}, {
        operationId,
        // openapi-backend re-parses the path after validation, dropping the coerced types: use the coerced ones.
        params: (c.validation as { coerced?: { params?: unknown } } | undefined)?.coerced?.params ?? c.request.params,
        query: c.request.query,
        headers: c.request.headers,
        body: c.request.requestBody,
        rawBody: ex.req.rawBody,
        ip: ex.req.ip ?? '',
        requestId: ex.requestId,
      }) as ApiRequest<OperationId>;
      return (handler as (r: ApiRequest<OperationId>, d: ApiDeps) => Promise<ApiResponse>)(request, deps);
    });
  }
  await api.init();
  precompileRouting(api);

  const router = express.Router();
  const baseUrl = deps.config.baseUrl;
  router.use(API_ROOT, async (req: Request, res: Response) => {
    const started = performance.now();
    const ex: Exchange = { req, requestId: String(res.getHeader('X-Request-Id')) };
    let response: ApiResponse | ErrorResponse;
    // The router decodes path parameters with decodeURIComponent, which throws on these.
    if (hasMalformedPercentEncoding(req.path)) {
      response = httpError(400, 'validation_error', 'The request path is not valid percent-encoded UTF-8.', { path: ['has malformed percent-encoding'] });
      observe(observers, ex, response, send(res, response, undefined, baseUrl), started);
      return;
    }
    try {
      response = await api.handleRequest(
        { method: req.method, path: req.baseUrl + req.path, query: req.query as Record<string, string>, headers: req.headers as Record<string, string>, body: req.body },
        ex,
      );
    } catch (err) {
      response = toErrorResponse(err);
      // Every 5xx is logged: an unknown error (internal_error) and a domain failure alike.
      if (response.status >= 500) deps.logger.error({ err, requestId: ex.requestId, code: (response.body as { error?: unknown }).error }, 'Data API request failed');
    }
    observe(observers, ex, response, send(res, response, ex.rateLimit, baseUrl), started);
  });
  return router;
}

/** Sends the response (an error with its request_id and doc_url) and returns the body sent. */
function send(res: Response, response: ApiResponse | ErrorResponse, rateLimit: RateLimitState | undefined, baseUrl: string): unknown {
  for (const [name, value] of Object.entries(rateLimitHeaders(rateLimit))) res.setHeader(name, value);
  for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value);
  const body = response.status >= 400 ? withErrorMeta(response.body as Record<string, unknown>, String(res.getHeader('X-Request-Id')), baseUrl) : response.body;
  res.status(response.status).json(body);
  return body;
}

/**
 * After the answer: the metrics, and the request log entry of a request whose key named an
 * installation. Bodies are logged for writes only, redacted and cut to 16 KB.
 */
function observe(observers: ApiObservers, ex: Exchange, response: ApiResponse | ErrorResponse, sentBody: unknown, started: number): void {
  const durationMs = performance.now() - started;
  const { req } = ex;
  observers.metrics?.observeRequest(ex.operationId ?? 'unknown', req.method, response.status, durationMs / 1000);
  if (response.status === 429) observers.metrics?.countRateLimited('data_api');
  if (!observers.requestLog || ex.installationId === undefined) return;
  const write = req.method !== 'GET' && req.method !== 'HEAD';
  const body = (req.body ?? undefined) as Record<string, unknown> | undefined;
  observers.requestLog.add({
    installation_id: ex.installationId,
    created_at: new Date(),
    method: req.method,
    path: redactUrl(req.originalUrl),
    operation_id: ex.operationId ?? null,
    status: response.status,
    error_code: response.status >= 400 ? errorCodeOf(sentBody) : null,
    duration_ms: Math.round(durationMs * 100) / 100,
    request_id: ex.requestId,
    idempotency_key: idempotencyKeyOf(req.headers['x-idempotency-key'], body),
    client_ip: req.ip ?? '',
    request_body: write ? redactBody(body) : null,
    response_body: write ? redactBody(sentBody) : null,
  });
}

/** The key a write was deduplicated on: the X-Idempotency-Key header or the body field the spec names. */
function idempotencyKeyOf(header: string | string[] | undefined, body: Record<string, unknown> | undefined): string | null {
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader.slice(0, 256);
  const field = body && typeof body === 'object' ? (body.idempotency_key ?? body.external_order_id ?? body.provider_transaction_id) : undefined;
  return typeof field === 'string' ? field.slice(0, 256) : null;
}

function errorCodeOf(body: unknown): string | null {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'string') return null;
  return /^[a-z][a-z0-9_]*$/.test(error) ? error : 'not_found';
}

/**
 * A JSON body operation gets JSON (anything else is a 415 in the error shape) nested at most
 * MAX_BODY_DEPTH levels deep: checked before credentials and validation, so no deeper value ever
 * reaches ajv, a signature check, a log line or JSON.stringify.
 */
function checkBody(c: Context, ex: Exchange): void {
  if (!c.operation?.requestBody) return;
  if (!ex.req.is('application/json')) {
    throw new HttpResponseError(
      httpError(415, 'unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json.'),
    );
  }
  if (nestedDeeperThan(ex.req.body, MAX_BODY_DEPTH)) {
    throw new HttpResponseError(
      httpError(400, 'validation_error', `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`, {
        body: [`must not be nested deeper than ${MAX_BODY_DEPTH} levels`],
      }),
    );
  }
}

export function newRequestId(): string {
  return `req_${randomUUID().replace(/-/g, '')}`;
}
