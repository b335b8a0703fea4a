import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { WebhookEndpointsTable } from '../../../db/types.js';
import { WEBHOOK_ENDPOINT_COLUMNS } from '../../../db/columns.js';
import type { Ordering, Plane } from './endpoint-input.js';

// An endpoint as the portal shows it (never its secret), and a plugin's list: the primary endpoint
// first, then the others. The primary endpoint is not a row: it is read from the listing
// (webhook_endpoint, supported_events, the plugin's per-plane secrets) every time, so it can never
// disagree with what deliveries use, and it is changed only where the listing is.

export const PRIMARY_ID = 'primary';

export interface WebhookEndpointView {
  id: string;
  primary: boolean;
  url: string;
  description: string | null;
  events: string[] | null;
  locationIds: number[];
  filter: Record<string, unknown> | null;
  ordering: Ordering;
  rateLimitPerSecond: number | null;
  apiVersion: string | null;
  planes: Plane[];
  status: 'ENABLED' | 'DISABLED';
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

const runningUntil = (expiresAt: Date | null) =>
  expiresAt !== null && expiresAt > new Date() ? expiresAt : null;

export function toEndpointView(row: Selectable<WebhookEndpointsTable>): WebhookEndpointView {
  return {
    id: String(row.webhook_endpoint_id),
    primary: false,
    url: row.url,
    description: row.description,
    events: row.events,
    locationIds: row.location_ids,
    filter: row.filter,
    ordering: row.ordering === 'order' ? 'ORDER' : 'NONE',
    rateLimitPerSecond: row.rate_limit_per_second,
    apiVersion: row.api_version,
    planes: row.planes.map((p) => (p === 'sandbox' ? 'SANDBOX' : 'PRODUCTION')),
    status: row.status === 'enabled' ? 'ENABLED' : 'DISABLED',
    previousSecretExpiresAt: runningUntil(row.previous_secret_expires_at),
    createdAt: row.created_at,
  };
}

/** The listing fields the primary endpoint is read from (a plugin as the portal shows it). */
export interface ListingEndpoint {
  id: number;
  webhookEndpoint: string | null;
  supportedEvents: string[] | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

function primaryView(plugin: ListingEndpoint & { webhookEndpoint: string }): WebhookEndpointView {
  return {
    id: PRIMARY_ID,
    primary: true,
    url: plugin.webhookEndpoint,
    description: null,
    events: plugin.supportedEvents,
    locationIds: [],
    filter: null,
    ordering: 'NONE',
    rateLimitPerSecond: null,
    apiVersion: null,
    planes: ['SANDBOX', 'PRODUCTION'],
    status: 'ENABLED',
    previousSecretExpiresAt: plugin.previousSecretExpiresAt,
    createdAt: plugin.createdAt,
  };
}

/** The plugin's endpoints: the primary one (while the listing has a webhook_endpoint), then the rest, oldest first. */
export async function listWebhookEndpoints(
  db: Db,
  plugin: ListingEndpoint,
): Promise<WebhookEndpointView[]> {
  const rows = await db
    .selectFrom('control.webhook_endpoints')
    .select(WEBHOOK_ENDPOINT_COLUMNS)
    .where('plugin_id', '=', plugin.id)
    .orderBy('webhook_endpoint_id')
    .execute();
  const { webhookEndpoint } = plugin;
  const primary = webhookEndpoint ? [primaryView({ ...plugin, webhookEndpoint })] : [];
  return [...primary, ...rows.map(toEndpointView)];
}
