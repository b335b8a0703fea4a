// DO NOT EDIT. Generated from src/dashboard/client/operations.graphql and src/portal/schema.graphql by codegen/dashboard.ts (make codegen).
/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** What an account may do: developer, or operator (listing review and the restaurant side). */
export type DeveloperRole =
  | 'developer'
  | 'operator';

export type ListingStatus =
  | 'draft'
  | 'under_review'
  | 'approved'
  | 'active'
  | 'suspended'
  | 'deprecated'
  | 'rejected'
  | 'deleted';

export type IntegrationType =
  | 'none'
  | 'oauth2';

export type PricingModel =
  | 'free'
  | 'paid';

export type ApiUsageKind =
  /** A Data API operation (name: its operationId in openapi.yaml). */
  | 'OPERATION'
  /** A webhook event (name: the event's name in asyncapi.yaml). */
  | 'EVENT';

export type OAuthInput = {
  clientId?: string | null | undefined;
  /** Stored encrypted; never returned. */
  clientSecret?: string | null | undefined;
  scopes?: Array<string> | null | undefined;
  authorizeUrl?: string | null | undefined;
  tokenUrl?: string | null | undefined;
};

export type PricingInput = {
  model: PricingModel;
  /** Decimal string, e.g. 9.99: required above 0 for paid, empty for free. */
  price?: string | null | undefined;
};

export type CreatePluginInput = {
  name: string;
  /** A public https URL. */
  webhookEndpoint?: string | null | undefined;
  /** Catalog event names and family wildcards (order.*); omit for the default subscription. */
  supportedEvents?: Array<string> | null | undefined;
  supportedFeatures?: Array<string> | null | undefined;
  integrationType?: IntegrationType | null | undefined;
  oauth?: OAuthInput | null | undefined;
  pricing?: PricingInput | null | undefined;
  /** 0 to 365; paid plugins only. */
  trialDays?: number | null | undefined;
  /** Automatic recovery of failed deliveries (default false); see Plugin.webhookAutoRecover. */
  webhookAutoRecover?: boolean | null | undefined;
};

export type UpdatePluginInput = {
  name?: string | null | undefined;
  webhookEndpoint?: string | null | undefined;
  supportedEvents?: Array<string> | null | undefined;
  supportedFeatures?: Array<string> | null | undefined;
  integrationType?: IntegrationType | null | undefined;
  oauth?: OAuthInput | null | undefined;
  pricing?: PricingInput | null | undefined;
  trialDays?: number | null | undefined;
  webhookAutoRecover?: boolean | null | undefined;
};

/** Which traffic an endpoint receives. */
export type WebhookEndpointPlane =
  /** Sandbox installations' events. */
  | 'SANDBOX'
  /** Production installations' events. */
  | 'PRODUCTION';

export type WebhookEndpointOrdering =
  /** Deliveries in any order (at least once), as the primary endpoint's. */
  | 'NONE'
  /**
   * One order's events (order.* and the payment.* of its payments) one at a time, in sequence order:
   * the next waits until the previous one is delivered or has failed its last attempt (then its
   * envelope's previous_failed_sequence names it). Other orders and events without an order are not held.
   */
  | 'ORDER';

export type WebhookEndpointStatus =
  | 'ENABLED'
  | 'DISABLED';

export type CreateWebhookEndpointInput = {
  /** An https URL with a public host (at most 2048 characters). */
  url: string;
  /** At most 500 characters. */
  description?: string | null | undefined;
  /** Null or omitted: every event (as supportedEvents). */
  events?: Array<string> | null | undefined;
  /** At most 100; empty or omitted: every location. */
  locationIds?: Array<string> | null | undefined;
  filter?: unknown;
  ordering?: WebhookEndpointOrdering | null | undefined;
  /** 1 to 1000. */
  rateLimitPerSecond?: number | null | undefined;
  apiVersion?: string | null | undefined;
  /** Default: both. */
  planes?: Array<WebhookEndpointPlane> | null | undefined;
};

export type UpdateWebhookEndpointInput = {
  url?: string | null | undefined;
  description?: string | null | undefined;
  events?: Array<string> | null | undefined;
  locationIds?: Array<string> | null | undefined;
  filter?: unknown;
  ordering?: WebhookEndpointOrdering | null | undefined;
  rateLimitPerSecond?: number | null | undefined;
  apiVersion?: string | null | undefined;
  planes?: Array<WebhookEndpointPlane> | null | undefined;
};

/** The settings that decide which events an endpoint receives (webhookEndpointFilterPreview). */
export type WebhookEndpointFilterInput = {
  events?: Array<string> | null | undefined;
  locationIds?: Array<string> | null | undefined;
  filter?: unknown;
  apiVersion?: string | null | undefined;
  planes?: Array<WebhookEndpointPlane> | null | undefined;
};

export type SandboxStatus =
  | 'provisioning'
  | 'active'
  | 'resetting'
  | 'expired'
  | 'deleted';

export type ApiVersionStatus =
  /** The newest version. */
  | 'current'
  /** Older, still answered. */
  | 'supported'
  /** Still answered; its sunset is within 6 months. */
  | 'deprecated'
  /** No longer answered. */
  | 'sunset';

/** Restaurant scenarios runScenario plays in a sandbox. */
export type ScenarioKind =
  /** A burst of orders through the kitchen statuses (in_progress, ready), paid at the point of sale; a few cancelled. */
  | 'LUNCH_RUSH'
  /** Orders paid in several partial sales that add up to the last cent. */
  | 'SPLIT_BILL'
  /** Declined payments (payment.failed), then a sale that succeeds. */
  | 'CARD_DECLINED'
  /** A menu item runs out (menu.item_updated, is_available false) and comes back. */
  | 'ITEM_86'
  /** Consumption takes an ingredient down through its reorder point, then a delivery restocks it: one low_stock, one low_stock_resolved. */
  | 'STOCK_DEPLETION'
  /** Closing: orders paid and completed, a few refunds. */
  | 'END_OF_DAY';

