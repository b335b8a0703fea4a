import type { IncomingMessage, ServerResponse } from 'node:http';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import addFormats from 'ajv-formats';
import parseurl from 'parseurl';
import proxyaddr from 'proxy-addr';
import { parse as parseQuery } from 'node:querystring';
import typeis from 'type-is';
import type { RateLimitState } from '../domain/installations/index.js';
import type { OperationId } from '../generated/operations.generated.js';
import { header, pluginApiKeyHandler, rateLimitHeaders, type Exchange } from './credentials.js';
import {
  httpError,
  HttpResponseError,
  toErrorResponse,
  withErrorMeta,
  type ErrorResponse,
} from '../http/error-response.js';
import {
  bodyErrorResponse,
  jsonBodyParser,
  sendJson,
  startExchange,
  type BodyRequest,
} from '../http/exchange.js';
import { redactUrl } from '../http/redact-url.js';
import { MAX_LOGGED_ERROR_BODY_BYTES, redactBody } from '../domain/api-requests/index.js';
import type { Metrics } from '../observability/metrics.js';
import type { RequestLog } from './request-log.js';
import type { ApiDeps, ApiRequest, ApiResponse, HandlerMap } from './types.js';
import { MAX_BODY_DEPTH, nestedDeeperThan } from './body-depth.js';
import { compileRoutes, hasMalformedPercentEncoding } from './route-matcher.js';
import { toValidationDetails } from './validation-details.js';
import { deprecationHeaders, type HeaderMap } from './deprecation.js';
import { apiVersionHeaders, resolveApiVersion } from '../domain/api-versions/index.js';
import {
  migrateRequestForward,
  migrateResponseBack,
  versionOperations,
} from './version-migrations.js';

export const API_ROOT = '/api/plugin/v1';

/** What the Data API reports to besides its caller: the request log and the metrics. */
export interface ApiObservers {
  requestLog?: RequestLog;
  metrics?: Metrics;
}

/** The Data API's door: a plain node:http request listener for every path under API_ROOT. */
export type DataApi = (req: IncomingMessage, res: ServerResponse) => void;

/** Who may set the client address through X-Forwarded-For (Express's compiled `trust proxy`). */
export type TrustProxy = (addr: string, index: number) => boolean;

/** True for the paths the Data API door serves: API_ROOT itself and below (any case, as Express mounts). */
export function isDataApiPath(url: string | undefined): boolean {
  if (url === undefined || url.length < API_ROOT.length) return false;
  const next = url.charCodeAt(API_ROOT.length);
  // end of the path, '/', '?' or '#'
  return (
    (Number.isNaN(next) || next === 47 || next === 63 || next === 35) &&
    url.slice(0, API_ROOT.length).toLowerCase() === API_ROOT
  );
}

/**
 * The Plugin Data API on its own door, without Express: openapi-backend holds the operations of
 * openapi.yaml (routing by operationId) and validates each request with its ajv validators; the
 * steps of its request pipeline run here in the same order, once each:
 *   1. route (precompiled from openapi-backend's operations; 404/405 from its own matcher)
 *   2. the body check (415, nesting depth) before anything reads the body
 *   3. the credentials pipeline (credentials.ts), for operations with the PluginApiKey requirement
 *   4. the dated API version: X-Svc-Api-Version, else the installation's pin (admission read it),
 *      else the newest; an unknown or sunset one is 400 invalid_api_version. Every response
 *      carries it (X-Svc-Api-Version, and Deprecation/Sunset while it is deprecated), and
 *      version-migrations.ts is where a request and its response cross between it and head
 *   5. request validation (400 validation_error with details), then the operation's handler
 * The response goes out in one write; then the metrics and the request log.
 */
