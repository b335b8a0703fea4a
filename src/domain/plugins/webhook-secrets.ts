import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { PluginsTable } from '../../db/types.js';
import {
  decrypt,
  encrypt,
  generateWebhookSecret,
  standardWebhookSecret,
} from '../../lib/secrets.js';
import { ValidationError } from '../shared/index.js';
import { findOwnedPlugin, toPluginView, type PluginView } from './plugins.js';

// A plugin's webhook signing secrets, one per plane (security review 3, finding 9): production's,
// shown at createPlugin and at a production rotation, and the sandbox's, shown by provisionSandbox
// and at a sandbox rotation. Both rotate the same way, each with its own overlap.

export type SecretPlane = 'production' | 'sandbox';

/** A rotation's overlap: 0 (the previous secret stops at once) to 168 hours (a week). */
export const MAX_OVERLAP_HOURS = 168;

const COLUMNS = {
  production: {
    current: 'webhook_secret_enc',
    previous: 'previous_webhook_secret_enc',
    expiresAt: 'previous_secret_expires_at',
  },
  sandbox: {
    current: 'sandbox_webhook_secret_enc',
    previous: 'previous_sandbox_webhook_secret_enc',
    expiresAt: 'previous_sandbox_secret_expires_at',
  },
} as const satisfies Record<SecretPlane, Record<string, keyof PluginsTable>>;

export interface RotatedSecret {
  /** The new secret, shown this once. */
  webhookSecret: string;
  webhookSecretStandard: string;
  /** When the previous secret stops working; null when the overlap is 0. */
  previousSecretExpiresAt: Date | null;
}

/**
 * Replaces the plane's signing secret; the new one signs at once. The secret it replaces becomes the
 * previous one, accepted (inbound) and signing alongside (outbound) until now() + overlapHours:
 * deliveries and inbound checks compare that stored time with now() when they run, so no job ends
 * an overlap. Rotating during an overlap replaces the previous secret with the one rotated out.
 * With 0 hours the previous secret is kept already expired: it verifies nothing, and only lets a
 * refused inbound signature be diagnosed as made with it. One transaction, the plugin row locked.
 * A first sandbox rotation has no sandbox secret to keep (the production one is never copied).
 */
export async function rotateWebhookSecret(
  db: Db,
  config: Config,
  developerId: number,
  pluginId: number,
  overlapHours: number | null = 24,
  plane: SecretPlane = 'production',
): Promise<RotatedSecret> {
  if (overlapHours === null)
    throw new ValidationError({
      overlapHours: ['cannot be null; omit it for the default of 24 hours'],
    });
  if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > MAX_OVERLAP_HOURS) {
    throw new ValidationError({
      overlapHours: [`must be an integer from 0 to ${MAX_OVERLAP_HOURS} (got ${overlapHours})`],
    });
  }
  const c = COLUMNS[plane];
  const webhookSecret = generateWebhookSecret();
  const previousExpiresAt = await db.transaction().execute(async (trx) => {
    const current = (await findOwnedPlugin(trx, developerId, pluginId, true))[c.current];
    const { rows } = await sql<{ expires_at: Date | null }>`
      update control.plugins
         set ${sql.ref(c.current)} = ${encrypt(config.encryptionKey, webhookSecret)},
             ${sql.ref(c.previous)} = ${current},
             ${sql.ref(c.expiresAt)} = ${current === null ? null : sql`now() + make_interval(hours => ${overlapHours})`},
             updated_at = now()
       where plugin_id = ${pluginId}
      returning ${sql.ref(c.expiresAt)} as expires_at`.execute(trx);
    return rows[0]!.expires_at;
  });
  return {
    webhookSecret,
    webhookSecretStandard: standardWebhookSecret(webhookSecret),
    previousSecretExpiresAt: overlapHours > 0 ? previousExpiresAt : null,
  };
}

/**
 * Ends the plane's rotation overlap now: from the next delivery and inbound request on, only the
 * current secret works. The previous secret is kept, expired, for the inbound diagnosis (see above).
 * Without a running overlap it changes nothing. Returns the plugin.
 */
export async function expireWebhookSecret(
  db: Db,
  config: Config,
  developerId: number,
  pluginId: number,
  plane: SecretPlane = 'production',
): Promise<PluginView> {
  const c = COLUMNS[plane];
  await findOwnedPlugin(db, developerId, pluginId);
  await sql`update control.plugins set ${sql.ref(c.expiresAt)} = now(), updated_at = now()
             where plugin_id = ${pluginId} and ${sql.ref(c.expiresAt)} > now()`.execute(db);
  return toPluginView(await findOwnedPlugin(db, developerId, pluginId), config);
}

/**
 * The plugin's sandbox secret, created on first use (the first sandbox after per-plane secrets):
 * concurrent first uses agree on one, the first to write it.
 */
export async function sandboxWebhookSecret(
  db: Db,
  config: Config,
  pluginId: number,
): Promise<string> {
  const { rows } = await sql<{ sealed: string }>`
    update control.plugins set sandbox_webhook_secret_enc = coalesce(sandbox_webhook_secret_enc, ${encrypt(config.encryptionKey, generateWebhookSecret())})
     where plugin_id = ${pluginId}
    returning sandbox_webhook_secret_enc as sealed`.execute(db);
  return decrypt(config.encryptionKey, rows[0]!.sealed);
}
