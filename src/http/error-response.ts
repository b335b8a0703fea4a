import { DomainError, MalformedInputError, NotFoundError, RateLimitedError, resourceLabel } from '../domain/shared/index.js';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

// The spec's error codes and their HTTP statuses, in one table.
const STATUS: Record<string, number> = {
  missing_api_key: 401,
  invalid_api_key_format: 401,
  invalid_api_key: 401,
  installation_inactive: 403,
  plugin_listing_unavailable: 403,
  sandbox_not_ready: 401,
  sandbox_resetting: 409,
  sandbox_misconfigured: 500,
  rate_limit_exceeded: 429,
  authentication_failed: 401,
  ip_not_allowed: 403,
  validation_error: 422,
  not_found: 404,
  feature_not_enabled: 403,
  location_forbidden: 403,
  invalid_transition: 422,
  customization_location_mismatch: 422,
  customization_rule_violation: 422,
  create_failed: 500,
  currency_mismatch: 422,
  overpayment: 422,
  subscription_locked: 403,
  capture_failed: 500,
  invalid_signature: 401,
  unknown_event_type: 400,
  invalid_setup_token: 401,
  invalid_oauth_state: 400,
  oauth_not_configured: 422,
  oauth_exchange_failed: 502,
  forbidden: 403,
  conflict: 409,
  insufficient_scope: 403,
  portal_session_required: 403,
  developer_key_limit_reached: 409,
};

// Orders, menu items and locations answer 404 with a human sentence in `error` and no `message`.
const SENTENCE_404 = new Set(['order', 'menu_item', 'location']);

export function statusOf(code: string): number {
  return STATUS[code] ?? 500;
}

/** A ready-made HTTP error from the transport layer (415, 413, ...). */
export class HttpResponseError extends Error {
  constructor(readonly response: ErrorResponse) {
    super(String(response.body.message ?? response.body.error));
  }
}

/** Maps any thrown value to the spec's error body. Unknown errors become a bare 500. */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof HttpResponseError) return err.response;
  if (err instanceof NotFoundError && SENTENCE_404.has(err.resource)) {
    return { status: 404, body: { error: `${resourceLabel(err.resource)} not found` } };
  }
  if (err instanceof DomainError) {
    const body: Record<string, unknown> = { error: err.code, message: err.message };
    if (err.details) body.details = err.details;
    if (err.extra) Object.assign(body, err.extra);
    const response: ErrorResponse = { status: err instanceof MalformedInputError ? 400 : statusOf(err.code), body };
    if (err instanceof RateLimitedError) {
      response.headers = { 'Retry-After': String(err.retryAfterSeconds), 'X-RateLimit-Limit': String(err.limit), 'X-RateLimit-Remaining': '0' };
    }
    return response;
  }
  return { status: 500, body: { error: 'internal_error', message: 'An unexpected error occurred.' } };
}

/** Errors that come from the HTTP layer itself (schema validation, body parsing, routing). */
export function httpError(status: number, code: string, message: string, details?: Record<string, string[]>): ErrorResponse {
  return { status, body: details ? { error: code, message, details } : { error: code, message } };
}
