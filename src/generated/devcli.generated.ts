// DO NOT EDIT. Generated from src/devcli/operations.graphql and src/devcli/mcp/operations.graphql with src/portal/schema.graphql by codegen/devcli.ts (make codegen).
/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
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

export type SandboxStatus =
  | 'provisioning'
  | 'active'
  | 'resetting'
  | 'expired'
  | 'deleted';

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

/**
 * pending_payment: paid plugin installed, checkout not completed. active: Data API and webhooks
 * (during a trial too, with isTrial). removed: removed by the restaurant (terminal). inactive:
 * switched off by the platform (its sandbox was deleted). The Data API answers 403
 * installation_inactive for every status but active.
 */
export type InstallationStatus =
  | 'pending_payment'
  | 'active'
  | 'removed'
  | 'inactive';

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { email: string } };

export type WebhookStreamCursorQueryVariables = Exact<{
  s: string;
}>;


export type WebhookStreamCursorQuery = { webhookStreamCursor: string };

export type WebhookStreamSubscriptionVariables = Exact<{
  s: string;
  e?: Array<string> | string | null | undefined;
  a?: string | null | undefined;
  endpoint?: string | null | undefined;
}>;


export type WebhookStreamSubscription = { webhookStream: { logId: string, deliveryId: string, event: string, body: string, installationId: string, sequence: number, cursor: string, headers: Array<{ name: string, value: string }> } };

export type ReportWebhookStreamResultMutationVariables = Exact<{
  id: string;
  s: number;
  ms: number;
}>;


export type ReportWebhookStreamResultMutation = { reportWebhookStreamResult: { id: string } };

export type SandboxInstallationQueryVariables = Exact<{
  s: string;
}>;


export type SandboxInstallationQuery = { sandbox: { installationId: string | null } | null };

export type RecentDeliveriesQueryVariables = Exact<{
  i: string;
}>;


export type RecentDeliveriesQuery = { webhookLogs: { nodes: Array<{ id: string, direction: WebhookDirection, eventType: string, status: string, httpStatus: number | null, attempts: number, sequence: number | null, listenerHttpStatus: number | null, createdAt: string }> } | null };

export type ResendDeliveryMutationVariables = Exact<{
  id: string;
}>;


export type ResendDeliveryMutation = { redeliverWebhook: { id: string } };

export type ReplayDeliveriesMutationVariables = Exact<{
  i: string;
  since: string;
  f?: boolean | null | undefined;
}>;


export type ReplayDeliveriesMutation = { replayWebhooks: { id: string, total: number } };

export type RunScenarioMutationVariables = Exact<{
  s: string;
  k: ScenarioKind;
  m?: number | null | undefined;
}>;


export type RunScenarioMutation = { run: { id: string, status: ScenarioRunStatus, kind: ScenarioKind, minutes: number, stepsDone: number, stepsTotal: number, eventsEmitted: number, startedAt: string, finishedAt: string | null, error: string | null } };

export type ScenarioRunQueryVariables = Exact<{
  id: string;
}>;


export type ScenarioRunQuery = { run: { id: string, status: ScenarioRunStatus, kind: ScenarioKind, minutes: number, stepsDone: number, stepsTotal: number, eventsEmitted: number, startedAt: string, finishedAt: string | null, error: string | null } | null };

export type CancelScenarioMutationVariables = Exact<{
  id: string;
}>;


export type CancelScenarioMutation = { run: { id: string, status: ScenarioRunStatus, kind: ScenarioKind, minutes: number, stepsDone: number, stepsTotal: number, eventsEmitted: number, startedAt: string, finishedAt: string | null, error: string | null } };

export type AdvanceSandboxClockMutationVariables = Exact<{
  s: string;
  d: number;
}>;


export type AdvanceSandboxClockMutation = { advanceSandboxClock: { id: string, clockOffsetDays: number, clockNow: string } };

export type SetSandboxDeliveryFaultsMutationVariables = Exact<{
  s: string;
  f: DeliveryFaultsInput;
}>;


