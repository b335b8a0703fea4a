import type { Response } from 'express';
import { rateLimitHeaders } from './rate-limit-headers.js';
import {
  DomainError,
  NotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
  asUnavailable,
  kindOfCode,
  resourceLabel,
  type ErrorCode,
  type ErrorKind,
} from '../domain/shared/index.js';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

// Each kind of domain error and its HTTP status, in one table: a new kind does not compile until
// it has a status here, and every code has a kind (src/domain/shared/errors.ts), so no code can
// fall through to a 500 unnoticed.
const STATUS: Record<ErrorKind, number> = {
  malformed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  failed: 500,
  upstream: 502,
  unavailable: 503,
};

// Orders, menu items and locations answer 404 with a human sentence in `error` and no `message`.
const SENTENCE_404 = new Set(['order', 'menu_item', 'location']);

/** The HTTP status of a spec error code (through its kind). */
export function statusOf(code: ErrorCode): number {
  return STATUS[kindOfCode(code)];
}

/** A ready-made HTTP error from the transport layer (415, 413, ...). */
export class HttpResponseError extends Error {
  constructor(readonly response: ErrorResponse) {
    super(String(response.body.message ?? response.body.error));
  }
}

/** Maps any thrown value to the spec's error body. Unknown errors become a bare 500. */
export function toErrorResponse(thrown: unknown): ErrorResponse {
  if (thrown instanceof HttpResponseError) return thrown.response;
  // A lost database connection is a 503 whatever wrapped it (create_failed included).
  const err = asUnavailable(thrown) ?? thrown;
  if (err instanceof NotFoundError && SENTENCE_404.has(err.resource)) {
    return { status: 404, body: { error: `${resourceLabel(err.resource)} not found` } };
  }
  if (err instanceof DomainError) {
    const body: Record<string, unknown> = { error: err.code, message: err.message };
    if (err.details) body.details = err.details;
    if (err.extra) Object.assign(body, err.extra);
    const response: ErrorResponse = { status: STATUS[err.kind], body };
    if (err instanceof RateLimitedError) {
      response.headers = {
        'Retry-After': String(err.retryAfterSeconds),
        ...rateLimitHeaders({
          limit: err.limit,
          remaining: 0,
          retryAfterSeconds: err.retryAfterSeconds,
        }),
      };
    }
    if (err instanceof ServiceUnavailableError)
      response.headers = { 'Retry-After': String(err.retryAfterSeconds) };
    return response;
  }
  return {
    status: 500,
    body: { error: 'internal_error', message: 'An unexpected error occurred.' },
  };
}

/** Errors that come from the HTTP layer itself (schema validation, body parsing, routing). */
export function httpError(
  status: number,
  code: string,
  message: string,
  details?: Record<string, string[]>,
): ErrorResponse {
  return { status, body: details ? { error: code, message, details } : { error: code, message } };
}

/** The codes the HTTP layer itself answers with (routing, transport, the unknown failure). */
export const TRANSPORT_CODES = [
  'route_not_found',
  'method_not_allowed',
  'not_implemented',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
] as const;

const CODE = /^[a-z][a-z0-9_]*$/;

/** Where /docs explains an error code: every code has a section of its own on /docs/errors. */
export function errorDocUrl(baseUrl: string, code: string): string {
  return `${baseUrl}/docs/errors#${code}`;
}

/**
 * The body as sent: every error names the request (`request_id`, also the X-Request-Id header)
 * and links the documentation of its code (`doc_url`). The sentence-style 404 of orders, menu
 * items and locations links `not_found`.
 */
export function withErrorMeta(
  body: Record<string, unknown>,
  requestId: string | undefined,
  baseUrl: string,
): Record<string, unknown> {
  const code = typeof body.error === 'string' && CODE.test(body.error) ? body.error : 'not_found';
  return { ...body, request_id: requestId ?? null, doc_url: errorDocUrl(baseUrl, code) };
}

/** Sends an error response (its headers, status and the body with request_id and doc_url). */
export function sendError(res: Response, response: ErrorResponse, baseUrl: string): void {
  for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value);
  const requestId = res.getHeader('X-Request-Id');
  res
    .status(response.status)
    .json(
      withErrorMeta(response.body, typeof requestId === 'string' ? requestId : undefined, baseUrl),
    );
}
