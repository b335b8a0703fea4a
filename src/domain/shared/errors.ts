// Domain errors: plain classes that know the spec's snake_case code and nothing of HTTP.
// src/http/error-response.ts is the one place that turns them into status codes and bodies.

export type Details = Record<string, string[]>;

/**
 * What kind of failure an error is, whatever door reports it. Each door maps a kind to its own
 * terms (src/http/error-response.ts: a kind is an HTTP status).
 */
export type ErrorKind =
  | 'malformed' // the input cannot be read
  | 'unauthenticated' // no, or no valid, credentials
  | 'forbidden' // valid credentials that may not do this
  | 'not_found'
  | 'conflict' // the resource is busy or in a state that forbids this for now
  | 'unprocessable' // well-formed input that is semantically wrong
  | 'rate_limited'
  | 'failed' // the operation failed and was rolled back
  | 'upstream' // a third party the operation depends on failed
  | 'unavailable'; // the database cannot be reached for now: nothing was decided, retry later

/** Every error code the service uses, and its kind: a code missing here does not compile. */
const KIND_OF = {
  missing_api_key: 'unauthenticated',
  invalid_api_key_format: 'unauthenticated',
  invalid_api_key: 'unauthenticated',
  installation_inactive: 'forbidden',
  plugin_listing_unavailable: 'forbidden',
  sandbox_not_ready: 'unauthenticated',
  sandbox_resetting: 'conflict',
  sandbox_misconfigured: 'failed',
  rate_limit_exceeded: 'rate_limited',
  authentication_failed: 'unauthenticated',
  ip_not_allowed: 'forbidden',
  validation_error: 'unprocessable',
  not_found: 'not_found',
  feature_not_enabled: 'forbidden',
  location_forbidden: 'forbidden',
  invalid_transition: 'unprocessable',
  customization_location_mismatch: 'unprocessable',
  customization_rule_violation: 'unprocessable',
  create_failed: 'failed',
  currency_mismatch: 'unprocessable',
  overpayment: 'unprocessable',
  subscription_locked: 'forbidden',
  capture_failed: 'failed',
  invalid_signature: 'unauthenticated',
  unknown_event_type: 'malformed',
  invalid_api_version: 'malformed',
  invalid_setup_token: 'unauthenticated',
  invalid_oauth_state: 'malformed',
  oauth_not_configured: 'unprocessable',
  oauth_exchange_failed: 'upstream',
  forbidden: 'forbidden',
  conflict: 'conflict',
  insufficient_scope: 'forbidden',
  portal_session_required: 'forbidden',
  developer_key_limit_reached: 'conflict',
  stream_limit_reached: 'conflict',
  service_unavailable: 'unavailable',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof KIND_OF;

export const kindOfCode = (code: ErrorCode): ErrorKind => KIND_OF[code];

export class DomainError extends Error {
  readonly kind: ErrorKind;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Details,
    /** Extra top-level body fields the spec names for this error (e.g. allowed_next_states). */
    readonly extra?: Record<string, unknown>,
    kind?: ErrorKind,
  ) {
    super(message);
    this.name = new.target.name;
    this.kind = kind ?? KIND_OF[code];
  }
}

/** Well-formed input that is semantically wrong (the 422 flavour of validation_error). */
export class ValidationError extends DomainError {
  constructor(details: Details, message = 'The request is not valid.') {
    super('validation_error', message, details);
  }
}

export type ResourceKind =
  | 'order'
  | 'menu_item'
  | 'location'
  | 'customer'
  | 'ingredient'
  | 'webhook_log'
  | 'installation'
  | 'sandbox'
  | 'plugin'
  | 'project'
  | 'developer_key'
  | 'organization'
  | 'transaction'
  | 'webhook_replay'
  | 'api_request'
  | 'scenario_run'
  | 'webhook_endpoint';

export class NotFoundError extends DomainError {
  constructor(
    readonly resource: ResourceKind,
    message?: string,
  ) {
    super('not_found', message ?? `${resourceLabel(resource)} not found`);
  }
}

export function resourceLabel(resource: ResourceKind): string {
  const label = resource.replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export class AccessError extends DomainError {}

export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfterSeconds: number,
    readonly limit: number,
  ) {
    super(
      'rate_limit_exceeded',
      `Rate limit of ${limit} requests per minute exceeded. Retry after ${retryAfterSeconds} s.`,
      undefined,
      {
        retry_after: retryAfterSeconds,
      },
    );
  }
}

export class FeatureNotEnabledError extends DomainError {
  constructor(feature: string) {
    super(
      'feature_not_enabled',
      `This plugin does not have the ${feature} capability. Add it to supported_features in the developer portal.`,
    );
  }
}

export class LocationForbiddenError extends DomainError {
  constructor(locationId: number) {
    super('location_forbidden', `Location ${locationId} is outside this installation's scope.`);
  }
}

export class InvalidTransitionError extends DomainError {
  constructor(from: string, to: string, allowedNextStates: string[]) {
    super('invalid_transition', `Cannot move an order from ${from} to ${to}.`, undefined, {
      allowed_next_states: allowedNextStates,
    });
  }
}

/** A failure that rolled a write back (create_failed, capture_failed): reported as a 500 with its code. */
export class RolledBackError extends DomainError {
  constructor(
    code: 'create_failed' | 'capture_failed',
    message: string,
    override readonly cause?: unknown,
  ) {
    super(code, message);
  }
}