export type SetSandboxDeliveryFaultsMutation = { setSandboxDeliveryFaults: { id: string, deliveryFaults: { duplicateRate: number, reorderWindowSeconds: number, failFirstAttempt: boolean } } };

export type SimulatePosOrderMutationVariables = Exact<{
  sandboxId: string;
  hold?: boolean | null | undefined;
}>;


export type SimulatePosOrderMutation = { simulatePosOrder: { id: string } | null };

export type SimulatePosSaleMutationVariables = Exact<{
  sandboxId: string;
  o: string;
}>;


export type SimulatePosSaleMutation = { simulatePosSale: { id: string } | null };

export type SimulateOrderPreparedMutationVariables = Exact<{
  sandboxId: string;
  o: string;
}>;


export type SimulateOrderPreparedMutation = { simulateOrderPrepared: { id: string } | null };

export type SimulateAddItemsMutationVariables = Exact<{
  sandboxId: string;
  o: string;
}>;


export type SimulateAddItemsMutation = { simulateAddItems: { id: string } | null };

export type SimulateFailedPaymentMutationVariables = Exact<{
  sandboxId: string;
  o: string;
}>;


export type SimulateFailedPaymentMutation = { simulateFailedPayment: { id: string } | null };

export type SimulateRefundMutationVariables = Exact<{
  sandboxId: string;
  tx: string;
}>;


export type SimulateRefundMutation = { simulateRefund: { id: string } | null };

export type SimulateMenuItemCreatedMutationVariables = Exact<{
  sandboxId: string;
}>;


export type SimulateMenuItemCreatedMutation = { simulateMenuItemCreated: { id: string } | null };

export type SimulateMenuItemDeletedMutationVariables = Exact<{
  sandboxId: string;
  i: string;
}>;


export type SimulateMenuItemDeletedMutation = { simulateMenuItemDeleted: { id: string } | null };

export type SimulateSandboxExpiryWarningMutationVariables = Exact<{
  sandboxId: string;
}>;


export type SimulateSandboxExpiryWarningMutation = { simulateSandboxExpiryWarning: { id: string } | null };

export type SimulateInstallMutationVariables = Exact<{
  sandboxId: string;
}>;


export type SimulateInstallMutation = { simulateInstall: { installationId: string, status: InstallationStatus } | null };

export type SimulateCheckoutMutationVariables = Exact<{
  id: string;
}>;


export type SimulateCheckoutMutation = { simulateCheckout: { status: InstallationStatus, isTrial: boolean } | null };

export type SimulateRemovalMutationVariables = Exact<{
  id: string;
}>;


export type SimulateRemovalMutation = { simulateRemoval: { id: string } | null };

export type SimulateTrialEndingMutationVariables = Exact<{
  id: string;
}>;


export type SimulateTrialEndingMutation = { simulateTrialEnding: { id: string } | null };

export type SimulateTrialConversionMutationVariables = Exact<{
  id: string;
}>;


export type SimulateTrialConversionMutation = { simulateTrialConversion: { id: string } | null };

export type WebhookEndpointsQueryVariables = Exact<{
  p: string;
}>;


export type WebhookEndpointsQuery = { plugin: { webhookEndpoints: Array<{ id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string }> } | null };

export type CreateWebhookEndpointMutationVariables = Exact<{
  p: string;
  input: CreateWebhookEndpointInput;
}>;


export type CreateWebhookEndpointMutation = { createWebhookEndpoint: { secret: string, secretStandard: string, endpoint: { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string } } | null };

export type UpdateWebhookEndpointMutationVariables = Exact<{
  id: string;
  input: UpdateWebhookEndpointInput;
}>;


export type UpdateWebhookEndpointMutation = { updateWebhookEndpoint: { id: string, primary: boolean, url: string, description: string | null, events: Array<string> | null, locationIds: Array<string>, filter: unknown, ordering: WebhookEndpointOrdering, rateLimitPerSecond: number | null, apiVersion: string | null, planes: Array<WebhookEndpointPlane>, status: WebhookEndpointStatus, previousSecretExpiresAt: string | null, createdAt: string } | null };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: string;
}>;


