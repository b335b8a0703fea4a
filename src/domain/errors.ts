// Domain errors: plain classes that know the spec's snake_case code and nothing of HTTP.
// src/api/error-response.ts is the one place that turns them into status codes and bodies.

export type Details = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Details,
    /** Extra top-level body fields the spec names for this error (e.g. allowed_next_states). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Well-formed input that is semantically wrong (the 422 flavour of validation_error). */
export class ValidationError extends DomainError {
  constructor(details: Details, message = 'The request is not valid.') {
    super('validation_error', message, details);
  }
}

export type ResourceKind = 'order' | 'menu_item' | 'location' | 'customer' | 'ingredient' | 'webhook_log' | 'installation' | 'sandbox' | 'plugin' | 'project' | 'developer_key';

export class NotFoundError extends DomainError {
  constructor(readonly resource: ResourceKind, message?: string) {
    super('not_found', message ?? `${resourceLabel(resource)} not found`);
  }
}

export function resourceLabel(resource: ResourceKind): string {
  const label = resource.replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export class AccessError extends DomainError {}

export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number, readonly limit: number) {
    super('rate_limit_exceeded', `Rate limit of ${limit} requests per minute exceeded. Retry after ${retryAfterSeconds} s.`, undefined, {
      retry_after: retryAfterSeconds,
    });
  }
}

export class FeatureNotEnabledError extends DomainError {
  constructor(feature: string) {
    super('feature_not_enabled', `This plugin does not have the ${feature} capability. Add it to supported_features in the developer portal.`);
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
  constructor(code: 'create_failed' | 'capture_failed', message: string, override readonly cause?: unknown) {
    super(code, message);
  }
}

/** Input that cannot even be read (a cursor that was not issued by us): the 400 flavour. */
export class MalformedInputError extends DomainError {
  constructor(details: Details, message = 'The request does not match the API schema.') {
    super('validation_error', message, details);
  }
}