export type ScenarioRunStatus =
  | 'running'
  | 'completed'
  | 'cancelled'
  /** A step failed: `error` says which and why. */
  | 'failed';

export type DeliveryFaultsInput = {
  duplicateRate?: number | null | undefined;
  reorderWindowSeconds?: number | null | undefined;
  failFirstAttempt?: boolean | null | undefined;
};

export type WebhookDirection =
  | 'inbound'
  | 'outbound';

export type WebhookReplayStatus =
  /** Some of its deliveries still have attempts to make. */
  | 'running'
  /** Every delivery has settled (delivered, failed or acknowledged). */
  | 'completed';

export type ReviewAction =
  | 'approve'
  | 'reject'
  | 'activate'
  | 'suspend'
  | 'deprecate'
  | 'delete';

export type DataPlane =
  | 'production'
  | 'sandbox';

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, email: string, name: string, role: DeveloperRole } };

export type LogInMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type LogInMutation = { logIn: { expiresAt: string } | null };

export type SignUpMutationVariables = Exact<{
  name: string;
  email: string;
  password: string;
}>;


export type SignUpMutation = { signUp: { expiresAt: string } | null };

export type LogOutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogOutMutation = { logOut: boolean };

export type PluginFieldsFragment = { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, sandboxPreviousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } };

export type ProjectsQueryVariables = Exact<{ [key: string]: never; }>;


export type ProjectsQuery = { myDeveloperProjects: Array<{ id: string, name: string, createdAt: string, plugins: Array<{ id: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, updatedAt: string }> }> };

export type CreateProjectMutationVariables = Exact<{
  name: string;
}>;


export type CreateProjectMutation = { createProject: { id: string, name: string } | null };

export type CreatePluginMutationVariables = Exact<{
  projectId: string;
  input: CreatePluginInput;
}>;


export type CreatePluginMutation = { createPlugin: { webhookSecret: string, webhookSecretStandard: string, plugin: { id: string, name: string } } | null };

export type PluginQueryVariables = Exact<{
  id: string;
}>;


export type PluginQuery = { plugin: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, sandboxPreviousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null, webhookHealth: Array<{ installationId: string, deliveredLast24h: number, failedLast24h: number, successRate: number | null, consecutiveFailures: number, failingSince: string | null, lastError: string | null, lastSequence: number, acknowledgedThrough: number }> };

export type UpdatePluginMutationVariables = Exact<{
  id: string;
  input: UpdatePluginInput;
}>;


export type UpdatePluginMutation = { updatePlugin: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, sandboxPreviousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null };

export type RotateSecretMutationVariables = Exact<{
  pluginId: string;
  overlapHours?: number | null | undefined;
  plane?: DataPlane | null | undefined;
}>;


export type RotateSecretMutation = { rotateWebhookSecret: { webhookSecret: string, webhookSecretStandard: string, previousSecretExpiresAt: string | null } | null };

export type ExpireSecretMutationVariables = Exact<{
  pluginId: string;
  plane?: DataPlane | null | undefined;
}>;


export type ExpireSecretMutation = { expireWebhookSecret: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, sandboxPreviousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null };

export type SubmitForReviewMutationVariables = Exact<{
  id: string;
}>;


export type SubmitForReviewMutation = { submitPluginForReview: { id: string, projectId: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, supportedEvents: Array<string> | null, supportedFeatures: Array<string>, integrationType: IntegrationType, trialDays: number, webhookAutoRecover: boolean, previousSecretExpiresAt: string | null, sandboxPreviousSecretExpiresAt: string | null, createdAt: string, updatedAt: string, pricing: { model: PricingModel, price: string | null } } | null };

export type DeveloperKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type DeveloperKeysQuery = { developerKeys: Array<{ id: string, name: string, prefix: string, scopes: Array<string>, ipAllowlist: Array<string>, createdAt: string, lastUsedAt: string | null, revokedAt: string | null }> };

export type CreateDeveloperKeyMutationVariables = Exact<{
  name: string;
  scopes: Array<string> | string;
  ipAllowlist?: Array<string> | string | null | undefined;
}>;


export type CreateDeveloperKeyMutation = { createDeveloperKey: { key: string, developerKey: { id: string } } | null };

export type RevokeDeveloperKeyMutationVariables = Exact<{
  id: string;
}>;


export type RevokeDeveloperKeyMutation = { revokeDeveloperKey: { id: string, revokedAt: string | null } | null };

export type DeliveryRowFragment = { id: string, installationId: string, eventType: string, status: string, attempts: number, httpStatus: number | null, durationMs: number | null, sequence: number | null, redeliveryOf: string | null, replayId: string | null, createdAt: string, listenerHttpStatus: number | null, listenerDurationMs: number | null };

export type DeliveriesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  installationId?: string | null | undefined;
  status?: string | null | undefined;
  event?: string | null | undefined;
}>;


