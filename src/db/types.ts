import type { ColumnType, Generated, JSONColumnType } from 'kysely';

// Hand-written row types for Kysely. Money is numeric(12,2) and stock numeric(14,4): pg returns
// both as strings, which keeps them exact (see src/domain/shared/money.ts).
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Numeric = ColumnType<string, string | number, string | number>;
type Json<T extends object = Record<string, unknown>> = JSONColumnType<T, string, string>;

// ---------- control plane (schema "control") ----------

export interface DevelopersTable {
  developer_id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: ColumnType<
    'developer' | 'operator',
    'developer' | 'operator' | undefined,
    'developer' | 'operator'
  >;
  agreement_version: string | null;
  agreement_accepted_at: NullableTimestamp;
  created_at: Generated<Date>;
  /** logOut(everywhere) moves it: a session issued under another stamp is ended (src/portal/auth.ts). */
  sessions_valid_after: NullableTimestamp;
}

export interface DeveloperKeysTable {
  developer_key_id: Generated<number>;
  developer_id: number;
  name: string;
  key_hash: string;
  key_prefix: string;
  scopes: string[];
  ip_allowlist: string[];
  created_at: Generated<Date>;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface ProjectsTable {
  project_id: Generated<number>;
  developer_id: number;
  name: string;
  created_at: Generated<Date>;
}

export type ListingStatus =
  | 'draft'
  | 'under_review'
  | 'approved'
  | 'active'
  | 'suspended'
  | 'deprecated'
  | 'rejected'
  | 'deleted';

export interface PluginsTable {
  plugin_id: Generated<number>;
  project_id: number;
  name: string;
  listing_status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>;
  webhook_endpoint: string | null;
  webhook_secret_enc: string | null;
  webhook_auto_recover: ColumnType<boolean, boolean | undefined, boolean>;
  /** The secret the last rotation replaced (encrypted); accepted while previous_secret_expires_at > now(). */
  previous_webhook_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_expires_at: NullableTimestamp;
  /** The sandbox installations' own signing secret (per-plane secrets); null: they use webhook_secret_enc. */
  sandbox_webhook_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  previous_sandbox_webhook_secret_enc: ColumnType<
    string | null,
    string | null | undefined,
    string | null
  >;
  previous_sandbox_secret_expires_at: NullableTimestamp;
  supported_events: string[] | null;
  /** It has an enabled extra webhook endpoint (control.webhook_endpoints): kept by a trigger on them. */
  has_webhook_endpoints: ColumnType<boolean, boolean | undefined, boolean>;
  supported_features: ColumnType<string[], string[] | undefined, string[]>;
  integration_type: ColumnType<'none' | 'oauth2', 'none' | 'oauth2' | undefined, 'none' | 'oauth2'>;
  oauth_client_id: string | null;
  oauth_client_secret_enc: string | null;
  oauth_scopes: string[] | null;
  oauth_authorize_url: string | null;
  oauth_token_url: string | null;
  pricing_model: ColumnType<'free' | 'paid', 'free' | 'paid' | undefined, 'free' | 'paid'>;
  price: Numeric | null;
  trial_days: ColumnType<number, number | undefined, number>;
  setup_url: string | null;
  /** The dated API version its requests and webhooks use (the default: rows from before versions). */
  api_version: ColumnType<string, string | undefined, string>;
  /** The version before the last change, and when it changed: a live plugin's way back (72 h). */
  api_version_previous: ColumnType<string | null, string | null | undefined, string | null>;
  api_version_changed_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SandboxStatus = 'provisioning' | 'active' | 'resetting' | 'expired' | 'deleted';

export interface SandboxesTable {
  sandbox_id: Generated<number>;
  plugin_id: number;
  developer_id: number;
  name: string;
  purpose: string;
  schema_name: string;
  status: SandboxStatus;
  last_accessed_at: Timestamp;
  protected_until: NullableTimestamp;
  expiry_warning_sent_at: NullableTimestamp;
  created_at: Generated<Date>;
  /** Days advanceSandboxClock moved the sandbox's clock forward. */
  clock_offset_days: Generated<number>;
  fault_duplicate_rate: Generated<number>;
  fault_reorder_window_seconds: Generated<number>;
  fault_fail_first_attempt: Generated<boolean>;
  /** The sandbox's own API version; null: the plugin's. */
  api_version: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ScenarioRunsTable {
  run_id: Generated<number>;
  sandbox_id: number;
  kind: string;
  status: Generated<'running' | 'completed' | 'cancelled' | 'failed'>;
  minutes: number;
  /** Emptied by the retention job once the run has finished (steps_total keeps its size). */
  plan: Json;
  steps_total: Generated<number>;
  steps_done: Generated<number>;
  events_emitted: Generated<number>;
  state: Generated<Json>;
  error: string | null;
  started_at: Generated<Date>;
  finished_at: Date | null;
}

export type InstallationStatus = 'pending_payment' | 'active' | 'inactive' | 'removed';

export interface InstallationsTable {
  installation_id: Generated<number>;
  plugin_id: number;
  plane: 'production' | 'sandbox';
  sandbox_id: number | null;
  organization_id: number;
  location_id: number;
  status: InstallationStatus;
  api_key_hash: string | null;
  config: ColumnType<Record<string, unknown>, string | undefined, string>;
  is_trial: ColumnType<boolean, boolean | undefined, boolean>;
  trial_ends_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  removed_at: NullableTimestamp;
  oauth_tokens_enc: ColumnType<string | null, string | null | undefined, string | null>;
  oauth_expires_at: NullableTimestamp;
  trial_ending_sent_at: NullableTimestamp;
}

export interface SetupTokensTable {
  token_hash: string;
  installation_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface OAuthStatesTable {
  state_hash: string;
  installation_id: number;
  code_verifier_enc: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  count: number;
}

export interface RevokedSessionsTable {
  session_id: string;
  developer_id: number;
  expires_at: Timestamp;
}

export interface LogInFailuresTable {
  email: string;
  failures: number;
  next_attempt_at: Timestamp;
}

export interface HealthChecksTable {
  health_check_id: Generated<number>;
  installation_id: number;
  checked_at: Generated<Date>;
}

export interface EventsTable {
  event_id: Generated<string>;
  event_name: string;
  plane: 'production' | 'sandbox';
  sandbox_id: number | null;
  organization_id: number | null;
  location_id: number | null;
  installation_id: number | null;
  /** X-Request-Id of the Data API request that caused the event. */
  request_id: string | null;
  data: Json;
  occurred_at: Generated<Date>;
}

export interface ApiRequestsTable {
  api_request_id: Generated<number>;
  installation_id: number;
  created_at: Date;
  method: string;
  path: string;
  operation_id: string | null;
  status: number;
  error_code: string | null;
  duration_ms: number;
  request_id: string;
  idempotency_key: string | null;
  client_ip: string;
  request_body: string | null;
  response_body: string | null;
  /** The dated API version it was answered in; null for requests logged before versions were. */
  api_version: string | null;
}

export interface WebhookLogsTable {
  log_id: Generated<number>;
  installation_id: number;
  direction: 'inbound' | 'outbound';
  event_type: string;
  event_id: string | null;
  /** X-Svc-Delivery of an outbound delivery; null on inbound entries and skipped tests. */
  delivery_id: string | null;
  status: string;
  signature_valid: boolean | null;
  idempotency_key: string | null;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  http_status: number | null;
  error_message: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  duration_ms: number | null;
  /** The event's number in its installation's sequence (outbound deliveries of catalog events). */
  sequence: number | null;
  /** A redelivery: the delivery it repeats. */
  redelivery_of: number | null;
  /** A delivery made by a replay. */
  replay_id: number | null;
  last_attempt_at: Date | null;
  /** The answer of the svc listen endpoint the delivery was forwarded to (0: unreachable). */
  listener_http_status: number | null;
  listener_duration_ms: number | null;
  /** The extra endpoint (control.webhook_endpoints) an outbound delivery goes to; null: the listing's webhook_endpoint. */
  webhook_endpoint_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Ordering per order: "order:<order_id>" on a delivery to an endpoint with ordering ORDER; null otherwise. */
  ordering_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** True while the delivery waits for an earlier one of its ordering key (it has no job yet). */
  ordering_held: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** The sequence of the delivery of its ordering key that failed its last attempt just before it. */
  ordering_failed_sequence: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookListenersTable {
  listener_id: Generated<string>;
  sandbox_id: number;
  developer_id: number;
  expires_at: Date;
  /** Registered by a read-scoped key: never takes a delivery the destination guard refused. */
  read_only: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface InstallationWebhookStateTable {
  installation_id: number;
  last_sequence: ColumnType<number, number | undefined, number>;
  acknowledged_through: ColumnType<number, number | undefined, number>;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  failing_since: Date | null;
  last_error: string | null;
  last_success_at: Date | null;
  /** When the installation's first redelivery or replay delivery was made (null: never); see the acknowledgement. */
  resent_at: Date | null;
}

export interface InstallationEventsTable {
  installation_id: number;
  sequence: number;
  event_id: string;
  event_type: string;
  occurred_at: Date;
  /** The delivery that stands for the event now: the original, or the newest redelivery or replay. */
  log_id: number;
}

/** Per installation and UTC day, the range of feed sequences its entries hold (kept by a trigger; only widens). */
export interface InstallationFeedDaysTable {
  installation_id: number;
  day: Date;
  first_sequence: number;
  last_sequence: number;
  entries: number;
}

export interface WebhookReplaysTable {
  replay_id: Generated<number>;
  installation_id: number;
  since: Date;
  until: Date | null;
  only_failed: boolean;
  automatic: ColumnType<boolean, boolean | undefined, boolean>;
  total: number;
  created_at: Generated<Date>;
}

export interface DeliveryAttemptsTable {
  attempt_id: Generated<number>;
  log_id: number;
  attempt: number;
  status: 'delivered' | 'failed';
  http_status: number | null;
  error_message: string | null;
  refusal_reason: string | null;
  remote_address: string | null;
  duration_ms: number;
  attempted_at: Generated<Date>;
  /** Its log's created_at: the attempts are partitioned by the day of their log. */
  log_created_at: Date | string;
  /** The headers the attempt was sent with; null when nothing was sent. */
  request_headers: ColumnType<
    Record<string, string> | null,
    string | null | undefined,
    string | null
  >;
}

/** A plugin's webhook endpoint beyond the listing's webhook_endpoint (webhooks/endpoints). */
export interface WebhookEndpointsTable {
  webhook_endpoint_id: Generated<number>;
  plugin_id: number;
  url: string;
  description: string | null;
  /** Event names and family wildcards; null: every event (as supported_events). */
  events: string[] | null;
  location_ids: ColumnType<number[], number[] | undefined, number[]>;
  filter: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  ordering: ColumnType<'none' | 'order', 'none' | 'order' | undefined, 'none' | 'order'>;
  rate_limit_per_second: number | null;
  /** null: the plugin's pin. */
  api_version: string | null;
  planes: ColumnType<
    ('sandbox' | 'production')[],
    ('sandbox' | 'production')[] | undefined,
    ('sandbox' | 'production')[]
  >;
  status: ColumnType<
    'enabled' | 'disabled',
    'enabled' | 'disabled' | undefined,
    'enabled' | 'disabled'
  >;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_expires_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookEndpointAuditTable {
  audit_id: Generated<string>;
  webhook_endpoint_id: number;
  plugin_id: number;
  developer_id: number;
  /** The developer key that made the change; null: a portal session. */
  developer_key_id: number | null;
  action: 'created' | 'updated' | 'deleted' | 'disabled' | 'enabled' | 'secret_rotated';
  /** The fields a change set (names only). */
  fields: ColumnType<string[], string[] | undefined, string[]>;
  at: Generated<Date>;
}

export interface InboundWebhookKeysTable {
  installation_id: number;
  idempotency_key: string;
  log_id: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ControlSchema {
  'control.developers': DevelopersTable;
  'control.developer_keys': DeveloperKeysTable;
  'control.projects': ProjectsTable;
  'control.plugins': PluginsTable;
  'control.sandboxes': SandboxesTable;
  'control.installations': InstallationsTable;
  'control.rate_limits': RateLimitsTable;
  'control.revoked_sessions': RevokedSessionsTable;
  'control.log_in_failures': LogInFailuresTable;
  'control.health_checks': HealthChecksTable;
  'control.events': EventsTable;
  'control.api_requests': ApiRequestsTable;
  'control.scenario_runs': ScenarioRunsTable;
  'control.webhook_logs': WebhookLogsTable;
  'control.webhook_delivery_attempts': DeliveryAttemptsTable;
  'control.installation_webhook_state': InstallationWebhookStateTable;
  'control.installation_events': InstallationEventsTable;
  'control.installation_feed_days': InstallationFeedDaysTable;
  'control.webhook_replays': WebhookReplaysTable;
  'control.webhook_listeners': WebhookListenersTable;
  'control.inbound_webhook_keys': InboundWebhookKeysTable;
  'control.webhook_endpoints': WebhookEndpointsTable;
  'control.webhook_endpoint_audit': WebhookEndpointAuditTable;
  'control.setup_tokens': SetupTokensTable;
  'control.oauth_states': OAuthStatesTable;
}

// ---------- data plane (schema "production" or "sandbox_<id>", selected with withSchema) ----------

export interface OrganizationsTable {
  organization_id: Generated<number>;
  name: string;
  subscription_status: ColumnType<
    'active' | 'past_due' | 'locked',
    'active' | 'past_due' | 'locked' | undefined,
    'active' | 'past_due' | 'locked'
  >;
  created_at: Generated<Date>;
}

export interface LocationsTable {
  location_id: Generated<number>;
  organization_id: number;
  name: string;
  currency: string;
  timezone: string;
  address: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Date>;
}

export interface MenuCategoriesTable {
  category_id: Generated<number>;
  location_id: number;
  name: string;
  position: ColumnType<number, number | undefined, number>;
}

export interface MenuItemsTable {
  item_id: Generated<number>;
  location_id: number;
  category_id: number | null;
  location_coll_id: number | null;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  price: Numeric;
  is_available: ColumnType<boolean, boolean | undefined, boolean>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  allergens: ColumnType<string[], string[] | undefined, string[]>;
  vegan: ColumnType<boolean, boolean | undefined, boolean>;
  vegetarian: ColumnType<boolean, boolean | undefined, boolean>;
  spicy_level: ColumnType<number, number | undefined, number>;
  preparation_time: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CustomizationTemplatesTable {
  template_id: Generated<number>;
  location_id: number;
  name: string;
  min_select: ColumnType<number, number | undefined, number>;
  max_select: ColumnType<number, number | undefined, number>;
}

export interface CustomizationOptionsTable {
  option_id: Generated<number>;
  template_id: number;
  name: string;
  price_delta: ColumnType<string, string | number | undefined, string | number>;
}

export interface MenuItemTemplatesTable {
  item_id: number;
  template_id: number;
  position: ColumnType<number, number | undefined, number>;
}

export interface CustomersTable {
  customer_id: Generated<number>;
  organization_id: number;
  location_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OrdersTable {
  order_id: Generated<number>;
  organization_id: number;
  location_id: number;
  unique_orderid: string;
  status: string;
  order_type: 'dine_in' | 'takeaway' | 'delivery';
  table_number: string | null;
  party_size: number | null;
  external_order_id: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  customer_id: number | null;
  total: Numeric;
  paid_total: ColumnType<string, string | number | undefined, string | number>;
  currency: string;
  kitchen_instructions: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  source: ColumnType<'plugin' | 'pos', 'plugin' | 'pos' | undefined, 'plugin' | 'pos'>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  cancellation_reason: string | null;
}

export interface OrderItemsTable {
  order_item_id: Generated<number>;
  order_id: number;
  item_id: number;
  name: string;
  quantity: number;
  unit_price: Numeric;
  line_total: Numeric;
  notes: string | null;
  position: ColumnType<number, number | undefined, number>;
}

export interface OrderItemCustomizationsTable {
  order_item_customization_id: Generated<number>;
  order_item_id: number;
  template_id: number;
  option_id: number;
  name: string;
  price_delta: Numeric;
}

export interface TransactionsTable {
  transaction_id: Generated<number>;
  organization_id: number;
  order_id: number;
  amount: Numeric;
  currency: string;
  payment_method: string;
  provider: string | null;
  provider_transaction_id: string | null;
  transaction_type: ColumnType<'sale' | 'refund', 'sale' | 'refund' | undefined, 'sale' | 'refund'>;
  status: ColumnType<
    'succeeded' | 'failed' | 'refunded',
    'succeeded' | 'failed' | 'refunded' | undefined,
    'succeeded' | 'failed' | 'refunded'
  >;
  tip_amount: ColumnType<string, string | number | undefined, string | number>;
  tax_amount: ColumnType<string, string | number | undefined, string | number>;
  discount_amount: ColumnType<string, string | number | undefined, string | number>;
  processor_payment_intent_id: string | null;
  source: ColumnType<
    'plugin_capture' | 'pos',
    'plugin_capture' | 'pos' | undefined,
    'plugin_capture' | 'pos'
  >;
  error: string | null;
  refund_reason: string | null;
  captured_at: Timestamp;
  created_at: Generated<Date>;
  /** Snapshot of the order right after this payment (migration 2026_11_22_000300); null on older rows. */
  remaining_balance_after: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  order_status_after: string | null;
  /** On a refund: the sale it refunds (migration 2026_11_22_000800). */
  refunded_transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface IngredientsTable {
  ingredient_id: Generated<number>;
  organization_id: number;
  name: string;
  sku: string | null;
  unit: string;
  cost_per_unit: Numeric | null;
  supplier: string | null;
  allergens: ColumnType<string[], string[] | undefined, string[]>;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface IngredientSkusTable {
  sku_id: Generated<number>;
  ingredient_id: number;
  code: string;
  description: string | null;
  pack_size: Numeric;
}

export interface StockLevelsTable {
  ingredient_id: number;
  location_id: number;
  on_hand: Numeric;
  reorder_point: Numeric;
  par_level: Numeric;
  low_stock_alert_open: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Generated<Date>;
}

export interface StockMovementsTable {
  movement_id: Generated<number>;
  ingredient_id: number;
  location_id: number;
  delta: Numeric;
  reason: string;
  note: string | null;
  installation_id: number | null;
  idempotency_key: string | null;
  on_hand_after: Numeric;
  created_at: Generated<Date>;
}

export interface DataPlaneSchema {
  organizations: OrganizationsTable;
  locations: LocationsTable;
  menu_categories: MenuCategoriesTable;
  menu_items: MenuItemsTable;
  customization_templates: CustomizationTemplatesTable;
  customization_options: CustomizationOptionsTable;
  menu_item_templates: MenuItemTemplatesTable;
  customers: CustomersTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_item_customizations: OrderItemCustomizationsTable;
  transactions: TransactionsTable;
  ingredients: IngredientsTable;
  ingredient_skus: IngredientSkusTable;
  stock_levels: StockLevelsTable;
  stock_movements: StockMovementsTable;
}

/** The whole database as Kysely sees it: control tables by qualified name, data-plane tables by
 * bare name (a data-plane handle is always `db.withSchema(plane)`, made in one place: src/domain/shared). */
export interface Database extends ControlSchema, DataPlaneSchema {}
