import { statusOf, type TRANSPORT_CODES } from '../http/error-response.js';
import type { ErrorCode } from '../domain/shared/index.js';
import { escapeHtml, page } from './layout.js';

// /docs/errors: a section per error code, anchored by the code itself, which every error body's
// `doc_url` links (`/docs/errors#<code>`). A code the service can answer with and no entry here
// does not compile.

type Code = ErrorCode | (typeof TRANSPORT_CODES)[number];

interface Entry {
  /** HTTP status(es), when not the code's own kind's. */
  status?: string;
  meaning: string;
  fix: string;
}

const TRANSPORT_STATUS: Record<(typeof TRANSPORT_CODES)[number], string> = {
  route_not_found: '404',
  method_not_allowed: '405',
  not_implemented: '501',
  payload_too_large: '413',
  unsupported_media_type: '415',
  internal_error: '500',
};

const ENTRIES: Record<Code, Entry> = {
  missing_api_key: {
    meaning: 'The request has no X-Plugin-Api-Key header.',
    fix: 'Send the installation key in X-Plugin-Api-Key. Authorization: Bearer is not accepted on the Data API.',
  },
  invalid_api_key_format: {
    meaning: 'The key is not pik_ followed by 64 lowercase hex characters (68 in all).',
    fix: 'Check for truncation, whitespace or upper-case characters in the stored key.',
  },
  invalid_api_key: {
    meaning: 'No installation has this key.',
    fix: 'The key was regenerated or the installation removed: use the newest key from the setup-token exchange or the portal.',
  },
  installation_inactive: {
    meaning: 'The installation is not active (pending payment, removed, suspended).',
    fix: 'Read GET /installation with a working key, or check the installation in the portal.',
  },
  plugin_listing_unavailable: {
    meaning: 'Production only: the plugin listing is not approved and active.',
    fix: 'Check the listing status in the developer portal; sandbox installations are not affected.',
  },
  sandbox_not_ready: {
    meaning: 'The sandbox is not active (expired, deleted or being provisioned).',
    fix: 'Check the sandbox in the portal; provision a new one if it expired.',
  },
  sandbox_resetting: {
    meaning: 'A reset of the sandbox is in flight.',
    fix: 'Retry in a few seconds.',
  },
  sandbox_misconfigured: {
    meaning: 'The sandbox data plane is missing or damaged.',
    fix: 'Reset the sandbox (resetSandbox in the portal).',
  },
  rate_limit_exceeded: {
    meaning:
      "The bucket is spent for this window (60 requests a minute per installation on the Data API; in the portal, also a plugin's replayed events a day).",
    fix: 'Wait Retry-After seconds (also retry_after in the body and reset in the RateLimit header) before retrying.',
  },
  authentication_failed: {
    meaning: 'A developer key, portal session or metrics token is unknown, expired or revoked.',
    fix: 'Log in again or create a new developer key.',
  },
  ip_not_allowed: {
    meaning: 'The developer key was used from an address outside its allowlist.',
    fix: 'Call from an allowed address or change the key’s allowlist in the portal.',
  },
  validation_error: {
    status: '400 or 422',
    meaning:
      'The request does not match the schema (400) or is well-formed but semantically wrong (422). details maps each field to its problems. In the developer portal, a GraphQL document over a limit (characters, tokens, nesting, depth, aliases, directives, cost) is validation_error too, its details.query saying which limit and by how much; a page size past its maximum names first.',
    fix: 'Fix the fields named in details; see the operation in the API reference. For a GraphQL limit, ask for fewer fields, aliases or levels, or smaller pages.',
  },
  not_found: {
    meaning:
      'The resource does not exist or is not visible to the caller. Orders, menu items and locations answer with a sentence in error instead of this code.',
    fix: 'Check the id and that the resource belongs to the installation’s organization and location scope.',
  },
  feature_not_enabled: {
    meaning:
      'The plugin lacks the capability the operation needs (orders:create, payments:capture).',
    fix: 'Add the capability to supported_features in the developer portal.',
  },
  location_forbidden: {
    meaning: 'The location belongs to the organization but is outside the installation’s scope.',
    fix: 'Use a location the installation was installed at (GET /installation).',
  },
  invalid_transition: {
    meaning: 'The order cannot move to the requested status from its current one.',
    fix: 'Pick one of allowed_next_states from the body.',
  },
  customization_location_mismatch: {
    meaning: 'A customization template belongs to another location.',
    fix: 'Use the customizations of the menu item at the order’s location.',
  },
  customization_rule_violation: {
    meaning: 'The selected customizations break the item’s min/max selection rules.',
    fix: 'Read the item’s customization rules from GET /menu/{itemId} and select within them.',
  },
  create_failed: {
    meaning: 'Creating the order failed and was rolled back.',
    fix: 'Retry with the same idempotency key: a retry never creates a duplicate.',
  },
  currency_mismatch: {
    meaning: 'The payment currency differs from the order location’s currency.',
    fix: 'Capture in the currency of the order’s location.',
  },
  overpayment: {
    meaning: 'The amount exceeds the order’s remaining balance.',
    fix: 'Read the order’s balance and capture at most what remains.',
  },
  subscription_locked: {
    meaning: 'The organization’s subscription state blocks payments.',
    fix: 'The restaurant must settle its subscription; retry afterwards.',
  },
  capture_failed: {
    meaning: 'Capturing the payment failed and was rolled back.',
    fix: 'Retry with the same provider_transaction_id: a retry never records a duplicate.',
  },
  invalid_signature: {
    meaning: 'X-Svc-Signature is missing or wrong for this body.',
    fix: 'Sign the exact raw bytes with HMAC-SHA256 and the plugin’s webhook secret, as hex (lowercase, or upper-case); the message says which check failed (bodies over 64 KiB get no diagnosis).',
  },
  unknown_event_type: {
    meaning:
      'The forwarded event_type is not a catalog event, not external.*, and matches no wildcard.',
    fix: 'Use external.<provider>.<event> for provider events.',
  },
  invalid_api_version: {
    meaning: 'X-Svc-Api-Version names no supported API version (unknown, or past its sunset).',
    fix: 'Send one of the versions the message lists (GET /api-versions), or omit the header to use the plugin’s pinned version.',
  },
  invalid_setup_token: {
    meaning: 'The setup token is unknown, expired or already used.',
    fix: 'Start the installation flow again to get a fresh setup token.',
  },
  invalid_oauth_state: {
    meaning: 'The OAuth callback state is unknown, expired or already used.',
    fix: 'Start the authorization again from the installation.',
  },
  oauth_not_configured: {
    meaning: 'The plugin has no OAuth provider configured.',
    fix: 'Configure the OAuth provider in the plugin settings.',
  },
  oauth_exchange_failed: {
    meaning: 'The third-party provider refused or failed the token exchange.',
    fix: 'Retry the authorization; check the provider’s client id, secret and redirect URI.',
  },
  forbidden: {
    meaning: 'The caller may not do this.',
    fix: 'Check the credentials’ scopes and ownership of the resource.',
  },
  conflict: {
    meaning: 'The resource is busy or in a state that forbids this for now.',
    fix: 'Read the message; wait for the running operation (a replay, a reset) to finish.',
  },
  insufficient_scope: {
    meaning: 'The developer key lacks the scope this field needs.',
    fix: 'Use a key with plugins:write, or a portal session.',
  },
  portal_session_required: {
    meaning: 'This field needs a portal session, not a developer key.',
    fix: 'Log in to the portal.',
  },
  service_unavailable: {
    meaning:
      'The service cannot reach its database for now (restarting, failing over, or overloaded: no connection free within 2 seconds). Nothing tells whether a write that got this answer was applied.',
    fix: 'Wait Retry-After seconds and retry; writes are safe to retry with the same idempotency key (external_order_id, X-Idempotency-Key, provider_transaction_id).',
  },
  developer_key_limit_reached: {
    meaning: 'The account already has the maximum of 10 active developer keys.',
    fix: 'Revoke a key you no longer use.',
  },
  stream_limit_reached: {
    meaning:
      'A developer has at most 10 open webhook streams (webhookStream, svc listen), and each server a maximum in all.',
    fix: 'Stop a svc listen you no longer need, or retry in a minute when the server is full.',
  },
  route_not_found: {
    meaning: 'No endpoint has this path.',
    fix: 'Check the path against the API reference (/docs); the Data API lives under /api/plugin/v1.',
  },
  method_not_allowed: {
    meaning: 'The endpoint exists but not with this HTTP method.',
    fix: 'Use a method the API reference lists for the path.',
  },
  not_implemented: {
    meaning: 'The operation is documented but not served by this version.',
    fix: 'Upgrade the service or avoid the operation.',
  },
  payload_too_large: {
    meaning: 'The request body exceeds 1 MiB.',
    fix: 'Send smaller requests (bulk endpoints take at most 100 items).',
  },
  unsupported_media_type: {
    meaning: 'The body is not JSON (or not UTF-8).',
    fix: 'Send Content-Type: application/json with a UTF-8 JSON body.',
  },
  internal_error: {
    meaning: 'An unexpected error occurred on the server.',
    fix: 'Retrying later is safe for reads and for writes with an idempotency key. Quote request_id to support.',
  },
};

