// DO NOT EDIT. Generated from openapi.yaml by codegen/openapi.ts (make codegen).
/* eslint-disable */
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the API and your key
         * @description Returns `ok` with the installation the key belongs to. Use it to verify a freshly obtained key and as a liveness probe. It goes through the same authentication, sandbox and rate-limit checks as every other route (it costs one request of the 60/minute budget), records a health check for the installation, and resets a sandbox's idle clock. Unlike every other endpoint, the object is returned at the top level, without a `data` wrapper.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api-versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API versions
         * @description Every dated API version, newest first: its status (`current` is the newest; an older one is `supported`, then `deprecated` from 6 months before its sunset, then `sunset`), its sunset date (`null` while no successor has shipped) and the changes it made, each with the steps to upgrade.
         */
        get: operations["listApiVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/installation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve the installation
         * @description Returns the installation the key belongs to: the plugin, the organization and location it is installed at, the environment, its configuration and the capabilities enabled for it. For OAuth integrations (`integration_type: oauth2`), `config.oauth` holds the current provider access token; the service refreshes it before it expires, so read it again rather than caching it past `expires_at`. Refresh tokens are never returned.
         */
        get: operations["getInstallation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/installation/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update the installation's configuration
         * @description Merges the keys you send into the installation's `config` and returns the whole
         *     installation.
         *
         *     The merge is shallow: each top-level key you send replaces the stored value for that key
         *     (a nested object is replaced as a whole, not merged); keys you do not send are kept
         *     unchanged. Sending `null` stores `null`; there is no way to remove a key.
         *
         *     The top-level key `oauth` is managed by the service (provider tokens of OAuth
         *     integrations) and cannot be written: a body containing it fails with
         *     `400 validation_error`.
         */
        post: operations["updateInstallationConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Lists the orders visible to the installation, oldest first, with their items, customer
         *     and payments.
         *
         *     **Gotcha:** the `status` filter takes an **internal** status value (`CREATED`, not
         *     `open`), while every order in the response reports `status` in the plugin vocabulary
         *     (and `internal_status` in internal values). Several internal values read as one plugin
         *     status (`PREPARED` and `SERVED` both read as `ready`).
         *
         *     To keep a local copy in sync, remember the time you started a sync and pass it as
         *     `since` next time: `since` matches orders whose `updated_at` is at or after it. Follow
         *     `meta.next_cursor` to the end of each sync.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Create an order
         * @description Creates an order at a location (the installation's own location by default). Requires
         *     the capability `orders:create` (otherwise `403 feature_not_enabled`).
         *
         *     The server prices the order from the menu: each line's `unit_price` is the menu item's
         *     price plus the `price_delta` of every selected option, and `line_total` is that times
         *     `quantity`. The order's currency is the location's currency. Orders created here start
         *     in status `open` (internal `CREATED`) and emit the `order.created` webhook.
         *
         *     **Customizations.** A menu item links customization templates; each template has
         *     `min_select`/`max_select` and options (see `GET /menu/{itemId}`). A template of another
         *     location fails with `422 customization_location_mismatch`; a template not linked to the
         *     item, or a number of selections per template outside `min_select`..`max_select` (a
         *     linked template with `min_select` ≥ 1 must be answered), fails with
         *     `422 customization_rule_violation`. A `template_id` or `option_id` that does not exist,
         *     or an option that is not part of the given template, is `422 validation_error`.
         *
         *     **Other semantic checks (422 `validation_error`):** a menu item that does not exist at
         *     the order's location or is unavailable or inactive; a `customer.customer_id` that is
         *     unknown or not visible to the installation (see `GET /customers`); a `table_number` on
         *     a `takeaway` or `delivery` order; a `location_id` your organization does not have; an
         *     order total above 9999999999.99. When several problems are found, `details` lists every
         *     one of the reported code.
         *
         *     **Idempotency.** Send `external_order_id` (your own id for the order) or an
         *     `X-Idempotency-Key` header. If both are sent they must be equal (otherwise
         *     `422 validation_error`). The key is unique per organization:
         *     - first request: `201` with the new order;
         *     - same key, same body: `200` with the original order as it is now — no second order is
         *       created, even when two first requests race (one gets `201`, the other `200`);
         *     - same key, different body: `422 validation_error`, with `details` naming the key.
         *
         *     When a customer is given by `name` (rather than `customer_id`), a new customer record
         *     is created for the order's location.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's numeric `order_id` or its `order_number`.
                 * @example ORD-20260314-0042
                 */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an order
         * @description Returns one order with its items, customer and payments. `orderId` is the numeric `order_id` or the human-readable `order_number`. An installation sees the orders of its own location only: an order of another location (even of your organization) answers 404 like an absent one, here and in `PUT /orders/{orderId}` and `POST /orders/{orderId}/payments`. `status` is in the plugin vocabulary (for an order in an internal-only status, its lower-case internal name, for example `partially_paid`); `internal_status` carries the internal value. A 404 carries a sentence (`{"error": "Order not found"}`), not a code.
         */
        get: operations["getOrder"];
        /**
         * Change an order's status
         * @description Moves an order to a new status (plugin vocabulary), optionally shallow-merging
         *     `metadata`, and returns the updated order. `orderId` is the numeric `order_id` or the
         *     `order_number`.
         *
         *     | Current | Allowed targets | Notes |
         *     |---|---|---|
         *     | `open` | `in_progress`, `cancelled` | writes `COOKING` / `CANCELLED` |
         *     | `in_progress` | `ready`, `cancelled` | `ready` writes internal `SERVED` |
         *     | `ready` | `completed`, `cancelled` | |
         *     | `completed` | `paid` | emits `order.paid` |
         *     | `paid` | none (terminal) | |
         *     | `cancelled` | none (terminal) | |
         *
         *     Rules:
         *     - A target that is not allowed from the current status — including the current status
         *       itself, and `open`, which is never a target — fails with `422 invalid_transition`,
         *       whose `allowed_next_states` lists the targets that are allowed (empty for terminal
         *       statuses).
         *     - Any PUT against an order in an internal-only status (`EDITABLE`, `PENDING`,
         *       `PROCESSING`, `FAILED`, `VOIDED`, `REFUNDED`, `PARTIALLY_REFUNDED`, `ABANDONED`,
         *       `PARTIALLY_PAID`, `AWAITING_AUTHENTICATION`) fails with `422 invalid_transition`.
         *     - `cancellation_reason` (at most 2000 characters) is required when the target is
         *       `cancelled` (`422 validation_error` without it) and is ignored otherwise.
         *     - Every successful move emits `order.status_changed` (with internal values); moving to
         *       `cancelled` also emits `order.cancelled`, and reaching `PAID` emits `order.paid`.
         *     - Moving to `paid` records no money. To record a payment taken through your provider,
         *       use `POST /orders/{orderId}/payments`, which sets the order to paid itself when the
         *       balance reaches zero.
         *     - The mapping is many-to-one and does not round-trip: writing `ready` stores `SERVED`,
         *       and an order the POS set to `PREPARED` also reads as `ready`.
         */
        put: operations["updateOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{orderId}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's numeric `order_id` or its `order_number`.
                 * @example ORD-20260314-0042
                 */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a captured payment
         * @description Records a payment your plugin captured through its own provider against an order.
         *     Requires the capability `payments:capture` (otherwise `403 feature_not_enabled`). The
         *     capture writes an authoritative transaction that appears in financial reports and
         *     reconciliation; this endpoint does not move money itself.
         *
         *     - `amount` is a decimal **string** in major units (`"24.50"`), at most two decimals (at
         *       versions before 2026-11-29, a JSON number such as `24.5`), and must not exceed the order's remaining balance (`422 overpayment`). `currency` must
         *       equal the order's currency (`422 currency_mismatch`).
         *     - A partial capture leaves the order status unchanged. A capture that brings the
         *       remaining balance to zero sets the order to `paid` (internal `PAID`) and emits
         *       `order.paid` and `order.status_changed`.
         *     - Capturing against a cancelled order fails with `422 invalid_transition`.
         *     - Concurrent captures on one order are serialised: together they can never exceed the
         *       balance.
         *     - Each capture emits a `payment.succeeded` webhook in the capture shape, and the
         *       transaction it writes also emits one in the observer shape: one capture delivers two
         *       `payment.succeeded` webhooks with different bodies.
         *
         *     - The organization's subscription state gates new captures: `locked` refuses them with
         *       `403 subscription_locked`. `past_due` (a grace period while the restaurant's own
         *       payment is retried) does not block captures.
         *
         *     **Idempotency.** `provider_transaction_id` is the idempotency key, unique per
         *     organization. The first request answers `201`; any later request with the same
         *     `provider_transaction_id` answers `200` with the original payment exactly as it was
         *     recorded (its `remaining_balance` and `order_status` are those right after the original
         *     capture), whatever the other fields of the later request say — compare the returned
         *     `order_id` and `amount` with your request if that matters to you. A replay is answered
         *     before any other check, so it still answers `200` after the subscription became locked.
         *     A `provider_transaction_id` already used for a payment on an order this installation
         *     cannot see (another location of the organization) is `422 validation_error`.
         */
        post: operations["captureOrderPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/menu": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List menu items
         * @description Lists the menu items of the installation's location in ascending `item_id` order. Menus are per location: an installation sees the items of its own location only. By default (`available_only=true`) only items that are both available (`is_available`) and active (`is_active`) are returned; pass `available_only=false` to get every item, including unavailable and inactive ones. List entries do not include customization templates; fetch `GET /menu/{itemId}` for those.
         */
        get: operations["listMenuItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/menu/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The menu item's `item_id`.
                 * @example 501
                 */
                itemId: components["parameters"]["ItemId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a menu item
         * @description Returns one menu item with its customization templates and their options. Use the template and option ids, and each template's `min_select`/`max_select`, when building the `customizations` of `POST /orders`. An item of another location (even of your own organization) is not visible to the installation and answers 404 like an absent one. A 404 carries a sentence (`{"error": "Menu item not found"}`), not a code.
         */
        get: operations["getMenuItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a menu item
         * @description Changes any of `is_available`, `price` and `preparation_time`; fields you do not send are unchanged. Send at least one field. `price` is sent, like all money, as a decimal string (`"16.50"`; at versions before 2026-11-29, a JSON number such as `16.5`). Out-of-range values, a `price` with more than two decimals and a non-integer `preparation_time` are `400 validation_error`. A change emits `menu.item_updated` with only the fields whose values actually changed in `changes`; a request that changes nothing (every sent value equals the stored one) writes nothing and emits no event. Only items of the installation's location can be updated; any other item is 404. Returns the item with its customization templates.
         */
        patch: operations["updateMenuItem"];
        trace?: never;
    };
    "/menu/bulk-availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set availability of many menu items
         * @description Sets `is_available` on up to 100 menu items in one request, for example when the kitchen runs out of an ingredient. Partial success is normal: the response is `200` with one result per request entry, in request order, and counts in `meta`. An item that does not exist or is not visible to the installation (an item of another location) is reported as `not_found` (counted in `meta.failed`) without failing the others. An item already in the requested state is `unchanged`. Entries are applied in order, so a repeated `item_id` sees the effect of the earlier entry. Each `updated` entry emits `menu.item_updated` with `changes: {is_available}`; `unchanged` and `not_found` entries emit nothing. The applied changes and their events commit together. More than 100 entries is `400 validation_error`.
         */
        post: operations["bulkUpdateMenuAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List locations
         * @description Lists every location of the installation's organization, in ascending `location_id` order, including locations outside the installation's own scope (filters and writes that name such a location answer `403 location_forbidden`).
         */
        get: operations["listLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations/{locationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The location's `location_id`.
                 * @example 34
                 */
                locationId: components["parameters"]["LocationId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a location
         * @description Returns one location of the installation's organization. A 404 carries a sentence (`{"error": "Location not found"}`), not a code.
         */
        get: operations["getLocation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Lists the customers visible to the installation in ascending `customer_id` order. A customer of your organization is visible when their home `location_id` is the installation's location or `null` (not tied to a location), or when they have at least one order at the installation's location. Customers of other organizations are never visible. `location_id`, when given, must be the installation's location (it returns the same set). `search` matches a substring of the name, email or phone, case-insensitively. `since` matches customers whose `updated_at` is at or after it; combine it with `next_cursor` for incremental sync.
         */
        get: operations["listCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The customer's `customer_id`.
                 * @example 8812
                 */
                customerId: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a customer
         * @description Returns one customer with the number of their orders visible to the installation (the orders at the installation's location, whatever their status) and the ids of the (at most 10) most recent of those orders, newest first. Orders at other locations are neither counted nor listed. A customer that does not exist or is not visible (see `GET /customers`) is `404 not_found`. Fetch each order with `GET /orders/{orderId}`.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ingredients with stock
         * @description Lists the ingredients of your organization (ingredients are shared by its locations) in ascending `ingredient_id` order, each with its stock level at every location in the installation's scope (only at `location_id` when that filter is given). An ingredient with no stock level there has an empty `stock`. `low_stock=true` returns only ingredients with at least one of those stock levels at or below its reorder point (`is_low`); `low_stock=false` only those with none.
         */
        get: operations["listInventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/{ingredientId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The ingredient's `ingredient_id`.
                 * @example 301
                 */
                ingredientId: components["parameters"]["IngredientId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve an ingredient
         * @description Returns one ingredient of your organization with its stock level at every location in the installation's scope, its SKUs and its last 20 stock movements at those locations (newest first). An ingredient of another organization is `404 not_found`.
         */
        get: operations["getInventoryItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an ingredient
         * @description Changes ingredient metadata; fields you do not send are unchanged. Send at least one field. `sku`, `cost_per_unit` and `supplier` can be cleared with `null`. `allergens` replaces the whole list. `metadata` is shallow-merged: each top-level key you send replaces the stored value, keys you do not send are kept. `cost_per_unit` is sent as a decimal string with at most four decimals (at versions before 2026-11-29, a JSON number, stored with four decimals rounded half up); it is returned as a decimal string. Stock levels change only through movements. Returns the ingredient detail.
         */
        patch: operations["updateInventoryItem"];
        trace?: never;
    };
    "/inventory/{ingredientId}/movements": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The ingredient's `ingredient_id`.
                 * @example 301
                 */
                ingredientId: components["parameters"]["IngredientId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a stock movement
         * @description Appends a stock movement to an ingredient at a location (the installation's own location
         *     by default) and returns it with the resulting stock level.
         *
         *     - `delta` is a non-zero decimal string with at most four decimals (at versions before
         *       2026-11-29, a JSON number): positive adds stock
         *       (`received`), negative removes it (`consumed`, `waste`). For `count`, send the
         *       difference between the counted and the recorded quantity. On-hand stock may become
         *       negative.
         *     - A location with no stock level for the ingredient yet gets one, starting from zero
         *       (reorder point and par level zero).
         *     - `location_id` defaults to the installation's location; another location of your
         *       organization is `403 location_forbidden`.
         *     - Movements on one ingredient and location are serialised, so the stock level and the
         *       low-stock cycle are exact under concurrency. Every movement emits
         *       `inventory.stock_updated`. The low-stock alert of an ingredient at a location is
         *       either open or closed: a movement that lowers stock (negative `delta`) to or below
         *       the reorder point while no alert is open opens one and emits `inventory.low_stock`;
         *       further movements while stock stays low emit nothing more. A movement that leaves
         *       stock above the reorder point while the alert is open closes it and emits
         *       `inventory.low_stock_resolved`. So there is one `inventory.low_stock` per depletion
         *       cycle, however many movements run concurrently. Events are emitted in that order
         *       (`inventory.stock_updated` first) and commit with the movement.
         *
         *     **Idempotency.** Send an `X-Idempotency-Key` header to make retries safe. Keys are
         *     scoped to the installation and remembered for at least 24 hours: the same key with the
         *     same body (same ingredient, location, `delta`, `reason` and `note`) answers `200` with
         *     the original movement (its `on_hand` as recorded then; `reorder_point` and `par_level`
         *     as they are now) and appends nothing, even when two first requests race; the same key
         *     with a different body is `422 validation_error`. Without the header every request
         *     appends a movement.
         *
         *     Semantic errors (`422 validation_error`): `delta` with more than four decimals, a
         *     `delta` that would take on-hand stock beyond ±9999999999.9999, a location your
         *     organization does not have, an idempotency key reused with a different body.
         */
        post: operations["createStockMovement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/external": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forward an inbound event
         * @description Forwards an event from your own third-party provider to the service, which records it
         *     for audit and later processing. This route does not move money.
         *
         *     **Signing.** Sign the exact bytes you send: `X-Svc-Signature` is the hex HMAC-SHA256 of
         *     the raw request body, keyed with the plugin's webhook secret (lowercase as the service
         *     writes its own; upper-case hex, as .NET's `Convert.ToHexString` writes it, is accepted too). Serialise
         *     the body once and sign and send that same string. The signature is checked before the
         *     body is validated: a missing or wrong signature is `401 invalid_signature` (recorded in
         *     the log with `signature_valid: false`), even when the body is also invalid. After a
         *     secret rotation, requests signed with the previous secret are accepted while the
         *     rotation's overlap runs (`overlapHours`, default 24) and refused after it. A refused
         *     signature's `message` says what it most likely is, never what it should have been: made
         *     with the previous secret after its overlap ended, base64 where lowercase hex is expected,
         *     computed over a re-serialised body (equal JSON, other bytes), a trailing newline or
         *     whitespace difference, no secret configured, or no `X-Svc-Signature`. A body over 64 KiB
         *     gets the verdict only ("does not match", with no further diagnosis).
         *
         *     **Event types.** `event_type` must be a catalog event (for example `order.paid`), a name
         *     starting with `external.` (for example `external.delivery.dispatched`), or a name in one
         *     of the wildcard families `order.*`, `payment.*`, `menu.*`, `inventory.*`, `sandbox.*`,
         *     `installation.*`, `subscription.*`, `trial.*` (for example `payment.custom`). Anything
         *     else is `400 unknown_event_type`.
         *
         *     **Idempotency.** With `idempotency_key`, a repeat within 24 hours (per installation)
         *     answers `200` with the original log entry and `duplicate: true`; nothing new is
         *     recorded. Without it, every request is recorded.
         *
         *     **Rate limits.** These requests count against the installation's 60 requests per minute,
         *     shared with every other route; the additional 600 per minute ceiling of this route is
         *     checked after that, so 60 per minute is the effective limit.
         */
        post: operations["receiveExternalWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/external/{logId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook log entry's `log_id`.
                 * @example 44021
                 */
                logId: components["parameters"]["LogId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve a webhook log entry
         * @description Returns one webhook log entry of the installation: an inbound event you forwarded (the `log_id` of `POST /webhooks/external`) or an outbound delivery (for example the log id returned by the portal's webhook tester). Poll it to follow a delivery's status, attempts and error message.
         */
        get: operations["getExternalWebhookLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the installation's events
         * @description The events feed: every event addressed to this installation in the last 30 days, oldest first, by `sequence` (1, 2, 3, ... per installation, without gaps). Each item is the exact envelope that was (or will be) delivered to your webhook endpoint, plus the state of its newest delivery. Use it to catch up after downtime or a gap in the sequences you received, or instead of a webhook endpoint altogether: poll with `after` set to the last sequence you processed, then acknowledge it with `POST /events/ack`. Page with `after=meta.next_after` while `meta.has_more` is true. Events appear once their deliveries are created, a few milliseconds after the change that caused them. When `meta.oldest_sequence` is above `after + 1`, events you have not read were pruned after the retention window.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Acknowledge events through a sequence
         * @description Tells the platform you have processed every event up to and including `through`. The installation's acknowledged cursor moves forward (never back: a lower `through` leaves it where it is), and every delivery at or below it that still has attempts to make is cancelled (its log status becomes `acknowledged`): nothing you acknowledged is attempted again. This call never waits for a delivery on the network: an attempt already sent when it arrives may still reach you (deduplicate on the envelope `id`), but schedules no retry; none starts after it returns. Idempotent: repeat it freely. `through` above the last sequence issued to the installation is `422 validation_error`.
         */
        post: operations["acknowledgeEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/setup-token/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a setup token for the installation key
         * @description When a restaurant installs your plugin, your setup URL receives a one-time setup token. Exchange it here for the installation id and the installation key. This is the only route that takes no `X-Plugin-Api-Key`. The key is returned exactly once — store it (encrypted) before answering anything else; it cannot be retrieved again, only regenerated in the portal. A token is single-use and expires; an unknown, used or expired token is `401 invalid_setup_token`. Limited to 20 requests per minute per client IP address.
         */
        post: operations["exchangeSetupToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description An amount of money in the currency's major unit, as a decimal string with exactly two decimals. Negative only where stated. Parse with a decimal type, never a float.
         * @example 12.50
         */
        Money: string;
        /**
         * @description A stock quantity as a decimal string with exactly four decimals (negative where stated).
         * @example 3.2500
         */
        Quantity: string;
        /**
         * @description ISO 4217 currency code, upper case.
         * @example USD
         */
        CurrencyCode: string;
        /**
         * @description Free-form key-value data you attach to a record for your own use (JSON values of any type). Updates shallow-merge: top-level keys you send replace the stored value, other keys are kept.
         * @example {
         *       "source": "tablesync"
         *     }
         */
        Metadata: {
            [key: string]: unknown;
        };
        /**
         * @description Order status in the plugin vocabulary, as returned in responses:
         *
         *     | Plugin status | Internal statuses read as it |
         *     |---|---|
         *     | `open` | `CREATED` |
         *     | `in_progress` | `COOKING` |
         *     | `ready` | `PREPARED`, `SERVED` |
         *     | `completed` | `COMPLETED` |
         *     | `paid` | `PAID` |
         *     | `cancelled` | `CANCELLED` |
         *
         *     An order in an internal-only status (no plugin equivalent) reports its internal name in
         *     lower case: `editable`, `pending`, `processing`, `failed`, `voided`, `refunded`,
         *     `partially_refunded`, `abandoned`, `partially_paid`, `awaiting_authentication`. Such
         *     orders cannot be moved with `PUT /orders/{orderId}`. New values may be added; treat an
         *     unknown value as "not actionable".
         * @example in_progress
         * @enum {string}
         */
        OrderStatus: "open" | "in_progress" | "ready" | "completed" | "paid" | "cancelled" | "editable" | "pending" | "processing" | "failed" | "voided" | "refunded" | "partially_refunded" | "abandoned" | "partially_paid" | "awaiting_authentication";
        /**
         * @description A status an order can be moved to, in the plugin vocabulary. `open` is accepted by the schema but is never an allowed target (`422 invalid_transition`).
         * @example ready
         * @enum {string}
         */
        TargetOrderStatus: "open" | "in_progress" | "ready" | "completed" | "paid" | "cancelled";
        /**
         * @description Order status as stored internally and as used in webhook payloads and the `status` filter of `GET /orders`.
         * @example COOKING
         * @enum {string}
         */
        InternalOrderStatus: "CREATED" | "COOKING" | "PREPARED" | "SERVED" | "COMPLETED" | "PAID" | "CANCELLED" | "EDITABLE" | "PENDING" | "PROCESSING" | "FAILED" | "VOIDED" | "REFUNDED" | "PARTIALLY_REFUNDED" | "ABANDONED" | "PARTIALLY_PAID" | "AWAITING_AUTHENTICATION";
        /** @description Paging information of a collection. */
        CollectionMeta: {
            /**
             * @description Number of records in `data` (this page only, not a total).
             * @example 50
             */
            count: number;
            /**
             * @description The page size that was applied.
             * @example 50
             */
            limit: number;
            /**
             * @description Pass as `cursor` (with the same filters and `limit`) to fetch the next page; `null` on the last page. Following it visits every matching record exactly once.
             * @example eyJpZCI6NTgxNjR9
             */
            next_cursor: string | null;
        };
        /** @description The error body of every failure (except the sentence-style 404 of orders, menu items and locations). Branch on `error`; `message` is for humans and may change. */
        Error: {
            /**
             * @description Stable snake_case error code.
             * @example validation_error
             */
            error: string;
            /**
             * @description Human-readable explanation. Do not parse it.
             * @example Request is invalid
             */
            message: string;
            /**
             * @description The request's id, the same as its `X-Request-Id` header. Quote it to support, and find the request in the portal's API request log.
             * @example req_3f2b8c1d9e4a4b7c8d6e5f4a3b2c1d0e
             */
            request_id?: string;
            /**
             * Format: uri
             * @description Where /docs explains this error code and what to do about it (`{base_url}/docs/errors#<code>`).
             * @example https://api.example.com/docs/errors#validation_error
             */
            doc_url?: string;
            /**
             * @description Validation failures only: maps each offending field (dotted path for body fields, parameter name for parameters, `body` for the body as a whole) to its problems.
             * @example {
             *       "items.0.quantity": [
             *         "must be <= 999"
             *       ]
             *     }
             */
            details?: {
                [key: string]: string[];
            };
        };
        /** @description `validation_error`, with `details`. */
        ValidationError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "validation_error" | "invalid_api_version";
        };
        /** @description 401 error of the installation-key checks. */
        UnauthorizedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "missing_api_key" | "invalid_api_key_format" | "invalid_api_key" | "sandbox_not_ready";
        };
        /** @description 401 error of `POST /webhooks/external`. */
        WebhookUnauthorizedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "missing_api_key" | "invalid_api_key_format" | "invalid_api_key" | "sandbox_not_ready" | "invalid_signature";
        };
        /** @description 401 error of the setup-token exchange. */
        SetupTokenError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "invalid_setup_token";
        };
        /** @description 403 error of the installation checks. */
        ForbiddenError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "installation_inactive" | "plugin_listing_unavailable";
        };
        /** @description 403 error of operations that take a `location_id`. */
        LocationForbiddenError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "installation_inactive" | "plugin_listing_unavailable" | "location_forbidden";
        };
        /** @description 403 error of `POST /orders`. */
        CreateOrderForbiddenError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "installation_inactive" | "plugin_listing_unavailable" | "feature_not_enabled" | "location_forbidden";
        };
        /** @description 403 error of `POST /orders/{orderId}/payments`. */
        CaptureForbiddenError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "installation_inactive" | "plugin_listing_unavailable" | "feature_not_enabled" | "subscription_locked";
        };
        /** @description 404 of customers, inventory and webhook logs. */
        NotFoundError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "not_found";
        };
        /** @description 404 body of the order, menu item and location endpoints: a human sentence in `error` (`Order not found`, `Menu item not found`, `Location not found`) and no `message` key. */
        NotFoundSentence: {
            /**
             * @description A human-readable sentence, not a code.
             * @example Order not found
             */
            error: string;
            /**
             * @description The request's id, the same as its `X-Request-Id` header.
             * @example req_3f2b8c1d9e4a4b7c8d6e5f4a3b2c1d0e
             */
            request_id?: string;
            /**
             * Format: uri
             * @description Where /docs explains the not-found answer (`{base_url}/docs/errors#not_found`).
             * @example https://api.example.com/docs/errors#not_found
             */
            doc_url?: string;
        };
        /** @description 409 while a sandbox reset is in flight. */
        SandboxResettingError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "sandbox_resetting";
        };
        /** @description 413 for a body over 1 MiB. */
        PayloadTooLargeError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "payload_too_large";
        };
        /** @description 415 for a body that is not `application/json`. */
        UnsupportedMediaTypeError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "unsupported_media_type";
        };
        /** @description 422 error of `POST /orders`. */
        CreateOrderUnprocessableError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "validation_error" | "customization_location_mismatch" | "customization_rule_violation";
        };
        /** @description 422 `invalid_transition`: the order cannot move to the requested status. `allowed_next_states` lists the statuses it can move to now (empty when none). */
        InvalidTransitionError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "invalid_transition";
            /**
             * @description Plugin-vocabulary statuses reachable from the current one.
             * @example [
             *       "in_progress",
             *       "cancelled"
             *     ]
             */
            allowed_next_states: components["schemas"]["TargetOrderStatus"][];
        };
        /** @description 422 error of `POST /orders/{orderId}/payments` other than `invalid_transition`. */
        CaptureUnprocessableError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "currency_mismatch" | "overpayment" | "validation_error";
        };
        /** @description 400 error of `POST /webhooks/external`. */
        WebhookRejectedError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "validation_error" | "unknown_event_type" | "invalid_api_version";
        };
        /** @description 429 body; `retry_after` equals the `Retry-After` header. */
        RateLimitError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "rate_limit_exceeded";
            /**
             * @description Seconds to wait before retrying.
             * @example 23
             */
            retry_after: number;
        };
        /** @description 500 error. */
        InternalError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "sandbox_misconfigured" | "internal_error";
        };
        /** @description 500 error of `POST /orders`. */
        CreateOrderInternalError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "sandbox_misconfigured" | "internal_error" | "create_failed";
        };
        /** @description 500 error of `POST /orders/{orderId}/payments`. */
        CaptureInternalError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "sandbox_misconfigured" | "internal_error" | "capture_failed";
        };
        /** @description 503 error. */
        ServiceUnavailableError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "service_unavailable";
        };
        /** @description 500 error of the setup-token exchange. */
        ServerError: components["schemas"]["Error"] & {
            /** @enum {string} */
            error: "internal_error";
        };
        ApiVersion: {
            /**
             * @description The version's date, the value of `X-Svc-Api-Version`.
             * @example 2026-11-21
             */
            version: string;
            /**
             * @description `current`: the newest. `supported`: older, still answered. `deprecated`: still answered, sunset within 6 months. `sunset`: no longer answered.
             * @example current
             * @enum {string}
             */
            status: "current" | "supported" | "deprecated" | "sunset";
            /**
             * Format: date
             * @description When the version stops being answered; `null` while it has no successor.
             * @example null
             */
            sunset_at: string | null;
            /** @description What this version changed from the one before it (none for the first). */
            changes: components["schemas"]["ApiVersionChange"][];
        };
        ApiVersionChange: {
            /**
             * @description The change's identifier, unique within its version.
             * @example order-number
             */
            id: string;
            /**
             * @description What changed.
             * @example An order's human-readable identifier `unique_orderid` is now `order_number`.
             */
            description: string;
            /**
             * @description What to change in a plugin moving to this version.
             * @example Read `order_number` where you read `unique_orderid`.
             */
            upgrade: string;
        };
        ApiVersionCollection: {
            data: components["schemas"]["ApiVersion"][];
        };
        /** @description Result of `GET /health`, returned at the top level (no `data` wrapper). */
        Health: {
            /**
             * @description Always `ok` on success.
             * @example ok
             * @enum {string}
             */
            status: "ok";
            /**
             * @description The installation the key belongs to.
             * @example 1042
             */
            installation_id: number;
            /**
             * Format: date-time
             * @description Server time of the check.
             * @example 2026-03-14T18:05:12Z
             */
            timestamp: string;
        };
        /** @description One plugin installed at one restaurant location. */
        Installation: {
            /** @example 1042 */
            installation_id: number;
            /**
             * @description Lifecycle status. The Data API only answers `active` installations (others get `403 installation_inactive`), so this is `active` in practice.
             * @example active
             * @enum {string}
             */
            status: "active" | "pending_payment" | "inactive" | "removed";
            /**
             * @description Which data plane the key reaches. Sandbox and production share one URL.
             * @example production
             * @enum {string}
             */
            environment: "sandbox" | "production";
            /** @description The plugin this is an installation of. */
            plugin: {
                /** @example 7 */
                plugin_id: number;
                /** @example TableSync */
                name: string;
            };
            /** @description The restaurant organization that installed the plugin. */
            organization: {
                /** @example 12 */
                organization_id: number;
                /** @example Harbor Street Hospitality */
                name: string;
            };
            /** @description The location the plugin is installed at (the installation's scope). */
            location: {
                /** @example 34 */
                location_id: number;
                /** @example Harbor Street Bistro */
                name: string;
                currency: components["schemas"]["CurrencyCode"];
            };
            config: components["schemas"]["InstallationConfig"];
            /**
             * @description Capabilities enabled for this installation, such as `orders:create` and `payments:capture`.
             * @example [
             *       "orders:create",
             *       "payments:capture"
             *     ]
             */
            enabled_features: string[];
            /**
             * @description Whether the installation is in a free trial.
             * @example false
             */
            is_trial: boolean;
            /**
             * Format: date-time
             * @description End of the trial; `null` when not in a trial.
             * @example 2026-03-28T00:00:00Z
             */
            trial_ends_at: string | null;
            /**
             * Format: date-time
             * @example 2026-03-01T09:30:00Z
             */
            created_at: string;
        };
        /**
         * @description Plugin configuration (free-form JSON object; write it with `POST /installation/config`). For OAuth integrations the service also maintains the reserved key `oauth` with the current provider token.
         * @example {
         *       "sync_interval_minutes": 5
         *     }
         */
        InstallationConfig: {
            oauth?: components["schemas"]["OAuthToken"];
        } & {
            [key: string]: unknown;
        };
        /** @description The provider access token the service obtained through the OAuth 2.0 handshake and keeps refreshed. Refresh tokens never appear. Read-only. */
        OAuthToken: {
            /**
             * @description Current access token for the provider's API.
             * @example ya29.a0AfH6SMBx3kQ
             */
            access_token: string;
            /**
             * @description Token type, usually `Bearer`.
             * @example Bearer
             */
            token_type: string;
            /**
             * Format: date-time
             * @description When the access token expires; `null` when the provider gave no expiry.
             * @example 2026-03-14T19:05:12Z
             */
            expires_at: string | null;
            /**
             * @description Granted scopes, space-separated.
             * @example orders.read orders.write
             */
            scope: string;
        };
        /** @description Any JSON object with at least one key, shallow-merged into the installation's `config`. The reserved key `oauth` cannot be written. */
        InstallationConfigUpdate: {
            /** @description Reserved for the service; sending this key is `400 validation_error`. */
            oauth?: unknown;
        } & {
            [key: string]: unknown;
        };
        InstallationResponse: {
            data: components["schemas"]["Installation"];
        };
        /** @description A restaurant location of the installation's organization. */
        Location: {
            /** @example 34 */
            location_id: number;
            /** @example 12 */
            organization_id: number;
            /** @example Harbor Street Bistro */
            name: string;
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description IANA time zone name of the location.
             * @example America/New_York
             */
            timezone: string;
            /**
             * @description Postal address on one line, or `null` when not recorded.
             * @example 18 Harbor Street, Boston, MA 02110
             */
            address: string | null;
            /**
             * @description Whether the location is operating.
             * @example true
             */
            is_active: boolean;
            /**
             * Format: date-time
             * @example 2025-09-15T12:00:00Z
             */
            created_at: string;
        };
        LocationResponse: {
            data: components["schemas"]["Location"];
        };
        LocationCollection: {
            data: components["schemas"]["Location"][];
            meta: components["schemas"]["CollectionMeta"];
        };
        /** @description An order with its lines, customer and payments. `status` is in the plugin vocabulary, `internal_status` in internal values. Money fields are decimal strings in `currency`. */
        Order: {
            /**
             * @description Internal id; usable as `orderId` in paths.
             * @example 58214
             */
            order_id: number;
            /**
             * @description Human-readable identifier, unique per organization; also usable as `orderId` in paths.
             * @example ORD-20260314-0043
             */
            order_number: string;
            /** @example 34 */
            location_id: number;
            status: components["schemas"]["OrderStatus"];
            internal_status: components["schemas"]["InternalOrderStatus"];
            /**
             * @example dine_in
             * @enum {string}
             */
            order_type: "dine_in" | "takeaway" | "delivery";
            /**
             * @description Table for dine-in orders; `null` for takeaway and delivery.
             * @example 12
             */
            table_number: string | null;
            /**
             * @description Number of guests, when known.
             * @example 2
             */
            party_size: number | null;
            /**
             * @description The id the creating plugin gave the order (its idempotency key), if any.
             * @example tablesync-7f3a91
             */
            external_order_id: string | null;
            total: components["schemas"]["Money"];
            paid_total: components["schemas"]["Money"];
            remaining_balance: components["schemas"]["Money"];
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description Free-text instructions for the kitchen.
             * @example Nut allergy at this table
             */
            kitchen_instructions: string | null;
            metadata: components["schemas"]["Metadata"];
            /** @description Order lines. */
            items: components["schemas"]["OrderItem"][];
            customer: components["schemas"]["OrderCustomer"];
            /** @description Payments recorded against the order, oldest first: captures recorded through `POST /orders/{orderId}/payments` and sales taken at the point of sale. Failed payment attempts and refunds are not listed. */
            payments: components["schemas"]["Payment"][];
            /**
             * Format: date-time
             * @example 2026-03-14T18:05:12Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change of the order (status, lines, payments, metadata). Matched by `since`.
             * @example 2026-03-14T18:05:12Z
             */
            updated_at: string;
            /**
             * Format: date-time
             * @description When the order reached `PAID`; `null` until then.
             * @example 2026-03-14T19:12:44Z
             */
            paid_at: string | null;
            /**
             * Format: date-time
             * @description When the order was cancelled; `null` otherwise.
             * @example 2026-03-14T18:22:31Z
             */
            cancelled_at: string | null;
            /**
             * @description Reason given when the order was cancelled; `null` otherwise.
             * @example Customer left before the order was prepared
             */
            cancellation_reason: string | null;
        };
        /** @description One order line. */
        OrderItem: {
            /** @example 90320 */
            order_item_id: number;
            /**
             * @description The menu item ordered.
             * @example 501
             */
            item_id: number;
            /**
             * @description Menu item name at the time of ordering.
             * @example Margherita Pizza
             */
            name: string;
            /** @example 1 */
            quantity: number;
            unit_price: components["schemas"]["Money"];
            line_total: components["schemas"]["Money"];
            /** @example Well done */
            notes: string | null;
            /** @description Selected customization options; their `price_delta` is included in `unit_price`. */
            customizations: components["schemas"]["OrderItemCustomization"][];
        };
        /** @description A customization option selected on an order line. */
        OrderItemCustomization: {
            /** @example 61 */
            template_id: number;
            /** @example 612 */
            option_id: number;
            /**
             * @description Option name at the time of ordering.
             * @example Extra mozzarella
             */
            name: string;
            price_delta: components["schemas"]["Money"];
        };
        /** @description The customer of the order, or `null` for anonymous orders. */
        OrderCustomer: {
            /** @example 8813 */
            customer_id: number;
            /** @example Ana Souza */
            name: string;
            /** @example ana.souza@example.com */
            email: string | null;
            /** @example +14155550123 */
            phone: string | null;
        } | null;
        /** @description A payment recorded against an order. Payments recorded with `POST /orders/{orderId}/payments` carry your `provider` and `provider_transaction_id`; payments taken at the point of sale have `null` there. `remaining_balance` and `order_status` are the order's values right after this payment was applied. */
        Payment: {
            /**
             * @description Id of the payment transaction (the `payment_id` of the capture-shape and the `transaction_id` of the observer-shape `payment.succeeded` webhook).
             * @example 77120
             */
            payment_id: number;
            /** @example 58214 */
            order_id: number;
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description How the guest paid, as reported (for example `card`, `cash`, `wallet`).
             * @example card
             */
            payment_method: string;
            /**
             * @description The payment provider that captured the money; `null` for payments taken at the point of sale.
             * @example stripe
             */
            provider: string | null;
            /**
             * @description The provider's id of the transaction (the capture's idempotency key); `null` for point-of-sale payments.
             * @example pi_3Oq2Xj2eZvKYlo2C1a9b8c7d
             */
            provider_transaction_id: string | null;
            /**
             * Format: date-time
             * @example 2026-03-14T19:12:44Z
             */
            captured_at: string;
            remaining_balance: components["schemas"]["Money"];
            order_status: components["schemas"]["OrderStatus"];
        };
        OrderResponse: {
            data: components["schemas"]["Order"];
        };
        OrderCollection: {
            data: components["schemas"]["Order"][];
            meta: components["schemas"]["CollectionMeta"];
        };
        PaymentResponse: {
            data: components["schemas"]["Payment"];
        };
        /** @description A new order. Prices are not sent: the server prices the order from the menu. */
        CreateOrderRequest: {
            /**
             * @description Your id for the order, unique per organization; the idempotency key of this request (see the operation). Stored on the order.
             * @example tablesync-7f3a91
             */
            external_order_id?: string;
            /**
             * @description Location of the order. Defaults to the installation's location.
             * @example 34
             */
            location_id?: number;
            /**
             * @example dine_in
             * @enum {string}
             */
            order_type: "dine_in" | "takeaway" | "delivery";
            /**
             * @description Table for `dine_in` orders only.
             * @example 12
             */
            table_number?: string;
            /**
             * @description Number of guests.
             * @example 2
             */
            party_size?: number;
            /** @description An existing customer by `customer_id`, or a new customer by `name` (with optional `email` and `phone`), created at the order's location. Omit for anonymous orders. */
            customer?: components["schemas"]["CustomerReference"] | components["schemas"]["NewCustomer"];
            /** @description Order lines, 1 to 100. */
            items: components["schemas"]["CreateOrderItem"][];
            /**
             * @description Free-text instructions for the kitchen, at most 2000 characters.
             * @example Nut allergy at this table
             */
            kitchen_instructions?: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description An existing customer of the organization. */
        CustomerReference: {
            /** @example 8812 */
            customer_id: number;
        };
        /** @description A customer to create with the order. */
        NewCustomer: {
            /** @example Ana Souza */
            name: string;
            /**
             * Format: email
             * @example ana.souza@example.com
             */
            email?: string;
            /** @example +14155550123 */
            phone?: string;
        };
        /** @description One order line to create. */
        CreateOrderItem: {
            /**
             * @description A menu item available at the order's location.
             * @example 501
             */
            item_id: number;
            /** @example 1 */
            quantity: number;
            /**
             * @description Free-text note for this line.
             * @example Well done
             */
            notes?: string;
            /** @description Selected options, 0 to 50. Must respect each linked template's `min_select`/`max_select`. */
            customizations?: components["schemas"]["CreateOrderItemCustomization"][];
        };
        /** @description One selected customization option. */
        CreateOrderItemCustomization: {
            /** @example 61 */
            template_id: number;
            /**
             * @description An option of that template.
             * @example 612
             */
            option_id: number;
        };
        /** @description The target status, with a reason when cancelling, and optional metadata to merge. */
        UpdateOrderRequest: {
            status: components["schemas"]["TargetOrderStatus"];
            /**
             * @description Required when `status` is `cancelled`; at most 2000 characters.
             * @example Customer left before the order was prepared
             */
            cancellation_reason?: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A payment your plugin captured through its provider. */
        CapturePaymentRequest: {
            /**
             * @description Amount captured, as a decimal **string** in major currency units with at most two decimals (`"24.5"` means 24.50), like every money field the API returns. Greater than zero and at most the order's remaining balance. A JSON number is refused (versions before 2026-11-29 sent one).
             * @example 29.00
             */
            amount: string;
            currency: components["schemas"]["CurrencyCode"];
            /**
             * @description How the guest paid (for example `card`, `wallet`).
             * @example card
             */
            payment_method: string;
            /**
             * @description Your payment provider (for example `stripe`, `adyen`).
             * @example stripe
             */
            provider: string;
            /**
             * @description The provider's transaction id; idempotency key, unique per organization.
             * @example pi_3Oq2Xj2eZvKYlo2C1a9b8c7d
             */
            provider_transaction_id: string;
            /**
             * Format: date-time
             * @description When the provider captured the money. Defaults to now.
             * @example 2026-03-14T19:12:44Z
             */
            captured_at?: string;
        };
        /** @description A menu item at a location. */
        MenuItem: {
            /** @example 501 */
            item_id: number;
            /** @example Margherita Pizza */
            name: string;
            /**
             * @description Menu description (empty string when there is none).
             * @example San Marzano tomato, fior di latte, basil
             */
            description: string;
            price: components["schemas"]["Money"];
            /**
             * @description Whether the item can be ordered right now (toggled when the kitchen runs out).
             * @example true
             */
            is_available: boolean;
            /**
             * @description Whether the item is on the menu at all.
             * @example true
             */
            is_active: boolean;
            /** @example 34 */
            location_id: number;
            /**
             * @description Id of the location collection (group of locations sharing a menu) the item belongs to, if any.
             * @example 5
             */
            location_coll_id: number | null;
            /**
             * @description Menu category, if any.
             * @example 7
             */
            category_id: number | null;
            /**
             * @example [
             *       "dairy",
             *       "gluten"
             *     ]
             */
            allergens: string[];
            /** @example false */
            vegan: boolean;
            /** @example true */
            vegetarian: boolean;
            /**
             * @description 0 for not spicy; higher is hotter.
             * @example 0
             */
            spicy_level: number;
            /**
             * @description Preparation time in minutes.
             * @example 12
             */
            preparation_time: number;
            /**
             * Format: date-time
             * @example 2026-03-10T11:00:00Z
             */
            updated_at: string;
        };
        /** @description A menu item with its customization templates. */
        MenuItemDetail: components["schemas"]["MenuItem"] & {
            /** @description Templates linked to this item, with their options. */
            customization_templates: components["schemas"]["CustomizationTemplate"][];
        };
        /** @description A group of options for an item (for example "Extra toppings"). An order line must select between `min_select` and `max_select` options of each linked template. */
        CustomizationTemplate: {
            /** @example 61 */
            template_id: number;
            /** @example Extra toppings */
            name: string;
            /**
             * @description Location the template belongs to; it can only be used on orders there.
             * @example 34
             */
            location_id: number;
            /** @example 0 */
            min_select: number;
            /** @example 3 */
            max_select: number;
            options: components["schemas"]["CustomizationOption"][];
        };
        /** @description One selectable option of a template. */
        CustomizationOption: {
            /** @example 612 */
            option_id: number;
            /** @example Extra mozzarella */
            name: string;
            price_delta: components["schemas"]["Money"];
        };
        MenuItemResponse: {
            data: components["schemas"]["MenuItemDetail"];
        };
        MenuItemCollection: {
            data: components["schemas"]["MenuItem"][];
            meta: components["schemas"]["CollectionMeta"];
        };
        /** @description The fields to change; at least one. */
        UpdateMenuItemRequest: {
            /** @example false */
            is_available?: boolean;
            /**
             * @description New price as a decimal **string**, 0 to 9999.99, at most two decimals, like the `price` the API returns. A JSON number is refused (versions before 2026-11-29 sent one).
             * @example 16.50
             */
            price?: string;
            /**
             * @description Minutes, 0 to 480.
             * @example 15
             */
            preparation_time?: number;
        };
        /** @description Availability changes for 1 to 100 menu items. */
        BulkAvailabilityRequest: {
            items: components["schemas"]["BulkAvailabilityItem"][];
        };
        /** @description One availability change. */
        BulkAvailabilityItem: {
            /** @example 501 */
            item_id: number;
            /** @example false */
            is_available: boolean;
        };
        /** @description Outcome for one request entry. */
        BulkAvailabilityResult: {
            /** @example 999 */
            item_id: number;
            /**
             * @description `updated`: availability changed. `unchanged`: it already had that value. `not_found`: no such item visible to the installation.
             * @example not_found
             * @enum {string}
             */
            status: "updated" | "unchanged" | "not_found";
            /**
             * @description Human-readable reason; present only when `status` is `not_found`.
             * @example Menu item not found
             */
            error?: string;
        };
        BulkAvailabilityResponse: {
            /** @description One result per request entry, in request order. */
            data: components["schemas"]["BulkAvailabilityResult"][];
            /** @description Counts of the results by outcome. */
            meta: {
                /** @example 1 */
                updated: number;
                /** @example 1 */
                unchanged: number;
                /**
                 * @description Entries with status `not_found`.
                 * @example 1
                 */
                failed: number;
            };
        };
        /** @description A customer of the organization. */
        Customer: {
            /** @example 8812 */
            customer_id: number;
            /** @example Ana Souza */
            name: string;
            /** @example ana.souza@example.com */
            email: string | null;
            /** @example +14155550123 */
            phone: string | null;
            /**
             * @description Home location of the customer, if any.
             * @example 34
             */
            location_id: number | null;
            /**
             * Format: date-time
             * @example 2025-11-02T17:45:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change of the customer record. Matched by `since`.
             * @example 2026-03-14T18:01:40Z
             */
            updated_at: string;
        };
        /** @description A customer with their order history as visible to the installation. */
        CustomerDetail: components["schemas"]["Customer"] & {
            /**
             * @description Number of this customer's orders at the installation's location.
             * @example 14
             */
            visible_order_count: number;
            /**
             * @description `order_id` of the most recent orders at the installation's location, newest first (by `created_at`, then `order_id`), at most 10.
             * @example [
             *       58213,
             *       57990,
             *       57311
             *     ]
             */
            recent_order_ids: number[];
        };
        CustomerResponse: {
            data: components["schemas"]["CustomerDetail"];
        };
        CustomerCollection: {
            data: components["schemas"]["Customer"][];
            meta: components["schemas"]["CollectionMeta"];
        };
        /** @description An ingredient with its stock level per location. */
        Ingredient: {
            /** @example 301 */
            ingredient_id: number;
            /** @example Mozzarella */
            name: string;
            /**
             * @description Primary stock-keeping code, if any.
             * @example MOZ-FIOR-1KG
             */
            sku: string | null;
            /**
             * @description Unit stock is counted in (for example `kg`, `l`, `each`).
             * @example kg
             */
            unit: string;
            /**
             * @description Cost of one `unit`, as a decimal string with four decimals; `null` when unknown.
             * @example 11.4000
             */
            cost_per_unit: string | null;
            /** @example Bay Dairy Co. */
            supplier: string | null;
            /**
             * @example [
             *       "dairy"
             *     ]
             */
            allergens: string[];
            metadata: components["schemas"]["Metadata"];
            /** @description Stock level at each location in the installation's scope that has one. */
            stock: components["schemas"]["StockLevel"][];
            /**
             * Format: date-time
             * @example 2025-10-01T08:00:00Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Last change of the ingredient's own fields (stock movements do not change it).
             * @example 2026-03-02T09:15:00Z
             */
            updated_at: string;
        };
        /** @description Stock of an ingredient at one location. */
        StockLevel: {
            /** @example 34 */
            location_id: number;
            on_hand: components["schemas"]["Quantity"];
            reorder_point: components["schemas"]["Quantity"];
            par_level: components["schemas"]["Quantity"];
            /**
             * @description `true` when `on_hand` is at or below `reorder_point`.
             * @example true
             */
            is_low: boolean;
        };
        /** @description An ingredient with stock, SKUs and its last 20 movements. */
        IngredientDetail: components["schemas"]["Ingredient"] & {
            /** @description Purchasable packs of the ingredient. */
            skus: components["schemas"]["Sku"][];
            /** @description The last 20 stock movements at locations in scope, newest first. */
            movements: components["schemas"]["StockMovement"][];
        };
        /** @description A purchasable pack of an ingredient. */
        Sku: {
            /** @example 88 */
            sku_id: number;
            /** @example MOZ-FIOR-1KG */
            code: string;
            /** @example Fior di latte, 1 kg block */
            description: string | null;
            pack_size: components["schemas"]["Quantity"];
        };
        /** @description A change of stock of one ingredient at one location, with the stock level it produced. */
        StockMovement: {
            /** @example 120455 */
            movement_id: number;
            /** @example 301 */
            ingredient_id: number;
            /** @example 34 */
            location_id: number;
            /**
             * @description Change of on-hand stock in the ingredient's unit (negative for consumption). A JSON number.
             * @example -0.75
             */
            delta: number;
            reason: components["schemas"]["StockMovementReason"];
            /** @example Friday dinner service */
            note: string | null;
            /** @description Stock level at the location: `on_hand` right after this movement (as recorded then); `reorder_point` and `par_level` as they are now. */
            stock_level: {
                on_hand: components["schemas"]["Quantity"];
                reorder_point: components["schemas"]["Quantity"];
                par_level: components["schemas"]["Quantity"];
            };
            /**
             * Format: date-time
             * @example 2026-03-14T17:30:00Z
             */
            created_at: string;
        };
        /**
         * @description Why stock changed: `received` (delivery), `consumed` (used in production), `waste` (spoiled or dropped), `adjustment` (manual correction), `transfer` (moved between locations), `count` (stock-take correction).
         * @example consumed
         * @enum {string}
         */
        StockMovementReason: "received" | "consumed" | "waste" | "adjustment" | "transfer" | "count";
        IngredientResponse: {
            data: components["schemas"]["IngredientDetail"];
        };
        IngredientCollection: {
            data: components["schemas"]["Ingredient"][];
            meta: components["schemas"]["CollectionMeta"];
        };
        StockMovementResponse: {
            data: components["schemas"]["StockMovement"];
        };
        /** @description The metadata fields to change; at least one. */
        UpdateIngredientRequest: {
            /** @example Mozzarella */
            name?: string;
            /**
             * @description Primary stock-keeping code; `null` clears it.
             * @example MOZ-FIOR-1KG
             */
            sku?: string | null;
            /** @example kg */
            unit?: string;
            /**
             * @description Cost of one unit as a decimal **string**, at least 0, at most four decimals, like the `cost_per_unit` the API returns. `null` clears it. A JSON number is refused (versions before 2026-11-29 sent one).
             * @example 11.4000
             */
            cost_per_unit?: string | null;
            /**
             * @description `null` clears it.
             * @example Bay Dairy Co.
             */
            supplier?: string | null;
            /**
             * @description Replaces the whole list.
             * @example [
             *       "dairy"
             *     ]
             */
            allergens?: string[];
            metadata?: components["schemas"]["Metadata"];
        };
        /** @description A stock movement to append. */
        CreateStockMovementRequest: {
            /**
             * @description Location of the stock. Defaults to the installation's location.
             * @example 34
             */
            location_id?: number;
            /**
             * @description Change of on-hand stock in the ingredient's unit, as a decimal **string** with at most four decimals, like the stock levels the API returns. Must not be zero: positive adds stock, negative removes it. A JSON number is refused (versions before 2026-11-29 sent one).
             * @example -0.7500
             */
            delta: string;
            reason: components["schemas"]["StockMovementReason"];
            /**
             * @description Free-text note.
             * @example Friday dinner service
             */
            note?: string;
        };
        /** @description An event forwarded from your provider. */
        ExternalWebhookRequest: {
            /**
             * @description A catalog event, an `external.*` name, or a name in a wildcard family (see the operation). At most 100 characters.
             * @example external.delivery.dispatched
             */
            event_type: string;
            /**
             * @description The event data, any JSON object.
             * @example {
             *       "delivery_id": "dlv_92837"
             *     }
             */
            payload: {
                [key: string]: unknown;
            };
            /**
             * @description Deduplication key; a repeat within 24 hours (per installation) returns the original log entry.
             * @example dlv_92837-dispatched
             */
            idempotency_key?: string;
        };
        /** @description Acknowledgement of an accepted inbound event. */
        ExternalWebhookReceipt: {
            /**
             * @description Id of the log entry; read it with `GET /webhooks/external/{logId}`.
             * @example 44021
             */
            log_id: number;
            /** @example external.delivery.dispatched */
            event_type: string;
            /**
             * @example received
             * @enum {string}
             */
            status: "received";
        };
        ExternalWebhookReceiptResponse: {
            data: components["schemas"]["ExternalWebhookReceipt"];
        };
        /** @description A webhook log entry: an inbound event (`direction: inbound`, status `received` or `rejected`) or an outbound delivery (`direction: outbound`, status `pending`, `delivered`, `failed` or `skipped`). */
        WebhookLog: {
            /** @example 44021 */
            log_id: number;
            /** @example 1042 */
            installation_id: number;
            /**
             * @example inbound
             * @enum {string}
             */
            direction: "inbound" | "outbound";
            /** @example external.delivery.dispatched */
            event_type: string;
            /**
             * @description Inbound: `received` (accepted) or `rejected` (bad signature or event type). Outbound: `pending` (attempts remain), `delivered` (a 2xx was received), `failed` (all attempts failed), `skipped` (no attempt was made: no endpoint, no secret, event not subscribed or installation not active) or `acknowledged` (the remaining attempts were cancelled by `POST /events/ack`).
             * @example received
             * @enum {string}
             */
            status: "received" | "rejected" | "pending" | "delivered" | "failed" | "skipped" | "acknowledged";
            /**
             * @description Inbound only; whether `X-Svc-Signature` matched. `null` for outbound entries.
             * @example true
             */
            signature_valid: boolean | null;
            /**
             * @description Inbound only; the `idempotency_key` that was sent.
             * @example dlv_92837-dispatched
             */
            idempotency_key: string | null;
            /**
             * @description Outbound: status code of the last attempt's response (`null` when no response was received). Inbound: the status the service answered.
             * @example 201
             */
            http_status: number | null;
            /**
             * @description Why the entry failed or was skipped; for outbound failures it carries the response status and the first 500 bytes of the response body.
             * @example null
             */
            error_message: string | null;
            /**
             * @description Delivery attempts made (outbound, at most 3); 1 for inbound entries.
             * @example 1
             */
            attempts: number;
            /**
             * Format: date-time
             * @example 2026-03-14T18:20:03Z
             */
            created_at: string;
            /**
             * @description Present and `true` only when `POST /webhooks/external` answered a duplicate with this entry.
             * @example true
             */
            duplicate?: boolean;
        };
        WebhookLogResponse: {
            data: components["schemas"]["WebhookLog"];
        };
        /** @description An event as addressed to the installation: exactly the envelope that was (or will be) delivered (`id`, `event`, `timestamp`, `installation_id`, `data`, `sequence`, `request_id`), plus the state of its newest delivery. `data` has the event's shape as documented in the AsyncAPI document (`/asyncapi.yaml`). */
        EventFeedItem: {
            /**
             * @description Event id, the same in every delivery of the event. Deduplicate on it.
             * @example 6f1c2a9e-3b7d-4c1e-9a52-0d8e4f7b1c23
             */
            id: string;
            /**
             * @description Event name.
             * @example order.created
             */
            event: string;
            /**
             * Format: date-time
             * @description When the event happened.
             * @example 2026-03-14T18:05:12.000Z
             */
            timestamp: string;
            /** @example 1042 */
            installation_id: number;
            /** @description The event's payload. */
            data: {
                [key: string]: unknown;
            };
            /**
             * @description The event's number among this installation's events (gap-free, never reused).
             * @example 41
             */
            sequence: number;
            /**
             * @description The `X-Request-Id` of the Data API request whose write caused the event; null when something else did (the point of sale, the portal, time).
             * @example req_3f2b8c1d9e4a4b7c8d6e5f4a3b2c1d0e
             */
            request_id?: string | null;
            delivery: components["schemas"]["EventDelivery"];
        };
        /** @description The newest delivery of the event (the original, or a later redelivery or replay). */
        EventDelivery: {
            /**
             * @description `pending` (attempts remain), `delivered` (a 2xx was received), `failed` (every attempt failed) or `acknowledged` (not delivered, and at or below your acknowledged cursor: its remaining attempts were cancelled, or it had failed before you acknowledged it).
             * @example failed
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed" | "acknowledged";
            /** @example 3 */
            attempts: number;
            /**
             * Format: date-time
             * @example 2026-03-14T18:11:15.000Z
             */
            last_attempt_at: string | null;
            /**
             * @description Why the last attempt failed (`null` once delivered).
             * @example HTTP 503: {"error":"maintenance"}
             */
            last_error: string | null;
        };
        EventCollection: {
            data: components["schemas"]["EventFeedItem"][];
            meta: components["schemas"]["EventCollectionMeta"];
        };
        EventCollectionMeta: {
            /**
             * @description Number of events in this page.
             * @example 1
             */
            count: number;
            /** @example 50 */
            limit: number;
            /**
             * @description Pass as `after` for the next page (the last sequence of this page, or `after` when it is empty).
             * @example 41
             */
            next_after: number;
            /**
             * @description Whether more matching events follow this page.
             * @example false
             */
            has_more: boolean;
            /**
             * @description The installation's acknowledged cursor (0 before the first acknowledgement).
             * @example 40
             */
            acknowledged_through: number;
            /**
             * @description The oldest sequence still kept (`null` when none is); older ones were pruned after the retention window.
             * @example 1
             */
            oldest_sequence: number | null;
        };
        AcknowledgeEventsRequest: {
            /**
             * @description The highest sequence you have processed; every event at or below it is acknowledged.
             * @example 41
             */
            through: number;
        };
        Acknowledgement: {
            /**
             * @description The installation's acknowledged cursor after this call.
             * @example 41
             */
            acknowledged_through: number;
            /**
             * @description Deliveries whose remaining attempts this call cancelled.
             * @example 1
             */
            cancelled_deliveries: number;
        };
        AcknowledgementResponse: {
            data: components["schemas"]["Acknowledgement"];
        };
        /** @description The one-time setup token received at install time. */
        SetupTokenExchangeRequest: {
            /** @example stk_4f9d2c1a8b7e6d5c4b3a2f1e0d9c8b7a */
            setup_token: string;
        };
        /** @description The installation and its key. The key is shown only this once. */
        SetupTokenExchange: {
            /** @example 1042 */
            installation_id: number;
            /**
             * @description The installation key for `X-Plugin-Api-Key`. Store it now; it cannot be retrieved again.
             * @example pik_3b1f9a0c7d2e4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a
             */
            api_key: string;
        };
        SetupTokenExchangeResponse: {
            data: components["schemas"]["SetupTokenExchange"];
        };
    };
    responses: {
        /** @description Code `validation_error`: the request does not match this schema (types, required fields, unknown body fields, ranges, lengths, enums), the body is not valid JSON or is nested more than 64 levels deep, or the path has malformed percent-encoding. `details` maps each offending field to its problems (`body` and `path` for the last three). Code `invalid_api_version`: `X-Svc-Api-Version` names no supported version (unknown or sunset); the message lists the supported ones (`GET /api-versions`). */
        BadRequest: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                RateLimit: components["headers"]["RateLimitWhenCounted"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "validation_error",
                 *       "message": "Request is invalid",
                 *       "details": {
                 *         "limit": [
                 *           "must be <= 100"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /**
         * @description The installation key was not accepted. Codes:
         *     - `missing_api_key`: no `X-Plugin-Api-Key` header (`Authorization: Bearer` does not count).
         *     - `invalid_api_key_format`: not `pik_` followed by 64 lowercase hex characters.
         *     - `invalid_api_key`: no installation has this key (for example, it was regenerated).
         *     - `sandbox_not_ready`: the sandbox of this installation is not active.
         */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnauthorizedError"];
            };
        };
        /**
         * @description The installation may not use the API right now. Codes:
         *     - `installation_inactive`: the installation's status is not `active`.
         *     - `plugin_listing_unavailable`: production only; the plugin listing is not approved and
         *       active. The reason is never given.
         */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "installation_inactive",
                 *       "message": "This installation is not active"
                 *     }
                 */
                "application/json": components["schemas"]["ForbiddenError"];
            };
        };
        /**
         * @description The request is not allowed. Codes:
         *     - `installation_inactive`, `plugin_listing_unavailable`: see Authentication.
         *     - `location_forbidden`: `location_id` is a location of your organization outside the
         *       installation's scope.
         */
        LocationForbidden: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                RateLimit: components["headers"]["RateLimitWhenCounted"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "location_forbidden",
                 *       "message": "Location 35 is outside this installation's scope"
                 *     }
                 */
                "application/json": components["schemas"]["LocationForbiddenError"];
            };
        };
        /** @description Code `not_found`: the resource does not exist or is not visible to this installation. */
        NotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "not_found",
                 *       "message": "Resource not found"
                 *     }
                 */
                "application/json": components["schemas"]["NotFoundError"];
            };
        };
        /** @description The order does not exist or is not visible to this installation. The body carries the sentence `Order not found` in `error` and no `message`. */
        OrderNotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Order not found"
                 *     }
                 */
                "application/json": components["schemas"]["NotFoundSentence"];
            };
        };
        /** @description The menu item does not exist or is not visible to this installation. The body carries the sentence `Menu item not found` in `error` and no `message`. */
        MenuItemNotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Menu item not found"
                 *     }
                 */
                "application/json": components["schemas"]["NotFoundSentence"];
            };
        };
        /** @description The location does not exist or belongs to another organization. The body carries the sentence `Location not found` in `error` and no `message`. */
        LocationNotFound: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "Location not found"
                 *     }
                 */
                "application/json": components["schemas"]["NotFoundSentence"];
            };
        };
        /** @description Code `sandbox_resetting`: a reset of this sandbox is in flight. Retry shortly. */
        SandboxResetting: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "sandbox_resetting",
                 *       "message": "The sandbox is being reset; retry shortly"
                 *     }
                 */
                "application/json": components["schemas"]["SandboxResettingError"];
            };
        };
        /** @description Code `payload_too_large`: the request body is larger than 1 MiB. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "payload_too_large",
                 *       "message": "Request body exceeds 1 MiB"
                 *     }
                 */
                "application/json": components["schemas"]["PayloadTooLargeError"];
            };
        };
        /** @description Code `unsupported_media_type`: the body is not sent as `Content-Type: application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "unsupported_media_type",
                 *       "message": "Content-Type must be application/json"
                 *     }
                 */
                "application/json": components["schemas"]["UnsupportedMediaTypeError"];
            };
        };
        /** @description Code `validation_error`: the `location_id` filter names a location your organization does not have. */
        UnprocessableLocation: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "validation_error",
                 *       "message": "Location not found",
                 *       "details": {
                 *         "location_id": [
                 *           "location 999 not found"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ValidationError"];
            };
        };
        /** @description Code `rate_limit_exceeded`: over the rate limit (60 requests per minute per installation; 20 per minute per client IP for setup-token exchange). Wait `Retry-After` seconds. */
        RateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                RateLimit: components["headers"]["RateLimit"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "rate_limit_exceeded",
                 *       "message": "Rate limit of 60 requests per minute exceeded",
                 *       "retry_after": 23
                 *     }
                 */
                "application/json": components["schemas"]["RateLimitError"];
            };
        };
        /** @description Code `service_unavailable`: the database cannot be reached for now (restarting, failing over, or no connection free within 2 seconds). Wait `Retry-After` seconds and retry; retry writes with the same idempotency key. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "service_unavailable",
                 *       "message": "The service cannot reach its database right now. Retry after 2 s."
                 *     }
                 */
                "application/json": components["schemas"]["ServiceUnavailableError"];
            };
        };
        /**
         * @description Server error. Codes:
         *     - `sandbox_misconfigured`: the sandbox's data schema is missing or broken; resetting the
         *       sandbox usually fixes it.
         *     - `internal_error`: unexpected error. Retrying later is safe for reads and for writes
         *       with an idempotency key.
         */
        InternalError: {
            headers: {
                "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                RateLimit: components["headers"]["RateLimitWhenCounted"];
                "X-Request-Id": components["headers"]["RequestId"];
                "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": "internal_error",
                 *       "message": "An unexpected error occurred"
                 *     }
                 */
                "application/json": components["schemas"]["InternalError"];
            };
        };
    };
    parameters: {
        /**
         * @description The order's numeric `order_id` or its `order_number`.
         * @example ORD-20260314-0042
         */
        OrderId: string;
        /**
         * @description The menu item's `item_id`.
         * @example 501
         */
        ItemId: number;
        /**
         * @description The location's `location_id`.
         * @example 34
         */
        LocationId: number;
        /**
         * @description The customer's `customer_id`.
         * @example 8812
         */
        CustomerId: number;
        /**
         * @description The ingredient's `ingredient_id`.
         * @example 301
         */
        IngredientId: number;
        /**
         * @description The webhook log entry's `log_id`.
         * @example 44021
         */
        LogId: number;
        /**
         * @description Only records of this location. Defaults to every location in the installation's scope. A location of your organization outside that scope is `403 location_forbidden`; a location your organization does not have is `422 validation_error`.
         * @example 34
         */
        LocationIdQuery: number;
        /**
         * @description Only items of this menu category. An unknown category yields an empty page.
         * @example 9
         */
        CategoryIdQuery: number;
        /**
         * @description Only this ingredient (the page then has at most one entry).
         * @example 301
         */
        IngredientIdQuery: number;
        /**
         * @description Only records whose `updated_at` is at or after this instant (RFC 3339 date-time with an offset). URL-encode it: a `+` offset must be sent as `%2B`.
         * @example 2026-03-14T00:00:00Z
         */
        Since: string;
        /**
         * @description Page size, 1 to 100.
         * @example 50
         */
        Limit: number;
        /**
         * @description Opaque cursor from `meta.next_cursor` of the previous page. Send the same filters and `limit` as that request. Omit for the first page.
         * @example eyJpZCI6NTgyMTN9
         */
        Cursor: string;
        /**
         * @description Your unique key for this write, scoped to the organization. A retry with the same key and the same body returns the original record with `200`; with a different body it is `422 validation_error`. Use a fresh random value (for example a UUID) per logical write.
         * @example 5f0c6c1e-6a2b-4c8e-9d0f-3b7a1e2c4d5f
         */
        IdempotencyKey: string;
        /**
         * @description Your unique key for this movement, scoped to the installation. A retry with the same key and the same body returns the original movement with `200`; with a different body it is `422 validation_error`. Use a fresh random value (for example a UUID) per logical movement.
         * @example 5f0c6c1e-6a2b-4c8e-9d0f-3b7a1e2c4d5f
         */
        MovementIdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description The dated API version this response was answered in (`YYYY-MM-DD`): the one the request chose with `X-Svc-Api-Version`, else the plugin's pinned version (a sandbox's own when it has one). While that version is deprecated the response also carries `Deprecation` and `Sunset`. Sent on every response, errors included.
         * @example 2026-11-21
         */
        ApiVersion: string;
        /**
         * @description Requests allowed per minute in the bucket this request counted against: 60 per installation for Data API routes, 20 per client IP for setup-token exchange.
         * @example 60
         */
        RateLimitLimit: number;
        /**
         * @description Requests left in the current one-minute window of that bucket.
         * @example 57
         */
        RateLimitRemaining: number;
        /**
         * @description The bucket size, as on successful responses. Sent when the request got past the key check and counted against the installation's bucket; absent when it was refused before that (missing, malformed or unknown key, installation or sandbox not usable, body not JSON or nested too deeply, malformed percent-encoding in the path).
         * @example 60
         */
        RateLimitLimitWhenCounted: number;
        /**
         * @description Requests left in the current one-minute window. Sent together with `X-RateLimit-Limit` when the request counted against the bucket.
         * @example 57
         */
        RateLimitRemainingWhenCounted: number;
        /**
         * @description The bucket's policy in the IETF RateLimit header fields format: the limit and the window in seconds (`60;w=60`: 60 requests per 60-second window). Sent with `X-RateLimit-Limit`.
         * @example 60;w=60
         */
        RateLimitPolicy: string;
        /**
         * @description The bucket now, in the IETF RateLimit header fields format: `limit` and `remaining` as in `X-RateLimit-Limit` and `X-RateLimit-Remaining`, and `reset`, the seconds until the current window closes (on a 429, the same as `Retry-After`).
         * @example limit=60, remaining=57, reset=42
         */
        RateLimit: string;
        /**
         * @description `RateLimit-Policy` (`60;w=60`), sent together with `X-RateLimit-Limit` when the request counted against the bucket.
         * @example 60;w=60
         */
        RateLimitPolicyWhenCounted: string;
        /**
         * @description `RateLimit` (`limit=60, remaining=N, reset=S`), sent together with `X-RateLimit-Limit` when the request counted against the bucket.
         * @example limit=60, remaining=0, reset=42
         */
        RateLimitWhenCounted: string;
        /**
         * @description `true` when this 200 is the replay of an earlier identical write (same idempotency key): nothing new was created and the body is the original record. Absent on a first write.
         * @example true
         */
        IdempotentReplayed: "true";
        /**
         * @description Seconds to wait before retrying.
         * @example 23
         */
        RetryAfter: number;
        /**
         * @description Unique id of this request. Quote it when you contact support.
         * @example req_7c9e6679f4c2a8b1
         */
        RequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API is up and the key is valid. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "installation_id": 1042,
                     *       "timestamp": "2026-03-14T18:05:12Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listApiVersions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "version": "2026-11-21",
                     *           "status": "current",
                     *           "sunset_at": null,
                     *           "changes": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiVersionCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInstallation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installation. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "installation_id": 1042,
                     *         "status": "active",
                     *         "environment": "sandbox",
                     *         "plugin": {
                     *           "plugin_id": 7,
                     *           "name": "TableSync"
                     *         },
                     *         "organization": {
                     *           "organization_id": 12,
                     *           "name": "Harbor Street Hospitality"
                     *         },
                     *         "location": {
                     *           "location_id": 34,
                     *           "name": "Harbor Street Bistro",
                     *           "currency": "USD"
                     *         },
                     *         "config": {
                     *           "sync_interval_minutes": 5,
                     *           "print_tickets": true,
                     *           "oauth": {
                     *             "access_token": "ya29.a0AfH6SMBx3kQ",
                     *             "token_type": "Bearer",
                     *             "expires_at": "2026-03-14T19:05:12Z",
                     *             "scope": "orders.read orders.write"
                     *           }
                     *         },
                     *         "enabled_features": [
                     *           "orders:create",
                     *           "payments:capture"
                     *         ],
                     *         "is_trial": true,
                     *         "trial_ends_at": "2026-03-28T00:00:00Z",
                     *         "created_at": "2026-03-01T09:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InstallationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateInstallationConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sync_interval_minutes": 10,
                 *       "printer": {
                 *         "name": "Kitchen 1",
                 *         "copies": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["InstallationConfigUpdate"];
            };
        };
        responses: {
            /** @description The installation with its merged configuration. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "installation_id": 1042,
                     *         "status": "active",
                     *         "environment": "sandbox",
                     *         "plugin": {
                     *           "plugin_id": 7,
                     *           "name": "TableSync"
                     *         },
                     *         "organization": {
                     *           "organization_id": 12,
                     *           "name": "Harbor Street Hospitality"
                     *         },
                     *         "location": {
                     *           "location_id": 34,
                     *           "name": "Harbor Street Bistro",
                     *           "currency": "USD"
                     *         },
                     *         "config": {
                     *           "sync_interval_minutes": 10,
                     *           "print_tickets": true,
                     *           "printer": {
                     *             "name": "Kitchen 1",
                     *             "copies": 2
                     *           }
                     *         },
                     *         "enabled_features": [
                     *           "orders:create"
                     *         ],
                     *         "is_trial": false,
                     *         "trial_ends_at": null,
                     *         "created_at": "2026-03-01T09:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["InstallationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /**
                 * @description Only records of this location. Defaults to every location in the installation's scope. A location of your organization outside that scope is `403 location_forbidden`; a location your organization does not have is `422 validation_error`.
                 * @example 34
                 */
                location_id?: components["parameters"]["LocationIdQuery"];
                /**
                 * @description Only orders in this **internal** status (upper case). Plugin-vocabulary values such as `open` are rejected with `400 validation_error`.
                 * @example CREATED
                 */
                status?: components["schemas"]["InternalOrderStatus"];
                /**
                 * @description Only records whose `updated_at` is at or after this instant (RFC 3339 date-time with an offset). URL-encode it: a `+` offset must be sent as `%2B`.
                 * @example 2026-03-14T00:00:00Z
                 */
                since?: components["parameters"]["Since"];
                /**
                 * @description Page size, 1 to 100.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor from `meta.next_cursor` of the previous page. Send the same filters and `limit` as that request. Omit for the first page.
                 * @example eyJpZCI6NTgyMTN9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of orders. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "order_id": 58213,
                     *           "order_number": "ORD-20260314-0042",
                     *           "location_id": 34,
                     *           "status": "in_progress",
                     *           "internal_status": "COOKING",
                     *           "order_type": "takeaway",
                     *           "table_number": null,
                     *           "party_size": null,
                     *           "external_order_id": null,
                     *           "total": "14.50",
                     *           "paid_total": "0.00",
                     *           "remaining_balance": "14.50",
                     *           "currency": "USD",
                     *           "kitchen_instructions": null,
                     *           "metadata": {},
                     *           "items": [
                     *             {
                     *               "order_item_id": 90311,
                     *               "item_id": 501,
                     *               "name": "Margherita Pizza",
                     *               "quantity": 1,
                     *               "unit_price": "14.50",
                     *               "line_total": "14.50",
                     *               "notes": null,
                     *               "customizations": []
                     *             }
                     *           ],
                     *           "customer": null,
                     *           "payments": [],
                     *           "created_at": "2026-03-14T18:01:40Z",
                     *           "updated_at": "2026-03-14T18:04:02Z",
                     *           "paid_at": null,
                     *           "cancelled_at": null,
                     *           "cancellation_reason": null
                     *         }
                     *       ],
                     *       "meta": {
                     *         "count": 1,
                     *         "limit": 50,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OrderCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["LocationForbidden"];
            409: components["responses"]["SandboxResetting"];
            422: components["responses"]["UnprocessableLocation"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your unique key for this write, scoped to the organization. A retry with the same key and the same body returns the original record with `200`; with a different body it is `422 validation_error`. Use a fresh random value (for example a UUID) per logical write.
                 * @example 5f0c6c1e-6a2b-4c8e-9d0f-3b7a1e2c4d5f
                 */
                "X-Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrderRequest"];
            };
        };
        responses: {
            /** @description Idempotent replay: an order with this key already exists and the body matches. The original order is returned (in its current state); nothing was created. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderResponse"];
                };
            };
            /** @description The order was created. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /**
             * @description The request is not allowed. Codes:
             *     - `installation_inactive`, `plugin_listing_unavailable`: see Authentication.
             *     - `feature_not_enabled`: the plugin lacks the capability `orders:create`.
             *     - `location_forbidden`: `location_id` is a location of your organization outside the
             *       installation's scope.
             */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                    RateLimit: components["headers"]["RateLimitWhenCounted"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "feature_not_enabled",
                     *       "message": "This plugin does not have the orders:create capability"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateOrderForbiddenError"];
                };
            };
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /**
             * @description The request is well-formed but cannot be applied. Codes:
             *     - `validation_error`: unknown, unavailable or inactive menu item; unknown template,
             *       option or customer; a `table_number` on a takeaway or delivery order; a location
             *       your organization does not have; an idempotency key reused with a different body;
             *       `external_order_id` and `X-Idempotency-Key` both sent with different values.
             *     - `customization_location_mismatch`: a customization template belongs to another
             *       location.
             *     - `customization_rule_violation`: a template is not linked to the item, or the
             *       number of options selected for a template is outside its `min_select`..`max_select`.
             */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateOrderUnprocessableError"];
                };
            };
            429: components["responses"]["RateLimited"];
            /**
             * @description Server error. Codes:
             *     - `create_failed`: creation failed and was rolled back; nothing was written. Retrying
             *       with the same idempotency key is safe.
             *     - `sandbox_misconfigured`, `internal_error`: see Errors.
             */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                    RateLimit: components["headers"]["RateLimitWhenCounted"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "create_failed",
                     *       "message": "Order creation failed and was rolled back"
                     *     }
                     */
                    "application/json": components["schemas"]["CreateOrderInternalError"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's numeric `order_id` or its `order_number`.
                 * @example ORD-20260314-0042
                 */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["OrderNotFound"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's numeric `order_id` or its `order_number`.
                 * @example ORD-20260314-0042
                 */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrderRequest"];
            };
        };
        responses: {
            /** @description The updated order. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["OrderNotFound"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /**
             * @description The change cannot be applied. Codes:
             *     - `invalid_transition`: the target is not reachable from the current status (or the
             *       order is in an internal-only status); `allowed_next_states` lists the allowed
             *       targets.
             *     - `validation_error`: `cancellation_reason` is missing for target `cancelled`.
             */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidTransitionError"] | components["schemas"]["ValidationError"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    captureOrderPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The order's numeric `order_id` or its `order_number`.
                 * @example ORD-20260314-0042
                 */
                orderId: components["parameters"]["OrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": "29.00",
                 *       "currency": "USD",
                 *       "payment_method": "card",
                 *       "provider": "stripe",
                 *       "provider_transaction_id": "pi_3Oq2Xj2eZvKYlo2C1a9b8c7d",
                 *       "captured_at": "2026-03-14T19:12:44Z"
                 *     }
                 */
                "application/json": components["schemas"]["CapturePaymentRequest"];
            };
        };
        responses: {
            /** @description Idempotent replay: a payment with this `provider_transaction_id` already exists in the organization. The original payment is returned; nothing was recorded. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentResponse"];
                };
            };
            /** @description The payment was recorded. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /**
             * @description The request is not allowed. Codes:
             *     - `installation_inactive`, `plugin_listing_unavailable`: see Authentication.
             *     - `feature_not_enabled`: the plugin lacks the capability `payments:capture`.
             *     - `subscription_locked`: the organization's subscription is `locked` (a `past_due`
             *       subscription does not block captures).
             */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                    RateLimit: components["headers"]["RateLimitWhenCounted"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "subscription_locked",
                     *       "message": "Payments are blocked by the organization's subscription state"
                     *     }
                     */
                    "application/json": components["schemas"]["CaptureForbiddenError"];
                };
            };
            404: components["responses"]["OrderNotFound"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /**
             * @description The capture cannot be applied. Codes:
             *     - `currency_mismatch`: `currency` differs from the order's location currency.
             *     - `overpayment`: `amount` exceeds the order's remaining balance (including an order
             *       that is already fully paid).
             *     - `invalid_transition`: the order is cancelled; `allowed_next_states` is empty.
             *     - `validation_error`: `provider_transaction_id` was already used for a payment on an
             *       order of another location of the organization.
             */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CaptureUnprocessableError"] | components["schemas"]["InvalidTransitionError"];
                };
            };
            429: components["responses"]["RateLimited"];
            /**
             * @description Server error. Codes:
             *     - `capture_failed`: the capture failed and was rolled back; nothing was recorded.
             *       Retrying with the same `provider_transaction_id` is safe.
             *     - `sandbox_misconfigured`, `internal_error`: see Errors.
             */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                    RateLimit: components["headers"]["RateLimitWhenCounted"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "capture_failed",
                     *       "message": "Capture failed and was rolled back"
                     *     }
                     */
                    "application/json": components["schemas"]["CaptureInternalError"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMenuItems: {
        parameters: {
            query?: {
                /**
                 * @description Only records of this location. Defaults to every location in the installation's scope. A location of your organization outside that scope is `403 location_forbidden`; a location your organization does not have is `422 validation_error`.
                 * @example 34
                 */
                location_id?: components["parameters"]["LocationIdQuery"];
                /**
                 * @description Only items of this menu category. An unknown category yields an empty page.
                 * @example 9
                 */
                category_id?: components["parameters"]["CategoryIdQuery"];
                /**
                 * @description `true` (default): only items with `is_available` and `is_active` both true. `false`: every item.
                 * @example false
                 */
                available_only?: boolean;
                /**
                 * @description Page size, 1 to 100.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor from `meta.next_cursor` of the previous page. Send the same filters and `limit` as that request. Omit for the first page.
                 * @example eyJpZCI6NTgyMTN9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of menu items. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "item_id": 517,
                     *           "name": "Caesar Salad",
                     *           "description": "Romaine, parmesan, garlic croutons, house dressing",
                     *           "price": "12.50",
                     *           "is_available": true,
                     *           "is_active": true,
                     *           "location_id": 34,
                     *           "location_coll_id": null,
                     *           "category_id": 9,
                     *           "allergens": [
                     *             "dairy",
                     *             "gluten",
                     *             "egg",
                     *             "fish"
                     *           ],
                     *           "vegan": false,
                     *           "vegetarian": false,
                     *           "spicy_level": 0,
                     *           "preparation_time": 8,
                     *           "updated_at": "2026-03-10T11:00:00Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "count": 1,
                     *         "limit": 50,
                     *         "next_cursor": "eyJpZCI6NTE3fQ"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["MenuItemCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["LocationForbidden"];
            409: components["responses"]["SandboxResetting"];
            422: components["responses"]["UnprocessableLocation"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMenuItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The menu item's `item_id`.
                 * @example 501
                 */
                itemId: components["parameters"]["ItemId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The menu item. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MenuItemResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["MenuItemNotFound"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMenuItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The menu item's `item_id`.
                 * @example 501
                 */
                itemId: components["parameters"]["ItemId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "price": "16.50",
                 *       "preparation_time": 15
                 *     }
                 */
                "application/json": components["schemas"]["UpdateMenuItemRequest"];
            };
        };
        responses: {
            /** @description The updated menu item. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MenuItemResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["MenuItemNotFound"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    bulkUpdateMenuAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "items": [
                 *         {
                 *           "item_id": 501,
                 *           "is_available": false
                 *         },
                 *         {
                 *           "item_id": 517,
                 *           "is_available": false
                 *         },
                 *         {
                 *           "item_id": 999,
                 *           "is_available": false
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BulkAvailabilityRequest"];
            };
        };
        responses: {
            /** @description Per-item outcome. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "item_id": 501,
                     *           "status": "updated"
                     *         },
                     *         {
                     *           "item_id": 517,
                     *           "status": "unchanged"
                     *         },
                     *         {
                     *           "item_id": 999,
                     *           "status": "not_found",
                     *           "error": "Menu item not found"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "updated": 1,
                     *         "unchanged": 1,
                     *         "failed": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["BulkAvailabilityResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listLocations: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1 to 100.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor from `meta.next_cursor` of the previous page. Send the same filters and `limit` as that request. Omit for the first page.
                 * @example eyJpZCI6NTgyMTN9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of locations. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "location_id": 34,
                     *           "organization_id": 12,
                     *           "name": "Harbor Street Bistro",
                     *           "currency": "USD",
                     *           "timezone": "America/New_York",
                     *           "address": "18 Harbor Street, Boston, MA 02110",
                     *           "is_active": true,
                     *           "created_at": "2025-09-15T12:00:00Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "count": 1,
                     *         "limit": 50,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["LocationCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLocation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The location's `location_id`.
                 * @example 34
                 */
                locationId: components["parameters"]["LocationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The location. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["LocationNotFound"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /**
                 * @description Only records of this location. Defaults to every location in the installation's scope. A location of your organization outside that scope is `403 location_forbidden`; a location your organization does not have is `422 validation_error`.
                 * @example 34
                 */
                location_id?: components["parameters"]["LocationIdQuery"];
                /**
                 * @description Case-insensitive substring matched against name, email and phone (a customer matches when any of them contains it).
                 * @example souza
                 */
                search?: string;
                /**
                 * @description Only records whose `updated_at` is at or after this instant (RFC 3339 date-time with an offset). URL-encode it: a `+` offset must be sent as `%2B`.
                 * @example 2026-03-14T00:00:00Z
                 */
                since?: components["parameters"]["Since"];
                /**
                 * @description Page size, 1 to 100.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor from `meta.next_cursor` of the previous page. Send the same filters and `limit` as that request. Omit for the first page.
                 * @example eyJpZCI6NTgyMTN9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "customer_id": 8812,
                     *           "name": "Ana Souza",
                     *           "email": "ana.souza@example.com",
                     *           "phone": "+14155550123",
                     *           "location_id": 34,
                     *           "created_at": "2025-11-02T17:45:00Z",
                     *           "updated_at": "2026-03-14T18:01:40Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "count": 1,
                     *         "limit": 50,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CustomerCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["LocationForbidden"];
            409: components["responses"]["SandboxResetting"];
            422: components["responses"]["UnprocessableLocation"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The customer's `customer_id`.
                 * @example 8812
                 */
                customerId: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "customer_id": 8812,
                     *         "name": "Ana Souza",
                     *         "email": "ana.souza@example.com",
                     *         "phone": "+14155550123",
                     *         "location_id": 34,
                     *         "created_at": "2025-11-02T17:45:00Z",
                     *         "updated_at": "2026-03-14T18:01:40Z",
                     *         "visible_order_count": 14,
                     *         "recent_order_ids": [
                     *           58213,
                     *           57990,
                     *           57311
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CustomerResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInventory: {
        parameters: {
            query?: {
                /**
                 * @description Only records of this location. Defaults to every location in the installation's scope. A location of your organization outside that scope is `403 location_forbidden`; a location your organization does not have is `422 validation_error`.
                 * @example 34
                 */
                location_id?: components["parameters"]["LocationIdQuery"];
                /**
                 * @description Only this ingredient (the page then has at most one entry).
                 * @example 301
                 */
                ingredient_id?: components["parameters"]["IngredientIdQuery"];
                /**
                 * @description `true`: only ingredients with a stock level at or below its reorder point. `false`: only ingredients with none. Omit for all.
                 * @example true
                 */
                low_stock?: boolean;
                /**
                 * @description Page size, 1 to 100.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor from `meta.next_cursor` of the previous page. Send the same filters and `limit` as that request. Omit for the first page.
                 * @example eyJpZCI6NTgyMTN9
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of ingredients. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "ingredient_id": 301,
                     *           "name": "Mozzarella",
                     *           "sku": "MOZ-FIOR-1KG",
                     *           "unit": "kg",
                     *           "cost_per_unit": "11.4000",
                     *           "supplier": "Bay Dairy Co.",
                     *           "allergens": [
                     *             "dairy"
                     *           ],
                     *           "metadata": {},
                     *           "stock": [
                     *             {
                     *               "location_id": 34,
                     *               "on_hand": "3.2500",
                     *               "reorder_point": "4.0000",
                     *               "par_level": "12.0000",
                     *               "is_low": true
                     *             }
                     *           ],
                     *           "created_at": "2025-10-01T08:00:00Z",
                     *           "updated_at": "2026-03-02T09:15:00Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "count": 1,
                     *         "limit": 50,
                     *         "next_cursor": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["IngredientCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["LocationForbidden"];
            409: components["responses"]["SandboxResetting"];
            422: components["responses"]["UnprocessableLocation"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInventoryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The ingredient's `ingredient_id`.
                 * @example 301
                 */
                ingredientId: components["parameters"]["IngredientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ingredient. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngredientResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateInventoryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The ingredient's `ingredient_id`.
                 * @example 301
                 */
                ingredientId: components["parameters"]["IngredientId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "supplier": "Bay Dairy Co.",
                 *       "cost_per_unit": "11.4000",
                 *       "metadata": {
                 *         "storage": "walk-in cooler"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UpdateIngredientRequest"];
            };
        };
        responses: {
            /** @description The updated ingredient. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngredientResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createStockMovement: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your unique key for this movement, scoped to the installation. A retry with the same key and the same body returns the original movement with `200`; with a different body it is `422 validation_error`. Use a fresh random value (for example a UUID) per logical movement.
                 * @example 5f0c6c1e-6a2b-4c8e-9d0f-3b7a1e2c4d5f
                 */
                "X-Idempotency-Key"?: components["parameters"]["MovementIdempotencyKey"];
            };
            path: {
                /**
                 * @description The ingredient's `ingredient_id`.
                 * @example 301
                 */
                ingredientId: components["parameters"]["IngredientId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "location_id": 34,
                 *       "delta": "-0.7500",
                 *       "reason": "consumed",
                 *       "note": "Friday dinner service"
                 *     }
                 */
                "application/json": components["schemas"]["CreateStockMovementRequest"];
            };
        };
        responses: {
            /** @description Idempotent replay: a movement with this `X-Idempotency-Key` already exists and the body matches. The original movement is returned; nothing was appended. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockMovementResponse"];
                };
            };
            /** @description The movement was recorded. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockMovementResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["LocationForbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The movement cannot be applied. Code `validation_error`: `delta` has more than four decimals or would take on-hand stock beyond ±9999999999.9999, the location does not exist in your organization, or the idempotency key was used with a different body. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "validation_error",
                     *       "message": "X-Idempotency-Key was already used with a different request body",
                     *       "details": {
                     *         "x-idempotency-key": [
                     *           "already used with a different request body"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    receiveExternalWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Hex HMAC-SHA256 of the exact raw request body, keyed with the webhook secret (64 hexadecimal characters, lowercase or upper-case). Missing or wrong: `401 invalid_signature`.
                 * @example 9f2c4b7e1a0d3c5b8e6f4a2d1c0b9e8f7a6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b
                 */
                "X-Svc-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event_type": "external.delivery.dispatched",
                 *       "payload": {
                 *         "delivery_id": "dlv_92837",
                 *         "order_id": 58213,
                 *         "courier": "Jamie",
                 *         "eta_minutes": 18
                 *       },
                 *       "idempotency_key": "dlv_92837-dispatched"
                 *     }
                 */
                "application/json": components["schemas"]["ExternalWebhookRequest"];
            };
        };
        responses: {
            /** @description Duplicate: an event with this `idempotency_key` was received within the last 24 hours. The original log entry is returned with `duplicate: true`. */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "log_id": 44021,
                     *         "installation_id": 1042,
                     *         "direction": "inbound",
                     *         "event_type": "external.delivery.dispatched",
                     *         "status": "received",
                     *         "signature_valid": true,
                     *         "idempotency_key": "dlv_92837-dispatched",
                     *         "http_status": 201,
                     *         "error_message": null,
                     *         "attempts": 1,
                     *         "created_at": "2026-03-14T18:20:03Z",
                     *         "duplicate": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookLogResponse"];
                };
            };
            /** @description The event was accepted and recorded. */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "log_id": 44021,
                     *         "event_type": "external.delivery.dispatched",
                     *         "status": "received"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ExternalWebhookReceiptResponse"];
                };
            };
            /**
             * @description The event was rejected. Codes:
             *     - `validation_error`: the body does not match the schema, is not valid JSON or
             *       is nested more than 64 levels deep (`details` says what).
             *     - `unknown_event_type`: `event_type` is not a catalog event, not an `external.*`
             *       name and matches no wildcard family.
             *     - `invalid_api_version`: `X-Svc-Api-Version` names no supported version.
             */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                    RateLimit: components["headers"]["RateLimitWhenCounted"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "unknown_event_type",
                     *       "message": "Event type 'delivery.dispatched' is not accepted"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookRejectedError"];
                };
            };
            /**
             * @description Authentication failed. Codes:
             *     - `invalid_signature`: `X-Svc-Signature` is missing or does not match the body.
             *     - `missing_api_key`, `invalid_api_key_format`, `invalid_api_key`,
             *       `sandbox_not_ready`: see Authentication.
             */
            401: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimitWhenCounted"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemainingWhenCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyWhenCounted"];
                    RateLimit: components["headers"]["RateLimitWhenCounted"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_signature",
                     *       "message": "X-Svc-Signature does not match the request body"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookUnauthorizedError"];
                };
            };
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getExternalWebhookLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook log entry's `log_id`.
                 * @example 44021
                 */
                logId: components["parameters"]["LogId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The log entry. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookLogResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description Return events with a sequence above this one (0, the default, starts at the oldest kept).
                 * @example 0
                 */
                after?: number;
                /**
                 * @description Page size, 1 to 100.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only this event, or this family (`order.*`).
                 * @example order.*
                 */
                type?: "order.created" | "order.status_changed" | "order.items_added" | "order.paid" | "order.cancelled" | "payment.succeeded" | "payment.failed" | "payment.refunded" | "menu.item_created" | "menu.item_updated" | "menu.item_deleted" | "inventory.stock_updated" | "inventory.low_stock" | "inventory.low_stock_resolved" | "installation.created" | "installation.removed" | "trial.started" | "trial.ending" | "subscription.activated" | "sandbox.expiry_warning" | "order.*" | "payment.*" | "menu.*" | "inventory.*" | "installation.*" | "trial.*" | "subscription.*" | "sandbox.*";
                /**
                 * @description Only events whose newest delivery is in this state (see `EventDelivery.status`).
                 * @example failed
                 */
                delivery_status?: "pending" | "delivered" | "failed" | "acknowledged";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "6f1c2a9e-3b7d-4c1e-9a52-0d8e4f7b1c23",
                     *           "event": "order.created",
                     *           "timestamp": "2026-03-14T18:05:12.000Z",
                     *           "installation_id": 1042,
                     *           "data": {
                     *             "order_id": 58123,
                     *             "location_id": 34,
                     *             "status": "CREATED",
                     *             "total": "27.50"
                     *           },
                     *           "sequence": 41,
                     *           "delivery": {
                     *             "status": "failed",
                     *             "attempts": 3,
                     *             "last_attempt_at": "2026-03-14T18:11:15.000Z",
                     *             "last_error": "HTTP 503: {\"error\":\"maintenance\"}"
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "count": 1,
                     *         "limit": 50,
                     *         "next_after": 41,
                     *         "has_more": false,
                     *         "acknowledged_through": 40,
                     *         "oldest_sequence": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EventCollection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    acknowledgeEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "through": 41
                 *     }
                 */
                "application/json": components["schemas"]["AcknowledgeEventsRequest"];
            };
        };
        responses: {
            /** @description The acknowledged cursor after this call. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "acknowledged_through": 41,
                     *         "cancelled_deliveries": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AcknowledgementResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["SandboxResetting"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Code `validation_error`: `through` is above the last sequence issued to this installation. */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "validation_error",
                     *       "message": "Nothing has been issued after sequence 41: acknowledge at most 41.",
                     *       "details": {
                     *         "through": [
                     *           "is above the last sequence issued to this installation (41)"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exchangeSetupToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "setup_token": "stk_4f9d2c1a8b7e6d5c4b3a2f1e0d9c8b7a"
                 *     }
                 */
                "application/json": components["schemas"]["SetupTokenExchangeRequest"];
            };
        };
        responses: {
            /** @description The installation key. */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "X-RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    RateLimit: components["headers"]["RateLimit"];
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "installation_id": 1042,
                     *         "api_key": "pik_3b1f9a0c7d2e4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SetupTokenExchangeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Code `invalid_setup_token`: the token is unknown, already used or expired. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "invalid_setup_token",
                     *       "message": "Setup token is invalid, used or expired"
                     *     }
                     */
                    "application/json": components["schemas"]["SetupTokenError"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            /** @description Code `internal_error`: unexpected server error. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    "X-Svc-Api-Version": components["headers"]["ApiVersion"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "internal_error",
                     *       "message": "An unexpected error occurred"
                     *     }
                     */
                    "application/json": components["schemas"]["ServerError"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
