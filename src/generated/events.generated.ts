// DO NOT EDIT. Generated from asyncapi.yaml by codegen/events.ts (make codegen).
// Restaurant Plugin Platform Webhooks 1.0.0: 20 outbound events in 8 families.

/** Every outbound event, in catalog order. */
export const EVENT_NAMES = [
  'order.created',
  'order.status_changed',
  'order.items_added',
  'order.paid',
  'order.cancelled',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'menu.item_created',
  'menu.item_updated',
  'menu.item_deleted',
  'inventory.stock_updated',
  'inventory.low_stock',
  'inventory.low_stock_resolved',
  'installation.created',
  'installation.removed',
  'trial.started',
  'trial.ending',
  'subscription.activated',
  'sandbox.expiry_warning',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Event families; each is also a subscription wildcard (`order.*`). */
export const EVENT_FAMILIES = [
  'order',
  'payment',
  'menu',
  'inventory',
  'installation',
  'trial',
  'subscription',
  'sandbox',
] as const;
export type EventFamily = (typeof EVENT_FAMILIES)[number];

/** The family of each event. */
export const EVENT_FAMILY: Record<EventName, EventFamily> = {
  'order.created': 'order',
  'order.status_changed': 'order',
  'order.items_added': 'order',
  'order.paid': 'order',
  'order.cancelled': 'order',
  'payment.succeeded': 'payment',
  'payment.failed': 'payment',
  'payment.refunded': 'payment',
  'menu.item_created': 'menu',
  'menu.item_updated': 'menu',
  'menu.item_deleted': 'menu',
  'inventory.stock_updated': 'inventory',
  'inventory.low_stock': 'inventory',
  'inventory.low_stock_resolved': 'inventory',
  'installation.created': 'installation',
  'installation.removed': 'installation',
  'trial.started': 'trial',
  'trial.ending': 'trial',
  'subscription.activated': 'subscription',
  'sandbox.expiry_warning': 'sandbox',
};

// ---- Payload types --------------------------------------------------------------------------

/**
 * Event id: the same on every retry and on every delivery of the event. Deduplicate on it.
 * Opaque: do not parse it.
 */
export type EventId = string;

/**
 * The event's number among the events addressed to this installation: 1, 2, 3, ... without
 * gaps, never reused, the same on every retry, redelivery and replay of the event, and in the
 * events feed (GET /api/plugin/v1/events). A gap between the sequences you have processed
 * means you missed an event: read it from the feed. Portal test webhooks, which are not
 * events, carry none.
 */
export type EventSequence = number;

/**
 * Only on deliveries to a webhook endpoint with ordering `ORDER`: the order the event belongs
 * to (`order:<order_id>`, for its `order.*` events and the `payment.*` events of its
 * payments). Deliveries with the same key reach that endpoint one at a time, in sequence order.
 */
export type EventOrderingKey = string;

/**
 * Only on a delivery to a webhook endpoint with ordering `ORDER` that waited behind a delivery
 * of the same `ordering_key` which failed its last attempt: that delivery's `sequence`. Read
 * it from the events feed (`GET /api/plugin/v1/events?after=<sequence - 1>`) before you act
 * on this one.
 */
export type EventPreviousFailedSequence = number;

/**
 * The `X-Request-Id` of the Plugin Data API request whose write caused the event (the same
 * id is in that response's header and, on an error, its body's `request_id`); null for
 * events caused otherwise (the restaurant's point of sale, the portal, time). Look the
 * request up in the portal's API request log (`apiRequests`).
 */
export type EventRequestId = string | null;

/** When the event happened, as an ISO 8601 (RFC 3339) date-time with an offset. */
export type EventTimestamp = string;

/** The installation the event belongs to (the receiving plugin's tenant key). */
export type InstallationId = number;

/** HTTP headers of every outbound webhook request. Header names are case-insensitive. */
export interface OutboundWebhookHeaders {
  'X-Svc-Event': EventName;
  'X-Svc-Signature': Signature;
  'Content-Type': 'application/json';
  /**
   * Delivery id: one per event and receiving installation, the same on every retry of that
   * delivery. Quote it when asking support about a delivery.
   */
  'X-Svc-Delivery': string;
  /** Attempt number of this request, 1-based, as a decimal string (`1`, `2`, `3`). */
  'X-Svc-Attempt': string;
  /**
   * Sent only while a secret rotation's overlap runs: the same HMAC as `X-Svc-Signature`
   * (lowercase hex over the raw body), keyed with the previous secret. A receiver that
   * still holds the previous secret verifies this one; `X-Svc-Signature` is always made
   * with the current secret.
   */
  'X-Svc-Signature-Previous'?: string;
  /**
   * Standard Webhooks message id: the envelope's `id`, the same on every attempt and
   * retry. Part of the signed content of `webhook-signature`.
   */
  'webhook-id': string;
  /**
   * Standard Webhooks timestamp: when this attempt was signed, in Unix seconds, as a
   * decimal string. Each attempt has its own. Refuse a request whose timestamp is more than
   * 5 minutes away from your clock (either way).
   */
  'webhook-timestamp': string;
  /**
   * Standard Webhooks signature: `v1,` followed by the base64 HMAC-SHA256 of
   * `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the webhook secret's bytes
   * (the Standard Webhooks form of the secret, `whsec_` + base64, decodes to them). During
   * a rotation's overlap it carries two signatures separated by a space, the current
   * secret's first; a request is valid when any one of them verifies.
   */
  'webhook-signature': string;
  /**
   * The dated API version the payload is written in: the receiving plugin's pinned
   * version (its sandbox's own, when the sandbox overrides it). See the Data API's
   * `GET /api-versions`.
   */
  'X-Svc-Api-Version'?: string;
  /**
   * Sent only while that version is deprecated (RFC 9745): `@` and the Unix time it was
   * deprecated.
   */
  Deprecation?: string;
  /**
   * Sent only while that version is deprecated (RFC 8594): the HTTP date of its sunset,
   * after which deliveries move to the version that replaces it.
   */
  Sunset?: string;
}

/**
 * Lowercase hex HMAC-SHA256 of the exact raw body bytes, keyed with the 64-character webhook
 * secret. Verify it in constant time before parsing the body.
 */
export type Signature = string;

/**
 * Internal order status. Webhooks carry internal values; the Data API's REST bodies use the
 * plugin vocabulary instead. CREATED reads as `open`, COOKING as `in_progress`, PREPARED and
 * SERVED as `ready`, COMPLETED as `completed`, PAID as `paid` and CANCELLED as `cancelled`;
 * the other values have no plugin equivalent.
 */
export type OrderStatus =
  | 'CREATED'
  | 'COOKING'
  | 'PREPARED'
  | 'SERVED'
  | 'COMPLETED'
  | 'PAID'
  | 'CANCELLED'
  | 'EDITABLE'
  | 'PENDING'
  | 'PROCESSING'
  | 'FAILED'
  | 'VOIDED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED'
  | 'ABANDONED'
  | 'PARTIALLY_PAID'
  | 'AWAITING_AUTHENTICATION';

/** Stock of the ingredient at the location after the movement, in the ingredient's unit. */
export interface StockLevel {
  /** Quantity in stock, decimal string with four decimals. */
  on_hand: string;
  /** At or below this quantity a low-stock alert opens; decimal string with four decimals. */
  reorder_point: string;
  /** Target quantity after restocking; decimal string with four decimals. */
  par_level: string;
}

/**
 * The new order. `total`, `party_size` and `created_at` are omitted (absent, not null) when
 * the event is fired from an order's transition out of PENDING.
 */
export interface OrderCreatedData {
  /** Internal order id, usable with the Data API (`GET /orders/{orderId}`). */
  order_id: number;
  /** Human-readable order identifier; `PUT /orders/{orderId}` accepts it too. */
  order_number: string;
  /** Table of a dine-in order; null for delivery and takeaway. */
  table_number: string | null;
  order_status: OrderStatus;
  /** Order total, decimal string with two decimals. Omitted when fired from a pending-state transition. */
  total?: string;
  /** Guest count, or null when not recorded. Omitted when fired from a pending-state transition. */
  party_size?: number | null;
  /** When the order was created. Omitted when fired from a pending-state transition. */
  created_at?: string;
}

export interface OrderStatusChangedData {
  /** Internal order id. */
  order_id: number;
  /** Human-readable order identifier. */
  order_number: string;
  old_status: OrderStatus;
  new_status: OrderStatus;
}

export interface OrderItemsAddedData {
  /** Internal order id. */
  order_id: number;
  /** Human-readable order identifier. */
  order_number: string;
  /** Number of items on the order before the addition. */
  previous_item_count: number;
  /** Number of items on the order after the addition. */
  new_item_count: number;
  /** Number of items added. */
  items_added: number;
}

export interface OrderPaidData {
  /** Internal order id. */
  order_id: number;
  /** Human-readable order identifier. */
  order_number: string;
  /** Order total, decimal string with two decimals. */
  total: string;
  /** When the order reached PAID. */
  paid_at: string;
}

export interface OrderCancelledData {
  /** Internal order id. */
  order_id: number;
  /** Human-readable order identifier. */
  order_number: string;
  /** Cancellation reason as given by whoever cancelled the order. */
  reason: string;
  /** When the order was cancelled. */
  cancelled_at: string;
}

/**
 * One of two shapes, told apart by `transaction_id` (observer) or `payment_id` (capture).
 * Read `transaction_id`, falling back to `payment_id`.
 */
export type PaymentSucceededData = PaymentSucceededObserverData | PaymentSucceededCaptureData;

/** Observer shape, sent when a sale transaction is created or completed. Never has `payment_id`. */
export interface PaymentSucceededObserverData {
  /** Never present in the observer shape; only the capture shape has `payment_id`. */
  payment_id?: never;
  /** Payment transaction id. */
  transaction_id: number;
  /** Internal order id. */
  order_id: number;
  /** Amount paid, decimal string with two decimals. */
  amount: string;
  /** ISO 4217 currency code of the order's location. */
  currency: string;
  /** How the guest paid, such as `card` or `cash`. */
  payment_method: string;
  /** Tip included in the payment, decimal string with two decimals. */
  tip_amount: string;
  /** Tax included in the payment, decimal string with two decimals. */
  tax_amount: string;
  /** Discount applied, decimal string with two decimals. */
  discount_amount: string;
  /** Payment intent id at the card processor; null for payments not made through the card processor. */
  processor_payment_intent_id: string | null;
  /** Kind of transaction, such as `sale`. */
  transaction_type: string;
  /** When the transaction was processed. */
  processed_at: string;
}

/**
 * Capture shape, sent by `POST /orders/{orderId}/payments`. Never has `transaction_id`, and has
 * none of the keys `tip_amount`, `tax_amount`, `discount_amount`, `processor_payment_intent_id`,
 * `transaction_type` and `processed_at`.
 */
export interface PaymentSucceededCaptureData {
  /** Never present in the capture shape; only the observer shape has `transaction_id`. */
  transaction_id?: never;
  /** Id of the captured payment, in place of `transaction_id`. */
  payment_id: number;
  /** Internal order id. */
  order_id: number;
  /** Amount captured, decimal string with two decimals. */
  amount: string;
  /** ISO 4217 currency code; always the order's location currency. */
  currency: string;
  /** Payment method given in the capture request. */
  payment_method: string;
  /** Provider given in the capture request. */
  provider: string;
  /** The provider's transaction id; the capture's idempotency key within the organization. */
  provider_transaction_id: string;
  /** Balance still due on the order after this capture, in major currency units. A JSON number, unlike the decimal-string amounts. */
  remaining_balance: number;
}

export interface PaymentFailedData {
  /** Payment transaction id. */
  transaction_id: number;
  /** Internal order id. */
  order_id: number;
  /** Amount of the failed payment, decimal string with two decimals. */
  amount: string;
  /** ISO 4217 currency code. */
  currency: string;
  /** How the guest tried to pay, such as `card`. */
  payment_method: string;
  /** Why the payment failed, as reported by the processor or the point of sale. */
  error: string;
  /** When the payment failed. */
  failed_at: string;
}

export interface PaymentRefundedData {
  /** Id of the refunded payment transaction. */
  transaction_id: number;
  /** Internal order id. */
  order_id: number;
  /** Amount refunded, decimal string with two decimals. */
  amount: string;
  /** ISO 4217 currency code. */
  currency: string;
  /** Why the payment was refunded. */
  refund_reason: string;
  /** When the refund was made. */
  refunded_at: string;
}

/** A menu item as it is after the change. */
export interface MenuItemData {
  /** Menu item id, usable with the Data API (`GET /menu/{itemId}`). */
  item_id: number;
  /** Name shown to guests. */
  name: string;
  /** Description shown to guests; may be empty. */
  description: string;
  /** Price, decimal string with two decimals. */
  price: string;
  /** Whether the item can be ordered right now (for example, not sold out). */
  is_available: boolean;
  /** Whether the item is on the menu at all. */
  is_active: boolean;
  /** Location the item belongs to. */
  location_id: number;
  /** Id of the location collection the item belongs to, or null. */
  location_coll_id: number | null;
  /** Allergens the item contains. */
  allergens: string[];
  /** Whether the item is vegan. */
  vegan: boolean;
  /** Whether the item is vegetarian. */
  vegetarian: boolean;
  /** Spiciness; 0 is not spicy. */
  spicy_level: number;
  /** Preparation time in minutes. */
  preparation_time: number;
}

/** The whole item after the update, plus `changes`. */
export interface MenuItemUpdatedData extends MenuItemData {
  changes: MenuItemChanges;
}

/** Only the fields that changed, with their new values. */
export interface MenuItemChanges {
  /** Name shown to guests. */
  name?: string;
  /** Description shown to guests; may be empty. */
  description?: string;
  /** Price, decimal string with two decimals. */
  price?: string;
  /** Whether the item can be ordered right now (for example, not sold out). */
  is_available?: boolean;
  /** Whether the item is on the menu at all. */
  is_active?: boolean;
  /** Location the item belongs to. */
  location_id?: number;
  /** Id of the location collection the item belongs to, or null. */
  location_coll_id?: number | null;
  /** Allergens the item contains. */
  allergens?: string[];
  /** Whether the item is vegan. */
  vegan?: boolean;
  /** Whether the item is vegetarian. */
  vegetarian?: boolean;
  /** Spiciness; 0 is not spicy. */
  spicy_level?: number;
  /** Preparation time in minutes. */
  preparation_time?: number;
}

export interface MenuItemDeletedData {
  /** Id of the deleted menu item. */
  item_id: number;
  /** Name the item had. */
  name: string;
  /** Location the item belonged to. */
  location_id: number;
  /** When the item was deleted. */
  deleted_at: string;
}

/** A stock movement and the stock level that resulted from it. */
export interface InventoryMovementData {
  /** Stock movement id. */
  movement_id: number;
  /** Ingredient id, usable with the Data API (`GET /inventory/{ingredientId}`). */
  ingredient_id: number;
  /** Location whose stock moved. */
  location_id: number;
  /** Change in stock, in the ingredient's unit; negative for consumption. A JSON number. */
  delta: number;
  /**
   * Why stock moved. Movements recorded through the Data API use `received`, `consumed`,
   * `waste`, `adjustment`, `transfer` or `count`; treat any other value as opaque.
   */
  reason: string;
  stock_level: StockLevel;
}

/**
 * Payload of installation.created, trial.started and subscription.activated. `trial_ends_at`
 * is absent for a free plugin.
 */
export interface InstallationData {
  /** The installation (one plugin at one restaurant location). */
  installation_id: number;
  /** The plugin. */
  plugin_id: number;
  /** The restaurant organization that installed the plugin. */
  organization_id: number;
  /** The location the installation is scoped to. */
  location_id: number;
  /** Whether the installation is in a free trial. False for a free plugin. */
  is_trial: boolean;
  /** When the trial converts, or null when there is no trial. Absent for a free plugin. */
  trial_ends_at?: string | null;
}

export interface InstallationRemovedData {
  /** The removed installation. */
  installation_id: number;
  /** The plugin. */
  plugin_id: number;
  /** The restaurant organization. */
  organization_id: number;
  /** The location the installation was scoped to. */
  location_id: number;
}

export interface TrialEndingData {
  /** The installation in trial. */
  installation_id: number;
  /** The plugin. */
  plugin_id: number;
  /** The restaurant organization. */
  organization_id: number;
  /** The location the installation is scoped to. */
  location_id: number;
  /** When the trial converts. */
  trial_ends_at: string;
  /** Whole days left before the trial converts. */
  days_remaining: number;
}

export interface SandboxExpiryWarningData {
  /** The sandbox. */
  sandbox_id: number;
  /** Name given to the sandbox at provisioning. */
  sandbox_name: string;
  /** Name of the sandbox's database schema, which expiry drops. */
  schema_name: string;
  /** Purpose given to the sandbox at provisioning. */
  purpose: string;
  /** Last time the sandbox's installation key was used. */
  last_accessed_at: string;
  /** When the sandbox expires if it stays idle. */
  would_expire_at: string;
  /** End of the protection window set with `protectSandbox`, or null when unprotected. */
  protected_until: string | null;
  /** Advice on how to keep the sandbox. */
  action: string;
}

/** HTTP headers of an inbound forwarding request. Header names are case-insensitive. */
export interface ExternalWebhookHeaders {
  /** The installation key, `pik_` followed by 64 lowercase hex characters. */
  'X-Plugin-Api-Key': string;
  /**
   * Hex HMAC-SHA256 of the exact raw body bytes, lowercase or upper-case, keyed with the
   * webhook secret (the current one, or the previous one while a rotation's overlap runs).
   * Missing or wrong: `401 invalid_signature`, whose message says what the signature most
   * likely is.
   */
  'X-Svc-Signature': string;
  'Content-Type': 'application/json';
}

/** Body of `POST /api/plugin/v1/webhooks/external`. Unknown fields are refused (`400 validation_error`). */
export interface ExternalWebhookRequest {
  /**
   * A catalog event name, a name starting with `external.`, or a name matching a catalog
   * family wildcard (`payment.custom` matches `payment.*`). Anything else is refused with
   * `400 unknown_event_type`.
   */
  event_type: string;
  /** The provider's event, recorded as-is. */
  payload: Record<string, unknown>;
  /**
   * Optional. A repeat of a key within 24 hours (per installation) is not recorded again:
   * the response is `200` with the original log entry and `"duplicate": true`.
   */
  idempotency_key?: string;
}

/** Events whose payload schema is shared, under their own names. */
export type MenuItemCreatedData = MenuItemData;
export type InventoryStockUpdatedData = InventoryMovementData;
export type InventoryLowStockData = InventoryMovementData;
export type InventoryLowStockResolvedData = InventoryMovementData;
export type InstallationCreatedData = InstallationData;
export type TrialStartedData = InstallationData;
export type SubscriptionActivatedData = InstallationData;

/** The `data` type of each event. */
export interface EventDataMap {
  'order.created': OrderCreatedData;
  'order.status_changed': OrderStatusChangedData;
  'order.items_added': OrderItemsAddedData;
  'order.paid': OrderPaidData;
  'order.cancelled': OrderCancelledData;
  'payment.succeeded': PaymentSucceededData;
  'payment.failed': PaymentFailedData;
  'payment.refunded': PaymentRefundedData;
  'menu.item_created': MenuItemData;
  'menu.item_updated': MenuItemUpdatedData;
  'menu.item_deleted': MenuItemDeletedData;
  'inventory.stock_updated': InventoryMovementData;
  'inventory.low_stock': InventoryMovementData;
  'inventory.low_stock_resolved': InventoryMovementData;
  'installation.created': InstallationData;
  'installation.removed': InstallationRemovedData;
  'trial.started': InstallationData;
  'trial.ending': TrialEndingData;
  'subscription.activated': InstallationData;
  'sandbox.expiry_warning': SandboxExpiryWarningData;
}

/** Body of an outbound webhook: the envelope around one event's data. */
export interface WebhookEnvelope<E extends EventName = EventName> {
  id: EventId;
  event: E;
  timestamp: EventTimestamp;
  installation_id: InstallationId;
  sequence?: EventSequence;
  request_id?: EventRequestId;
  ordering_key?: EventOrderingKey;
  previous_failed_sequence?: EventPreviousFailedSequence;
  data: EventDataMap[E];
}

/** Any outbound webhook body, discriminated on `event`. */
export type WebhookEvent = { [E in EventName]: WebhookEnvelope<E> }[EventName];

// ---- JSON Schemas (draft-07, dereferenced, annotations dropped) -----------------------------

/** Schema of each event's `data`. */
export const EVENT_DATA_SCHEMAS: Record<EventName, object> = {
  'order.created': {
    type: 'object',
    required: ['order_id', 'order_number', 'table_number', 'order_status'],
    properties: {
      order_id: { type: 'integer', minimum: 1 },
      order_number: { type: 'string' },
      table_number: { type: ['string', 'null'] },
      order_status: {
        type: 'string',
        enum: [
          'CREATED',
          'COOKING',
          'PREPARED',
          'SERVED',
          'COMPLETED',
          'PAID',
          'CANCELLED',
          'EDITABLE',
          'PENDING',
          'PROCESSING',
          'FAILED',
          'VOIDED',
          'REFUNDED',
          'PARTIALLY_REFUNDED',
          'ABANDONED',
          'PARTIALLY_PAID',
          'AWAITING_AUTHENTICATION',
        ],
      },
      total: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
      party_size: { type: ['integer', 'null'] },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  'order.status_changed': {
    type: 'object',
    required: ['order_id', 'order_number', 'old_status', 'new_status'],
    properties: {
      order_id: { type: 'integer', minimum: 1 },
      order_number: { type: 'string' },
      old_status: {
        type: 'string',
        enum: [
          'CREATED',
          'COOKING',
          'PREPARED',
          'SERVED',
          'COMPLETED',
          'PAID',
          'CANCELLED',
          'EDITABLE',
          'PENDING',
          'PROCESSING',
          'FAILED',
          'VOIDED',
          'REFUNDED',
          'PARTIALLY_REFUNDED',
          'ABANDONED',
          'PARTIALLY_PAID',
          'AWAITING_AUTHENTICATION',
        ],
      },
      new_status: {
        type: 'string',
        enum: [
          'CREATED',
          'COOKING',
          'PREPARED',
          'SERVED',
          'COMPLETED',
          'PAID',
          'CANCELLED',
          'EDITABLE',
          'PENDING',
          'PROCESSING',
          'FAILED',
          'VOIDED',
          'REFUNDED',
          'PARTIALLY_REFUNDED',
          'ABANDONED',
          'PARTIALLY_PAID',
          'AWAITING_AUTHENTICATION',
        ],
      },
    },
  },
  'order.items_added': {
    type: 'object',
    required: ['order_id', 'order_number', 'previous_item_count', 'new_item_count', 'items_added'],
    properties: {
      order_id: { type: 'integer', minimum: 1 },
      order_number: { type: 'string' },
      previous_item_count: { type: 'integer', minimum: 0 },
      new_item_count: { type: 'integer', minimum: 1 },
      items_added: { type: 'integer', minimum: 1 },
    },
  },
  'order.paid': {
    type: 'object',
    required: ['order_id', 'order_number', 'total', 'paid_at'],
    properties: {
      order_id: { type: 'integer', minimum: 1 },
      order_number: { type: 'string' },
      total: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
      paid_at: { type: 'string', format: 'date-time' },
    },
  },
  'order.cancelled': {
    type: 'object',
    required: ['order_id', 'order_number', 'reason', 'cancelled_at'],
    properties: {
      order_id: { type: 'integer', minimum: 1 },
      order_number: { type: 'string' },
      reason: { type: 'string', maxLength: 2000 },
      cancelled_at: { type: 'string', format: 'date-time' },
    },
  },
  'payment.succeeded': {
    oneOf: [
      {
        type: 'object',
        required: [
          'transaction_id',
          'order_id',
          'amount',
          'currency',
          'payment_method',
          'tip_amount',
          'tax_amount',
          'discount_amount',
          'processor_payment_intent_id',
          'transaction_type',
          'processed_at',
        ],
        properties: {
          payment_id: { not: {} },
          transaction_id: { type: 'integer', minimum: 1 },
          order_id: { type: 'integer', minimum: 1 },
          amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
          currency: { type: 'string', pattern: '^[A-Z]{3}$' },
          payment_method: { type: 'string' },
          tip_amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
          tax_amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
          discount_amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
          processor_payment_intent_id: { type: ['string', 'null'] },
          transaction_type: { type: 'string' },
          processed_at: { type: 'string', format: 'date-time' },
        },
      },
      {
        type: 'object',
        required: [
          'payment_id',
          'order_id',
          'amount',
          'currency',
          'payment_method',
          'provider',
          'provider_transaction_id',
          'remaining_balance',
        ],
        properties: {
          transaction_id: { not: {} },
          payment_id: { type: 'integer', minimum: 1 },
          order_id: { type: 'integer', minimum: 1 },
          amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
          currency: { type: 'string', pattern: '^[A-Z]{3}$' },
          payment_method: { type: 'string' },
          provider: { type: 'string' },
          provider_transaction_id: { type: 'string' },
          remaining_balance: { type: 'number', minimum: 0 },
        },
      },
    ],
  },
  'payment.failed': {
    type: 'object',
    required: [
      'transaction_id',
      'order_id',
      'amount',
      'currency',
      'payment_method',
      'error',
      'failed_at',
    ],
    properties: {
      transaction_id: { type: 'integer', minimum: 1 },
      order_id: { type: 'integer', minimum: 1 },
      amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      payment_method: { type: 'string' },
      error: { type: 'string' },
      failed_at: { type: 'string', format: 'date-time' },
    },
  },
  'payment.refunded': {
    type: 'object',
    required: ['transaction_id', 'order_id', 'amount', 'currency', 'refund_reason', 'refunded_at'],
    properties: {
      transaction_id: { type: 'integer', minimum: 1 },
      order_id: { type: 'integer', minimum: 1 },
      amount: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
      refund_reason: { type: 'string' },
      refunded_at: { type: 'string', format: 'date-time' },
    },
  },
  'menu.item_created': {
    type: 'object',
    required: [
      'item_id',
      'name',
      'description',
      'price',
      'is_available',
      'is_active',
      'location_id',
      'location_coll_id',
      'allergens',
      'vegan',
      'vegetarian',
      'spicy_level',
      'preparation_time',
    ],
    properties: {
      item_id: { type: 'integer', minimum: 1 },
      name: { type: 'string' },
      description: { type: 'string' },
      price: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
      is_available: { type: 'boolean' },
      is_active: { type: 'boolean' },
      location_id: { type: 'integer', minimum: 1 },
      location_coll_id: { type: ['integer', 'null'] },
      allergens: { type: 'array', items: { type: 'string' } },
      vegan: { type: 'boolean' },
      vegetarian: { type: 'boolean' },
      spicy_level: { type: 'integer', minimum: 0 },
      preparation_time: { type: 'integer', minimum: 0 },
    },
  },
  'menu.item_updated': {
    allOf: [
      {
        type: 'object',
        required: [
          'item_id',
          'name',
          'description',
          'price',
          'is_available',
          'is_active',
          'location_id',
          'location_coll_id',
          'allergens',
          'vegan',
          'vegetarian',
          'spicy_level',
          'preparation_time',
        ],
        properties: {
          item_id: { type: 'integer', minimum: 1 },
          name: { type: 'string' },
          description: { type: 'string' },
          price: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
          is_available: { type: 'boolean' },
          is_active: { type: 'boolean' },
          location_id: { type: 'integer', minimum: 1 },
          location_coll_id: { type: ['integer', 'null'] },
          allergens: { type: 'array', items: { type: 'string' } },
          vegan: { type: 'boolean' },
          vegetarian: { type: 'boolean' },
          spicy_level: { type: 'integer', minimum: 0 },
          preparation_time: { type: 'integer', minimum: 0 },
        },
      },
      {
        type: 'object',
        required: ['changes'],
        properties: {
          changes: {
            type: 'object',
            minProperties: 1,
            properties: {
              name: { type: 'string' },
              description: { type: 'string' },
              price: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' },
              is_available: { type: 'boolean' },
              is_active: { type: 'boolean' },
              location_id: { type: 'integer', minimum: 1 },
              location_coll_id: { type: ['integer', 'null'] },
              allergens: { type: 'array', items: { type: 'string' } },
              vegan: { type: 'boolean' },
              vegetarian: { type: 'boolean' },
              spicy_level: { type: 'integer', minimum: 0 },
              preparation_time: { type: 'integer', minimum: 0 },
            },
          },
        },
      },
    ],
  },
  'menu.item_deleted': {
    type: 'object',
    required: ['item_id', 'name', 'location_id', 'deleted_at'],
    properties: {
      item_id: { type: 'integer', minimum: 1 },
      name: { type: 'string' },
      location_id: { type: 'integer', minimum: 1 },
      deleted_at: { type: 'string', format: 'date-time' },
    },
  },
  'inventory.stock_updated': {
    type: 'object',
    required: ['movement_id', 'ingredient_id', 'location_id', 'delta', 'reason', 'stock_level'],
    properties: {
      movement_id: { type: 'integer', minimum: 1 },
      ingredient_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
      delta: { type: 'number' },
      reason: { type: 'string' },
      stock_level: {
        type: 'object',
        required: ['on_hand', 'reorder_point', 'par_level'],
        properties: {
          on_hand: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
          reorder_point: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
          par_level: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
        },
      },
    },
  },
  'inventory.low_stock': {
    type: 'object',
    required: ['movement_id', 'ingredient_id', 'location_id', 'delta', 'reason', 'stock_level'],
    properties: {
      movement_id: { type: 'integer', minimum: 1 },
      ingredient_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
      delta: { type: 'number' },
      reason: { type: 'string' },
      stock_level: {
        type: 'object',
        required: ['on_hand', 'reorder_point', 'par_level'],
        properties: {
          on_hand: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
          reorder_point: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
          par_level: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
        },
      },
    },
  },
  'inventory.low_stock_resolved': {
    type: 'object',
    required: ['movement_id', 'ingredient_id', 'location_id', 'delta', 'reason', 'stock_level'],
    properties: {
      movement_id: { type: 'integer', minimum: 1 },
      ingredient_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
      delta: { type: 'number' },
      reason: { type: 'string' },
      stock_level: {
        type: 'object',
        required: ['on_hand', 'reorder_point', 'par_level'],
        properties: {
          on_hand: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
          reorder_point: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
          par_level: { type: 'string', pattern: '^-?\\d+\\.\\d{4}$' },
        },
      },
    },
  },
  'installation.created': {
    type: 'object',
    required: ['installation_id', 'plugin_id', 'organization_id', 'location_id', 'is_trial'],
    properties: {
      installation_id: { type: 'integer', minimum: 1 },
      plugin_id: { type: 'integer', minimum: 1 },
      organization_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
      is_trial: { type: 'boolean' },
      trial_ends_at: { type: ['string', 'null'], format: 'date-time' },
    },
  },
  'installation.removed': {
    type: 'object',
    required: ['installation_id', 'plugin_id', 'organization_id', 'location_id'],
    properties: {
      installation_id: { type: 'integer', minimum: 1 },
      plugin_id: { type: 'integer', minimum: 1 },
      organization_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
    },
  },
  'trial.started': {
    type: 'object',
    required: ['installation_id', 'plugin_id', 'organization_id', 'location_id', 'is_trial'],
    properties: {
      installation_id: { type: 'integer', minimum: 1 },
      plugin_id: { type: 'integer', minimum: 1 },
      organization_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
      is_trial: { type: 'boolean' },
      trial_ends_at: { type: ['string', 'null'], format: 'date-time' },
    },
  },
  'trial.ending': {
    type: 'object',
    required: [
      'installation_id',
      'plugin_id',
      'organization_id',
      'location_id',
      'trial_ends_at',
      'days_remaining',
    ],
    properties: {
      installation_id: { type: 'integer', minimum: 1 },
      plugin_id: { type: 'integer', minimum: 1 },
      organization_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
      trial_ends_at: { type: 'string', format: 'date-time' },
      days_remaining: { type: 'integer', minimum: 0 },
    },
  },
  'subscription.activated': {
    type: 'object',
    required: ['installation_id', 'plugin_id', 'organization_id', 'location_id', 'is_trial'],
    properties: {
      installation_id: { type: 'integer', minimum: 1 },
      plugin_id: { type: 'integer', minimum: 1 },
      organization_id: { type: 'integer', minimum: 1 },
      location_id: { type: 'integer', minimum: 1 },
      is_trial: { type: 'boolean' },
      trial_ends_at: { type: ['string', 'null'], format: 'date-time' },
    },
  },
  'sandbox.expiry_warning': {
    type: 'object',
    required: [
      'sandbox_id',
      'sandbox_name',
      'schema_name',
      'purpose',
      'last_accessed_at',
      'would_expire_at',
      'protected_until',
      'action',
    ],
    properties: {
      sandbox_id: { type: 'integer', minimum: 1 },
      sandbox_name: { type: 'string' },
      schema_name: { type: 'string' },
      purpose: { type: 'string' },
      last_accessed_at: { type: 'string', format: 'date-time' },
      would_expire_at: { type: 'string', format: 'date-time' },
      protected_until: { type: ['string', 'null'], format: 'date-time' },
      action: { type: 'string' },
    },
  },
};

/** Schema of each event's whole body: the envelope around its `data`. */
export const ENVELOPE_SCHEMAS: Record<EventName, object> = {
  'order.created': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'order.created' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['order.created'],
    },
  },
  'order.status_changed': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'order.status_changed' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['order.status_changed'],
    },
  },
  'order.items_added': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'order.items_added' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['order.items_added'],
    },
  },
  'order.paid': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'order.paid' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['order.paid'],
    },
  },
  'order.cancelled': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'order.cancelled' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['order.cancelled'],
    },
  },
  'payment.succeeded': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'payment.succeeded' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['payment.succeeded'],
    },
  },
  'payment.failed': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'payment.failed' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['payment.failed'],
    },
  },
  'payment.refunded': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'payment.refunded' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['payment.refunded'],
    },
  },
  'menu.item_created': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'menu.item_created' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['menu.item_created'],
    },
  },
  'menu.item_updated': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'menu.item_updated' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['menu.item_updated'],
    },
  },
  'menu.item_deleted': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'menu.item_deleted' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['menu.item_deleted'],
    },
  },
  'inventory.stock_updated': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'inventory.stock_updated' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['inventory.stock_updated'],
    },
  },
  'inventory.low_stock': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'inventory.low_stock' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['inventory.low_stock'],
    },
  },
  'inventory.low_stock_resolved': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'inventory.low_stock_resolved' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['inventory.low_stock_resolved'],
    },
  },
  'installation.created': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'installation.created' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['installation.created'],
    },
  },
  'installation.removed': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'installation.removed' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['installation.removed'],
    },
  },
  'trial.started': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'trial.started' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['trial.started'],
    },
  },
  'trial.ending': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'trial.ending' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['trial.ending'],
    },
  },
  'subscription.activated': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'subscription.activated' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['subscription.activated'],
    },
  },
  'sandbox.expiry_warning': {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'installation_id', 'data'],
    properties: {
      id: { type: 'string', minLength: 1 },
      event: { type: 'string', const: 'sandbox.expiry_warning' },
      timestamp: { type: 'string', format: 'date-time' },
      installation_id: { type: 'integer', minimum: 1 },
      sequence: { type: 'integer', minimum: 1 },
      request_id: { type: ['string', 'null'] },
      ordering_key: { type: 'string', pattern: '^order:' },
      previous_failed_sequence: { type: 'integer', minimum: 1 },
      data: EVENT_DATA_SCHEMAS['sandbox.expiry_warning'],
    },
  },
};