export type DeliveriesQuery = { webhookDeliveries: { nodes: Array<{ id: string, installationId: string, eventType: string, status: string, attempts: number, httpStatus: number | null, durationMs: number | null, sequence: number | null, redeliveryOf: string | null, replayId: string | null, createdAt: string, listenerHttpStatus: number | null, listenerDurationMs: number | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type DeliveryQueryVariables = Exact<{
  id: string;
}>;


export type DeliveryQuery = { webhookLog: { direction: WebhookDirection, eventId: string | null, errorMessage: string | null, updatedAt: string, id: string, installationId: string, eventType: string, status: string, attempts: number, httpStatus: number | null, durationMs: number | null, sequence: number | null, redeliveryOf: string | null, replayId: string | null, createdAt: string, listenerHttpStatus: number | null, listenerDurationMs: number | null, request: { body: string, headers: Array<{ name: string, value: string }> | null } | null, deliveryAttempts: Array<{ attempt: number, status: string, httpStatus: number | null, errorMessage: string | null, durationMs: number, attemptedAt: string }> } | null };

export type RedeliverMutationVariables = Exact<{
  logId: string;
}>;


export type RedeliverMutation = { redeliverWebhook: { id: string } };

export type ReplayMutationVariables = Exact<{
  installationId: string;
  since: string;
  until?: string | null | undefined;
  onlyFailed?: boolean | null | undefined;
}>;


export type ReplayMutation = { replayWebhooks: { id: string, status: WebhookReplayStatus, total: number, queued: number, delivered: number, failed: number } };

export type ReplayProgressQueryVariables = Exact<{
  id: string;
}>;


export type ReplayProgressQuery = { webhookReplay: { id: string, status: WebhookReplayStatus, total: number, queued: number, delivered: number, failed: number } | null };

export type ApiRequestRowFragment = { id: string, installationId: string, createdAt: string, method: string, path: string, operationId: string | null, status: number, errorCode: string | null, durationMs: number, requestId: string };

export type ApiRequestsQueryVariables = Exact<{
  installationId: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: number | null | undefined;
  operationId?: string | null | undefined;
  since?: string | null | undefined;
}>;


export type ApiRequestsQuery = { apiRequests: { nodes: Array<{ id: string, installationId: string, createdAt: string, method: string, path: string, operationId: string | null, status: number, errorCode: string | null, durationMs: number, requestId: string }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ApiRequestByRequestIdQueryVariables = Exact<{
  requestId: string;
}>;


export type ApiRequestByRequestIdQuery = { apiRequestByRequestId: { idempotencyKey: string | null, clientIp: string, requestBody: string | null, responseBody: string | null, id: string, installationId: string, createdAt: string, method: string, path: string, operationId: string | null, status: number, errorCode: string | null, durationMs: number, requestId: string } | null };

export type MyInstallationsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyInstallationsQuery = { sandboxes: Array<{ id: string, name: string, installationId: string | null, status: SandboxStatus }> };

export type SandboxFieldsFragment = { id: string, pluginId: string, name: string, purpose: string, status: SandboxStatus, installationId: string | null, lastAccessedAt: string, protectedUntil: string | null, wouldExpireAt: string | null, createdAt: string, clockOffsetDays: number, clockNow: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } };

export type SandboxesQueryVariables = Exact<{ [key: string]: never; }>;


export type SandboxesQuery = { sandboxes: Array<{ id: string, pluginId: string, name: string, purpose: string, status: SandboxStatus, installationId: string | null, lastAccessedAt: string, protectedUntil: string | null, wouldExpireAt: string | null, createdAt: string, clockOffsetDays: number, clockNow: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } }>, myDeveloperProjects: Array<{ id: string, plugins: Array<{ id: string, name: string }> }> };

export type SandboxQueryVariables = Exact<{
  id: string;
}>;


export type SandboxQuery = { sandbox: { id: string, pluginId: string, name: string, purpose: string, status: SandboxStatus, installationId: string | null, lastAccessedAt: string, protectedUntil: string | null, wouldExpireAt: string | null, createdAt: string, clockOffsetDays: number, clockNow: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } } | null };

export type ProvisionSandboxMutationVariables = Exact<{
  pluginId: string;
  name: string;
  purpose?: string | null | undefined;
}>;


export type ProvisionSandboxMutation = { provisionSandbox: { installationKey: string, webhookSecret: string, webhookSecretStandard: string, sandbox: { id: string } } | null };

export type ResetSandboxMutationVariables = Exact<{
  id: string;
}>;


export type ResetSandboxMutation = { resetSandbox: { id: string, pluginId: string, name: string, purpose: string, status: SandboxStatus, installationId: string | null, lastAccessedAt: string, protectedUntil: string | null, wouldExpireAt: string | null, createdAt: string, clockOffsetDays: number, clockNow: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } } | null };

export type ProtectSandboxMutationVariables = Exact<{
  id: string;
  days: number;
}>;


export type ProtectSandboxMutation = { protectSandbox: { id: string, pluginId: string, name: string, purpose: string, status: SandboxStatus, installationId: string | null, lastAccessedAt: string, protectedUntil: string | null, wouldExpireAt: string | null, createdAt: string, clockOffsetDays: number, clockNow: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } } | null };

export type DeleteSandboxMutationVariables = Exact<{
  id: string;
}>;


export type DeleteSandboxMutation = { deleteSandbox: { id: string, status: SandboxStatus } | null };

export type AdvanceClockMutationVariables = Exact<{
  sandboxId: string;
  days: number;
}>;


export type AdvanceClockMutation = { advanceSandboxClock: { id: string, pluginId: string, name: string, purpose: string, status: SandboxStatus, installationId: string | null, lastAccessedAt: string, protectedUntil: string | null, wouldExpireAt: string | null, createdAt: string, clockOffsetDays: number, clockNow: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } } };

export type SetFaultsMutationVariables = Exact<{
  sandboxId: string;
  faults: DeliveryFaultsInput;
}>;


export type SetFaultsMutation = { setSandboxDeliveryFaults: { id: string, pluginId: string, name: string, purpose: string, status: SandboxStatus, installationId: string | null, lastAccessedAt: string, protectedUntil: string | null, wouldExpireAt: string | null, createdAt: string, clockOffsetDays: number, clockNow: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } } };

export type ScenarioFieldsFragment = { id: string, kind: ScenarioKind, status: ScenarioRunStatus, minutes: number, stepsDone: number, stepsTotal: number, eventsEmitted: number, startedAt: string, finishedAt: string | null, error: string | null };

export type RunScenarioMutationVariables = Exact<{
  sandboxId: string;
  scenario: ScenarioKind;
  minutes?: number | null | undefined;
}>;


export type RunScenarioMutation = { runScenario: { id: string, kind: ScenarioKind, status: ScenarioRunStatus, minutes: number, stepsDone: number, stepsTotal: number, eventsEmitted: number, startedAt: string, finishedAt: string | null, error: string | null } };

export type ScenarioProgressQueryVariables = Exact<{
  id: string;
}>;


export type ScenarioProgressQuery = { scenarioRun: { id: string, kind: ScenarioKind, status: ScenarioRunStatus, minutes: number, stepsDone: number, stepsTotal: number, eventsEmitted: number, startedAt: string, finishedAt: string | null, error: string | null } | null };