export type DeleteWebhookEndpointMutation = { deleteWebhookEndpoint: { id: string, url: string } | null };

export type SandboxesQueryVariables = Exact<{ [key: string]: never; }>;


export type SandboxesQuery = { sandboxes: Array<{ id: string, name: string, purpose: string, status: SandboxStatus, pluginId: string, installationId: string | null, lastAccessedAt: string, wouldExpireAt: string | null, clockNow: string, createdAt: string }> };

export type SandboxInstallationsQueryVariables = Exact<{ [key: string]: never; }>;


export type SandboxInstallationsQuery = { sandboxes: Array<{ installationId: string | null }> };

export type DeliveriesQueryVariables = Exact<{
  i: string;
  n?: number | null | undefined;
}>;


export type DeliveriesQuery = { webhookLogs: { nodes: Array<{ direction: WebhookDirection, id: string, eventType: string, status: string, httpStatus: number | null, attempts: number, sequence: number | null, listenerHttpStatus: number | null, errorMessage: string | null, redeliveryOf: string | null, createdAt: string }> } | null };

export type WebhookLogInstallationQueryVariables = Exact<{
  id: string;
}>;


export type WebhookLogInstallationQuery = { webhookLog: { installationId: string } | null };

export type RedeliverMutationVariables = Exact<{
  id: string;
}>;


export type RedeliverMutation = { redeliverWebhook: { id: string, eventType: string, status: string, httpStatus: number | null, attempts: number, sequence: number | null, listenerHttpStatus: number | null, errorMessage: string | null, redeliveryOf: string | null, createdAt: string } };

export type DeliveryQueryVariables = Exact<{
  id: string;
}>;


export type DeliveryQuery = { webhookLog: { id: string, eventType: string, status: string, httpStatus: number | null, attempts: number, sequence: number | null, listenerHttpStatus: number | null, errorMessage: string | null, redeliveryOf: string | null, createdAt: string, direction: WebhookDirection, installationId: string, eventId: string | null, payload: unknown, replayId: string | null, request: { body: string, headers: Array<{ name: string, value: string }> | null } | null, deliveryAttempts: Array<{ attempt: number, status: string, httpStatus: number | null, errorMessage: string | null, durationMs: number, attemptedAt: string, headers: Array<{ name: string, value: string }> | null }> } | null, sandboxes: Array<{ installationId: string | null }> };

export type ApiRequestsQueryVariables = Exact<{
  i: string;
  s?: number | null | undefined;
  o?: string | null | undefined;
}>;


export type ApiRequestsQuery = { apiRequests: { nodes: Array<{ id: string, createdAt: string, method: string, path: string, operationId: string | null, status: number, errorCode: string | null, durationMs: number, requestId: string, idempotencyKey: string | null }> } };

export type ApiRequestByIdOrRequestIdQueryVariables = Exact<{
  id: string;
  r: string;
}>;


export type ApiRequestByIdOrRequestIdQuery = { byId: { id: string, createdAt: string, method: string, path: string, operationId: string | null, status: number, errorCode: string | null, durationMs: number, requestId: string, idempotencyKey: string | null, installationId: string, clientIp: string, requestBody: string | null, responseBody: string | null } | null, byRequestId: { id: string, createdAt: string, method: string, path: string, operationId: string | null, status: number, errorCode: string | null, durationMs: number, requestId: string, idempotencyKey: string | null, installationId: string, clientIp: string, requestBody: string | null, responseBody: string | null } | null, sandboxes: Array<{ installationId: string | null }> };

export type ApiRequestByRequestIdQueryVariables = Exact<{
  r: string;
}>;


export type ApiRequestByRequestIdQuery = { byRequestId: { id: string, createdAt: string, method: string, path: string, operationId: string | null, status: number, errorCode: string | null, durationMs: number, requestId: string, idempotencyKey: string | null, installationId: string, clientIp: string, requestBody: string | null, responseBody: string | null } | null, sandboxes: Array<{ installationId: string | null }> };

