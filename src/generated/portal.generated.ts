// DO NOT EDIT. Generated from src/portal/schema.graphql by codegen/portal.ts (make codegen).
/* eslint-disable */
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { WebhookLogView } from '../portal/views/webhook-log-views.js';
import type { PluginView } from '../domain/plugins/index.js';
import type { WebhookEndpointView } from '../domain/webhooks/index.js';
import type { PortalContext } from '../portal/context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string | number; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** ISO 8601 timestamp with an offset, e.g. 2026-03-24T03:00:04.482Z. */
  DateTime: { input: Date; output: Date; }
  /** Any JSON value. */
  JSON: { input: unknown; output: unknown; }
};

export type AccessLevel =
  /** Anyone, without credentials. */
  | 'public'
  /** A portal session only, never a developer key. */
  | 'session'
  /** A portal session, or a developer key with plugins:read. */
  | 'read'
  /** A portal session, or a developer key with plugins:write. */
  | 'write'
  /** A platform operator's portal session. */
  | 'operator';

export type RateLimitBucket =
  /** signUp and logIn: 10 a minute per IP (per /64 for IPv6). */
  | 'login'
  /** The simulate* mutations: 30 a minute per IP. */
  | 'simulate';

export type Query = {
  __typename?: 'Query';
  /** The account of the caller. */
  me: Developer;
  /** The account's developer keys, active first. Portal session only. */
  developerKeys: Array<DeveloperKey>;
  /** The caller's projects with their plugins. */
  myDeveloperProjects: Array<Project>;
  /** One of the caller's plugins. */
  plugin?: Maybe<Plugin>;
  /** The caller's sandboxes (deleted ones are gone). */
  sandboxes: Array<Sandbox>;
  sandbox?: Maybe<Sandbox>;
  /** One webhook log entry of an installation of the caller's plugins. */
  webhookLog?: Maybe<WebhookLog>;
  /**
   * An installation's webhook log, newest first. `first` is 1 to 100 (more is `validation_error` naming
   * `first`). `endpointId` keeps the outbound deliveries to one webhook endpoint (its id, or "primary"
   * for the listing's webhook_endpoint).
   */
  webhookLogs?: Maybe<WebhookLogConnection>;
  /**
   * The outbound deliveries of every installation of the caller's plugins, newest first (the
   * dashboard's "Webhook deliveries"): filter by `installationId`, `status` (pending, delivered,
   * failed, skipped, acknowledged), `event` (an event name) and `endpointId` (a webhook endpoint's
   * id, or "primary" for the listing's webhook_endpoint). `first` is 1 to 100.
   */
  webhookDeliveries: WebhookLogConnection;
  /**
   * An installation's Data API requests, newest first (kept SVC_REQUEST_LOG_RETENTION_DAYS, 30 by
   * default): filter by HTTP `status`, `operationId` (as in openapi.yaml) and `since`. `first` is 1
   * to 100 (more is `validation_error` naming `first`). Entries appear within a second of the answer.
   */
  apiRequests: ApiRequestConnection;
  /** One Data API request of an installation of the caller's plugins (its id, or null). */
  apiRequest?: Maybe<ApiRequest>;
  /** The Data API request of an X-Request-Id (the request_id of any error body), when it is one of an installation of the caller's plugins. */
  apiRequestByRequestId?: Maybe<ApiRequest>;
  /** A replay of an installation of the caller's plugins, with its progress. */
  webhookReplay?: Maybe<WebhookReplay>;
  /** A scenario run in one of the caller's sandboxes, with its progress. */
  scenarioRun?: Maybe<ScenarioRun>;
  /** Delivery health of every installation of one of the caller's plugins, by installation id. */
  webhookHealth: Array<InstallationWebhookHealth>;
  /**
   * Which of the last `last` (1 to 100, the default) events of the plugin's installations (their
   * events feeds, production and sandboxes, newest first) an endpoint with these settings would have
   * received, each with why not when it would not: an event it does not select, a plane or location
   * outside its own, or the filter conditions the payload fails (evaluated on the envelope as the
   * endpoint's API version delivers it). The settings are checked as createWebhookEndpoint checks them.
   */
  webhookEndpointFilterPreview: WebhookEndpointFilterPreview;
  /**
   * The position of a sandbox's event stream now (every installation of the sandbox at its last
   * sequence): pass it as webhookStream's `after` so that nothing emitted from now on is missed.
   * It announces a listener for 30 seconds first, so that the events of installations without a
   * webhook endpoint emitted from now on are addressed to the stream too: subscribe within that time.
   */
  webhookStreamCursor: Scalars['String']['output'];
  /** Every dated Data API version, newest first, with its status, sunset and changes. */
  apiVersions: Array<ApiVersion>;
  /** Operator: listings by status (every status but deleted when omitted), least recently changed first, at most 500. */
  listings: Array<Plugin>;
  /** Operator: a production organization with its locations. */
  organization?: Maybe<Organization>;
};


export type QueryPluginArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySandboxArgs = {
  id: Scalars['ID']['input'];
};


export type QueryWebhookLogArgs = {
  id: Scalars['ID']['input'];
};


