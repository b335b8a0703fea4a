import * as errors from '../../src/domain/shared/errors.js';
import {
  DomainError,
  MalformedInputError,
  type ErrorCode,
} from '../../src/domain/shared/errors.js';
import { statusOf, toErrorResponse } from '../../src/http/error-response.js';

// The spec's status of every error code the service uses (its error table and the endpoints' own
// sections). The mapper derives statuses from error kinds; this pins the result to the spec.
const SPEC_STATUS: Record<ErrorCode, number> = {
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
  invalid_api_version: 400,
  invalid_setup_token: 401,
  invalid_oauth_state: 400,
  oauth_not_configured: 422,
  oauth_exchange_failed: 502,
  forbidden: 403,
  conflict: 409,
  insufficient_scope: 403,
  portal_session_required: 403,
  developer_key_limit_reached: 409,
  stream_limit_reached: 409,
  service_unavailable: 503,
};

describe('the error mapper (src/http/error-response.ts)', () => {
  it.each(Object.entries(SPEC_STATUS))(
    'when a domain error carries %s, then the status is %i',
    (code, status) => {
      expect(statusOf(code as ErrorCode)).toBe(status);
      const response = toErrorResponse(new DomainError(code as ErrorCode, 'm'));
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ error: code, message: 'm' });
    },
  );

  it('when a semantic validation error and an unreadable input share validation_error, then they are 422 and 400', () => {
    expect(toErrorResponse(new errors.ValidationError({ x: ['bad'] })).status).toBe(422);
    expect(toErrorResponse(new MalformedInputError({ cursor: ['bad'] })).status).toBe(400);
  });

  it('when a rate limit is hit, then the 429 carries Retry-After and the rate-limit headers', () => {
    const response = toErrorResponse(new errors.RateLimitedError(12, 60));
    expect(response.status).toBe(429);
    expect(response.headers).toEqual({
      'Retry-After': '12',
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'RateLimit-Policy': '60;w=60',
      RateLimit: 'limit=60, remaining=0, reset=12',
    });
  });

  it.each([
    [
      'the server refused the connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'the server was shut down',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ],
    [
      'the server is starting up',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    [
      'a connection exception (class 08)',
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ],
    ['the connection died mid-query', new Error('Connection terminated unexpectedly')],
    [
      'no pooled connection came free in time',
      new Error('timeout exceeded when trying to connect'),
    ],
    [
      'a rolled-back write lost its connection',
      new errors.RolledBackError(
        'create_failed',
        'rolled back',
        new Error('Connection terminated unexpectedly'),
      ),
    ],
  ])('when %s, then the answer is 503 service_unavailable with Retry-After', (_what, err) => {
    const response = toErrorResponse(err);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: 'service_unavailable' });
    expect(response.headers).toEqual({ 'Retry-After': '2' });
  });

  it('when a statement fails on a live connection, then it is not mistaken for an outage', () => {
    const response = toErrorResponse(
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    );
    expect(response.status).toBe(500);
  });

  it('when the error is not a domain error, then it is a bare 500 with no internals', () => {
    const response = toErrorResponse(new TypeError('secret detail at /srv/app.ts:12'));
    expect(response).toEqual({
      status: 500,
      body: { error: 'internal_error', message: 'An unexpected error occurred.' },
    });
  });
});
