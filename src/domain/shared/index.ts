export {
  AccessError,
  CurrencyMismatchError,
  CustomizationLocationMismatchError,
  CustomizationRuleViolationError,
  DeveloperKeyLimitError,
  DomainError,
  FeatureNotEnabledError,
  InvalidApiVersionError,
  InvalidSignatureError,
  InvalidTransitionError,
  ListingReviewError,
  ListingTransitionError,
  LocationForbiddenError,
  MalformedInputError,
  NotFoundError,
  OrderStateError,
  OverpaymentError,
  RateLimitedError,
  RolledBackError,
  SandboxBusyError,
  ServiceUnavailableError,
  SubscriptionLockedError,
  UnknownEventTypeError,
  ValidationError,
  asUnavailable,
  kindOfCode,
  resourceLabel,
} from './errors.js';
export type { Details, ErrorCode, ErrorKind, ResourceKind } from './errors.js';
export { lockIdempotencyKey, requestHash } from './idempotency.js';
export {
  formatMinor,
  formatQuantity,
  hasAtMostDecimals,
  normalizeMoney,
  toMinor,
  toQuantityUnits,
} from './money.js';
export {
  DEFAULT_LIMIT,
  decodeCursor,
  decodeTimeCursor,
  encodeCursor,
  MAX_BIGINT_ID,
  MAX_ROW_ID,
  toPage,
  toTimePage,
} from './pagination.js';
export type { Page, TimeKey } from './pagination.js';
export { dataPlane, inSite, scopeAt } from './site.js';
export type { PlaneTx, Site, Tx } from './site.js';