export type QueryWebhookLogsArgs = {
  installationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  endpointId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryWebhookDeliveriesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  installationId?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  event?: InputMaybe<Scalars['String']['input']>;
  endpointId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryApiRequestsArgs = {
  installationId: Scalars['ID']['input'];
  first?: InputMaybe<Scalars['Int']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['Int']['input']>;
  operationId?: InputMaybe<Scalars['String']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
};


export type QueryApiRequestArgs = {
  id: Scalars['ID']['input'];
};


export type QueryApiRequestByRequestIdArgs = {
  requestId: Scalars['String']['input'];
};


export type QueryWebhookReplayArgs = {
  id: Scalars['ID']['input'];
};


export type QueryScenarioRunArgs = {
  id: Scalars['ID']['input'];
};


export type QueryWebhookHealthArgs = {
  pluginId: Scalars['ID']['input'];
};


export type QueryWebhookEndpointFilterPreviewArgs = {
  pluginId: Scalars['ID']['input'];
  input: WebhookEndpointFilterInput;
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryWebhookStreamCursorArgs = {
  sandboxId: Scalars['ID']['input'];
};


export type QueryListingsArgs = {
  status?: InputMaybe<ListingStatus>;
};


export type QueryOrganizationArgs = {
  id: Scalars['ID']['input'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /**
   * The deliveries of one of the caller's sandboxes, live, over Server-Sent Events (POST /graphql
   * with Accept: text/event-stream): each event addressed to an installation of the sandbox, as the
   * exact body and headers its webhook endpoint gets, signed with the plugin's sandbox secret. `events`
   * filters by name or family wildcard (order.*). `after` (a cursor of webhookStreamCursor or of a
   * previous event) resumes without losing or repeating an event; without it the stream starts now.
   * While a stream is open, the sandbox's deliveries also go to it when the plugin has no endpoint or
   * one the destination guard refuses: such a delivery is logged as delivered to the listener (a
   * refused one only when the stream was opened with plugins:write or a session; a plugins:read key
   * only reads). A developer has at most 10 open streams (the 11th is refused with
   * `stream_limit_reached`); a stream ends when its developer key is revoked, its session expires or
   * the sandbox is deleted (checked every 10 seconds), and after an hour: reconnect with the last cursor.
   * With `endpointId` (one of the plugin's webhook endpoints that receives sandbox traffic): only the
   * events that endpoint receives (its events, locations and filter), as it gets them: signed with its
   * secret, in its API version, with its ordering_key. Watching does not change its deliveries. An
   * endpoint of another plugin is not_found; one without SANDBOX in its planes is validation_error.
   */
  webhookStream: WebhookStreamEvent;
};


export type SubscriptionWebhookStreamArgs = {
  sandboxId: Scalars['ID']['input'];
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  after?: InputMaybe<Scalars['String']['input']>;
  endpointId?: InputMaybe<Scalars['ID']['input']>;
};

export type Header = {
  __typename?: 'Header';
  name: Scalars['String']['output'];
  value: Scalars['String']['output'];
};

export type WebhookStreamEvent = {
  __typename?: 'WebhookStreamEvent';
  /** The delivery's log entry (report the local answer with reportWebhookStreamResult). */
  logId: Scalars['ID']['output'];
  /** X-Svc-Delivery. */
  deliveryId: Scalars['String']['output'];
  event: Scalars['String']['output'];
  /** The headers the webhook endpoint gets (X-Svc-Signature, webhook-signature, ...). */
  headers: Array<Header>;
  /** The exact body bytes, as UTF-8 text. */
  body: Scalars['String']['output'];
  installationId: Scalars['ID']['output'];
  /** The event's number in its installation's sequence. */
  sequence: Scalars['Int']['output'];
  /** The stream's position after this event: pass it as `after` to resume. */
  cursor: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Creates an account and returns a portal session. Rate-limited per IP with logIn. */
  signUp?: Maybe<AuthPayload>;
  /**
   * Returns a portal session. Rate-limited per IP (per /64 for IPv6) with signUp. After 5 failed
   * attempts for one email (known or not) each further one waits twice as long as the one before
   * (1 s, 2 s, ... up to 15 minutes, cleared by a successful log-in): an attempt during the wait is
   * `rate_limit_exceeded` with `extensions.retry_after`, and so is one while the server is already
   * checking as many passwords as it allows at once.
   */
  logIn?: Maybe<AuthPayload>;
  /**
   * Ends the portal session the request is sent with (its bearer token, or the dashboard's cookie):
   * from the next request on, in every process, it is refused with authentication_failed. With
   * `everywhere: true`, ends every session of the account, this one included (developer keys are
   * not sessions: revoke them with revokeDeveloperKey); that needs a portal session. For the
   * dashboard (/dashboard) it also clears the session cookie, which signUp and logIn set (HttpOnly,
   * SameSite=Strict, for as long as the session) when the request carries the header
   * X-Svc-Dashboard: 1; a request with that header and no Authorization is authenticated by the
   * cookie. Without a session there is nothing to end (with `everywhere: true`:
   * authentication_failed). Always true.
   */
  logOut: Scalars['Boolean']['output'];
  /** Records acceptance of a developer agreement version (e.g. 2026-01). Portal session only. */
  acceptDeveloperAgreement?: Maybe<Developer>;
  /** Mints a developer key; `key` is shown once. At most 10 active keys. Portal session only. */
  createDeveloperKey?: Maybe<CreateDeveloperKeyPayload>;
  /** Revokes a developer key at once. Portal session only. */
  revokeDeveloperKey?: Maybe<DeveloperKey>;
  createProject?: Maybe<Project>;
  /** Creates a draft listing; `webhookSecret` is shown once. */
  createPlugin?: Maybe<CreatePluginPayload>;
  /** Changes listing settings: absent fields stay, null clears a nullable one. */
  updatePlugin?: Maybe<Plugin>;
  /**
   * Replaces the webhook secret (shown once) and signs with the new one at once. For `overlapHours`
   * (0 to 168, default 24) the previous secret keeps working: outbound webhooks carry its signature
   * too (`X-Svc-Signature-Previous`, a second `webhook-signature`) and inbound ones signed with it are
   * accepted. 0 stops the previous secret at once. Rotating during an overlap replaces the previous
   * secret with the one rotated out. Outside 0..168: validation_error. `plane` picks the secret: the
   * production one (default, shown at createPlugin) or the sandbox one that signs every sandbox
   * installation's webhooks (shown by provisionSandbox); each rotates with its own overlap.
   */
  rotateWebhookSecret?: Maybe<RotateWebhookSecretPayload>;
  /** Ends a rotation's overlap now: from the next delivery and request on, only the plane's current secret works. */
  expireWebhookSecret?: Maybe<Plugin>;
  /**
   * Pins the plugin's Data API version (REST and webhooks together). A plugin that is not live may
   * pin any supported version; a live one only moves forward, or back to its previous version within
   * 72 hours of an upgrade (otherwise validation_error saying why). An unknown or sunset version is
   * invalid_api_version. Portal session only: a developer key may only move sandboxes.
   */
  setPluginApiVersion?: Maybe<Plugin>;
  /** Pins a sandbox's own Data API version (any supported one); null follows the plugin's again. */
  setSandboxApiVersion?: Maybe<Sandbox>;
  /** Sends a draft or rejected listing to review. */
  submitPluginForReview?: Maybe<Plugin>;
  /**
   * Adds a webhook endpoint to the plugin (at most 50 besides the listing's webhook_endpoint, the
   * primary one). Its own signing secret is in the payload, shown this once. It receives the events
   * it selects from then on, each its own delivery (webhookLogs' endpointId); an event its filter
   * rules out leaves no log entry. With ordering ORDER an order's events reach it one at a time, in sequence
   * order (ordering_key in the envelope; /docs/webhooks). An endpoint that receives production
   * traffic (planes has PRODUCTION, the default) needs a portal session (portal_session_required for
   * a developer key); a key may create sandbox-only ones. A URL the destination guard refuses, a filter
   * path no selected event has or a value of the wrong type, and a limit passed are validation_error
   * naming the field; an unknown or sunset apiVersion is invalid_api_version.
   */
  createWebhookEndpoint?: Maybe<CreateWebhookEndpointPayload>;
  /**
   * Changes an endpoint: absent fields stay, null clears a nullable one (events: every event again;
   * apiVersion: the plugin's pin). Changing the url of an endpoint that receives production traffic, or
   * adding PRODUCTION to its planes, needs a portal session. The primary endpoint (id "primary") is the
   * listing's: change it with updatePlugin (validation_error here).
   */
  updateWebhookEndpoint?: Maybe<WebhookEndpoint>;
  /** Deletes an endpoint and its secret; returns it as it was. */
  deleteWebhookEndpoint?: Maybe<WebhookEndpoint>;
  /** Stops an endpoint's deliveries (status DISABLED); its settings and secret stay. */
  disableWebhookEndpoint?: Maybe<WebhookEndpoint>;
  /** Starts a disabled endpoint's deliveries again (status ENABLED). */
  enableWebhookEndpoint?: Maybe<WebhookEndpoint>;
  /**
   * Replaces an endpoint's signing secret (shown once), as rotateWebhookSecret does the plugin's: for
   * `overlapHours` (0 to 168, default 24) the previous one keeps signing beside it. An endpoint that
   * receives production traffic needs a portal session.
   */
  rotateWebhookEndpointSecret?: Maybe<RotateWebhookEndpointSecretPayload>;
  /**
   * Creates a sandbox data plane with demo restaurant data and an active installation of the plugin.
   * The installation key and the webhook secret are shown once. A developer has at most 10 live
   * sandboxes (every status but deleted, expired ones included); past that, validation_error: delete
   * one with deleteSandbox first.
   */
  provisionSandbox?: Maybe<ProvisionSandboxPayload>;
  /**
   * Drops and recreates the sandbox's data with fresh demo data; keys stay. The Data API answers
   * 409 sandbox_resetting meanwhile. Also brings an expired sandbox back.
   */
  resetSandbox?: Maybe<Sandbox>;
  /** Keeps the sandbox from idle expiry for `days` (1 to 90) days from now; never shortens a window. */
  protectSandbox?: Maybe<Sandbox>;
  /** Drops the sandbox's data and deactivates its installation. */
  deleteSandbox?: Maybe<Sandbox>;
  /** A new installation key, shown once. The old key fails on the very next request. */
  regenerateInstallationKey?: Maybe<RegenerateInstallationKeyPayload>;
  /** Fires a real, signed webhook of `event` at the installation's plugin; poll the log by id. */
  testWebhook?: Maybe<TestWebhookPayload>;
  /**
   * Fires a real, signed webhook of `event` at one of the plugin's endpoints, as testWebhook does at
   * the listing's: a sample payload built from the installation's data, signed with the endpoint's
   * own secret (and its previous one during a rotation's overlap), in the endpoint's apiVersion, to
   * its URL through the destination guard, with the usual retries; poll webhookLog by the id (its
   * webhookEndpointId names the endpoint). The content filter and locationIds do not apply to a test.
   * `installationId`: one of the plugin's installations on a plane the endpoint receives
   * (validation_error otherwise); omitted, the newest active sandbox installation if the endpoint
   * receives sandbox traffic, else the newest active production one (validation_error when there is
   * none). An installation that is not active, a disabled endpoint or an event the endpoint does not
   * select leaves a `skipped` log entry saying why. The rules are testWebhook's: production
   * installations need no portal session. For id "primary" it is testWebhook with that choice of
   * installation.
   */
  sendWebhookEndpointTestEvent?: Maybe<TestWebhookPayload>;
  /**
   * Sends an outbound delivery's event again now, to the installation's current endpoint: a new
   * delivery (new X-Svc-Delivery, its own attempts) with the same envelope id and sequence. The new
   * log entry's redeliveryOf names the original. validation_error for an inbound or skipped entry,
   * or an event past the retention window.
   */
  redeliverWebhook: WebhookLog;
  /**
   * Re-sends every event of the installation that occurred in [since, until) (until: now when
   * omitted), only those whose newest delivery failed unless onlyFailed is false, in sequence order,
   * each as a new delivery with its own attempts. One running replay per installation (conflict
   * otherwise); at most 10,000 events (validation_error: narrow the range). A plugin's replays resend
   * at most SVC_WEBHOOK_REPLAY_EVENTS_PER_DAY events (50,000 by default) in any 24 hours; past that,
   * rate_limit_exceeded with `retry_after` (seconds). Follow it with webhookReplay.
   * With `endpointId` (a webhook endpoint's id, or "primary"): only the events that endpoint received
   * (their newest delivery to it failed, unless onlyFailed is false), resent to it, signed with its
   * secret; the other endpoints get nothing. Without it, each event goes to the endpoint of the
   * delivery the events feed names. An endpoint of another plugin is not_found.
   */
  replayWebhooks: WebhookReplay;
  /**
   * Records on a delivery's log entry the answer of the local endpoint a webhookStream listener
   * (svc listen) forwarded it to: its HTTP status (0 when it could not be reached) and duration.
   * Only deliveries handed to the listener: a sandbox delivery whose last attempt went to "svc listen"
   * (or still pending with no attempt while a stream is open); others are validation_error. One
   * report per delivery: the same report again changes nothing, a different one is `conflict`. A
   * delivery whose local answer is not 2xx becomes `failed`, as an endpoint's would: replays of failed
   * deliveries and webhookHealth count it. Redeliveries and replays of a sandbox reach its open streams too.
   */
  reportWebhookStreamResult: WebhookLog;
  /**
   * A new installation of the sandbox's plugin at the sandbox's demo location, as a restaurant would
   * install it: a free listing is active at once (installation.created), a paid one waits in
   * pending_payment for simulateCheckout. Exchange `setupToken` for its key.
   */
  simulateInstall?: Maybe<InstallPluginPayload>;
  /** Completes the checkout of a pending_payment sandbox installation: trial.started or subscription.activated. */
  simulateCheckout?: Maybe<Installation>;
  /** Runs the trial sweep for this installation as if 3 days before its trial ends: trial.ending. */
  simulateTrialEnding?: Maybe<Installation>;
  /** Runs the trial sweep for this installation as if at its trial's end: it converts (subscription.activated). */
  simulateTrialConversion?: Maybe<Installation>;
  /** The restaurant removes the installation: installation.removed while it is still active. */
  simulateRemoval?: Maybe<Installation>;
  /** A point-of-sale order: order.created, or with `hold` a PENDING order that emits nothing until released. */
  simulatePosOrder?: Maybe<RestaurantOrder>;
  /** PENDING -> CREATED: order.created once, without total, party_size and created_at; order.status_changed. */
  simulateReleaseOrder?: Maybe<RestaurantOrder>;
  /** Adds lines to an open order and raises its total: order.items_added (counts are order lines). */
  simulateAddItems?: Maybe<RestaurantOrder>;
  /** The kitchen marks a CREATED or COOKING order prepared (internal PREPARED): order.status_changed. */
  simulateOrderPrepared?: Maybe<RestaurantOrder>;
  /**
   * A sale at the point of sale: payment.succeeded (observer shape; processor_payment_intent_id set
   * only with viaCardProcessor). Clearing the balance makes the order PAID: order.paid.
   */
  simulatePosSale?: Maybe<RestaurantTransaction>;
  /** A declined payment: payment.failed; the order is unchanged. */
  simulateFailedPayment?: Maybe<RestaurantTransaction>;
  /** Refunds a succeeded sale in full: payment.refunded (a PAID order becomes REFUNDED or PARTIALLY_REFUNDED). */
  simulateRefund?: Maybe<RestaurantTransaction>;
  /** A new menu item at the sandbox's demo location: menu.item_created. */
  simulateMenuItemCreated?: Maybe<RestaurantMenuItem>;
  /** Deletes a menu item of the sandbox's demo location: menu.item_deleted. */
  simulateMenuItemDeleted?: Maybe<DeletedMenuItem>;
  /**
   * The idle sweep's warning for this sandbox, now (sandbox.expiry_warning, with the date the sandbox
   * would expire if it stays idle): what the sweep sends 7 days before the deadline. It does not move
   * the deadline; within the warning window it counts as that window's warning.
   */
  simulateSandboxExpiryWarning?: Maybe<Sandbox>;
  /**
   * Starts a restaurant scenario in the sandbox, spread over `minutes` (1 to 60): every event is
   * produced for real through the same domain as the point of sale and the Data API. One run at a
   * time per sandbox (conflict otherwise); the simulate limit counts the start, not the events of
   * the run. Follow it with scenarioRun; stop it with cancelScenario.
   */
  runScenario: ScenarioRun;
  /** Stops a running scenario after its current step (status cancelled). A finished run is returned as it is. */
  cancelScenario: ScenarioRun;
  /**
   * Moves the sandbox's clock `days` (1 to 60) forward and runs what that time brings to its
   * installations: trial.ending (3 days before a trial ends), the trial's conversion
   * (subscription.activated) once it has ended, and sandbox.expiry_warning when the idle deadline
   * comes within 7 days (the sandbox itself is never dropped by the clock). Sandbox.clockOffsetDays
   * shows the total; the scheduled sweeps keep following real time.
   */
  advanceSandboxClock: Sandbox;
  /**
   * Sets the delivery faults of the sandbox's installations (production installations are never
   * affected); all off by default. Every field not given is off.
   */
  setSandboxDeliveryFaults: Sandbox;
  /**
   * Moves a listing through review: under_review -> approved | rejected, approved -> active,
   * active -> suspended | deprecated, suspended -> active, any -> deleted. Otherwise
   * invalid_transition with `allowed_actions`. Production installations of a listing that is not
   * active get 403 plugin_listing_unavailable on every Data API call.
   */
  reviewPlugin?: Maybe<Plugin>;
  /** Onboards a restaurant organization in production. */
  createOrganization?: Maybe<Organization>;
  /** A production location: an ISO 4217 currency (EUR) and an IANA timezone (Europe/Lisbon). */
  createLocation?: Maybe<Location>;
  /** A restaurant installs an active listing at one of its production locations. */
  installPlugin?: Maybe<InstallPluginPayload>;
  /** Completes the checkout of a pending_payment production installation. */
  completeCheckout?: Maybe<Installation>;
  /** Removes a production installation (installation.removed while still active). */
  removeInstallation?: Maybe<Installation>;
  /** Runs the trial sweep (trial.ending, conversions) as of `now` (default: the current time). */
  runTrialSweep?: Maybe<TrialSweepResult>;
  /** Runs the sandbox idle sweep (sandbox.expiry_warning, expiry) as of `now` (default: the current time). */
  runSandboxIdleSweep?: Maybe<SandboxSweepResult>;
  /** A point-of-sale order at a production location (see simulatePosOrder). */
  posOrder?: Maybe<RestaurantOrder>;
  posReleaseOrder?: Maybe<RestaurantOrder>;
  posAddItems?: Maybe<RestaurantOrder>;
  posOrderPrepared?: Maybe<RestaurantOrder>;
  posSale?: Maybe<RestaurantTransaction>;
  posFailedPayment?: Maybe<RestaurantTransaction>;
  posRefund?: Maybe<RestaurantTransaction>;
  posMenuItemCreated?: Maybe<RestaurantMenuItem>;
  posMenuItemDeleted?: Maybe<DeletedMenuItem>;
};


export type MutationSignUpArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
  name: Scalars['String']['input'];
};


export type MutationLogInArgs = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationLogOutArgs = {
  everywhere?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationAcceptDeveloperAgreementArgs = {
  version: Scalars['String']['input'];
};


export type MutationCreateDeveloperKeyArgs = {
  name: Scalars['String']['input'];
  scopes: Array<Scalars['String']['input']>;
  ipAllowlist?: InputMaybe<Array<Scalars['String']['input']>>;
};


export type MutationRevokeDeveloperKeyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCreateProjectArgs = {
  name: Scalars['String']['input'];
};


export type MutationCreatePluginArgs = {
  projectId: Scalars['ID']['input'];
  input: CreatePluginInput;
};


export type MutationUpdatePluginArgs = {
  id: Scalars['ID']['input'];
  input: UpdatePluginInput;
};


export type MutationRotateWebhookSecretArgs = {
  pluginId: Scalars['ID']['input'];
  overlapHours?: InputMaybe<Scalars['Int']['input']>;
  plane?: InputMaybe<DataPlane>;
};


export type MutationExpireWebhookSecretArgs = {
  pluginId: Scalars['ID']['input'];
  plane?: InputMaybe<DataPlane>;
};


export type MutationSetPluginApiVersionArgs = {
  pluginId: Scalars['ID']['input'];
  version: Scalars['String']['input'];
};


export type MutationSetSandboxApiVersionArgs = {
  sandboxId: Scalars['ID']['input'];
  version?: InputMaybe<Scalars['String']['input']>;
};


export type MutationSubmitPluginForReviewArgs = {
  id: Scalars['ID']['input'];
};


export type MutationCreateWebhookEndpointArgs = {
  pluginId: Scalars['ID']['input'];
  input: CreateWebhookEndpointInput;
};


export type MutationUpdateWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
  input: UpdateWebhookEndpointInput;
};


export type MutationDeleteWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDisableWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationEnableWebhookEndpointArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRotateWebhookEndpointSecretArgs = {
  id: Scalars['ID']['input'];
  overlapHours?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationProvisionSandboxArgs = {
  pluginId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
  purpose?: InputMaybe<Scalars['String']['input']>;
};


export type MutationResetSandboxArgs = {
  id: Scalars['ID']['input'];
};


export type MutationProtectSandboxArgs = {
  id: Scalars['ID']['input'];
  days: Scalars['Int']['input'];
};


export type MutationDeleteSandboxArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRegenerateInstallationKeyArgs = {
  installationId: Scalars['ID']['input'];
};


export type MutationTestWebhookArgs = {
  installationId: Scalars['ID']['input'];
  event: Scalars['String']['input'];
};


export type MutationSendWebhookEndpointTestEventArgs = {
  id: Scalars['ID']['input'];
  event: Scalars['String']['input'];
  installationId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationRedeliverWebhookArgs = {
  logId: Scalars['ID']['input'];
};


export type MutationReplayWebhooksArgs = {
  installationId: Scalars['ID']['input'];
  since: Scalars['DateTime']['input'];
  until?: InputMaybe<Scalars['DateTime']['input']>;
  onlyFailed?: InputMaybe<Scalars['Boolean']['input']>;
  endpointId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationReportWebhookStreamResultArgs = {
  logId: Scalars['ID']['input'];
  status: Scalars['Int']['input'];
  durationMs: Scalars['Int']['input'];
};


export type MutationSimulateInstallArgs = {
  sandboxId: Scalars['ID']['input'];
};


export type MutationSimulateCheckoutArgs = {
  installationId: Scalars['ID']['input'];
};


export type MutationSimulateTrialEndingArgs = {
  installationId: Scalars['ID']['input'];
};


export type MutationSimulateTrialConversionArgs = {
  installationId: Scalars['ID']['input'];
};


export type MutationSimulateRemovalArgs = {
  installationId: Scalars['ID']['input'];
};


export type MutationSimulatePosOrderArgs = {
  sandboxId: Scalars['ID']['input'];
  input?: InputMaybe<PosOrderInput>;
};


export type MutationSimulateReleaseOrderArgs = {
  sandboxId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
};


export type MutationSimulateAddItemsArgs = {
  sandboxId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  items: Array<PosOrderItemInput>;
};


export type MutationSimulateOrderPreparedArgs = {
  sandboxId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
};


export type MutationSimulatePosSaleArgs = {
  sandboxId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  input?: InputMaybe<PosSaleInput>;
};


export type MutationSimulateFailedPaymentArgs = {
  sandboxId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  input?: InputMaybe<PosFailedPaymentInput>;
};


export type MutationSimulateRefundArgs = {
  sandboxId: Scalars['ID']['input'];
  transactionId: Scalars['ID']['input'];
  reason: Scalars['String']['input'];
};


export type MutationSimulateMenuItemCreatedArgs = {
  sandboxId: Scalars['ID']['input'];
  input: MenuItemInput;
};


export type MutationSimulateMenuItemDeletedArgs = {
  sandboxId: Scalars['ID']['input'];
  itemId: Scalars['ID']['input'];
};


export type MutationSimulateSandboxExpiryWarningArgs = {
  sandboxId: Scalars['ID']['input'];
};


export type MutationRunScenarioArgs = {
  sandboxId: Scalars['ID']['input'];
  scenario: ScenarioKind;
  minutes?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationCancelScenarioArgs = {
  id: Scalars['ID']['input'];
};


export type MutationAdvanceSandboxClockArgs = {
  sandboxId: Scalars['ID']['input'];
  days: Scalars['Int']['input'];
};


export type MutationSetSandboxDeliveryFaultsArgs = {
  sandboxId: Scalars['ID']['input'];
  faults: DeliveryFaultsInput;
};


export type MutationReviewPluginArgs = {
  pluginId: Scalars['ID']['input'];
  action: ReviewAction;
};


export type MutationCreateOrganizationArgs = {
  name: Scalars['String']['input'];
};


export type MutationCreateLocationArgs = {
  organizationId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
  currency: Scalars['String']['input'];
  timezone: Scalars['String']['input'];
};


export type MutationInstallPluginArgs = {
  pluginId: Scalars['ID']['input'];
  organizationId: Scalars['ID']['input'];
  locationId: Scalars['ID']['input'];
};


export type MutationCompleteCheckoutArgs = {
  installationId: Scalars['ID']['input'];
};


export type MutationRemoveInstallationArgs = {
  installationId: Scalars['ID']['input'];
};


export type MutationRunTrialSweepArgs = {
  now?: InputMaybe<Scalars['DateTime']['input']>;
};


export type MutationRunSandboxIdleSweepArgs = {
  now?: InputMaybe<Scalars['DateTime']['input']>;
};


export type MutationPosOrderArgs = {
  locationId: Scalars['ID']['input'];
  input?: InputMaybe<PosOrderInput>;
};


export type MutationPosReleaseOrderArgs = {
  locationId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
};


export type MutationPosAddItemsArgs = {
  locationId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  items: Array<PosOrderItemInput>;
};


export type MutationPosOrderPreparedArgs = {
  locationId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
};


export type MutationPosSaleArgs = {
  locationId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  input?: InputMaybe<PosSaleInput>;
};


export type MutationPosFailedPaymentArgs = {
  locationId: Scalars['ID']['input'];
  orderId: Scalars['ID']['input'];
  input?: InputMaybe<PosFailedPaymentInput>;
};


export type MutationPosRefundArgs = {
  locationId: Scalars['ID']['input'];
  transactionId: Scalars['ID']['input'];
  reason: Scalars['String']['input'];
};


export type MutationPosMenuItemCreatedArgs = {
  locationId: Scalars['ID']['input'];
  input: MenuItemInput;
};


export type MutationPosMenuItemDeletedArgs = {
  locationId: Scalars['ID']['input'];
  itemId: Scalars['ID']['input'];
};

export type AuthPayload = {
  __typename?: 'AuthPayload';
  /** The portal session: send it as Authorization: Bearer. */
  token: Scalars['String']['output'];
  expiresAt: Scalars['DateTime']['output'];
};

/** What an account may do: developer, or operator (listing review and the restaurant side). */
export type DeveloperRole =
  | 'developer'
  | 'operator';

export type Developer = {
  __typename?: 'Developer';
  id: Scalars['ID']['output'];
  email: Scalars['String']['output'];
  name: Scalars['String']['output'];
  role: DeveloperRole;
  agreementVersion?: Maybe<Scalars['String']['output']>;
  agreementAcceptedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
};

export type DeveloperKey = {
  __typename?: 'DeveloperKey';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** The first 12 characters of the key, to recognise it. */
  prefix: Scalars['String']['output'];
  /** plugins:read, plugins:write */
  scopes: Array<Scalars['String']['output']>;
  /** CIDR blocks the key may be used from; empty means anywhere. */
  ipAllowlist: Array<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type CreateDeveloperKeyPayload = {
  __typename?: 'CreateDeveloperKeyPayload';
  /** The key itself, shown this once: only its hash is stored. */
  key: Scalars['String']['output'];
  developerKey: DeveloperKey;
};

export type Project = {
  __typename?: 'Project';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  plugins: Array<Plugin>;
};

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

export type Plugin = {
  __typename?: 'Plugin';
  id: Scalars['ID']['output'];
  projectId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  listingStatus: ListingStatus;
  webhookEndpoint?: Maybe<Scalars['String']['output']>;
  /** Event names and family wildcards (order.*); null when no explicit list is set. */
  supportedEvents?: Maybe<Array<Scalars['String']['output']>>;
  /** Capabilities: orders:create, payments:capture. */
  supportedFeatures: Array<Scalars['String']['output']>;
  integrationType: IntegrationType;
  /** The OAuth client when integrationType is oauth2. The client secret is never returned. */
  oauth?: Maybe<OAuthSettings>;
  pricing: Pricing;
  trialDays: Scalars['Int']['output'];
  /**
   * When a delivery to an installation succeeds after failures, replay that installation's
   * deliveries that failed in the previous 24 hours, once, in sequence order.
   */
  webhookAutoRecover: Scalars['Boolean']['output'];
  /** While a production rotation's overlap runs: when the previous webhook secret stops working. Null otherwise. */
  previousSecretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** While a sandbox rotation's overlap runs: when the previous sandbox webhook secret stops working. Null otherwise. */
  sandboxPreviousSecretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** The dated Data API version its requests and webhooks use unless a request or a sandbox picks another. */
  apiVersion: Scalars['String']['output'];
  /** The version setPluginApiVersion last moved it from; null before its first move. */
  previousApiVersion?: Maybe<Scalars['String']['output']>;
  /**
   * Until when a live plugin may move back to previousApiVersion: 72 hours after an upgrade (a
   * move to a newer version). Null when the last move was not an upgrade or the 72 hours have
   * passed. A plugin that is not live may pin any supported version at any time.
   */
  apiVersionRollbackUntil?: Maybe<Scalars['DateTime']['output']>;
  /**
   * What upgrading from apiVersion to `to` (default: the newest version) would change for this
   * plugin, from what its installations (production and every sandbox) used in the last 14 days:
   * the Data API request log (operations, the fields of write bodies, query parameters) and the
   * webhook deliveries (events). Every change between apiVersion (exclusive) and `to` (inclusive)
   * that meets an operation or event used in that window is in `changes`, with only the uses it
   * meets; every other change of that range is in `unusedChanges`. An unknown or sunset `to` is
   * invalid_api_version, as for setPluginApiVersion. A `to` not newer than apiVersion gives an empty
   * report (no changes).
   */
  apiUpgradeReport: ApiUpgradeReport;
  /**
   * Where its webhooks go: the primary endpoint first (id "primary", read-only: the listing's
   * webhookEndpoint and supportedEvents, both planes, the plugin's secrets; absent while
   * webhookEndpoint is not set), then the endpoints made with createWebhookEndpoint, oldest first.
   */
  webhookEndpoints: Array<WebhookEndpoint>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
};


export type PluginApiUpgradeReportArgs = {
  to?: InputMaybe<Scalars['String']['input']>;
};

/** What an upgrade of a plugin's pinned Data API version would change for it (Plugin.apiUpgradeReport). */
export type ApiUpgradeReport = {
  __typename?: 'ApiUpgradeReport';
  /** The plugin's pinned version now. */
  from: Scalars['String']['output'];
  /** The version the report is for. */
  to: Scalars['String']['output'];
  /** The start of the window the uses were counted in (14 days before the report). */
  since: Scalars['DateTime']['output'];
  /**
   * The changes between `from` (exclusive) and `to` (inclusive) that meet an operation or event the
   * plugin used since `since`, oldest version first, in the order of their record. Each names
   * exactly the uses it meets.
   */
  changes: Array<ApiUpgradeChange>;
  /** The other changes of that range: nothing the plugin used since `since` meets them (their `uses` are empty). */
  unusedChanges: Array<ApiUpgradeChange>;
};

/** One change of a dated version, with what of the plugin's traffic it meets. */
export type ApiUpgradeChange = {
  __typename?: 'ApiUpgradeChange';
  /** The version that made the change (YYYY-MM-DD). */
  version: Scalars['String']['output'];
  /** The change's id in its version's change record. */
  id: Scalars['String']['output'];
  description: Scalars['String']['output'];
  /** What to do to upgrade past it. */
  upgrade: Scalars['String']['output'];
  /** The operations and events the plugin used that the change meets, most used first. */
  uses: Array<ApiUpgradeUse>;
};

export type ApiUsageKind =
  /** A Data API operation (name: its operationId in openapi.yaml). */
  | 'OPERATION'
  /** A webhook event (name: the event's name in asyncapi.yaml). */
  | 'EVENT';

/**
 * One operation or event a change meets, as the plugin used it. An operation counts a request when
 * the change meets its request and the request's body held a changed field (a write whose body was
 * kept; without a kept body, every call counts) or named a changed query parameter (other
 * parameters: every call), or when the change meets its response and the answer was 2xx (an error
 * answer's schema: a non-2xx answer). An event counts each delivery of that event (a skipped
 * one, never sent, does not count).
 */
export type ApiUpgradeUse = {
  __typename?: 'ApiUpgradeUse';
  kind: ApiUsageKind;
  /** The operationId or the event name. */
  name: Scalars['String']['output'];
  /** How many requests or deliveries in the window the change meets. */
  count: Scalars['Int']['output'];
  /** The newest of them. */
  lastUsedAt: Scalars['DateTime']['output'];
  /**
   * The changed fields and parameters it touches, as paths in the request body (`price`,
   * `items[].price`), the response (`response: data[].order_number`), the event payload
   * (`data.order_number`), or parameters (`query parameter status`); empty when the change is to
   * the operation or event as a whole.
   */
  fields: Array<Scalars['String']['output']>;
};

export type OAuthSettings = {
  __typename?: 'OAuthSettings';
  clientId?: Maybe<Scalars['String']['output']>;
  clientSecretSet: Scalars['Boolean']['output'];
  scopes: Array<Scalars['String']['output']>;
  authorizeUrl?: Maybe<Scalars['String']['output']>;
  tokenUrl?: Maybe<Scalars['String']['output']>;
  /** The redirect URI to register with the provider. */
  redirectUri: Scalars['String']['output'];
};

export type Pricing = {
  __typename?: 'Pricing';
  model: PricingModel;
  /** Decimal string with two decimals, e.g. 9.99; null for a free plugin. */
  price?: Maybe<Scalars['String']['output']>;
};

export type OAuthInput = {
  clientId?: InputMaybe<Scalars['String']['input']>;
  /** Stored encrypted; never returned. */
  clientSecret?: InputMaybe<Scalars['String']['input']>;
  scopes?: InputMaybe<Array<Scalars['String']['input']>>;
  authorizeUrl?: InputMaybe<Scalars['String']['input']>;
  tokenUrl?: InputMaybe<Scalars['String']['input']>;
};

export type PricingInput = {
  model: PricingModel;
  /** Decimal string, e.g. 9.99: required above 0 for paid, empty for free. */
  price?: InputMaybe<Scalars['String']['input']>;
};

export type CreatePluginInput = {
  name: Scalars['String']['input'];
  /** A public https URL. */
  webhookEndpoint?: InputMaybe<Scalars['String']['input']>;
  /** Catalog event names and family wildcards (order.*); omit for the default subscription. */
  supportedEvents?: InputMaybe<Array<Scalars['String']['input']>>;
  supportedFeatures?: InputMaybe<Array<Scalars['String']['input']>>;
  integrationType?: InputMaybe<IntegrationType>;
  oauth?: InputMaybe<OAuthInput>;
  pricing?: InputMaybe<PricingInput>;
  /** 0 to 365; paid plugins only. */
  trialDays?: InputMaybe<Scalars['Int']['input']>;
  /** Automatic recovery of failed deliveries (default false); see Plugin.webhookAutoRecover. */
  webhookAutoRecover?: InputMaybe<Scalars['Boolean']['input']>;
};

export type UpdatePluginInput = {
  name?: InputMaybe<Scalars['String']['input']>;
  webhookEndpoint?: InputMaybe<Scalars['String']['input']>;
  supportedEvents?: InputMaybe<Array<Scalars['String']['input']>>;
  supportedFeatures?: InputMaybe<Array<Scalars['String']['input']>>;
  integrationType?: InputMaybe<IntegrationType>;
  oauth?: InputMaybe<OAuthInput>;
  pricing?: InputMaybe<PricingInput>;
  trialDays?: InputMaybe<Scalars['Int']['input']>;
  webhookAutoRecover?: InputMaybe<Scalars['Boolean']['input']>;
};

export type CreatePluginPayload = {
  __typename?: 'CreatePluginPayload';
  plugin: Plugin;
  /** The 64-character signing secret, shown this once. */
  webhookSecret: Scalars['String']['output'];
  /** The same secret in Standard Webhooks form (whsec_ + base64 of its bytes), for standardwebhooks or svix. */
  webhookSecretStandard: Scalars['String']['output'];
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

export type WebhookEndpoint = {
  __typename?: 'WebhookEndpoint';
  /** An integer id, or "primary" for the listing's webhook_endpoint. */
  id: Scalars['ID']['output'];
  /** The listing's webhook_endpoint: read-only here (updatePlugin, rotateWebhookSecret). */
  primary: Scalars['Boolean']['output'];
  url: Scalars['String']['output'];
  description?: Maybe<Scalars['String']['output']>;
  /** Event names and family wildcards (order.*), as supportedEvents; null: every event. */
  events?: Maybe<Array<Scalars['String']['output']>>;
  /** Locations whose events it receives; empty: every location. */
  locationIds: Array<Scalars['ID']['output']>;
  /**
   * Payload paths (from the envelope: data.party_size) to conditions, all of which must hold: eq, in
   * (at most 50 values), gte, lte (numbers), exists (true: present and not null), e.g.
   * {"data.party_size": {"gte": 4}}. At most 20 conditions. Null: no content filter.
   */
  filter?: Maybe<Scalars['JSON']['output']>;
  ordering: WebhookEndpointOrdering;
  /**
   * Delivery attempts that start in a second at most (whole seconds, across every worker); the rest
   * wait for a later second, neither failed nor counted as attempts. Null: no limit of its own.
   */
  rateLimitPerSecond?: Maybe<Scalars['Int']['output']>;
  /** The API version its payloads are in; null: the plugin's pin. */
  apiVersion?: Maybe<Scalars['String']['output']>;
  planes: Array<WebhookEndpointPlane>;
  status: WebhookEndpointStatus;
  /** While a rotation's overlap runs: when the previous secret stops signing. Null otherwise. */
  previousSecretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /**
   * What became of the events the endpoint was sent in the last 24 hours. The primary endpoint's are
   * zeros here (successRate null): its deliveries are counted per installation in webhookHealth.
   */
  statistics: WebhookEndpointStatistics;
};

/**
 * An endpoint's events over the whole hours from `since` (the current hour and the 23 before it),
 * counted as they happen: an event by the fan-out that matched or ruled it out, a delivery when it
 * ends (test events included). Kept per hour for 30 days at most.
 */
export type WebhookEndpointStatistics = {
  __typename?: 'WebhookEndpointStatistics';
  /** Events the endpoint selected: a delivery each. */
  matched: Scalars['Int']['output'];
  /** Deliveries that succeeded. */
  delivered: Scalars['Int']['output'];
  /** Deliveries that failed for good (their attempts spent, or not retryable). */
  failed: Scalars['Int']['output'];
  /** Events of its planes and events that its locationIds or content filter ruled out (they leave no log entry). */
  filteredOut: Scalars['Int']['output'];
  /** delivered / (delivered + failed); null when no delivery ended. */
  successRate?: Maybe<Scalars['Float']['output']>;
  /** The start of the first hour counted. */
  since: Scalars['DateTime']['output'];
};

export type CreateWebhookEndpointInput = {
  /** An https URL with a public host (at most 2048 characters). */
  url: Scalars['String']['input'];
  /** At most 500 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Null or omitted: every event (as supportedEvents). */
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  /** At most 100; empty or omitted: every location. */
  locationIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  filter?: InputMaybe<Scalars['JSON']['input']>;
  ordering?: InputMaybe<WebhookEndpointOrdering>;
  /** 1 to 1000. */
  rateLimitPerSecond?: InputMaybe<Scalars['Int']['input']>;
  apiVersion?: InputMaybe<Scalars['String']['input']>;
  /** Default: both. */
  planes?: InputMaybe<Array<WebhookEndpointPlane>>;
};

export type UpdateWebhookEndpointInput = {
  url?: InputMaybe<Scalars['String']['input']>;
  description?: InputMaybe<Scalars['String']['input']>;
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  locationIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  filter?: InputMaybe<Scalars['JSON']['input']>;
  ordering?: InputMaybe<WebhookEndpointOrdering>;
  rateLimitPerSecond?: InputMaybe<Scalars['Int']['input']>;
  apiVersion?: InputMaybe<Scalars['String']['input']>;
  planes?: InputMaybe<Array<WebhookEndpointPlane>>;
};

/** The settings that decide which events an endpoint receives (webhookEndpointFilterPreview). */
export type WebhookEndpointFilterInput = {
  events?: InputMaybe<Array<Scalars['String']['input']>>;
  locationIds?: InputMaybe<Array<Scalars['ID']['input']>>;
  filter?: InputMaybe<Scalars['JSON']['input']>;
  apiVersion?: InputMaybe<Scalars['String']['input']>;
  planes?: InputMaybe<Array<WebhookEndpointPlane>>;
};

export type CreateWebhookEndpointPayload = {
  __typename?: 'CreateWebhookEndpointPayload';
  endpoint: WebhookEndpoint;
  /** The endpoint's 64-character signing secret, shown this once. */
  secret: Scalars['String']['output'];
  /** The same secret in Standard Webhooks form (whsec_ + base64 of its bytes). */
  secretStandard: Scalars['String']['output'];
};

export type RotateWebhookEndpointSecretPayload = {
  __typename?: 'RotateWebhookEndpointSecretPayload';
  endpoint: WebhookEndpoint;
  /** The new 64-character signing secret, shown this once. */
  secret: Scalars['String']['output'];
  secretStandard: Scalars['String']['output'];
  /** When the previous secret stops signing; null when overlapHours is 0. */
  previousSecretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
};

export type WebhookEndpointFilterPreview = {
  __typename?: 'WebhookEndpointFilterPreview';
  /** How many events were examined (at most `last`). */
  examined: Scalars['Int']['output'];
  /** How many of them the endpoint would have received. */
  matched: Scalars['Int']['output'];
  events: Array<WebhookEndpointPreviewEvent>;
};

export type WebhookEndpointPreviewEvent = {
  __typename?: 'WebhookEndpointPreviewEvent';
  eventId: Scalars['ID']['output'];
  event: Scalars['String']['output'];
  installationId: Scalars['ID']['output'];
  sequence: Scalars['Int']['output'];
  plane: DataPlane;
  locationId?: Maybe<Scalars['ID']['output']>;
  occurredAt: Scalars['DateTime']['output'];
  matched: Scalars['Boolean']['output'];
  /** Why it would not have been received (empty when matched). */
  reasons: Array<Scalars['String']['output']>;
};

export type RotateWebhookSecretPayload = {
  __typename?: 'RotateWebhookSecretPayload';
  /** The new 64-character signing secret, shown this once. */
  webhookSecret: Scalars['String']['output'];
  /** The new secret in Standard Webhooks form (whsec_ + base64 of its bytes), for standardwebhooks or svix. */
  webhookSecretStandard: Scalars['String']['output'];
  /** When the previous secret stops working; null when overlapHours is 0. */
  previousSecretExpiresAt?: Maybe<Scalars['DateTime']['output']>;
};

export type SandboxStatus =
  | 'provisioning'
  | 'active'
  | 'resetting'
  | 'expired'
  | 'deleted';

export type Sandbox = {
  __typename?: 'Sandbox';
  id: Scalars['ID']['output'];
  pluginId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  purpose: Scalars['String']['output'];
  schemaName: Scalars['String']['output'];
  status: SandboxStatus;
  /** The sandbox's installation (for regenerateInstallationKey, testWebhook and webhookLogs). */
  installationId?: Maybe<Scalars['ID']['output']>;
  lastAccessedAt: Scalars['DateTime']['output'];
  protectedUntil?: Maybe<Scalars['DateTime']['output']>;
  /** While active: when idle expiry would drop the sandbox's data. */
  wouldExpireAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** Days advanceSandboxClock has moved the sandbox's clock forward in all. */
  clockOffsetDays: Scalars['Int']['output'];
  /** The sandbox's clock: now plus clockOffsetDays. */
  clockNow: Scalars['DateTime']['output'];
  /** The delivery faults of its installations (setSandboxDeliveryFaults). */
  deliveryFaults: DeliveryFaults;
  /** The dated Data API version of its installation (setSandboxApiVersion); null: the plugin's. */
  apiVersion?: Maybe<Scalars['String']['output']>;
};

export type ApiVersionStatus =
  /** The newest version. */
  | 'current'
  /** Older, still answered. */
  | 'supported'
  /** Still answered; its sunset is within 6 months. */
  | 'deprecated'
  /** No longer answered. */
  | 'sunset';

/** One change a dated version made, with the steps to upgrade to it. */
export type ApiVersionChange = {
  __typename?: 'ApiVersionChange';
  id: Scalars['String']['output'];
  description: Scalars['String']['output'];
  upgrade: Scalars['String']['output'];
};

/** A dated Data API version (the value of X-Svc-Api-Version). */
export type ApiVersion = {
  __typename?: 'ApiVersion';
  /** YYYY-MM-DD. */
  version: Scalars['String']['output'];
  status: ApiVersionStatus;
  /** When it stops being answered; null while it has no successor. */
  sunsetAt?: Maybe<Scalars['DateTime']['output']>;
  /** What it changed from the version before it (none for the first). */
  changes: Array<ApiVersionChange>;
};

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

export type ScenarioRun = {
  __typename?: 'ScenarioRun';
  id: Scalars['ID']['output'];
  sandboxId: Scalars['ID']['output'];
  kind: ScenarioKind;
  status: ScenarioRunStatus;
  /** Minutes the run is spread over. */
  minutes: Scalars['Int']['output'];
  /** Steps done and planned. */
  stepsDone: Scalars['Int']['output'];
  stepsTotal: Scalars['Int']['output'];
  /** Events the run has produced so far. */
  eventsEmitted: Scalars['Int']['output'];
  startedAt: Scalars['DateTime']['output'];
  finishedAt?: Maybe<Scalars['DateTime']['output']>;
  error?: Maybe<Scalars['String']['output']>;
};

/** Faults of a sandbox's webhook deliveries, to rehearse what a plugin must survive. */
export type DeliveryFaults = {
  __typename?: 'DeliveryFaults';
  /** 0 to 1: the share of deliveries sent twice (the same request, the same envelope id). */
  duplicateRate: Scalars['Float']['output'];
  /** 0 to 300: each delivery is held a random time within this many seconds, so they arrive out of order. */
  reorderWindowSeconds: Scalars['Int']['output'];
  /** The first attempt of every delivery counts as failed without being sent, so the retry path runs. */
  failFirstAttempt: Scalars['Boolean']['output'];
};

export type DeliveryFaultsInput = {
  duplicateRate?: InputMaybe<Scalars['Float']['input']>;
  reorderWindowSeconds?: InputMaybe<Scalars['Int']['input']>;
  failFirstAttempt?: InputMaybe<Scalars['Boolean']['input']>;
};

export type ProvisionSandboxPayload = {
  __typename?: 'ProvisionSandboxPayload';
  sandbox: Sandbox;
  installationId: Scalars['ID']['output'];
  /** X-Plugin-Api-Key for the sandbox, shown this once. */
  installationKey: Scalars['String']['output'];
  /**
   * The plugin's sandbox webhook signing secret: it signs the webhooks of every sandbox installation of
   * the plugin (the same for all its sandboxes). It is not the production secret shown at createPlugin.
   */
  webhookSecret: Scalars['String']['output'];
  /** The same secret in Standard Webhooks form (whsec_ + base64 of its bytes), for standardwebhooks or svix. */
  webhookSecretStandard: Scalars['String']['output'];
};

export type RegenerateInstallationKeyPayload = {
  __typename?: 'RegenerateInstallationKeyPayload';
  /** The new X-Plugin-Api-Key, shown this once. */
  installationKey: Scalars['String']['output'];
};

export type TestWebhookPayload = {
  __typename?: 'TestWebhookPayload';
  logId: Scalars['ID']['output'];
};

export type WebhookDirection =
  | 'inbound'
  | 'outbound';

export type WebhookLog = {
  __typename?: 'WebhookLog';
  id: Scalars['ID']['output'];
  installationId: Scalars['ID']['output'];
  direction: WebhookDirection;
  eventType: Scalars['String']['output'];
  eventId?: Maybe<Scalars['String']['output']>;
  /** received, rejected (inbound); pending, delivered, failed, skipped, acknowledged (outbound) */
  status: Scalars['String']['output'];
  signatureValid?: Maybe<Scalars['Boolean']['output']>;
  idempotencyKey?: Maybe<Scalars['String']['output']>;
  httpStatus?: Maybe<Scalars['Int']['output']>;
  errorMessage?: Maybe<Scalars['String']['output']>;
  attempts: Scalars['Int']['output'];
  durationMs?: Maybe<Scalars['Int']['output']>;
  payload?: Maybe<Scalars['JSON']['output']>;
  /** The event's number in the installation's sequence (outbound deliveries of events). */
  sequence?: Maybe<Scalars['Int']['output']>;
  /** A redelivery: the log entry of the delivery it repeats. */
  redeliveryOf?: Maybe<Scalars['ID']['output']>;
  /** A delivery made by a replay: the replay's id. */
  replayId?: Maybe<Scalars['ID']['output']>;
  /**
   * The webhook endpoint an outbound delivery goes to: an endpoint's id, or "primary" for the
   * listing's webhook_endpoint. Null for inbound entries.
   */
  webhookEndpointId?: Maybe<Scalars['ID']['output']>;
  /** The answer of the svc listen endpoint this delivery was forwarded to (0: unreachable). */
  listenerHttpStatus?: Maybe<Scalars['Int']['output']>;
  listenerDurationMs?: Maybe<Scalars['Int']['output']>;
  createdAt: Scalars['DateTime']['output'];
  updatedAt: Scalars['DateTime']['output'];
  /** An outbound delivery's request as sent: its exact body, and the headers of its last attempt that went out. Null for inbound entries. */
  request?: Maybe<WebhookRequest>;
  /** An outbound delivery's attempts, oldest first. */
  deliveryAttempts: Array<WebhookAttempt>;
};

export type WebhookRequest = {
  __typename?: 'WebhookRequest';
  /** The headers the last attempt that went out was sent with (X-Svc-Signature, webhook-signature, X-Svc-Delivery, ...); null before one went out. */
  headers?: Maybe<Array<Header>>;
  /** The exact body bytes, as UTF-8 text. */
  body: Scalars['String']['output'];
};

export type WebhookAttempt = {
  __typename?: 'WebhookAttempt';
  attempt: Scalars['Int']['output'];
  /** delivered or failed. */
  status: Scalars['String']['output'];
  httpStatus?: Maybe<Scalars['Int']['output']>;
  /** Why it failed, with the first 500 bytes of the answer's body. */
  errorMessage?: Maybe<Scalars['String']['output']>;
  durationMs: Scalars['Int']['output'];
  attemptedAt: Scalars['DateTime']['output'];
  /** The headers this attempt was sent with; null when nothing was sent. */
  headers?: Maybe<Array<Header>>;
};

export type WebhookReplayStatus =
  /** Some of its deliveries still have attempts to make. */
  | 'running'
  /** Every delivery has settled (delivered, failed or acknowledged). */
  | 'completed';

export type WebhookReplay = {
  __typename?: 'WebhookReplay';
  id: Scalars['ID']['output'];
  installationId: Scalars['ID']['output'];
  status: WebhookReplayStatus;
  /** Events the replay covers. */
  total: Scalars['Int']['output'];
  /** Deliveries with attempts still to make. */
  queued: Scalars['Int']['output'];
  delivered: Scalars['Int']['output'];
  failed: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
};

export type InstallationWebhookHealth = {
  __typename?: 'InstallationWebhookHealth';
  installationId: Scalars['ID']['output'];
  /** Deliveries that succeeded in the last 24 hours. */
  deliveredLast24h: Scalars['Int']['output'];
  /** Deliveries that failed for good in the last 24 hours. */
  failedLast24h: Scalars['Int']['output'];
  /** deliveredLast24h / (deliveredLast24h + failedLast24h); null when neither happened. */
  successRate?: Maybe<Scalars['Float']['output']>;
  /** Failed attempts since the last success. */
  consecutiveFailures: Scalars['Int']['output'];
  /** The first failed attempt of the current failure streak; null when not failing. */
  failingSince?: Maybe<Scalars['DateTime']['output']>;
  /** The last failed attempt's error, while failing. */
  lastError?: Maybe<Scalars['String']['output']>;
  /** The highest sequence issued to the installation (0 before its first event). */
  lastSequence: Scalars['Int']['output'];
  /** The installation's acknowledged cursor (POST /api/plugin/v1/events/ack). */
  acknowledgedThrough: Scalars['Int']['output'];
};

/**
 * One Data API request of an installation, as its plugin sent it and as it was answered. Bodies
 * are kept for writes only (POST, PATCH, PUT, DELETE), up to 16 KB each, with the values of keys,
 * secrets, tokens, passwords and signatures replaced by "[redacted]"; a longer body is cut and ends
 * with "…[truncated]".
 */
export type ApiRequest = {
  __typename?: 'ApiRequest';
  id: Scalars['ID']['output'];
  installationId: Scalars['ID']['output'];
  /** When the request was answered. */
  createdAt: Scalars['DateTime']['output'];
  method: Scalars['String']['output'];
  /** Path and query string (credential parameters redacted). */
  path: Scalars['String']['output'];
  /** The operation of openapi.yaml the request was routed to; null when no route matched. */
  operationId?: Maybe<Scalars['String']['output']>;
  /** The HTTP status answered. */
  status: Scalars['Int']['output'];
  /** The error code of an error answer (`not_found` for the sentence-style 404s). */
  errorCode?: Maybe<Scalars['String']['output']>;
  /** Time to answer, in milliseconds. */
  durationMs: Scalars['Float']['output'];
  /** The X-Request-Id answered (also the error body's request_id and the events' request_id). */
  requestId: Scalars['String']['output'];
  /** X-Idempotency-Key, or the body's idempotency_key, external_order_id or provider_transaction_id. */
  idempotencyKey?: Maybe<Scalars['String']['output']>;
  /** The client address (per SVC_TRUST_PROXY). */
  clientIp: Scalars['String']['output'];
  /** The JSON request body of a write, redacted; null for reads. */
  requestBody?: Maybe<Scalars['String']['output']>;
  /** The JSON response body of a write, redacted; null for reads. */
  responseBody?: Maybe<Scalars['String']['output']>;
  /** The dated API version it was answered in (X-Svc-Api-Version); null for requests logged before versions were recorded. */
  apiVersion?: Maybe<Scalars['String']['output']>;
};

export type ApiRequestConnection = {
  __typename?: 'ApiRequestConnection';
  nodes: Array<ApiRequest>;
  pageInfo: PageInfo;
};

export type PageInfo = {
  __typename?: 'PageInfo';
  hasNextPage: Scalars['Boolean']['output'];
  endCursor?: Maybe<Scalars['String']['output']>;
};

export type WebhookLogConnection = {
  __typename?: 'WebhookLogConnection';
  nodes: Array<WebhookLog>;
  pageInfo: PageInfo;
};

export type ReviewAction =
  | 'approve'
  | 'reject'
  | 'activate'
  | 'suspend'
  | 'deprecate'
  | 'delete';

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

export type DataPlane =
  | 'production'
  | 'sandbox';

export type Installation = {
  __typename?: 'Installation';
  id: Scalars['ID']['output'];
  pluginId: Scalars['ID']['output'];
  plane: DataPlane;
  /** The sandbox of a sandbox installation. */
  sandboxId?: Maybe<Scalars['ID']['output']>;
  organizationId: Scalars['ID']['output'];
  locationId: Scalars['ID']['output'];
  status: InstallationStatus;
  isTrial: Scalars['Boolean']['output'];
  trialEndsAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  removedAt?: Maybe<Scalars['DateTime']['output']>;
};

export type InstallPluginPayload = {
  __typename?: 'InstallPluginPayload';
  installationId: Scalars['ID']['output'];
  status: InstallationStatus;
  /** One-time, valid 15 minutes: POST /api/plugin/v1/setup-token/exchange turns it into the installation key. */
  setupToken: Scalars['String']['output'];
  /** The listing's setup URL carrying the token, when the listing has one. */
  setupUrl?: Maybe<Scalars['String']['output']>;
  /** For an oauth2 plugin: the link that starts the provider handshake for this installation. */
  authorizeUrl?: Maybe<Scalars['String']['output']>;
  installation: Installation;
};

export type TrialSweepResult = {
  __typename?: 'TrialSweepResult';
  /** trial.ending notices sent. */
  ending: Scalars['Int']['output'];
  /** Trials converted to paid subscriptions (subscription.activated). */
  converted: Scalars['Int']['output'];
};

export type SandboxSweepResult = {
  __typename?: 'SandboxSweepResult';
  /** Sandboxes warned (sandbox.expiry_warning). */
  warned: Array<Scalars['ID']['output']>;
  /** Sandboxes whose data was dropped. */
  expired: Array<Scalars['ID']['output']>;
};

export type Organization = {
  __typename?: 'Organization';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** active, past_due or locked (captures are refused while locked). */
  subscriptionStatus: Scalars['String']['output'];
  locations: Array<Location>;
  createdAt: Scalars['DateTime']['output'];
};

export type Location = {
  __typename?: 'Location';
  id: Scalars['ID']['output'];
  organizationId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** ISO 4217 currency of the location's orders and payments. */
  currency: Scalars['String']['output'];
  /** IANA timezone. */
  timezone: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
};

export type OrderType =
  | 'dine_in'
  | 'takeaway'
  | 'delivery';

export type PosOrderInput = {
  /** Hold the order in PENDING: nothing is emitted until simulateReleaseOrder / posReleaseOrder. */
  hold?: InputMaybe<Scalars['Boolean']['input']>;
  orderType?: InputMaybe<OrderType>;
  /** dine_in only, at most 32 characters. */
  tableNumber?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 999. */
  partySize?: InputMaybe<Scalars['Int']['input']>;
  /** 1 to 100 lines; omitted: one of the location's first available menu item. */
  items?: InputMaybe<Array<PosOrderItemInput>>;
};

export type PosOrderItemInput = {
  /** A menu item available at the location. */
  itemId: Scalars['ID']['input'];
  /** 1 to 999. */
  quantity?: InputMaybe<Scalars['Int']['input']>;
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Selected options, respecting the item's templates (min/max selections). */
  customizations?: InputMaybe<Array<PosCustomizationInput>>;
};

export type PosCustomizationInput = {
  templateId: Scalars['ID']['input'];
  optionId: Scalars['ID']['input'];
};

export type PosSaleInput = {
  /** Decimal string, e.g. 12.50; omitted: the order's remaining balance. */
  amount?: InputMaybe<Scalars['String']['input']>;
  /** card, cash, ...; default card through the card processor, cash otherwise. */
  paymentMethod?: InputMaybe<Scalars['String']['input']>;
  /** Paid through the card processor: processor_payment_intent_id is set (null otherwise). */
  viaCardProcessor?: InputMaybe<Scalars['Boolean']['input']>;
};

export type PosFailedPaymentInput = {
  /** Decimal string; omitted: the order's remaining balance. */
  amount?: InputMaybe<Scalars['String']['input']>;
  paymentMethod?: InputMaybe<Scalars['String']['input']>;
  /** Why it failed, as the processor says it. */
  error?: InputMaybe<Scalars['String']['input']>;
};

export type MenuItemInput = {
  name: Scalars['String']['input'];
  /** Decimal string, 0 to 9999.99. */
  price: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  /** A menu category of the location. */
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  isAvailable?: InputMaybe<Scalars['Boolean']['input']>;
  allergens?: InputMaybe<Array<Scalars['String']['input']>>;
  vegan?: InputMaybe<Scalars['Boolean']['input']>;
  vegetarian?: InputMaybe<Scalars['Boolean']['input']>;
  /** 0 to 5. */
  spicyLevel?: InputMaybe<Scalars['Int']['input']>;
  /** Minutes, 0 to 480. */
  preparationTime?: InputMaybe<Scalars['Int']['input']>;
};

/** An order as the restaurant side sees it; plugins read it with GET /orders/{orderId}. */
export type RestaurantOrder = {
  __typename?: 'RestaurantOrder';
  id: Scalars['ID']['output'];
  uniqueOrderId: Scalars['String']['output'];
  locationId: Scalars['ID']['output'];
  /** Internal status, as webhooks carry it (PENDING, CREATED, PREPARED, PAID, ...). */
  status: Scalars['String']['output'];
  orderType: OrderType;
  tableNumber?: Maybe<Scalars['String']['output']>;
  partySize?: Maybe<Scalars['Int']['output']>;
  /** Number of order lines. */
  itemCount: Scalars['Int']['output'];
  /** Decimal strings with two decimals. */
  total: Scalars['String']['output'];
  paidTotal: Scalars['String']['output'];
  remainingBalance: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  createdAt: Scalars['DateTime']['output'];
  paidAt?: Maybe<Scalars['DateTime']['output']>;
};

export type RestaurantTransaction = {
  __typename?: 'RestaurantTransaction';
  /** The transaction_id of the payment events. */
  id: Scalars['ID']['output'];
  orderId: Scalars['ID']['output'];
  /** sale */
  type: Scalars['String']['output'];
  /** succeeded, failed or refunded. */
  status: Scalars['String']['output'];
  amount: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  paymentMethod: Scalars['String']['output'];
  processorPaymentIntentId?: Maybe<Scalars['String']['output']>;
  error?: Maybe<Scalars['String']['output']>;
  refundReason?: Maybe<Scalars['String']['output']>;
  processedAt: Scalars['DateTime']['output'];
  /** The order right after this action. */
  order: RestaurantOrder;
};

export type RestaurantMenuItem = {
  __typename?: 'RestaurantMenuItem';
  id: Scalars['ID']['output'];
  locationId: Scalars['ID']['output'];
  categoryId?: Maybe<Scalars['ID']['output']>;
  name: Scalars['String']['output'];
  description: Scalars['String']['output'];
  price: Scalars['String']['output'];
  isAvailable: Scalars['Boolean']['output'];
  isActive: Scalars['Boolean']['output'];
  allergens: Array<Scalars['String']['output']>;
  vegan: Scalars['Boolean']['output'];
  vegetarian: Scalars['Boolean']['output'];
  spicyLevel: Scalars['Int']['output'];
  preparationTime: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
};

export type DeletedMenuItem = {
  __typename?: 'DeletedMenuItem';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  locationId: Scalars['ID']['output'];
  deletedAt: Scalars['DateTime']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  AccessLevel: AccessLevel;
  RateLimitBucket: RateLimitBucket;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Header: ResolverTypeWrapper<Header>;
  WebhookStreamEvent: ResolverTypeWrapper<WebhookStreamEvent>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  AuthPayload: ResolverTypeWrapper<AuthPayload>;
  DeveloperRole: DeveloperRole;
  Developer: ResolverTypeWrapper<Developer>;
  DeveloperKey: ResolverTypeWrapper<DeveloperKey>;
  CreateDeveloperKeyPayload: ResolverTypeWrapper<CreateDeveloperKeyPayload>;
  Project: ResolverTypeWrapper<Omit<Project, 'plugins'> & { plugins: Array<ResolversTypes['Plugin']> }>;
  ListingStatus: ListingStatus;
  IntegrationType: IntegrationType;
  PricingModel: PricingModel;
  Plugin: ResolverTypeWrapper<PluginView>;
  ApiUpgradeReport: ResolverTypeWrapper<ApiUpgradeReport>;
  ApiUpgradeChange: ResolverTypeWrapper<ApiUpgradeChange>;
  ApiUsageKind: ApiUsageKind;
  ApiUpgradeUse: ResolverTypeWrapper<ApiUpgradeUse>;
  OAuthSettings: ResolverTypeWrapper<OAuthSettings>;
  Pricing: ResolverTypeWrapper<Pricing>;
  OAuthInput: OAuthInput;
  PricingInput: PricingInput;
  CreatePluginInput: CreatePluginInput;
  UpdatePluginInput: UpdatePluginInput;
  CreatePluginPayload: ResolverTypeWrapper<Omit<CreatePluginPayload, 'plugin'> & { plugin: ResolversTypes['Plugin'] }>;
  WebhookEndpointPlane: WebhookEndpointPlane;
  WebhookEndpointOrdering: WebhookEndpointOrdering;
  WebhookEndpointStatus: WebhookEndpointStatus;
  WebhookEndpoint: ResolverTypeWrapper<WebhookEndpointView>;
  WebhookEndpointStatistics: ResolverTypeWrapper<WebhookEndpointStatistics>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  UpdateWebhookEndpointInput: UpdateWebhookEndpointInput;
  WebhookEndpointFilterInput: WebhookEndpointFilterInput;
  CreateWebhookEndpointPayload: ResolverTypeWrapper<Omit<CreateWebhookEndpointPayload, 'endpoint'> & { endpoint: ResolversTypes['WebhookEndpoint'] }>;
  RotateWebhookEndpointSecretPayload: ResolverTypeWrapper<Omit<RotateWebhookEndpointSecretPayload, 'endpoint'> & { endpoint: ResolversTypes['WebhookEndpoint'] }>;
  WebhookEndpointFilterPreview: ResolverTypeWrapper<WebhookEndpointFilterPreview>;
  WebhookEndpointPreviewEvent: ResolverTypeWrapper<WebhookEndpointPreviewEvent>;
  RotateWebhookSecretPayload: ResolverTypeWrapper<RotateWebhookSecretPayload>;
  SandboxStatus: SandboxStatus;
  Sandbox: ResolverTypeWrapper<Sandbox>;
  ApiVersionStatus: ApiVersionStatus;
  ApiVersionChange: ResolverTypeWrapper<ApiVersionChange>;
  ApiVersion: ResolverTypeWrapper<ApiVersion>;
  ScenarioKind: ScenarioKind;
  ScenarioRunStatus: ScenarioRunStatus;
  ScenarioRun: ResolverTypeWrapper<ScenarioRun>;
  DeliveryFaults: ResolverTypeWrapper<DeliveryFaults>;
  DeliveryFaultsInput: DeliveryFaultsInput;
  ProvisionSandboxPayload: ResolverTypeWrapper<ProvisionSandboxPayload>;
  RegenerateInstallationKeyPayload: ResolverTypeWrapper<RegenerateInstallationKeyPayload>;
  TestWebhookPayload: ResolverTypeWrapper<TestWebhookPayload>;
  WebhookDirection: WebhookDirection;
  WebhookLog: ResolverTypeWrapper<WebhookLogView>;
  WebhookRequest: ResolverTypeWrapper<WebhookRequest>;
  WebhookAttempt: ResolverTypeWrapper<WebhookAttempt>;
  WebhookReplayStatus: WebhookReplayStatus;
  WebhookReplay: ResolverTypeWrapper<WebhookReplay>;
  InstallationWebhookHealth: ResolverTypeWrapper<InstallationWebhookHealth>;
  ApiRequest: ResolverTypeWrapper<ApiRequest>;
  ApiRequestConnection: ResolverTypeWrapper<ApiRequestConnection>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  WebhookLogConnection: ResolverTypeWrapper<Omit<WebhookLogConnection, 'nodes'> & { nodes: Array<ResolversTypes['WebhookLog']> }>;
  ReviewAction: ReviewAction;
  InstallationStatus: InstallationStatus;
  DataPlane: DataPlane;
  Installation: ResolverTypeWrapper<Installation>;
  InstallPluginPayload: ResolverTypeWrapper<InstallPluginPayload>;
  TrialSweepResult: ResolverTypeWrapper<TrialSweepResult>;
  SandboxSweepResult: ResolverTypeWrapper<SandboxSweepResult>;
  Organization: ResolverTypeWrapper<Organization>;
  Location: ResolverTypeWrapper<Location>;
  OrderType: OrderType;
  PosOrderInput: PosOrderInput;
  PosOrderItemInput: PosOrderItemInput;
  PosCustomizationInput: PosCustomizationInput;
  PosSaleInput: PosSaleInput;
  PosFailedPaymentInput: PosFailedPaymentInput;
  MenuItemInput: MenuItemInput;
  RestaurantOrder: ResolverTypeWrapper<RestaurantOrder>;
  RestaurantTransaction: ResolverTypeWrapper<RestaurantTransaction>;
  RestaurantMenuItem: ResolverTypeWrapper<RestaurantMenuItem>;
  DeletedMenuItem: ResolverTypeWrapper<DeletedMenuItem>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  DateTime: Scalars['DateTime']['output'];
  JSON: Scalars['JSON']['output'];
  Query: Record<PropertyKey, never>;
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  Header: Header;
  WebhookStreamEvent: WebhookStreamEvent;
  Mutation: Record<PropertyKey, never>;
  Boolean: Scalars['Boolean']['output'];
  AuthPayload: AuthPayload;
  Developer: Developer;
  DeveloperKey: DeveloperKey;
  CreateDeveloperKeyPayload: CreateDeveloperKeyPayload;
  Project: Omit<Project, 'plugins'> & { plugins: Array<ResolversParentTypes['Plugin']> };
  Plugin: PluginView;
  ApiUpgradeReport: ApiUpgradeReport;
  ApiUpgradeChange: ApiUpgradeChange;
  ApiUpgradeUse: ApiUpgradeUse;
  OAuthSettings: OAuthSettings;
  Pricing: Pricing;
  OAuthInput: OAuthInput;
  PricingInput: PricingInput;
  CreatePluginInput: CreatePluginInput;
  UpdatePluginInput: UpdatePluginInput;
  CreatePluginPayload: Omit<CreatePluginPayload, 'plugin'> & { plugin: ResolversParentTypes['Plugin'] };
  WebhookEndpoint: WebhookEndpointView;
  WebhookEndpointStatistics: WebhookEndpointStatistics;
  Float: Scalars['Float']['output'];
  CreateWebhookEndpointInput: CreateWebhookEndpointInput;
  UpdateWebhookEndpointInput: UpdateWebhookEndpointInput;
  WebhookEndpointFilterInput: WebhookEndpointFilterInput;
  CreateWebhookEndpointPayload: Omit<CreateWebhookEndpointPayload, 'endpoint'> & { endpoint: ResolversParentTypes['WebhookEndpoint'] };
  RotateWebhookEndpointSecretPayload: Omit<RotateWebhookEndpointSecretPayload, 'endpoint'> & { endpoint: ResolversParentTypes['WebhookEndpoint'] };
  WebhookEndpointFilterPreview: WebhookEndpointFilterPreview;
  WebhookEndpointPreviewEvent: WebhookEndpointPreviewEvent;
  RotateWebhookSecretPayload: RotateWebhookSecretPayload;
  Sandbox: Sandbox;
  ApiVersionChange: ApiVersionChange;
  ApiVersion: ApiVersion;
  ScenarioRun: ScenarioRun;
  DeliveryFaults: DeliveryFaults;
  DeliveryFaultsInput: DeliveryFaultsInput;
  ProvisionSandboxPayload: ProvisionSandboxPayload;
  RegenerateInstallationKeyPayload: RegenerateInstallationKeyPayload;
  TestWebhookPayload: TestWebhookPayload;
  WebhookLog: WebhookLogView;
  WebhookRequest: WebhookRequest;
  WebhookAttempt: WebhookAttempt;
  WebhookReplay: WebhookReplay;
  InstallationWebhookHealth: InstallationWebhookHealth;
  ApiRequest: ApiRequest;
  ApiRequestConnection: ApiRequestConnection;
  PageInfo: PageInfo;
  WebhookLogConnection: Omit<WebhookLogConnection, 'nodes'> & { nodes: Array<ResolversParentTypes['WebhookLog']> };
  Installation: Installation;
  InstallPluginPayload: InstallPluginPayload;
  TrialSweepResult: TrialSweepResult;
  SandboxSweepResult: SandboxSweepResult;
  Organization: Organization;
  Location: Location;
  PosOrderInput: PosOrderInput;
  PosOrderItemInput: PosOrderItemInput;
  PosCustomizationInput: PosCustomizationInput;
  PosSaleInput: PosSaleInput;
  PosFailedPaymentInput: PosFailedPaymentInput;
  MenuItemInput: MenuItemInput;
  RestaurantOrder: RestaurantOrder;
  RestaurantTransaction: RestaurantTransaction;
  RestaurantMenuItem: RestaurantMenuItem;
  DeletedMenuItem: DeletedMenuItem;
};

export type AccessDirectiveArgs = {
  level: AccessLevel;
};

export type AccessDirectiveResolver<Result, Parent, ContextType = PortalContext, Args = AccessDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export type RateLimitedDirectiveArgs = {
  bucket: RateLimitBucket;
};

export type RateLimitedDirectiveResolver<Result, Parent, ContextType = PortalContext, Args = RateLimitedDirectiveArgs> = DirectiveResolverFn<Result, Parent, ContextType, Args>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type QueryResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  me?: Resolver<ResolversTypes['Developer'], ParentType, ContextType>;
  developerKeys?: Resolver<Array<ResolversTypes['DeveloperKey']>, ParentType, ContextType>;
  myDeveloperProjects?: Resolver<Array<ResolversTypes['Project']>, ParentType, ContextType>;
  plugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType, RequireFields<QueryPluginArgs, 'id'>>;
  sandboxes?: Resolver<Array<ResolversTypes['Sandbox']>, ParentType, ContextType>;
  sandbox?: Resolver<Maybe<ResolversTypes['Sandbox']>, ParentType, ContextType, RequireFields<QuerySandboxArgs, 'id'>>;
  webhookLog?: Resolver<Maybe<ResolversTypes['WebhookLog']>, ParentType, ContextType, RequireFields<QueryWebhookLogArgs, 'id'>>;
  webhookLogs?: Resolver<Maybe<ResolversTypes['WebhookLogConnection']>, ParentType, ContextType, RequireFields<QueryWebhookLogsArgs, 'installationId' | 'first'>>;
  webhookDeliveries?: Resolver<ResolversTypes['WebhookLogConnection'], ParentType, ContextType, RequireFields<QueryWebhookDeliveriesArgs, 'first'>>;
  apiRequests?: Resolver<ResolversTypes['ApiRequestConnection'], ParentType, ContextType, RequireFields<QueryApiRequestsArgs, 'installationId' | 'first'>>;
  apiRequest?: Resolver<Maybe<ResolversTypes['ApiRequest']>, ParentType, ContextType, RequireFields<QueryApiRequestArgs, 'id'>>;
  apiRequestByRequestId?: Resolver<Maybe<ResolversTypes['ApiRequest']>, ParentType, ContextType, RequireFields<QueryApiRequestByRequestIdArgs, 'requestId'>>;
  webhookReplay?: Resolver<Maybe<ResolversTypes['WebhookReplay']>, ParentType, ContextType, RequireFields<QueryWebhookReplayArgs, 'id'>>;
  scenarioRun?: Resolver<Maybe<ResolversTypes['ScenarioRun']>, ParentType, ContextType, RequireFields<QueryScenarioRunArgs, 'id'>>;
  webhookHealth?: Resolver<Array<ResolversTypes['InstallationWebhookHealth']>, ParentType, ContextType, RequireFields<QueryWebhookHealthArgs, 'pluginId'>>;
  webhookEndpointFilterPreview?: Resolver<ResolversTypes['WebhookEndpointFilterPreview'], ParentType, ContextType, RequireFields<QueryWebhookEndpointFilterPreviewArgs, 'pluginId' | 'input' | 'last'>>;
  webhookStreamCursor?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<QueryWebhookStreamCursorArgs, 'sandboxId'>>;
  apiVersions?: Resolver<Array<ResolversTypes['ApiVersion']>, ParentType, ContextType>;
  listings?: Resolver<Array<ResolversTypes['Plugin']>, ParentType, ContextType, Partial<QueryListingsArgs>>;
  organization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType, RequireFields<QueryOrganizationArgs, 'id'>>;
};

export type SubscriptionResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  webhookStream?: SubscriptionResolver<ResolversTypes['WebhookStreamEvent'], "webhookStream", ParentType, ContextType, RequireFields<SubscriptionWebhookStreamArgs, 'sandboxId'>>;
};

export type HeaderResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Header'] = ResolversParentTypes['Header']> = {
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookStreamEventResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookStreamEvent'] = ResolversParentTypes['WebhookStreamEvent']> = {
  logId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  deliveryId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  headers?: Resolver<Array<ResolversTypes['Header']>, ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  signUp?: Resolver<Maybe<ResolversTypes['AuthPayload']>, ParentType, ContextType, RequireFields<MutationSignUpArgs, 'email' | 'password' | 'name'>>;
  logIn?: Resolver<Maybe<ResolversTypes['AuthPayload']>, ParentType, ContextType, RequireFields<MutationLogInArgs, 'email' | 'password'>>;
  logOut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationLogOutArgs, 'everywhere'>>;
  acceptDeveloperAgreement?: Resolver<Maybe<ResolversTypes['Developer']>, ParentType, ContextType, RequireFields<MutationAcceptDeveloperAgreementArgs, 'version'>>;
  createDeveloperKey?: Resolver<Maybe<ResolversTypes['CreateDeveloperKeyPayload']>, ParentType, ContextType, RequireFields<MutationCreateDeveloperKeyArgs, 'name' | 'scopes'>>;
  revokeDeveloperKey?: Resolver<Maybe<ResolversTypes['DeveloperKey']>, ParentType, ContextType, RequireFields<MutationRevokeDeveloperKeyArgs, 'id'>>;
  createProject?: Resolver<Maybe<ResolversTypes['Project']>, ParentType, ContextType, RequireFields<MutationCreateProjectArgs, 'name'>>;
  createPlugin?: Resolver<Maybe<ResolversTypes['CreatePluginPayload']>, ParentType, ContextType, RequireFields<MutationCreatePluginArgs, 'projectId' | 'input'>>;
  updatePlugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType, RequireFields<MutationUpdatePluginArgs, 'id' | 'input'>>;
  rotateWebhookSecret?: Resolver<Maybe<ResolversTypes['RotateWebhookSecretPayload']>, ParentType, ContextType, RequireFields<MutationRotateWebhookSecretArgs, 'pluginId' | 'overlapHours' | 'plane'>>;
  expireWebhookSecret?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType, RequireFields<MutationExpireWebhookSecretArgs, 'pluginId' | 'plane'>>;
  setPluginApiVersion?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType, RequireFields<MutationSetPluginApiVersionArgs, 'pluginId' | 'version'>>;
  setSandboxApiVersion?: Resolver<Maybe<ResolversTypes['Sandbox']>, ParentType, ContextType, RequireFields<MutationSetSandboxApiVersionArgs, 'sandboxId'>>;
  submitPluginForReview?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType, RequireFields<MutationSubmitPluginForReviewArgs, 'id'>>;
  createWebhookEndpoint?: Resolver<Maybe<ResolversTypes['CreateWebhookEndpointPayload']>, ParentType, ContextType, RequireFields<MutationCreateWebhookEndpointArgs, 'pluginId' | 'input'>>;
  updateWebhookEndpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType, RequireFields<MutationUpdateWebhookEndpointArgs, 'id' | 'input'>>;
  deleteWebhookEndpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType, RequireFields<MutationDeleteWebhookEndpointArgs, 'id'>>;
  disableWebhookEndpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType, RequireFields<MutationDisableWebhookEndpointArgs, 'id'>>;
  enableWebhookEndpoint?: Resolver<Maybe<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType, RequireFields<MutationEnableWebhookEndpointArgs, 'id'>>;
  rotateWebhookEndpointSecret?: Resolver<Maybe<ResolversTypes['RotateWebhookEndpointSecretPayload']>, ParentType, ContextType, RequireFields<MutationRotateWebhookEndpointSecretArgs, 'id' | 'overlapHours'>>;
  provisionSandbox?: Resolver<Maybe<ResolversTypes['ProvisionSandboxPayload']>, ParentType, ContextType, RequireFields<MutationProvisionSandboxArgs, 'pluginId' | 'name'>>;
  resetSandbox?: Resolver<Maybe<ResolversTypes['Sandbox']>, ParentType, ContextType, RequireFields<MutationResetSandboxArgs, 'id'>>;
  protectSandbox?: Resolver<Maybe<ResolversTypes['Sandbox']>, ParentType, ContextType, RequireFields<MutationProtectSandboxArgs, 'id' | 'days'>>;
  deleteSandbox?: Resolver<Maybe<ResolversTypes['Sandbox']>, ParentType, ContextType, RequireFields<MutationDeleteSandboxArgs, 'id'>>;
  regenerateInstallationKey?: Resolver<Maybe<ResolversTypes['RegenerateInstallationKeyPayload']>, ParentType, ContextType, RequireFields<MutationRegenerateInstallationKeyArgs, 'installationId'>>;
  testWebhook?: Resolver<Maybe<ResolversTypes['TestWebhookPayload']>, ParentType, ContextType, RequireFields<MutationTestWebhookArgs, 'installationId' | 'event'>>;
  sendWebhookEndpointTestEvent?: Resolver<Maybe<ResolversTypes['TestWebhookPayload']>, ParentType, ContextType, RequireFields<MutationSendWebhookEndpointTestEventArgs, 'id' | 'event'>>;
  redeliverWebhook?: Resolver<ResolversTypes['WebhookLog'], ParentType, ContextType, RequireFields<MutationRedeliverWebhookArgs, 'logId'>>;
  replayWebhooks?: Resolver<ResolversTypes['WebhookReplay'], ParentType, ContextType, RequireFields<MutationReplayWebhooksArgs, 'installationId' | 'since' | 'onlyFailed'>>;
  reportWebhookStreamResult?: Resolver<ResolversTypes['WebhookLog'], ParentType, ContextType, RequireFields<MutationReportWebhookStreamResultArgs, 'logId' | 'status' | 'durationMs'>>;
  simulateInstall?: Resolver<Maybe<ResolversTypes['InstallPluginPayload']>, ParentType, ContextType, RequireFields<MutationSimulateInstallArgs, 'sandboxId'>>;
  simulateCheckout?: Resolver<Maybe<ResolversTypes['Installation']>, ParentType, ContextType, RequireFields<MutationSimulateCheckoutArgs, 'installationId'>>;
  simulateTrialEnding?: Resolver<Maybe<ResolversTypes['Installation']>, ParentType, ContextType, RequireFields<MutationSimulateTrialEndingArgs, 'installationId'>>;
  simulateTrialConversion?: Resolver<Maybe<ResolversTypes['Installation']>, ParentType, ContextType, RequireFields<MutationSimulateTrialConversionArgs, 'installationId'>>;
  simulateRemoval?: Resolver<Maybe<ResolversTypes['Installation']>, ParentType, ContextType, RequireFields<MutationSimulateRemovalArgs, 'installationId'>>;
  simulatePosOrder?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationSimulatePosOrderArgs, 'sandboxId'>>;
  simulateReleaseOrder?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationSimulateReleaseOrderArgs, 'sandboxId' | 'orderId'>>;
  simulateAddItems?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationSimulateAddItemsArgs, 'sandboxId' | 'orderId' | 'items'>>;
  simulateOrderPrepared?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationSimulateOrderPreparedArgs, 'sandboxId' | 'orderId'>>;
  simulatePosSale?: Resolver<Maybe<ResolversTypes['RestaurantTransaction']>, ParentType, ContextType, RequireFields<MutationSimulatePosSaleArgs, 'sandboxId' | 'orderId'>>;
  simulateFailedPayment?: Resolver<Maybe<ResolversTypes['RestaurantTransaction']>, ParentType, ContextType, RequireFields<MutationSimulateFailedPaymentArgs, 'sandboxId' | 'orderId'>>;
  simulateRefund?: Resolver<Maybe<ResolversTypes['RestaurantTransaction']>, ParentType, ContextType, RequireFields<MutationSimulateRefundArgs, 'sandboxId' | 'transactionId' | 'reason'>>;
  simulateMenuItemCreated?: Resolver<Maybe<ResolversTypes['RestaurantMenuItem']>, ParentType, ContextType, RequireFields<MutationSimulateMenuItemCreatedArgs, 'sandboxId' | 'input'>>;
  simulateMenuItemDeleted?: Resolver<Maybe<ResolversTypes['DeletedMenuItem']>, ParentType, ContextType, RequireFields<MutationSimulateMenuItemDeletedArgs, 'sandboxId' | 'itemId'>>;
  simulateSandboxExpiryWarning?: Resolver<Maybe<ResolversTypes['Sandbox']>, ParentType, ContextType, RequireFields<MutationSimulateSandboxExpiryWarningArgs, 'sandboxId'>>;
  runScenario?: Resolver<ResolversTypes['ScenarioRun'], ParentType, ContextType, RequireFields<MutationRunScenarioArgs, 'sandboxId' | 'scenario' | 'minutes'>>;
  cancelScenario?: Resolver<ResolversTypes['ScenarioRun'], ParentType, ContextType, RequireFields<MutationCancelScenarioArgs, 'id'>>;
  advanceSandboxClock?: Resolver<ResolversTypes['Sandbox'], ParentType, ContextType, RequireFields<MutationAdvanceSandboxClockArgs, 'sandboxId' | 'days'>>;
  setSandboxDeliveryFaults?: Resolver<ResolversTypes['Sandbox'], ParentType, ContextType, RequireFields<MutationSetSandboxDeliveryFaultsArgs, 'sandboxId' | 'faults'>>;
  reviewPlugin?: Resolver<Maybe<ResolversTypes['Plugin']>, ParentType, ContextType, RequireFields<MutationReviewPluginArgs, 'pluginId' | 'action'>>;
  createOrganization?: Resolver<Maybe<ResolversTypes['Organization']>, ParentType, ContextType, RequireFields<MutationCreateOrganizationArgs, 'name'>>;
  createLocation?: Resolver<Maybe<ResolversTypes['Location']>, ParentType, ContextType, RequireFields<MutationCreateLocationArgs, 'organizationId' | 'name' | 'currency' | 'timezone'>>;
  installPlugin?: Resolver<Maybe<ResolversTypes['InstallPluginPayload']>, ParentType, ContextType, RequireFields<MutationInstallPluginArgs, 'pluginId' | 'organizationId' | 'locationId'>>;
  completeCheckout?: Resolver<Maybe<ResolversTypes['Installation']>, ParentType, ContextType, RequireFields<MutationCompleteCheckoutArgs, 'installationId'>>;
  removeInstallation?: Resolver<Maybe<ResolversTypes['Installation']>, ParentType, ContextType, RequireFields<MutationRemoveInstallationArgs, 'installationId'>>;
  runTrialSweep?: Resolver<Maybe<ResolversTypes['TrialSweepResult']>, ParentType, ContextType, Partial<MutationRunTrialSweepArgs>>;
  runSandboxIdleSweep?: Resolver<Maybe<ResolversTypes['SandboxSweepResult']>, ParentType, ContextType, Partial<MutationRunSandboxIdleSweepArgs>>;
  posOrder?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationPosOrderArgs, 'locationId'>>;
  posReleaseOrder?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationPosReleaseOrderArgs, 'locationId' | 'orderId'>>;
  posAddItems?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationPosAddItemsArgs, 'locationId' | 'orderId' | 'items'>>;
  posOrderPrepared?: Resolver<Maybe<ResolversTypes['RestaurantOrder']>, ParentType, ContextType, RequireFields<MutationPosOrderPreparedArgs, 'locationId' | 'orderId'>>;
  posSale?: Resolver<Maybe<ResolversTypes['RestaurantTransaction']>, ParentType, ContextType, RequireFields<MutationPosSaleArgs, 'locationId' | 'orderId'>>;
  posFailedPayment?: Resolver<Maybe<ResolversTypes['RestaurantTransaction']>, ParentType, ContextType, RequireFields<MutationPosFailedPaymentArgs, 'locationId' | 'orderId'>>;
  posRefund?: Resolver<Maybe<ResolversTypes['RestaurantTransaction']>, ParentType, ContextType, RequireFields<MutationPosRefundArgs, 'locationId' | 'transactionId' | 'reason'>>;
  posMenuItemCreated?: Resolver<Maybe<ResolversTypes['RestaurantMenuItem']>, ParentType, ContextType, RequireFields<MutationPosMenuItemCreatedArgs, 'locationId' | 'input'>>;
  posMenuItemDeleted?: Resolver<Maybe<ResolversTypes['DeletedMenuItem']>, ParentType, ContextType, RequireFields<MutationPosMenuItemDeletedArgs, 'locationId' | 'itemId'>>;
};

export type AuthPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload']> = {
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type DeveloperResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Developer'] = ResolversParentTypes['Developer']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['DeveloperRole'], ParentType, ContextType>;
  agreementVersion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  agreementAcceptedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type DeveloperKeyResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['DeveloperKey'] = ResolversParentTypes['DeveloperKey']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  prefix?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  ipAllowlist?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type CreateDeveloperKeyPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['CreateDeveloperKeyPayload'] = ResolversParentTypes['CreateDeveloperKeyPayload']> = {
  key?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  developerKey?: Resolver<ResolversTypes['DeveloperKey'], ParentType, ContextType>;
};

export type ProjectResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Project'] = ResolversParentTypes['Project']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  plugins?: Resolver<Array<ResolversTypes['Plugin']>, ParentType, ContextType>;
};

export type PluginResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Plugin'] = ResolversParentTypes['Plugin']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  projectId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  listingStatus?: Resolver<ResolversTypes['ListingStatus'], ParentType, ContextType>;
  webhookEndpoint?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  supportedEvents?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  supportedFeatures?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  integrationType?: Resolver<ResolversTypes['IntegrationType'], ParentType, ContextType>;
  oauth?: Resolver<Maybe<ResolversTypes['OAuthSettings']>, ParentType, ContextType>;
  pricing?: Resolver<ResolversTypes['Pricing'], ParentType, ContextType>;
  trialDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  webhookAutoRecover?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  previousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  sandboxPreviousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  apiVersion?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  previousApiVersion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  apiVersionRollbackUntil?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  apiUpgradeReport?: Resolver<ResolversTypes['ApiUpgradeReport'], ParentType, ContextType, Partial<PluginApiUpgradeReportArgs>>;
  webhookEndpoints?: Resolver<Array<ResolversTypes['WebhookEndpoint']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type ApiUpgradeReportResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ApiUpgradeReport'] = ResolversParentTypes['ApiUpgradeReport']> = {
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  since?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  changes?: Resolver<Array<ResolversTypes['ApiUpgradeChange']>, ParentType, ContextType>;
  unusedChanges?: Resolver<Array<ResolversTypes['ApiUpgradeChange']>, ParentType, ContextType>;
};

export type ApiUpgradeChangeResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ApiUpgradeChange'] = ResolversParentTypes['ApiUpgradeChange']> = {
  version?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  upgrade?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uses?: Resolver<Array<ResolversTypes['ApiUpgradeUse']>, ParentType, ContextType>;
};

export type ApiUpgradeUseResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ApiUpgradeUse'] = ResolversParentTypes['ApiUpgradeUse']> = {
  kind?: Resolver<ResolversTypes['ApiUsageKind'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastUsedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  fields?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type OAuthSettingsResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['OAuthSettings'] = ResolversParentTypes['OAuthSettings']> = {
  clientId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientSecretSet?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  authorizeUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  tokenUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  redirectUri?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PricingResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Pricing'] = ResolversParentTypes['Pricing']> = {
  model?: Resolver<ResolversTypes['PricingModel'], ParentType, ContextType>;
  price?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CreatePluginPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['CreatePluginPayload'] = ResolversParentTypes['CreatePluginPayload']> = {
  plugin?: Resolver<ResolversTypes['Plugin'], ParentType, ContextType>;
  webhookSecret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhookSecretStandard?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookEndpointResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookEndpoint'] = ResolversParentTypes['WebhookEndpoint']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  primary?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  events?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  locationIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  filter?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  ordering?: Resolver<ResolversTypes['WebhookEndpointOrdering'], ParentType, ContextType>;
  rateLimitPerSecond?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  apiVersion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  planes?: Resolver<Array<ResolversTypes['WebhookEndpointPlane']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookEndpointStatus'], ParentType, ContextType>;
  previousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  statistics?: Resolver<ResolversTypes['WebhookEndpointStatistics'], ParentType, ContextType>;
};

export type WebhookEndpointStatisticsResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookEndpointStatistics'] = ResolversParentTypes['WebhookEndpointStatistics']> = {
  matched?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  delivered?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  filteredOut?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  successRate?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  since?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type CreateWebhookEndpointPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['CreateWebhookEndpointPayload'] = ResolversParentTypes['CreateWebhookEndpointPayload']> = {
  endpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  secretStandard?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RotateWebhookEndpointSecretPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['RotateWebhookEndpointSecretPayload'] = ResolversParentTypes['RotateWebhookEndpointSecretPayload']> = {
  endpoint?: Resolver<ResolversTypes['WebhookEndpoint'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  secretStandard?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  previousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type WebhookEndpointFilterPreviewResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookEndpointFilterPreview'] = ResolversParentTypes['WebhookEndpointFilterPreview']> = {
  examined?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  matched?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['WebhookEndpointPreviewEvent']>, ParentType, ContextType>;
};

export type WebhookEndpointPreviewEventResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookEndpointPreviewEvent'] = ResolversParentTypes['WebhookEndpointPreviewEvent']> = {
  eventId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  event?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  plane?: Resolver<ResolversTypes['DataPlane'], ParentType, ContextType>;
  locationId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  matched?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reasons?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
};

export type RotateWebhookSecretPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['RotateWebhookSecretPayload'] = ResolversParentTypes['RotateWebhookSecretPayload']> = {
  webhookSecret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhookSecretStandard?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  previousSecretExpiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type SandboxResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Sandbox'] = ResolversParentTypes['Sandbox']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  pluginId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  purpose?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  schemaName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['SandboxStatus'], ParentType, ContextType>;
  installationId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  lastAccessedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  protectedUntil?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  wouldExpireAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  clockOffsetDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  clockNow?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliveryFaults?: Resolver<ResolversTypes['DeliveryFaults'], ParentType, ContextType>;
  apiVersion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ApiVersionChangeResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ApiVersionChange'] = ResolversParentTypes['ApiVersionChange']> = {
  id?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  upgrade?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ApiVersionResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ApiVersion'] = ResolversParentTypes['ApiVersion']> = {
  version?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ApiVersionStatus'], ParentType, ContextType>;
  sunsetAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  changes?: Resolver<Array<ResolversTypes['ApiVersionChange']>, ParentType, ContextType>;
};

export type ScenarioRunResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ScenarioRun'] = ResolversParentTypes['ScenarioRun']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sandboxId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ScenarioKind'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ScenarioRunStatus'], ParentType, ContextType>;
  minutes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  stepsDone?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  stepsTotal?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  eventsEmitted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  startedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  finishedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type DeliveryFaultsResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['DeliveryFaults'] = ResolversParentTypes['DeliveryFaults']> = {
  duplicateRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  reorderWindowSeconds?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failFirstAttempt?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ProvisionSandboxPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ProvisionSandboxPayload'] = ResolversParentTypes['ProvisionSandboxPayload']> = {
  sandbox?: Resolver<ResolversTypes['Sandbox'], ParentType, ContextType>;
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  installationKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhookSecret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhookSecretStandard?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type RegenerateInstallationKeyPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['RegenerateInstallationKeyPayload'] = ResolversParentTypes['RegenerateInstallationKeyPayload']> = {
  installationKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TestWebhookPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['TestWebhookPayload'] = ResolversParentTypes['TestWebhookPayload']> = {
  logId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type WebhookLogResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookLog'] = ResolversParentTypes['WebhookLog']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['WebhookDirection'], ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  eventId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  signatureValid?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  idempotencyKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  httpStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  errorMessage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  durationMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  payload?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  sequence?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  redeliveryOf?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  replayId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  webhookEndpointId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  listenerHttpStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  listenerDurationMs?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  request?: Resolver<Maybe<ResolversTypes['WebhookRequest']>, ParentType, ContextType>;
  deliveryAttempts?: Resolver<Array<ResolversTypes['WebhookAttempt']>, ParentType, ContextType>;
};

export type WebhookRequestResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookRequest'] = ResolversParentTypes['WebhookRequest']> = {
  headers?: Resolver<Maybe<Array<ResolversTypes['Header']>>, ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type WebhookAttemptResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookAttempt'] = ResolversParentTypes['WebhookAttempt']> = {
  attempt?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  httpStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  errorMessage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  attemptedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  headers?: Resolver<Maybe<Array<ResolversTypes['Header']>>, ParentType, ContextType>;
};

export type WebhookReplayResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookReplay'] = ResolversParentTypes['WebhookReplay']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['WebhookReplayStatus'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  queued?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  delivered?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type InstallationWebhookHealthResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['InstallationWebhookHealth'] = ResolversParentTypes['InstallationWebhookHealth']> = {
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  deliveredLast24h?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failedLast24h?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  successRate?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  consecutiveFailures?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  failingSince?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastSequence?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  acknowledgedThrough?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ApiRequestResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ApiRequest'] = ResolversParentTypes['ApiRequest']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  method?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  path?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  operationId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  errorCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  durationMs?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  requestId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  idempotencyKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientIp?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  requestBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  responseBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  apiVersion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type ApiRequestConnectionResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['ApiRequestConnection'] = ResolversParentTypes['ApiRequestConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['ApiRequest']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type WebhookLogConnectionResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['WebhookLogConnection'] = ResolversParentTypes['WebhookLogConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['WebhookLog']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type InstallationResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Installation'] = ResolversParentTypes['Installation']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  pluginId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  plane?: Resolver<ResolversTypes['DataPlane'], ParentType, ContextType>;
  sandboxId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  locationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['InstallationStatus'], ParentType, ContextType>;
  isTrial?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  trialEndsAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  removedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type InstallPluginPayloadResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['InstallPluginPayload'] = ResolversParentTypes['InstallPluginPayload']> = {
  installationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['InstallationStatus'], ParentType, ContextType>;
  setupToken?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  setupUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  authorizeUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  installation?: Resolver<ResolversTypes['Installation'], ParentType, ContextType>;
};

export type TrialSweepResultResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['TrialSweepResult'] = ResolversParentTypes['TrialSweepResult']> = {
  ending?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  converted?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SandboxSweepResultResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['SandboxSweepResult'] = ResolversParentTypes['SandboxSweepResult']> = {
  warned?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  expired?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type OrganizationResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Organization'] = ResolversParentTypes['Organization']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subscriptionStatus?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  locations?: Resolver<Array<ResolversTypes['Location']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type LocationResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['Location'] = ResolversParentTypes['Location']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  organizationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timezone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type RestaurantOrderResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['RestaurantOrder'] = ResolversParentTypes['RestaurantOrder']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  uniqueOrderId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  locationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  orderType?: Resolver<ResolversTypes['OrderType'], ParentType, ContextType>;
  tableNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  partySize?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  itemCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paidTotal?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  remainingBalance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  paidAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
};

export type RestaurantTransactionResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['RestaurantTransaction'] = ResolversParentTypes['RestaurantTransaction']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  orderId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paymentMethod?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  processorPaymentIntentId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  refundReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  processedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  order?: Resolver<ResolversTypes['RestaurantOrder'], ParentType, ContextType>;
};

export type RestaurantMenuItemResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['RestaurantMenuItem'] = ResolversParentTypes['RestaurantMenuItem']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  locationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  categoryId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isAvailable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  allergens?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  vegan?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  vegetarian?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  spicyLevel?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  preparationTime?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type DeletedMenuItemResolvers<ContextType = PortalContext, ParentType extends ResolversParentTypes['DeletedMenuItem'] = ResolversParentTypes['DeletedMenuItem']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  locationId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  deletedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
};

export type Resolvers<ContextType = PortalContext> = {
  DateTime?: GraphQLScalarType;
  JSON?: GraphQLScalarType;
  Query?: QueryResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Header?: HeaderResolvers<ContextType>;
  WebhookStreamEvent?: WebhookStreamEventResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  Developer?: DeveloperResolvers<ContextType>;
  DeveloperKey?: DeveloperKeyResolvers<ContextType>;
  CreateDeveloperKeyPayload?: CreateDeveloperKeyPayloadResolvers<ContextType>;
  Project?: ProjectResolvers<ContextType>;
  Plugin?: PluginResolvers<ContextType>;
  ApiUpgradeReport?: ApiUpgradeReportResolvers<ContextType>;
  ApiUpgradeChange?: ApiUpgradeChangeResolvers<ContextType>;
  ApiUpgradeUse?: ApiUpgradeUseResolvers<ContextType>;
  OAuthSettings?: OAuthSettingsResolvers<ContextType>;
  Pricing?: PricingResolvers<ContextType>;
  CreatePluginPayload?: CreatePluginPayloadResolvers<ContextType>;
  WebhookEndpoint?: WebhookEndpointResolvers<ContextType>;
  WebhookEndpointStatistics?: WebhookEndpointStatisticsResolvers<ContextType>;
  CreateWebhookEndpointPayload?: CreateWebhookEndpointPayloadResolvers<ContextType>;
  RotateWebhookEndpointSecretPayload?: RotateWebhookEndpointSecretPayloadResolvers<ContextType>;
  WebhookEndpointFilterPreview?: WebhookEndpointFilterPreviewResolvers<ContextType>;
  WebhookEndpointPreviewEvent?: WebhookEndpointPreviewEventResolvers<ContextType>;
  RotateWebhookSecretPayload?: RotateWebhookSecretPayloadResolvers<ContextType>;
  Sandbox?: SandboxResolvers<ContextType>;
  ApiVersionChange?: ApiVersionChangeResolvers<ContextType>;
  ApiVersion?: ApiVersionResolvers<ContextType>;
  ScenarioRun?: ScenarioRunResolvers<ContextType>;
  DeliveryFaults?: DeliveryFaultsResolvers<ContextType>;
  ProvisionSandboxPayload?: ProvisionSandboxPayloadResolvers<ContextType>;
  RegenerateInstallationKeyPayload?: RegenerateInstallationKeyPayloadResolvers<ContextType>;
  TestWebhookPayload?: TestWebhookPayloadResolvers<ContextType>;
  WebhookLog?: WebhookLogResolvers<ContextType>;
  WebhookRequest?: WebhookRequestResolvers<ContextType>;
  WebhookAttempt?: WebhookAttemptResolvers<ContextType>;
  WebhookReplay?: WebhookReplayResolvers<ContextType>;
  InstallationWebhookHealth?: InstallationWebhookHealthResolvers<ContextType>;
  ApiRequest?: ApiRequestResolvers<ContextType>;
  ApiRequestConnection?: ApiRequestConnectionResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  WebhookLogConnection?: WebhookLogConnectionResolvers<ContextType>;
  Installation?: InstallationResolvers<ContextType>;
  InstallPluginPayload?: InstallPluginPayloadResolvers<ContextType>;
  TrialSweepResult?: TrialSweepResultResolvers<ContextType>;
  SandboxSweepResult?: SandboxSweepResultResolvers<ContextType>;
  Organization?: OrganizationResolvers<ContextType>;
  Location?: LocationResolvers<ContextType>;
  RestaurantOrder?: RestaurantOrderResolvers<ContextType>;
  RestaurantTransaction?: RestaurantTransactionResolvers<ContextType>;
  RestaurantMenuItem?: RestaurantMenuItemResolvers<ContextType>;
  DeletedMenuItem?: DeletedMenuItemResolvers<ContextType>;
};

export type DirectiveResolvers<ContextType = PortalContext> = {
  access?: AccessDirectiveResolver<any, any, ContextType>;
  rateLimited?: RateLimitedDirectiveResolver<any, any, ContextType>;
};