/** A GraphQL document whose result is R and whose variables are V (types only). */
export type Operation<R, V> = string & { readonly __result?: R; readonly __variables?: V };
export const MeDocument = "query Me {\n  me {\n    email\n  }\n}" as Operation<MeQuery, MeQueryVariables>;
export const WebhookStreamCursorDocument = "query WebhookStreamCursor($s: ID!) {\n  webhookStreamCursor(sandboxId: $s)\n}" as Operation<WebhookStreamCursorQuery, WebhookStreamCursorQueryVariables>;
export const WebhookStreamDocument = "subscription WebhookStream($s: ID!, $e: [String!], $a: String, $endpoint: ID) {\n  webhookStream(sandboxId: $s, events: $e, after: $a, endpointId: $endpoint) {\n    logId\n    deliveryId\n    event\n    headers {\n      name\n      value\n    }\n    body\n    installationId\n    sequence\n    cursor\n  }\n}" as Operation<WebhookStreamSubscription, WebhookStreamSubscriptionVariables>;
export const ReportWebhookStreamResultDocument = "mutation ReportWebhookStreamResult($id: ID!, $s: Int!, $ms: Int!) {\n  reportWebhookStreamResult(logId: $id, status: $s, durationMs: $ms) {\n    id\n  }\n}" as Operation<ReportWebhookStreamResultMutation, ReportWebhookStreamResultMutationVariables>;
export const SandboxInstallationDocument = "query SandboxInstallation($s: ID!) {\n  sandbox(id: $s) {\n    installationId\n  }\n}" as Operation<SandboxInstallationQuery, SandboxInstallationQueryVariables>;
export const RecentDeliveriesDocument = "query RecentDeliveries($i: ID!) {\n  webhookLogs(installationId: $i, first: 50) {\n    nodes {\n      id\n      direction\n      eventType\n      status\n      httpStatus\n      attempts\n      sequence\n      listenerHttpStatus\n      createdAt\n    }\n  }\n}" as Operation<RecentDeliveriesQuery, RecentDeliveriesQueryVariables>;
export const ResendDeliveryDocument = "mutation ResendDelivery($id: ID!) {\n  redeliverWebhook(logId: $id) {\n    id\n  }\n}" as Operation<ResendDeliveryMutation, ResendDeliveryMutationVariables>;
export const ReplayDeliveriesDocument = "mutation ReplayDeliveries($i: ID!, $since: DateTime!, $f: Boolean) {\n  replayWebhooks(installationId: $i, since: $since, onlyFailed: $f) {\n    id\n    total\n  }\n}" as Operation<ReplayDeliveriesMutation, ReplayDeliveriesMutationVariables>;
export const RunScenarioDocument = "mutation RunScenario($s: ID!, $k: ScenarioKind!, $m: Int) {\n  run: runScenario(sandboxId: $s, scenario: $k, minutes: $m) {\n    id\n    status\n    kind\n    minutes\n    stepsDone\n    stepsTotal\n    eventsEmitted\n    startedAt\n    finishedAt\n    error\n  }\n}" as Operation<RunScenarioMutation, RunScenarioMutationVariables>;
export const ScenarioRunDocument = "query ScenarioRun($id: ID!) {\n  run: scenarioRun(id: $id) {\n    id\n    status\n    kind\n    minutes\n    stepsDone\n    stepsTotal\n    eventsEmitted\n    startedAt\n    finishedAt\n    error\n  }\n}" as Operation<ScenarioRunQuery, ScenarioRunQueryVariables>;
export const CancelScenarioDocument = "mutation CancelScenario($id: ID!) {\n  run: cancelScenario(id: $id) {\n    id\n    status\n    kind\n    minutes\n    stepsDone\n    stepsTotal\n    eventsEmitted\n    startedAt\n    finishedAt\n    error\n  }\n}" as Operation<CancelScenarioMutation, CancelScenarioMutationVariables>;
export const AdvanceSandboxClockDocument = "mutation AdvanceSandboxClock($s: ID!, $d: Int!) {\n  advanceSandboxClock(sandboxId: $s, days: $d) {\n    id\n    clockOffsetDays\n    clockNow\n  }\n}" as Operation<AdvanceSandboxClockMutation, AdvanceSandboxClockMutationVariables>;
export const SetSandboxDeliveryFaultsDocument = "mutation SetSandboxDeliveryFaults($s: ID!, $f: DeliveryFaultsInput!) {\n  setSandboxDeliveryFaults(sandboxId: $s, faults: $f) {\n    id\n    deliveryFaults {\n      duplicateRate\n      reorderWindowSeconds\n      failFirstAttempt\n    }\n  }\n}" as Operation<SetSandboxDeliveryFaultsMutation, SetSandboxDeliveryFaultsMutationVariables>;
export const SimulatePosOrderDocument = "mutation SimulatePosOrder($sandboxId: ID!, $hold: Boolean) {\n  simulatePosOrder(sandboxId: $sandboxId, input: {hold: $hold, partySize: 2}) {\n    id\n  }\n}" as Operation<SimulatePosOrderMutation, SimulatePosOrderMutationVariables>;
export const SimulatePosSaleDocument = "mutation SimulatePosSale($sandboxId: ID!, $o: ID!) {\n  simulatePosSale(\n    sandboxId: $sandboxId\n    orderId: $o\n    input: {viaCardProcessor: true}\n  ) {\n    id\n  }\n}" as Operation<SimulatePosSaleMutation, SimulatePosSaleMutationVariables>;
export const SimulateOrderPreparedDocument = "mutation SimulateOrderPrepared($sandboxId: ID!, $o: ID!) {\n  simulateOrderPrepared(sandboxId: $sandboxId, orderId: $o) {\n    id\n  }\n}" as Operation<SimulateOrderPreparedMutation, SimulateOrderPreparedMutationVariables>;
export const SimulateAddItemsDocument = "mutation SimulateAddItems($sandboxId: ID!, $o: ID!) {\n  simulateAddItems(\n    sandboxId: $sandboxId\n    orderId: $o\n    items: [{itemId: 7, quantity: 1}]\n  ) {\n    id\n  }\n}" as Operation<SimulateAddItemsMutation, SimulateAddItemsMutationVariables>;
export const SimulateFailedPaymentDocument = "mutation SimulateFailedPayment($sandboxId: ID!, $o: ID!) {\n  simulateFailedPayment(sandboxId: $sandboxId, orderId: $o) {\n    id\n  }\n}" as Operation<SimulateFailedPaymentMutation, SimulateFailedPaymentMutationVariables>;
export const SimulateRefundDocument = "mutation SimulateRefund($sandboxId: ID!, $tx: ID!) {\n  simulateRefund(sandboxId: $sandboxId, transactionId: $tx, reason: \"svc trigger\") {\n    id\n  }\n}" as Operation<SimulateRefundMutation, SimulateRefundMutationVariables>;
export const SimulateMenuItemCreatedDocument = "mutation SimulateMenuItemCreated($sandboxId: ID!) {\n  simulateMenuItemCreated(\n    sandboxId: $sandboxId\n    input: {name: \"svc trigger special\", price: \"9.50\"}\n  ) {\n    id\n  }\n}" as Operation<SimulateMenuItemCreatedMutation, SimulateMenuItemCreatedMutationVariables>;
export const SimulateMenuItemDeletedDocument = "mutation SimulateMenuItemDeleted($sandboxId: ID!, $i: ID!) {\n  simulateMenuItemDeleted(sandboxId: $sandboxId, itemId: $i) {\n    id\n  }\n}" as Operation<SimulateMenuItemDeletedMutation, SimulateMenuItemDeletedMutationVariables>;
export const SimulateSandboxExpiryWarningDocument = "mutation SimulateSandboxExpiryWarning($sandboxId: ID!) {\n  simulateSandboxExpiryWarning(sandboxId: $sandboxId) {\n    id\n  }\n}" as Operation<SimulateSandboxExpiryWarningMutation, SimulateSandboxExpiryWarningMutationVariables>;
export const SimulateInstallDocument = "mutation SimulateInstall($sandboxId: ID!) {\n  simulateInstall(sandboxId: $sandboxId) {\n    installationId\n    status\n  }\n}" as Operation<SimulateInstallMutation, SimulateInstallMutationVariables>;
export const SimulateCheckoutDocument = "mutation SimulateCheckout($id: ID!) {\n  simulateCheckout(installationId: $id) {\n    status\n    isTrial\n  }\n}" as Operation<SimulateCheckoutMutation, SimulateCheckoutMutationVariables>;
export const SimulateRemovalDocument = "mutation SimulateRemoval($id: ID!) {\n  simulateRemoval(installationId: $id) {\n    id\n  }\n}" as Operation<SimulateRemovalMutation, SimulateRemovalMutationVariables>;
export const SimulateTrialEndingDocument = "mutation SimulateTrialEnding($id: ID!) {\n  simulateTrialEnding(installationId: $id) {\n    id\n  }\n}" as Operation<SimulateTrialEndingMutation, SimulateTrialEndingMutationVariables>;
export const SimulateTrialConversionDocument = "mutation SimulateTrialConversion($id: ID!) {\n  simulateTrialConversion(installationId: $id) {\n    id\n  }\n}" as Operation<SimulateTrialConversionMutation, SimulateTrialConversionMutationVariables>;
export const WebhookEndpointsDocument = "query WebhookEndpoints($p: ID!) {\n  plugin(id: $p) {\n    webhookEndpoints {\n      id\n      primary\n      url\n      description\n      events\n      locationIds\n      filter\n      ordering\n      rateLimitPerSecond\n      apiVersion\n      planes\n      status\n      previousSecretExpiresAt\n      createdAt\n    }\n  }\n}" as Operation<WebhookEndpointsQuery, WebhookEndpointsQueryVariables>;
export const CreateWebhookEndpointDocument = "mutation CreateWebhookEndpoint($p: ID!, $input: CreateWebhookEndpointInput!) {\n  createWebhookEndpoint(pluginId: $p, input: $input) {\n    endpoint {\n      id\n      primary\n      url\n      description\n      events\n      locationIds\n      filter\n      ordering\n      rateLimitPerSecond\n      apiVersion\n      planes\n      status\n      previousSecretExpiresAt\n      createdAt\n    }\n    secret\n    secretStandard\n  }\n}" as Operation<CreateWebhookEndpointMutation, CreateWebhookEndpointMutationVariables>;
export const UpdateWebhookEndpointDocument = "mutation UpdateWebhookEndpoint($id: ID!, $input: UpdateWebhookEndpointInput!) {\n  updateWebhookEndpoint(id: $id, input: $input) {\n    id\n    primary\n    url\n    description\n    events\n    locationIds\n    filter\n    ordering\n    rateLimitPerSecond\n    apiVersion\n    planes\n    status\n    previousSecretExpiresAt\n    createdAt\n  }\n}" as Operation<UpdateWebhookEndpointMutation, UpdateWebhookEndpointMutationVariables>;
export const DeleteWebhookEndpointDocument = "mutation DeleteWebhookEndpoint($id: ID!) {\n  deleteWebhookEndpoint(id: $id) {\n    id\n    url\n  }\n}" as Operation<DeleteWebhookEndpointMutation, DeleteWebhookEndpointMutationVariables>;
export const SandboxesDocument = "query Sandboxes {\n  sandboxes {\n    id\n    name\n    purpose\n    status\n    pluginId\n    installationId\n    lastAccessedAt\n    wouldExpireAt\n    clockNow\n    createdAt\n  }\n}" as Operation<SandboxesQuery, SandboxesQueryVariables>;
export const SandboxInstallationsDocument = "query SandboxInstallations {\n  sandboxes {\n    installationId\n  }\n}" as Operation<SandboxInstallationsQuery, SandboxInstallationsQueryVariables>;
export const DeliveriesDocument = "query Deliveries($i: ID!, $n: Int) {\n  webhookLogs(installationId: $i, first: $n) {\n    nodes {\n      direction\n      id\n      eventType\n      status\n      httpStatus\n      attempts\n      sequence\n      listenerHttpStatus\n      errorMessage\n      redeliveryOf\n      createdAt\n    }\n  }\n}" as Operation<DeliveriesQuery, DeliveriesQueryVariables>;
export const WebhookLogInstallationDocument = "query WebhookLogInstallation($id: ID!) {\n  webhookLog(id: $id) {\n    installationId\n  }\n}" as Operation<WebhookLogInstallationQuery, WebhookLogInstallationQueryVariables>;
export const RedeliverDocument = "mutation Redeliver($id: ID!) {\n  redeliverWebhook(logId: $id) {\n    id\n    eventType\n    status\n    httpStatus\n    attempts\n    sequence\n    listenerHttpStatus\n    errorMessage\n    redeliveryOf\n    createdAt\n  }\n}" as Operation<RedeliverMutation, RedeliverMutationVariables>;
export const DeliveryDocument = "query Delivery($id: ID!) {\n  webhookLog(id: $id) {\n    id\n    eventType\n    status\n    httpStatus\n    attempts\n    sequence\n    listenerHttpStatus\n    errorMessage\n    redeliveryOf\n    createdAt\n    direction\n    installationId\n    eventId\n    payload\n    replayId\n    request {\n      headers {\n        name\n        value\n      }\n      body\n    }\n    deliveryAttempts {\n      attempt\n      status\n      httpStatus\n      errorMessage\n      durationMs\n      attemptedAt\n      headers {\n        name\n        value\n      }\n    }\n  }\n  sandboxes {\n    installationId\n  }\n}" as Operation<DeliveryQuery, DeliveryQueryVariables>;
export const ApiRequestsDocument = "query ApiRequests($i: ID!, $s: Int, $o: String) {\n  apiRequests(installationId: $i, first: 50, status: $s, operationId: $o) {\n    nodes {\n      id\n      createdAt\n      method\n      path\n      operationId\n      status\n      errorCode\n      durationMs\n      requestId\n      idempotencyKey\n    }\n  }\n}" as Operation<ApiRequestsQuery, ApiRequestsQueryVariables>;
export const ApiRequestByIdOrRequestIdDocument = "query ApiRequestByIdOrRequestId($id: ID!, $r: String!) {\n  byId: apiRequest(id: $id) {\n    id\n    createdAt\n    method\n    path\n    operationId\n    status\n    errorCode\n    durationMs\n    requestId\n    idempotencyKey\n    installationId\n    clientIp\n    requestBody\n    responseBody\n  }\n  byRequestId: apiRequestByRequestId(requestId: $r) {\n    id\n    createdAt\n    method\n    path\n    operationId\n    status\n    errorCode\n    durationMs\n    requestId\n    idempotencyKey\n    installationId\n    clientIp\n    requestBody\n    responseBody\n  }\n  sandboxes {\n    installationId\n  }\n}" as Operation<ApiRequestByIdOrRequestIdQuery, ApiRequestByIdOrRequestIdQueryVariables>;
export const ApiRequestByRequestIdDocument = "query ApiRequestByRequestId($r: String!) {\n  byRequestId: apiRequestByRequestId(requestId: $r) {\n    id\n    createdAt\n    method\n    path\n    operationId\n    status\n    errorCode\n    durationMs\n    requestId\n    idempotencyKey\n    installationId\n    clientIp\n    requestBody\n    responseBody\n  }\n  sandboxes {\n    installationId\n  }\n}" as Operation<ApiRequestByRequestIdQuery, ApiRequestByRequestIdQueryVariables>;
