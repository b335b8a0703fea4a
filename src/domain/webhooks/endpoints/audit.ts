import type { Db } from '../../../db/database.js';
import type { WebhookEndpointAuditTable } from '../../../db/types.js';

// Who changed a webhook endpoint, how and which fields (names only, never values: no URL, filter
// or secret is copied here), in the transaction of the change. The entries outlive the endpoint.

/** The developer acting, and the developer key they act with (null: a portal session). */
export interface Actor {
  developerId: number;
  keyId: number | null;
}

const FIELD_NAMES: Record<string, string> = {
  url: 'url',
  description: 'description',
  events: 'events',
  location_ids: 'locationIds',
  filter: 'filter',
  ordering: 'ordering',
  rate_limit_per_second: 'rateLimitPerSecond',
  api_version: 'apiVersion',
  planes: 'planes',
};

export async function audit(
  db: Db,
  endpoint: { webhook_endpoint_id: number; plugin_id: number },
  actor: Actor,
  action: WebhookEndpointAuditTable['action'],
  columns: string[] = [],
): Promise<void> {
  await db
    .insertInto('control.webhook_endpoint_audit')
    .values({
      webhook_endpoint_id: endpoint.webhook_endpoint_id,
      plugin_id: endpoint.plugin_id,
      developer_id: actor.developerId,
      developer_key_id: actor.keyId,
      action,
      fields: columns.flatMap((c) => (FIELD_NAMES[c] ? [FIELD_NAMES[c]] : [])),
    })
    .execute();
}