export type CancelScenarioMutationVariables = Exact<{
  id: string;
}>;


export type CancelScenarioMutation = { cancelScenario: { id: string, kind: ScenarioKind, status: ScenarioRunStatus, minutes: number, stepsDone: number, stepsTotal: number, eventsEmitted: number, startedAt: string, finishedAt: string | null, error: string | null } };

export type SendTestEventMutationVariables = Exact<{
  installationId: string;
  event: string;
}>;


export type SendTestEventMutation = { testWebhook: { logId: string } | null };

export type ListingsQueryVariables = Exact<{
  status?: ListingStatus | null | undefined;
}>;


export type ListingsQuery = { listings: Array<{ id: string, name: string, listingStatus: ListingStatus, webhookEndpoint: string | null, updatedAt: string, pricing: { model: PricingModel, price: string | null } }> };

export type ReviewPluginMutationVariables = Exact<{
  pluginId: string;
  action: ReviewAction;
}>;


export type ReviewPluginMutation = { reviewPlugin: { id: string, listingStatus: ListingStatus } | null };

export type ApiUpgradeChangeFieldsFragment = { version: string, id: string, description: string, upgrade: string, uses: Array<{ kind: ApiUsageKind, name: string, count: number, lastUsedAt: string, fields: Array<string> }> };

export type PluginApiVersionQueryVariables = Exact<{
  id: string;
  to?: string | null | undefined;
}>;


export type PluginApiVersionQuery = { plugin: { id: string, name: string, listingStatus: ListingStatus, apiVersion: string, previousApiVersion: string | null, apiVersionRollbackUntil: string | null, apiUpgradeReport: { from: string, to: string, since: string, changes: Array<{ version: string, id: string, description: string, upgrade: string, uses: Array<{ kind: ApiUsageKind, name: string, count: number, lastUsedAt: string, fields: Array<string> }> }>, unusedChanges: Array<{ version: string, id: string, description: string, upgrade: string, uses: Array<{ kind: ApiUsageKind, name: string, count: number, lastUsedAt: string, fields: Array<string> }> }> } } | null, apiVersions: Array<{ version: string, status: ApiVersionStatus, sunsetAt: string | null }>, sandboxes: Array<{ id: string, pluginId: string, name: string, status: SandboxStatus, apiVersion: string | null }> };

export type SetPluginApiVersionMutationVariables = Exact<{
  pluginId: string;
  version: string;
}>;


export type SetPluginApiVersionMutation = { setPluginApiVersion: { id: string, apiVersion: string, previousApiVersion: string | null, apiVersionRollbackUntil: string | null } | null };

export type SetSandboxApiVersionMutationVariables = Exact<{
  sandboxId: string;
  version?: string | null | undefined;
}>;


export type SetSandboxApiVersionMutation = { setSandboxApiVersion: { id: string, apiVersion: string | null } | null };

export type EndpointFieldsFragment = { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string, statistics: { delivered: number, failed: number, filteredOut: number, successRate: number | null, since: string } };

export type PluginEndpointsQueryVariables = Exact<{
  id: string;
}>;


export type PluginEndpointsQuery = { plugin: { id: string, name: string, apiVersion: string, webhookEndpoints: Array<{ id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string, statistics: { delivered: number, failed: number, filteredOut: number, successRate: number | null, since: string } }> } | null, webhookHealth: Array<{ deliveredLast24h: number, failedLast24h: number }>, apiVersions: Array<{ version: string, status: ApiVersionStatus }>, sandboxes: Array<{ id: string, pluginId: string, status: SandboxStatus, installationId: string | null, createdAt: string }> };

export type SendEndpointTestEventMutationVariables = Exact<{
  id: string;
  event: string;
  installationId?: string | null | undefined;
}>;


export type SendEndpointTestEventMutation = { sendWebhookEndpointTestEvent: { logId: string } | null };

export type EndpointTestResultQueryVariables = Exact<{
  id: string;
}>;


export type EndpointTestResultQuery = { webhookLog: { id: string, status: string, attempts: number, httpStatus: number | null, durationMs: number | null, errorMessage: string | null } | null };

export type EndpointFilterPreviewQueryVariables = Exact<{
  pluginId: string;
  input: WebhookEndpointFilterInput;
}>;


export type EndpointFilterPreviewQuery = { webhookEndpointFilterPreview: { examined: number, matched: number, events: Array<{ eventId: string, event: string, installationId: string, sequence: number, plane: DataPlane, locationId: string | null, occurredAt: string, matched: boolean, reasons: Array<string> }> } };

export type CreateEndpointMutationVariables = Exact<{
  pluginId: string;
  input: CreateWebhookEndpointInput;
}>;


export type CreateEndpointMutation = { createWebhookEndpoint: { secret: string, secretStandard: string, endpoint: { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string, statistics: { delivered: number, failed: number, filteredOut: number, successRate: number | null, since: string } } } | null };

export type UpdateEndpointMutationVariables = Exact<{
  id: string;
  input: UpdateWebhookEndpointInput;
}>;


export type UpdateEndpointMutation = { updateWebhookEndpoint: { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string, statistics: { delivered: number, failed: number, filteredOut: number, successRate: number | null, since: string } } | null };

export type DeleteEndpointMutationVariables = Exact<{
  id: string;
}>;


export type DeleteEndpointMutation = { deleteWebhookEndpoint: { id: string } | null };

export type DisableEndpointMutationVariables = Exact<{
  id: string;
}>;


export type DisableEndpointMutation = { disableWebhookEndpoint: { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string, statistics: { delivered: number, failed: number, filteredOut: number, successRate: number | null, since: string } } | null };

export type EnableEndpointMutationVariables = Exact<{
  id: string;
}>;


export type EnableEndpointMutation = { enableWebhookEndpoint: { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string, statistics: { delivered: number, failed: number, filteredOut: number, successRate: number | null, since: string } } | null };

export type RotateEndpointSecretMutationVariables = Exact<{
  id: string;
  overlapHours?: number | null | undefined;
}>;