export async function createDataApi(
  deps: ApiDeps,
  handlers: HandlerMap,
  openapiPath: string,
  observers: ApiObservers,
  trustProxy: TrustProxy,
): Promise<DataApi> {
  const backendOf = async (definition: string | object): Promise<OpenAPIBackend> => {
    const backend = new OpenAPIBackend({
      definition: definition as never,
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
    await backend.init();
    return backend;
  };
  const api = await backendOf(openapiPath);
  // An older version's requests are validated against its own contract (derived from head).
  const operationAt = versionOperations(api, deps.apiVersions.derived, backendOf);
  const match = compileRoutes(api);
  const admit = pluginApiKeyHandler(deps);
  const parseBody = jsonBodyParser();
  const { logger } = deps;
  const baseUrl = deps.config.baseUrl;
  const deprecated = deprecationHeaders(api.getOperations() as never, baseUrl);

  async function dispatch(
    ex: Exchange,
    path: string,
    query: Record<string, unknown>,
  ): Promise<ApiResponse | ErrorResponse> {
    const { req } = ex;
    // openapi-backend decodes path parameters with decodeURIComponent, which throws on these.
    if (hasMalformedPercentEncoding(path)) {
      return httpError(
        400,
        'validation_error',
        'The request path is not valid percent-encoded UTF-8.',
        { path: ['has malformed percent-encoding'] },
      );
    }
    const routed = match(req.method ?? 'GET', path);
    if (routed === 'not_found')
      return httpError(
        404,
        'route_not_found',
        'No such endpoint. See /docs for the Data API reference.',
      );
    if (routed === 'method_not_allowed')
      return httpError(
        405,
        'method_not_allowed',
        'This endpoint does not accept this HTTP method.',
      );
    const operation = routed;
    const operationId = operation.operationId as OperationId;
    ex.operationId = operationId;
    checkBody(operation, req);
    if (requiresKey(operation)) await admit(operationId, ex);
    const version = resolveApiVersion(
      header(req, 'x-svc-api-version'),
      ex.request?.auth.apiVersion,
      deps.apiVersions.catalog(),
    );
    ex.apiVersion = version;
    const versioned = await operationAt(version, operationId);
    if (!versioned)
      return httpError(
        404,
        'route_not_found',
        `No such endpoint in API version ${version.version}. See /docs for the Data API reference.`,
      );

    const validation = versioned.backend.validator.validateRequest(
      {
        method: req.method!,
        path,
        query: query as Record<string, string>,
        headers: req.headers as Record<string, string>,
        body: req.body,
      },
      versioned.operation,
    );
    if (validation.errors) {
      return httpError(
        400,
        'validation_error',
        'The request does not match the API schema.',
        toValidationDetails(validation.errors),
      );
    }
    const handler = handlers[operationId] as
      ((r: ApiRequest<OperationId>, d: ApiDeps) => Promise<ApiResponse>) | undefined;
    if (!handler)
      return httpError(501, 'not_implemented', `${operationId} is not implemented yet.`);
    const coerced = validation.coerced as { params?: unknown; query?: unknown };
    const parts = {
      body: req.body as unknown,
      params: (coerced.params ?? {}) as Record<string, unknown>,
      query: (coerced.query ?? query) as Record<string, unknown>,
    };
    migrateRequestForward(deps.apiVersions, version, operationId, parts);
    const request = Object.assign(ex.request ?? {}, {
      operationId,
      params: parts.params,
      query: parts.query,
      headers: req.headers,
      body: parts.body,
      rawBody: req.rawBody,
      ip: ex.ip,
      requestId: ex.requestId,
      apiVersion: version,
    }) as ApiRequest<OperationId>;
    return handler(request, deps);
  }

  async function serve(
    req: BodyRequest,
    res: ServerResponse,
    requestId: string,
    started: number,
    bodyError: unknown,
  ): Promise<void> {
    const ex: Exchange = { req, requestId, ip: proxyaddr(req, trustProxy) };
    let response: ApiResponse | ErrorResponse;
    try {
      if (bodyError !== undefined) throw bodyError;
      const url = parseurl(req);
      response = await dispatch(ex, url?.pathname ?? '/', parseQuery(url?.query ?? ''));
    } catch (err) {
      const known = bodyErrorResponse(err);
      response = known ?? toErrorResponse(err);
      // Every 5xx is logged: an unknown error (internal_error) and a domain failure alike.
      if (response.status >= 500)
        logger.error(
          { err, requestId, code: (response.body as { error?: unknown }).error },
          'Data API request failed',
        );
    }
    // Refused before its version was resolved (no key, unknown version): the newest answers.
    const version = ex.apiVersion ?? deps.apiVersions.catalog()[0]!;
    response = migrateResponseBack(deps.apiVersions, version, ex.operationId, response);
    const operationDeprecated =
      ex.operationId === undefined ? undefined : deprecated.get(ex.operationId);
    const extra = { ...apiVersionHeaders(version), ...operationDeprecated };
    observe(
      observers,
      ex,
      response,
      send(res, response, ex.rateLimit, requestId, baseUrl, extra),
      started,
    );
  }

  return (req, res) => {
    const started = performance.now();
    const requestId = startExchange(req, res, logger);
    parseBody(req, res, (err) => {
      serve(req as BodyRequest, res, requestId, started, err).catch((err: unknown) => {
        // Only a failure to write the response lands here (the socket is gone).
        logger.error({ err, requestId }, 'Data API response failed');
      });
    });
  };
}

/** Operations under the PluginApiKey requirement (all but the setup-token exchange). */
function requiresKey(operation: Operation): boolean {
  return (operation.security ?? []).some((requirement) => 'PluginApiKey' in requirement);
}

/** Sends the response (an error with its request_id and doc_url) and returns the body sent. */
function send(
  res: ServerResponse,
  response: ApiResponse | ErrorResponse,
  rateLimit: RateLimitState | undefined,
  requestId: string,
  baseUrl: string,
  extra: HeaderMap,
): unknown {
  const body =
    response.status >= 400
      ? withErrorMeta(response.body as Record<string, unknown>, requestId, baseUrl)
      : response.body;
  sendJson(res, response.status, body, {
    ...rateLimitHeaders(rateLimit),
    ...extra,
    ...response.headers,
  });
  return body;
}

/**
 * After the answer: the metrics, and the request log entry of a request whose key named an
 * installation. An admitted write keeps both bodies, redacted and cut to 16 KB; any other failed
 * request (a read, a refused request) keeps the error body it got, redacted and cut to 4 KB, so
 * that its page shows what the client was told. A successful read keeps none.
 */
function observe(
  observers: ApiObservers,
  ex: Exchange,
  response: ApiResponse | ErrorResponse,
  sentBody: unknown,
  started: number,
): void {
  const durationMs = performance.now() - started;
  const { req } = ex;
  const method = req.method ?? 'GET';
  observers.metrics?.observeRequest(
    ex.operationId ?? 'unknown',
    method,
    response.status,
    durationMs / 1000,
  );
  if (response.status === 429) observers.metrics?.countRateLimited('data_api');
  if (!observers.requestLog || ex.installationId === undefined) return;
  const write = method !== 'GET' && method !== 'HEAD';
  const body = (req.body ?? undefined) as Record<string, unknown> | undefined;
  // Refused before its rate limit admitted it (a 429, an inactive installation): kept without its
  // request body (only the small error answer) and sampled by the log, so an attacker's request
  // rate never sets the log's size.
  const refused = ex.admitted !== true;
  const failed = response.status >= 400;
  observers.requestLog.add(
    {
      installation_id: ex.installationId,
      created_at: new Date(),
      method,
      path: redactUrl(req.url ?? '/'),
      operation_id: ex.operationId ?? null,
      status: response.status,
      error_code: failed ? errorCodeOf(sentBody) : null,
      duration_ms: Math.round(durationMs * 100) / 100,
      request_id: ex.requestId,
      idempotency_key: idempotencyKeyOf(req.headers['x-idempotency-key'], body),
      client_ip: ex.ip,
      request_body: write && !refused ? redactBody(body) : null,
      api_version: ex.apiVersion?.version ?? null,
      response_body:
        write && !refused
          ? redactBody(sentBody)
          : failed
            ? redactBody(sentBody, MAX_LOGGED_ERROR_BODY_BYTES)
            : null,
    },
    refused,
  );
}

/** The key a write was deduplicated on: the X-Idempotency-Key header or the body field the spec names. */
function idempotencyKeyOf(
  header: string | string[] | undefined,
  body: Record<string, unknown> | undefined,
): string | null {
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader.slice(0, 256);
  const field =
    body && typeof body === 'object'
      ? (body.idempotency_key ?? body.external_order_id ?? body.provider_transaction_id)
      : undefined;
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
function checkBody(operation: Operation, req: BodyRequest): void {
  if (!operation.requestBody) return;
  // null without a body, false for another Content-Type (Express's req.is).
  if (!typeis(req, ['application/json'])) {
    throw new HttpResponseError(
      httpError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON with Content-Type: application/json.',
      ),
    );
  }
  if (nestedDeeperThan(req.body, MAX_BODY_DEPTH)) {
    throw new HttpResponseError(
      httpError(
        400,
        'validation_error',
        `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`,
        {
          body: [`must not be nested deeper than ${MAX_BODY_DEPTH} levels`],
        },
      ),
    );
  }
}