/** Every code that has a section (and so a doc_url that resolves). */
export const DOCUMENTED_ERROR_CODES = Object.keys(ENTRIES) as Code[];

function statusText(code: Code): string {
  const entry = ENTRIES[code];
  if (entry.status) return entry.status;
  return code in TRANSPORT_STATUS
    ? TRANSPORT_STATUS[code as keyof typeof TRANSPORT_STATUS]
    : String(statusOf(code as ErrorCode));
}

export function renderErrorsPage(): string {
  const toc = DOCUMENTED_ERROR_CODES.map(
    (code) => `<li><a href="#${code}"><code>${code}</code></a></li>`,
  ).join('');
  const sections = DOCUMENTED_ERROR_CODES.map((code) => {
    const entry = ENTRIES[code];
    return `<section id="${code}" class="event"><h2><code>${code}</code> <span class="family">HTTP ${escapeHtml(statusText(code))}</span></h2>
<p>${escapeHtml(entry.meaning)}</p><p><strong>What to do:</strong> ${escapeHtml(entry.fix)}</p></section>`;
  }).join('\n');
  const intro = `<p>Every error body is <code>{"error", "message", "details"?, "request_id", "doc_url"}</code>: branch on
<code>error</code>, show <code>message</code> to humans, quote <code>request_id</code> to support (it is also the
<code>X-Request-Id</code> header and the key of the portal's API request log), and follow <code>doc_url</code> to this page.</p>`;
  return page(
    'Errors — Restaurant Plugin Platform',
    `<header><h1>Errors <small>every code, what it means and what to do</small></h1><a href="/docs">API reference</a> · <a href="/docs/webhooks">Webhooks</a></header>
<div class="layout"><nav><ul>${toc}</ul></nav><main>${intro}${sections}</main></div>`,
  );
}