/** Schema of the headers of every outbound webhook request. */
export const WEBHOOK_HEADERS_SCHEMA: object = {
  type: 'object',
  required: [
    'X-Svc-Event',
    'X-Svc-Signature',
    'Content-Type',
    'X-Svc-Delivery',
    'X-Svc-Attempt',
    'webhook-id',
    'webhook-timestamp',
    'webhook-signature',
  ],
  properties: {
    'X-Svc-Event': {
      type: 'string',
      enum: [
        'order.created',
        'order.status_changed',
        'order.items_added',
        'order.paid',
        'order.cancelled',
        'payment.succeeded',
        'payment.failed',
        'payment.refunded',
        'menu.item_created',
        'menu.item_updated',
        'menu.item_deleted',
        'inventory.stock_updated',
        'inventory.low_stock',
        'inventory.low_stock_resolved',
        'installation.created',
        'installation.removed',
        'trial.started',
        'trial.ending',
        'subscription.activated',
        'sandbox.expiry_warning',
      ],
    },
    'X-Svc-Signature': { type: 'string', pattern: '^[0-9a-f]{64}$' },
    'Content-Type': { type: 'string', enum: ['application/json'] },
    'X-Svc-Delivery': { type: 'string', minLength: 1 },
    'X-Svc-Attempt': { type: 'string', pattern: '^[1-9][0-9]*$' },
    'X-Svc-Signature-Previous': { type: 'string', pattern: '^[0-9a-f]{64}$' },
    'webhook-id': { type: 'string', minLength: 1 },
    'webhook-timestamp': { type: 'string', pattern: '^[0-9]{1,12}$' },
    'webhook-signature': {
      type: 'string',
      pattern: '^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)?$',
    },
    'X-Svc-Api-Version': { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    Deprecation: { type: 'string', pattern: '^@[0-9]+$' },
    Sunset: { type: 'string', minLength: 1 },
  },
};

/** Schema of the body of an inbound forwarding request (POST /api/plugin/v1/webhooks/external). */
export const INBOUND_WEBHOOK_SCHEMA: object = {
  type: 'object',
  required: ['event_type', 'payload'],
  additionalProperties: false,
  properties: {
    event_type: { type: 'string', minLength: 1, maxLength: 100 },
    payload: { type: 'object' },
    idempotency_key: { type: 'string', minLength: 1, maxLength: 128 },
  },
};

/** Schema of the headers of an inbound forwarding request. */
export const INBOUND_HEADERS_SCHEMA: object = {
  type: 'object',
  required: ['X-Plugin-Api-Key', 'X-Svc-Signature', 'Content-Type'],
  properties: {
    'X-Plugin-Api-Key': { type: 'string', pattern: '^pik_[0-9a-f]{64}$' },
    'X-Svc-Signature': { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
    'Content-Type': { type: 'string', enum: ['application/json'] },
  },
};
