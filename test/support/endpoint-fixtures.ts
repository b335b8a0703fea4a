import type { Db } from '../../src/db/database.js';
import { encrypt, generateWebhookSecret } from '../../src/lib/secrets.js';
import { TEST_ENV } from './context.js';

/** The columns of control.webhook_endpoints a test may set; the rest take their defaults. */
export interface EndpointSettings {
  events?: string[] | null;
  location_ids?: number[];
  filter?: object;
  planes?: ('sandbox' | 'production')[];
  status?: 'enabled' | 'disabled';
  ordering?: 'none' | 'order';
  rate_limit_per_second?: number;
  api_version?: string;
}

/**
 * A plugin's extra webhook endpoint written straight to its table (the portal's checks are tested
 * elsewhere), with a fresh signing secret: its id and that secret.
 */
export async function insertWebhookEndpoint(
  db: Db,
  pluginId: number,
  url: string,
  settings: EndpointSettings = {},
): Promise<{ id: number; secret: string }> {
  const secret = generateWebhookSecret();
  const { filter, ...columns } = settings;
  const row = await db
    .insertInto('control.webhook_endpoints')
    .values({
      plugin_id: pluginId,
      url,
      ...columns,
      ...(filter ? { filter: JSON.stringify(filter) } : {}),
      secret_enc: encrypt(Buffer.from(TEST_ENV.SVC_ENCRYPTION_KEY!, 'base64'), secret),
    } as never)
    .returning('webhook_endpoint_id')
    .executeTakeFirstOrThrow();
  return { id: row.webhook_endpoint_id, secret };
}