export type RotateEndpointSecretMutation = { rotateWebhookEndpointSecret: { secret: string, secretStandard: string, previousSecretExpiresAt: string | null, endpoint: { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string, statistics: { delivered: number, failed: number, filteredOut: number, successRate: number | null, since: string } } } | null };

/** A GraphQL document whose result is R and whose variables are V (types only). */
export type Operation<R, V> = string & { readonly __result?: R; readonly __variables?: V };
export const MeDocument = "query Me {\n  me {\n    id\n    email\n    name\n    role\n  }\n}" as Operation<MeQuery, MeQueryVariables>;
export const LogInDocument = "mutation LogIn($email: String!, $password: String!) {\n  logIn(email: $email, password: $password) {\n    expiresAt\n  }\n}" as Operation<LogInMutation, LogInMutationVariables>;
export const SignUpDocument = "mutation SignUp($name: String!, $email: String!, $password: String!) {\n  signUp(name: $name, email: $email, password: $password) {\n    expiresAt\n  }\n}" as Operation<SignUpMutation, SignUpMutationVariables>;
export const LogOutDocument = "mutation LogOut {\n  logOut\n}" as Operation<LogOutMutation, LogOutMutationVariables>;
export const ProjectsDocument = "query Projects {\n  myDeveloperProjects {\n    id\n    name\n    createdAt\n    plugins {\n      id\n      name\n      listingStatus\n      webhookEndpoint\n      updatedAt\n    }\n  }\n}" as Operation<ProjectsQuery, ProjectsQueryVariables>;
export const CreateProjectDocument = "mutation CreateProject($name: String!) {\n  createProject(name: $name) {\n    id\n    name\n  }\n}" as Operation<CreateProjectMutation, CreateProjectMutationVariables>;
export const CreatePluginDocument = "mutation CreatePlugin($projectId: ID!, $input: CreatePluginInput!) {\n  createPlugin(projectId: $projectId, input: $input) {\n    plugin {\n      id\n      name\n    }\n    webhookSecret\n    webhookSecretStandard\n  }\n}" as Operation<CreatePluginMutation, CreatePluginMutationVariables>;
export const PluginDocument = "query Plugin($id: ID!) {\n  plugin(id: $id) {\n    ...PluginFields\n  }\n  webhookHealth(pluginId: $id) {\n    installationId\n    deliveredLast24h\n    failedLast24h\n    successRate\n    consecutiveFailures\n    failingSince\n    lastError\n    lastSequence\n    acknowledgedThrough\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  sandboxPreviousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<PluginQuery, PluginQueryVariables>;
export const UpdatePluginDocument = "mutation UpdatePlugin($id: ID!, $input: UpdatePluginInput!) {\n  updatePlugin(id: $id, input: $input) {\n    ...PluginFields\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  sandboxPreviousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<UpdatePluginMutation, UpdatePluginMutationVariables>;
export const RotateSecretDocument = "mutation RotateSecret($pluginId: ID!, $overlapHours: Int, $plane: DataPlane) {\n  rotateWebhookSecret(\n    pluginId: $pluginId\n    overlapHours: $overlapHours\n    plane: $plane\n  ) {\n    webhookSecret\n    webhookSecretStandard\n    previousSecretExpiresAt\n  }\n}" as Operation<RotateSecretMutation, RotateSecretMutationVariables>;
export const ExpireSecretDocument = "mutation ExpireSecret($pluginId: ID!, $plane: DataPlane) {\n  expireWebhookSecret(pluginId: $pluginId, plane: $plane) {\n    ...PluginFields\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  sandboxPreviousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<ExpireSecretMutation, ExpireSecretMutationVariables>;
export const SubmitForReviewDocument = "mutation SubmitForReview($id: ID!) {\n  submitPluginForReview(id: $id) {\n    ...PluginFields\n  }\n}\nfragment PluginFields on Plugin {\n  id\n  projectId\n  name\n  listingStatus\n  webhookEndpoint\n  supportedEvents\n  supportedFeatures\n  integrationType\n  pricing {\n    model\n    price\n  }\n  trialDays\n  webhookAutoRecover\n  previousSecretExpiresAt\n  sandboxPreviousSecretExpiresAt\n  createdAt\n  updatedAt\n}" as Operation<SubmitForReviewMutation, SubmitForReviewMutationVariables>;
export const DeveloperKeysDocument = "query DeveloperKeys {\n  developerKeys {\n    id\n    name\n    prefix\n    scopes\n    ipAllowlist\n    createdAt\n    lastUsedAt\n    revokedAt\n  }\n}" as Operation<DeveloperKeysQuery, DeveloperKeysQueryVariables>;
export const CreateDeveloperKeyDocument = "mutation CreateDeveloperKey($name: String!, $scopes: [String!]!, $ipAllowlist: [String!]) {\n  createDeveloperKey(name: $name, scopes: $scopes, ipAllowlist: $ipAllowlist) {\n    key\n    developerKey {\n      id\n    }\n  }\n}" as Operation<CreateDeveloperKeyMutation, CreateDeveloperKeyMutationVariables>;
export const RevokeDeveloperKeyDocument = "mutation RevokeDeveloperKey($id: ID!) {\n  revokeDeveloperKey(id: $id) {\n    id\n    revokedAt\n  }\n}" as Operation<RevokeDeveloperKeyMutation, RevokeDeveloperKeyMutationVariables>;
export const DeliveriesDocument = "query Deliveries($first: Int, $after: String, $installationId: ID, $status: String, $event: String) {\n  webhookDeliveries(\n    first: $first\n    after: $after\n    installationId: $installationId\n    status: $status\n    event: $event\n  ) {\n    nodes {\n      ...DeliveryRow\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}\nfragment DeliveryRow on WebhookLog {\n  id\n  installationId\n  eventType\n  status\n  attempts\n  httpStatus\n  durationMs\n  sequence\n  redeliveryOf\n  replayId\n  createdAt\n  listenerHttpStatus\n  listenerDurationMs\n}" as Operation<DeliveriesQuery, DeliveriesQueryVariables>;
export const DeliveryDocument = "query Delivery($id: ID!) {\n  webhookLog(id: $id) {\n    ...DeliveryRow\n    direction\n    eventId\n    errorMessage\n    updatedAt\n    request {\n      headers {\n        name\n        value\n      }\n      body\n    }\n    deliveryAttempts {\n      attempt\n      status\n      httpStatus\n      errorMessage\n      durationMs\n      attemptedAt\n    }\n  }\n}\nfragment DeliveryRow on WebhookLog {\n  id\n  installationId\n  eventType\n  status\n  attempts\n  httpStatus\n  durationMs\n  sequence\n  redeliveryOf\n  replayId\n  createdAt\n  listenerHttpStatus\n  listenerDurationMs\n}" as Operation<DeliveryQuery, DeliveryQueryVariables>;
export const RedeliverDocument = "mutation Redeliver($logId: ID!) {\n  redeliverWebhook(logId: $logId) {\n    id\n  }\n}" as Operation<RedeliverMutation, RedeliverMutationVariables>;
export const ReplayDocument = "mutation Replay($installationId: ID!, $since: DateTime!, $until: DateTime, $onlyFailed: Boolean) {\n  replayWebhooks(\n    installationId: $installationId\n    since: $since\n    until: $until\n    onlyFailed: $onlyFailed\n  ) {\n    id\n    status\n    total\n    queued\n    delivered\n    failed\n  }\n}" as Operation<ReplayMutation, ReplayMutationVariables>;
export const ReplayProgressDocument = "query ReplayProgress($id: ID!) {\n  webhookReplay(id: $id) {\n    id\n    status\n    total\n    queued\n    delivered\n    failed\n  }\n}" as Operation<ReplayProgressQuery, ReplayProgressQueryVariables>;
export const ApiRequestsDocument = "query ApiRequests($installationId: ID!, $first: Int, $after: String, $status: Int, $operationId: String, $since: DateTime) {\n  apiRequests(\n    installationId: $installationId\n    first: $first\n    after: $after\n    status: $status\n    operationId: $operationId\n    since: $since\n  ) {\n    nodes {\n      ...ApiRequestRow\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n  }\n}\nfragment ApiRequestRow on ApiRequest {\n  id\n  installationId\n  createdAt\n  method\n  path\n  operationId\n  status\n  errorCode\n  durationMs\n  requestId\n}" as Operation<ApiRequestsQuery, ApiRequestsQueryVariables>;
export const ApiRequestByRequestIdDocument = "query ApiRequestByRequestId($requestId: String!) {\n  apiRequestByRequestId(requestId: $requestId) {\n    ...ApiRequestRow\n    idempotencyKey\n    clientIp\n    requestBody\n    responseBody\n  }\n}\nfragment ApiRequestRow on ApiRequest {\n  id\n  installationId\n  createdAt\n  method\n  path\n  operationId\n  status\n  errorCode\n  durationMs\n  requestId\n}" as Operation<ApiRequestByRequestIdQuery, ApiRequestByRequestIdQueryVariables>;
export const MyInstallationsDocument = "query MyInstallations {\n  sandboxes {\n    id\n    name\n    installationId\n    status\n  }\n}" as Operation<MyInstallationsQuery, MyInstallationsQueryVariables>;
export const SandboxesDocument = "query Sandboxes {\n  sandboxes {\n    ...SandboxFields\n  }\n  myDeveloperProjects {\n    id\n    plugins {\n      id\n      name\n    }\n  }\n}\nfragment SandboxFields on Sandbox {\n  id\n  pluginId\n  name\n  purpose\n  status\n  installationId\n  lastAccessedAt\n  protectedUntil\n  wouldExpireAt\n  createdAt\n  clockOffsetDays\n  clockNow\n  deliveryFaults {\n    duplicateRate\n    reorderWindowSeconds\n    failFirstAttempt\n  }\n}" as Operation<SandboxesQuery, SandboxesQueryVariables>;
export const SandboxDocument = "query Sandbox($id: ID!) {\n  sandbox(id: $id) {\n    ...SandboxFields\n  }\n}\nfragment SandboxFields on Sandbox {\n  id\n  pluginId\n  name\n  purpose\n  status\n  installationId\n  lastAccessedAt\n  protectedUntil\n  wouldExpireAt\n  createdAt\n  clockOffsetDays\n  clockNow\n  deliveryFaults {\n    duplicateRate\n    reorderWindowSeconds\n    failFirstAttempt\n  }\n}" as Operation<SandboxQuery, SandboxQueryVariables>;
export const ProvisionSandboxDocument = "mutation ProvisionSandbox($pluginId: ID!, $name: String!, $purpose: String) {\n  provisionSandbox(pluginId: $pluginId, name: $name, purpose: $purpose) {\n    sandbox {\n      id\n    }\n    installationKey\n    webhookSecret\n    webhookSecretStandard\n  }\n}" as Operation<ProvisionSandboxMutation, ProvisionSandboxMutationVariables>;
export const ResetSandboxDocument = "mutation ResetSandbox($id: ID!) {\n  resetSandbox(id: $id) {\n    ...SandboxFields\n  }\n}\nfragment SandboxFields on Sandbox {\n  id\n  pluginId\n  name\n  purpose\n  status\n  installationId\n  lastAccessedAt\n  protectedUntil\n  wouldExpireAt\n  createdAt\n  clockOffsetDays\n  clockNow\n  deliveryFaults {\n    duplicateRate\n    reorderWindowSeconds\n    failFirstAttempt\n  }\n}" as Operation<ResetSandboxMutation, ResetSandboxMutationVariables>;
export const ProtectSandboxDocument = "mutation ProtectSandbox($id: ID!, $days: Int!) {\n  protectSandbox(id: $id, days: $days) {\n    ...SandboxFields\n  }\n}\nfragment SandboxFields on Sandbox {\n  id\n  pluginId\n  name\n  purpose\n  status\n  installationId\n  lastAccessedAt\n  protectedUntil\n  wouldExpireAt\n  createdAt\n  clockOffsetDays\n  clockNow\n  deliveryFaults {\n    duplicateRate\n    reorderWindowSeconds\n    failFirstAttempt\n  }\n}" as Operation<ProtectSandboxMutation, ProtectSandboxMutationVariables>;
export const DeleteSandboxDocument = "mutation DeleteSandbox($id: ID!) {\n  deleteSandbox(id: $id) {\n    id\n    status\n  }\n}" as Operation<DeleteSandboxMutation, DeleteSandboxMutationVariables>;
export const AdvanceClockDocument = "mutation AdvanceClock($sandboxId: ID!, $days: Int!) {\n  advanceSandboxClock(sandboxId: $sandboxId, days: $days) {\n    ...SandboxFields\n  }\n}\nfragment SandboxFields on Sandbox {\n  id\n  pluginId\n  name\n  purpose\n  status\n  installationId\n  lastAccessedAt\n  protectedUntil\n  wouldExpireAt\n  createdAt\n  clockOffsetDays\n  clockNow\n  deliveryFaults {\n    duplicateRate\n    reorderWindowSeconds\n    failFirstAttempt\n  }\n}" as Operation<AdvanceClockMutation, AdvanceClockMutationVariables>;
export const SetFaultsDocument = "mutation SetFaults($sandboxId: ID!, $faults: DeliveryFaultsInput!) {\n  setSandboxDeliveryFaults(sandboxId: $sandboxId, faults: $faults) {\n    ...SandboxFields\n  }\n}\nfragment SandboxFields on Sandbox {\n  id\n  pluginId\n  name\n  purpose\n  status\n  installationId\n  lastAccessedAt\n  protectedUntil\n  wouldExpireAt\n  createdAt\n  clockOffsetDays\n  clockNow\n  deliveryFaults {\n    duplicateRate\n    reorderWindowSeconds\n    failFirstAttempt\n  }\n}" as Operation<SetFaultsMutation, SetFaultsMutationVariables>;
export const RunScenarioDocument = "mutation RunScenario($sandboxId: ID!, $scenario: ScenarioKind!, $minutes: Int) {\n  runScenario(sandboxId: $sandboxId, scenario: $scenario, minutes: $minutes) {\n    ...ScenarioFields\n  }\n}\nfragment ScenarioFields on ScenarioRun {\n  id\n  kind\n  status\n  minutes\n  stepsDone\n  stepsTotal\n  eventsEmitted\n  startedAt\n  finishedAt\n  error\n}" as Operation<RunScenarioMutation, RunScenarioMutationVariables>;
export const ScenarioProgressDocument = "query ScenarioProgress($id: ID!) {\n  scenarioRun(id: $id) {\n    ...ScenarioFields\n  }\n}\nfragment ScenarioFields on ScenarioRun {\n  id\n  kind\n  status\n  minutes\n  stepsDone\n  stepsTotal\n  eventsEmitted\n  startedAt\n  finishedAt\n  error\n}" as Operation<ScenarioProgressQuery, ScenarioProgressQueryVariables>;
export const CancelScenarioDocument = "mutation CancelScenario($id: ID!) {\n  cancelScenario(id: $id) {\n    ...ScenarioFields\n  }\n}\nfragment ScenarioFields on ScenarioRun {\n  id\n  kind\n  status\n  minutes\n  stepsDone\n  stepsTotal\n  eventsEmitted\n  startedAt\n  finishedAt\n  error\n}" as Operation<CancelScenarioMutation, CancelScenarioMutationVariables>;
export const SendTestEventDocument = "mutation SendTestEvent($installationId: ID!, $event: String!) {\n  testWebhook(installationId: $installationId, event: $event) {\n    logId\n  }\n}" as Operation<SendTestEventMutation, SendTestEventMutationVariables>;
export const ListingsDocument = "query Listings($status: ListingStatus) {\n  listings(status: $status) {\n    id\n    name\n    listingStatus\n    webhookEndpoint\n    pricing {\n      model\n      price\n    }\n    updatedAt\n  }\n}" as Operation<ListingsQuery, ListingsQueryVariables>;
export const ReviewPluginDocument = "mutation ReviewPlugin($pluginId: ID!, $action: ReviewAction!) {\n  reviewPlugin(pluginId: $pluginId, action: $action) {\n    id\n    listingStatus\n  }\n}" as Operation<ReviewPluginMutation, ReviewPluginMutationVariables>;
export const PluginApiVersionDocument = "query PluginApiVersion($id: ID!, $to: String) {\n  plugin(id: $id) {\n    id\n    name\n    listingStatus\n    apiVersion\n    previousApiVersion\n    apiVersionRollbackUntil\n    apiUpgradeReport(to: $to) {\n      from\n      to\n      since\n      changes {\n        ...ApiUpgradeChangeFields\n      }\n      unusedChanges {\n        ...ApiUpgradeChangeFields\n      }\n    }\n  }\n  apiVersions {\n    version\n    status\n    sunsetAt\n  }\n  sandboxes {\n    id\n    pluginId\n    name\n    status\n    apiVersion\n  }\n}\nfragment ApiUpgradeChangeFields on ApiUpgradeChange {\n  version\n  id\n  description\n  upgrade\n  uses {\n    kind\n    name\n    count\n    lastUsedAt\n    fields\n  }\n}" as Operation<PluginApiVersionQuery, PluginApiVersionQueryVariables>;
export const SetPluginApiVersionDocument = "mutation SetPluginApiVersion($pluginId: ID!, $version: String!) {\n  setPluginApiVersion(pluginId: $pluginId, version: $version) {\n    id\n    apiVersion\n    previousApiVersion\n    apiVersionRollbackUntil\n  }\n}" as Operation<SetPluginApiVersionMutation, SetPluginApiVersionMutationVariables>;
export const SetSandboxApiVersionDocument = "mutation SetSandboxApiVersion($sandboxId: ID!, $version: String) {\n  setSandboxApiVersion(sandboxId: $sandboxId, version: $version) {\n    id\n    apiVersion\n  }\n}" as Operation<SetSandboxApiVersionMutation, SetSandboxApiVersionMutationVariables>;
export const PluginEndpointsDocument = "query PluginEndpoints($id: ID!) {\n  plugin(id: $id) {\n    id\n    name\n    apiVersion\n    webhookEndpoints {\n      ...EndpointFields\n    }\n  }\n  webhookHealth(pluginId: $id) {\n    deliveredLast24h\n    failedLast24h\n  }\n  apiVersions {\n    version\n    status\n  }\n  sandboxes {\n    id\n    pluginId\n    status\n    installationId\n    createdAt\n  }\n}\nfragment EndpointFields on WebhookEndpoint {\n  id\n  primary\n  url\n  description\n  events\n  locationIds\n  filter\n  ordering\n  rateLimitPerSecond\n  apiVersion\n  planes\n  status\n  previousSecretExpiresAt\n  createdAt\n  statistics {\n    delivered\n    failed\n    filteredOut\n    successRate\n    since\n  }\n}" as Operation<PluginEndpointsQuery, PluginEndpointsQueryVariables>;
export const SendEndpointTestEventDocument = "mutation SendEndpointTestEvent($id: ID!, $event: String!, $installationId: ID) {\n  sendWebhookEndpointTestEvent(\n    id: $id\n    event: $event\n    installationId: $installationId\n  ) {\n    logId\n  }\n}" as Operation<SendEndpointTestEventMutation, SendEndpointTestEventMutationVariables>;
export const EndpointTestResultDocument = "query EndpointTestResult($id: ID!) {\n  webhookLog(id: $id) {\n    id\n    status\n    attempts\n    httpStatus\n    durationMs\n    errorMessage\n  }\n}" as Operation<EndpointTestResultQuery, EndpointTestResultQueryVariables>;
export const EndpointFilterPreviewDocument = "query EndpointFilterPreview($pluginId: ID!, $input: WebhookEndpointFilterInput!) {\n  webhookEndpointFilterPreview(pluginId: $pluginId, input: $input, last: 20) {\n    examined\n    matched\n    events {\n      eventId\n      event\n      installationId\n      sequence\n      plane\n      locationId\n      occurredAt\n      matched\n      reasons\n    }\n  }\n}" as Operation<EndpointFilterPreviewQuery, EndpointFilterPreviewQueryVariables>;
export const CreateEndpointDocument = "mutation CreateEndpoint($pluginId: ID!, $input: CreateWebhookEndpointInput!) {\n  createWebhookEndpoint(pluginId: $pluginId, input: $input) {\n    endpoint {\n      ...EndpointFields\n    }\n    secret\n    secretStandard\n  }\n}\nfragment EndpointFields on WebhookEndpoint {\n  id\n  primary\n  url\n  description\n  events\n  locationIds\n  filter\n  ordering\n  rateLimitPerSecond\n  apiVersion\n  planes\n  status\n  previousSecretExpiresAt\n  createdAt\n  statistics {\n    delivered\n    failed\n    filteredOut\n    successRate\n    since\n  }\n}" as Operation<CreateEndpointMutation, CreateEndpointMutationVariables>;
export const UpdateEndpointDocument = "mutation UpdateEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n  updateWebhookEndpoint(id: $id, input: $input) {\n    ...EndpointFields\n  }\n}\nfragment EndpointFields on WebhookEndpoint {\n  id\n  primary\n  url\n  description\n  events\n  locationIds\n  filter\n  ordering\n  rateLimitPerSecond\n  apiVersion\n  planes\n  status\n  previousSecretExpiresAt\n  createdAt\n  statistics {\n    delivered\n    failed\n    filteredOut\n    successRate\n    since\n  }\n}" as Operation<UpdateEndpointMutation, UpdateEndpointMutationVariables>;
export const DeleteEndpointDocument = "mutation DeleteEndpoint($id: ID!) {\n  deleteWebhookEndpoint(id: $id) {\n    id\n  }\n}" as Operation<DeleteEndpointMutation, DeleteEndpointMutationVariables>;
export const DisableEndpointDocument = "mutation DisableEndpoint($id: ID!) {\n  disableWebhookEndpoint(id: $id) {\n    ...EndpointFields\n  }\n}\nfragment EndpointFields on WebhookEndpoint {\n  id\n  primary\n  url\n  description\n  events\n  locationIds\n  filter\n  ordering\n  rateLimitPerSecond\n  apiVersion\n  planes\n  status\n  previousSecretExpiresAt\n  createdAt\n  statistics {\n    delivered\n    failed\n    filteredOut\n    successRate\n    since\n  }\n}" as Operation<DisableEndpointMutation, DisableEndpointMutationVariables>;
export const EnableEndpointDocument = "mutation EnableEndpoint($id: ID!) {\n  enableWebhookEndpoint(id: $id) {\n    ...EndpointFields\n  }\n}\nfragment EndpointFields on WebhookEndpoint {\n  id\n  primary\n  url\n  description\n  events\n  locationIds\n  filter\n  ordering\n  rateLimitPerSecond\n  apiVersion\n  planes\n  status\n  previousSecretExpiresAt\n  createdAt\n  statistics {\n    delivered\n    failed\n    filteredOut\n    successRate\n    since\n  }\n}" as Operation<EnableEndpointMutation, EnableEndpointMutationVariables>;
export const RotateEndpointSecretDocument = "mutation RotateEndpointSecret($id: ID!, $overlapHours: Int) {\n  rotateWebhookEndpointSecret(id: $id, overlapHours: $overlapHours) {\n    endpoint {\n      ...EndpointFields\n    }\n    secret\n    secretStandard\n    previousSecretExpiresAt\n  }\n}\nfragment EndpointFields on WebhookEndpoint {\n  id\n  primary\n  url\n  description\n  events\n  locationIds\n  filter\n  ordering\n  rateLimitPerSecond\n  apiVersion\n  planes\n  status\n  previousSecretExpiresAt\n  createdAt\n  statistics {\n    delivered\n    failed\n    filteredOut\n    successRate\n    since\n  }\n}" as Operation<RotateEndpointSecretMutation, RotateEndpointSecretMutationVariables>;