/**
 * The database cannot be reached for now: down, restarting, failing over, or no pooled connection
 * free within SVC_DB_ACQUIRE_TIMEOUT_MS. A write that meets it may or may not have committed, so
 * the answer says "retry", which every write's idempotency key makes safe.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(
    readonly retryAfterSeconds = 2,
    override readonly cause?: unknown,
  ) {
    super(
      'service_unavailable',
      `The service cannot reach its database right now. Retry after ${retryAfterSeconds} s.`,
    );
  }
}

// What the pg driver and Node's sockets report when the connection itself failed, not a
// statement: connection refused or reset, the server shutting down (57P01 admin, 57P02 crash) or
// starting up (57P03), SQLSTATE class 08 (connection exception), too many connections (53300),
// and pg-pool's own messages (acquire timeout, a client whose connection died).
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|Query read timeout)/;

/**
 * The ServiceUnavailableError that a connection-level database failure stands for, looking
 * through wrappers (RolledBackError keeps its cause); undefined for any other error. Also reads
 * an error copied into a plain object, as pg-boss emits its workers' errors.
 */
export function asUnavailable(err: unknown): ServiceUnavailableError | undefined {
  for (
    let current = err, depth = 0;
    isErrorLike(current) && depth < 5;
    current = current.cause, depth += 1
  ) {
    if (current instanceof ServiceUnavailableError) return current;
    const { code } = current;
    const connectionLost =
      (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) ||
      CONNECTION_MESSAGES.test(current.message);
    if (connectionLost) return new ServiceUnavailableError(2, err);
  }
  return undefined;
}

function isErrorLike(
  value: unknown,
): value is { message: string; code?: unknown; cause?: unknown } {
  return (
    value instanceof Error ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { message?: unknown }).message === 'string')
  );
}

/** Input that cannot even be read (a cursor that was not issued by us): the 400 flavour. */
export class MalformedInputError extends DomainError {
  constructor(details: Details, message = 'The request does not match the API schema.') {
    super('validation_error', message, details, undefined, 'malformed');
  }
}

// ---------- orders and payments

/** A customization template of another location than the order's. */
export class CustomizationLocationMismatchError extends DomainError {
  constructor(
    details: Details,
    message = 'A customization template belongs to another location than the order.',
  ) {
    super('customization_location_mismatch', message, details);
  }
}

/** A template not linked to the item, or a selection count outside min_select..max_select. */
export class CustomizationRuleViolationError extends DomainError {
  constructor(
    details: Details,
    message = "The customizations violate the item's selection rules.",
  ) {
    super('customization_rule_violation', message, details);
  }
}

export class CurrencyMismatchError extends DomainError {
  constructor(expected: string, got: string) {
    super('currency_mismatch', `Order currency is ${expected}, got ${got}.`);
  }
}

export class OverpaymentError extends DomainError {
  constructor(amount: string, remaining: string) {
    super('overpayment', `Amount ${amount} exceeds the remaining balance ${remaining}.`);
  }
}

export class SubscriptionLockedError extends DomainError {
  constructor() {
    super('subscription_locked', "Payments are blocked by the organization's subscription state.");
  }
}

// ---------- developer portal

/** A developer key is at the cap of active keys per account. */
export class DeveloperKeyLimitError extends DomainError {
  constructor(limit: number) {
    super(
      'developer_key_limit_reached',
      `An account has at most ${limit} active developer keys. Revoke one before creating another.`,
    );
  }
}

/** A plugin listing cannot make this move from its current status. */
export class ListingTransitionError extends DomainError {
  constructor(message: string) {
    super('invalid_transition', message);
  }
}

/** A sandbox operation that cannot run while a reset is in flight. */
export class SandboxBusyError extends DomainError {
  constructor(message = 'The sandbox is being reset. Retry shortly.') {
    super('sandbox_resetting', message);
  }
}

// ---------- webhooks

/** An inbound webhook whose X-Svc-Signature is missing or does not match the raw body. */
export class InvalidSignatureError extends DomainError {
  constructor(message = 'X-Svc-Signature does not match the request body.') {
    super('invalid_signature', message);
  }
}

/** An inbound event_type that is not a catalog event, not external.* and in no wildcard family. */
export class UnknownEventTypeError extends DomainError {
  constructor(eventType: string) {
    super(
      'unknown_event_type',
      `Event type '${eventType}' is not accepted: use a catalog event, an external.* name or a name in a catalog family.`,
    );
  }
}

// ---------- API versions

/** A dated API version that is unknown or past its sunset: names the ones that are answered. */
export class InvalidApiVersionError extends DomainError {
  constructor(version: string, supported: readonly string[]) {
    const list = supported.join(', ');
    super(
      'invalid_api_version',
      `API version '${version}' is not supported: use one of ${list} (GET /api-versions).`,
      { 'x-svc-api-version': [`must be one of ${list}`] },
    );
  }
}

// ---------- platform operator and restaurant side

/** An operator review action that the listing's current status does not allow. */
export class ListingReviewError extends DomainError {
  constructor(status: string, action: string, allowedActions: string[]) {
    super(
      'invalid_transition',
      `A listing that is ${status.replace('_', ' ')} cannot be moved with ${action}.`,
      undefined,
      {
        allowed_actions: allowedActions,
      },
    );
  }
}

/** A restaurant-side action (POS) that the order's or payment's current state does not allow. */
export class OrderStateError extends DomainError {
  constructor(message: string) {
    super('invalid_transition', message);
  }
}
