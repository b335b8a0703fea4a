import type { Database } from './types.js';

// The columns each statement of the service reads or returns, named instead of `*`. A server-side
// prepared statement (named-statements.ts) keeps its result type: with `select *` or `returning *`
// a migration that adds a column (run while the old processes still serve, as the README's rollout
// order does) changes that type, and PostgreSQL refuses the kept statement (0A000) until it is
// parsed again. With the columns named, an additive migration changes no statement's result.
//
// Each list is written once, in the table's own column order (the order `*` gave, so rows keep
// their key order), as an object literal typed by the table: a missing or unknown column does not
// compile. test/db/no-star-statements.test.ts keeps `*` out of src/.

type ColumnOf<T extends keyof Database> = keyof Database[T] & string;

/** Every field of row type `R`, in the literal's order: `namesOf<KeyHolderRow>()({ installation_id: true, ... })`. */
export const namesOf =
  <R>() =>
  (names: Record<keyof R & string, true>): readonly (keyof R & string)[] =>
    Object.freeze(Object.keys(names) as (keyof R & string)[]);

/** Every column of table `T`: `columnsOf<'orders'>()({ order_id: true, ... })`. */
const columnsOf = <T extends keyof Database>() => namesOf<{ [C in ColumnOf<T>]: unknown }>();

/** The same columns qualified by a table alias (`o.order_id`), for statements that join. */
export const qualified = <A extends string, C extends string>(
  alias: A,
  columns: readonly C[],
): readonly `${A}.${C}`[] =>
  Object.freeze(columns.map((column) => `${alias}.${column}` as `${A}.${C}`));

export const DEVELOPER_KEY_COLUMNS = columnsOf<'control.developer_keys'>()({
  developer_key_id: true,
  developer_id: true,
  name: true,
  key_hash: true,
  key_prefix: true,
  scopes: true,
  ip_allowlist: true,
  created_at: true,
  revoked_at: true,
  last_used_at: true,
});
export const PLUGIN_COLUMNS = columnsOf<'control.plugins'>()({
  plugin_id: true,
  project_id: true,
  name: true,
  listing_status: true,
  webhook_endpoint: true,
  webhook_secret_enc: true,
  supported_events: true,
  supported_features: true,
  integration_type: true,
  oauth_client_id: true,
  oauth_client_secret_enc: true,
  oauth_scopes: true,
  oauth_authorize_url: true,
  oauth_token_url: true,
  pricing_model: true,
  price: true,
  trial_days: true,
  setup_url: true,
  created_at: true,
  updated_at: true,
  webhook_auto_recover: true,
  previous_webhook_secret_enc: true,
  previous_secret_expires_at: true,
  sandbox_webhook_secret_enc: true,
  previous_sandbox_webhook_secret_enc: true,
  previous_sandbox_secret_expires_at: true,
  api_version: true,
  api_version_previous: true,
  api_version_changed_at: true,
  has_webhook_endpoints: true,
});
export const SANDBOX_COLUMNS = columnsOf<'control.sandboxes'>()({
  sandbox_id: true,
  plugin_id: true,
  developer_id: true,
  name: true,
  purpose: true,
  schema_name: true,
  status: true,
  last_accessed_at: true,
  protected_until: true,
  expiry_warning_sent_at: true,
  created_at: true,
  clock_offset_days: true,
  fault_duplicate_rate: true,
  fault_reorder_window_seconds: true,
  fault_fail_first_attempt: true,
  api_version: true,
});
export const SCENARIO_RUN_COLUMNS = columnsOf<'control.scenario_runs'>()({
  run_id: true,
  sandbox_id: true,
  kind: true,
  status: true,
  minutes: true,
  plan: true,
  steps_done: true,
  events_emitted: true,
  state: true,
  error: true,
  started_at: true,
  finished_at: true,
  steps_total: true,
});
export const INSTALLATION_COLUMNS = columnsOf<'control.installations'>()({
  installation_id: true,
  plugin_id: true,
  plane: true,
  sandbox_id: true,
  organization_id: true,
  location_id: true,
  status: true,
  api_key_hash: true,
  config: true,
  is_trial: true,
  trial_ends_at: true,
  created_at: true,
  updated_at: true,
  removed_at: true,
  oauth_tokens_enc: true,
  oauth_expires_at: true,
  trial_ending_sent_at: true,
});
export const API_REQUEST_COLUMNS = columnsOf<'control.api_requests'>()({
  api_request_id: true,
  installation_id: true,
  created_at: true,
  method: true,
  path: true,
  operation_id: true,
  status: true,
  error_code: true,
  duration_ms: true,
  request_id: true,
  idempotency_key: true,
  client_ip: true,
  request_body: true,
  response_body: true,
  api_version: true,
});
export const WEBHOOK_LOG_COLUMNS = columnsOf<'control.webhook_logs'>()({
  log_id: true,
  installation_id: true,
  direction: true,
  event_type: true,
  event_id: true,
  status: true,
  signature_valid: true,
  idempotency_key: true,
  payload: true,
  http_status: true,
  error_message: true,
  attempts: true,
  duration_ms: true,
  created_at: true,
  updated_at: true,
  delivery_id: true,
  sequence: true,
  redelivery_of: true,
  replay_id: true,
  last_attempt_at: true,
  listener_http_status: true,
  listener_duration_ms: true,
  webhook_endpoint_id: true,
  ordering_key: true,
  ordering_held: true,
  ordering_failed_sequence: true,
});
export const WEBHOOK_REPLAY_COLUMNS = columnsOf<'control.webhook_replays'>()({
  replay_id: true,
  installation_id: true,
  since: true,
  until: true,
  only_failed: true,
  automatic: true,
  total: true,
  created_at: true,
});
export const ORGANIZATION_COLUMNS = columnsOf<'organizations'>()({
  organization_id: true,
  name: true,
  subscription_status: true,
  created_at: true,
});
export const LOCATION_COLUMNS = columnsOf<'locations'>()({
  location_id: true,
  organization_id: true,
  name: true,
  currency: true,
  timezone: true,
  address: true,
  is_active: true,
  created_at: true,
});
export const CUSTOMER_COLUMNS = columnsOf<'customers'>()({
  customer_id: true,
  organization_id: true,
  location_id: true,
  name: true,
  email: true,
  phone: true,
  created_at: true,
  updated_at: true,
});
export const MENU_ITEM_COLUMNS = columnsOf<'menu_items'>()({
  item_id: true,
  location_id: true,
  category_id: true,
  location_coll_id: true,
  name: true,
  description: true,
  price: true,
  is_available: true,
  is_active: true,
  allergens: true,
  vegan: true,
  vegetarian: true,
  spicy_level: true,
  preparation_time: true,
  created_at: true,
  updated_at: true,
});
export const INGREDIENT_COLUMNS = columnsOf<'ingredients'>()({
  ingredient_id: true,
  organization_id: true,
  name: true,
  sku: true,
  unit: true,
  cost_per_unit: true,
  supplier: true,
  allergens: true,
  metadata: true,
  created_at: true,
  updated_at: true,
});
export const STOCK_LEVEL_COLUMNS = columnsOf<'stock_levels'>()({
  ingredient_id: true,
  location_id: true,
  on_hand: true,
  reorder_point: true,
  par_level: true,
  low_stock_alert_open: true,
  updated_at: true,
});
export const STOCK_MOVEMENT_COLUMNS = columnsOf<'stock_movements'>()({
  movement_id: true,
  ingredient_id: true,
  location_id: true,
  delta: true,
  reason: true,
  note: true,
  installation_id: true,
  idempotency_key: true,
  on_hand_after: true,
  created_at: true,
});
export const ORDER_COLUMNS = columnsOf<'orders'>()({
  order_id: true,
  organization_id: true,
  location_id: true,
  unique_orderid: true,
  status: true,
  order_type: true,
  table_number: true,
  party_size: true,
  external_order_id: true,
  idempotency_key: true,
  request_hash: true,
  customer_id: true,
  total: true,
  paid_total: true,
  currency: true,
  kitchen_instructions: true,
  metadata: true,
  source: true,
  created_at: true,
  updated_at: true,
  paid_at: true,
  cancelled_at: true,
  cancellation_reason: true,
});
export const TRANSACTION_COLUMNS = columnsOf<'transactions'>()({
  transaction_id: true,
  organization_id: true,
  order_id: true,
  amount: true,
  currency: true,
  payment_method: true,
  provider: true,
  provider_transaction_id: true,
  transaction_type: true,
  status: true,
  tip_amount: true,
  tax_amount: true,
  discount_amount: true,
  processor_payment_intent_id: true,
  source: true,
  error: true,
  refund_reason: true,
  captured_at: true,
  created_at: true,
  remaining_balance_after: true,
  order_status_after: true,
  refunded_transaction_id: true,
});

export const WEBHOOK_ENDPOINT_COLUMNS = columnsOf<'control.webhook_endpoints'>()({
  webhook_endpoint_id: true,
  plugin_id: true,
  url: true,
  description: true,
  events: true,
  location_ids: true,
  filter: true,
  ordering: true,
  rate_limit_per_second: true,
  api_version: true,
  planes: true,
  status: true,
  secret_enc: true,
  previous_secret_enc: true,
  previous_secret_expires_at: true,
  created_at: true,
  updated_at: true,
});
