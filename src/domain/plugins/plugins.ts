import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ListingStatus } from '../../db/types.js';
import { encrypt, generateWebhookSecret, standardWebhookSecret } from '../../lib/secrets.js';
import { ListingTransitionError, NotFoundError } from '../shared/index.js';
import { toPluginChanges, type PluginRow, type PluginSettingsInput } from './plugin-settings.js';
import { PLUGIN_COLUMNS, qualified } from '../../db/columns.js';

// Plugin listings of a developer's projects. Secrets (webhook, OAuth client) are stored
// encrypted and leave this module only once: in the result of the call that set them.

export interface PluginView {
  id: number;
  projectId: number;
  name: string;
  listingStatus: ListingStatus;
  webhookEndpoint: string | null;
  /** null: no explicit list (the default subscription). */
  supportedEvents: string[] | null;
  supportedFeatures: string[];
  integrationType: 'none' | 'oauth2';
  oauth: {
    clientId: string | null;
    clientSecretSet: boolean;
    scopes: string[];
    authorizeUrl: string | null;
    tokenUrl: string | null;
    redirectUri: string;
  } | null;
  pricing: { model: 'free' | 'paid'; price: string | null };
  trialDays: number;
  webhookAutoRecover: boolean;
  /** While a rotation's overlap runs: when the previous webhook secret stops working; null otherwise. */
  previousSecretExpiresAt: Date | null;
  /** The same for the sandbox secret. */
  sandboxPreviousSecretExpiresAt: Date | null;
  /** The pinned API version of its requests and webhooks. */
  apiVersion: string;
  /** The version the last move of the pin left, and when it moved (api-version.ts). */
  previousApiVersion: string | null;
  apiVersionChangedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const settingsOptions = (config: Config) => ({
  encryptionKey: config.encryptionKey,
  allowPrivate: config.webhook.allowPrivate,
});

/** Listings a developer may send to review; the operator moves them on from there. */
const SUBMITTABLE: ListingStatus[] = ['draft', 'rejected'];

const runningUntil = (expiresAt: Date | null) =>
  expiresAt !== null && expiresAt > new Date() ? expiresAt : null;

export function toPluginView(row: PluginRow, config: Config): PluginView {
  return {
    id: row.plugin_id,
    projectId: row.project_id,
    name: row.name,
    listingStatus: row.listing_status,
    webhookEndpoint: row.webhook_endpoint,
    supportedEvents: row.supported_events,
    supportedFeatures: row.supported_features,
    integrationType: row.integration_type,
    oauth:
      row.integration_type === 'oauth2'
        ? {
            clientId: row.oauth_client_id,
            clientSecretSet: row.oauth_client_secret_enc !== null,
            scopes: row.oauth_scopes ?? [],
            authorizeUrl: row.oauth_authorize_url,
            tokenUrl: row.oauth_token_url,
            redirectUri: `${config.baseUrl}/api/v1/oauth/callback`,
          }
        : null,
    pricing: { model: row.pricing_model, price: row.price === null ? null : String(row.price) },
    trialDays: row.trial_days,
    webhookAutoRecover: row.webhook_auto_recover,
    previousSecretExpiresAt: runningUntil(row.previous_secret_expires_at),
    sandboxPreviousSecretExpiresAt: runningUntil(row.previous_sandbox_secret_expires_at),
    apiVersion: row.api_version,
    previousApiVersion: row.api_version_previous,
    apiVersionChangedAt: row.api_version_changed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The plugin if one of the developer's projects holds it and it is not deleted; otherwise the
 * not_found of an id that never existed. `lock` takes the row for update inside a transaction.
 */
export async function findOwnedPlugin(
  db: Db,
  developerId: number,
  pluginId: number,
  lock = false,
): Promise<PluginRow> {
  let query = db
    .selectFrom('control.plugins as p')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .select(qualified('p', PLUGIN_COLUMNS))
    .where('p.plugin_id', '=', pluginId)
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted');
  if (lock) query = query.forUpdate('p');
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError('plugin');
  return row;
}

export async function getPlugin(
  db: Db,
  config: Config,
  developerId: number,
  pluginId: number,
): Promise<PluginView> {
  return toPluginView(await findOwnedPlugin(db, developerId, pluginId), config);
}

/**
 * A new draft listing and its webhook secret, which is returned here once and never again. It is
 * pinned to `apiVersion`, the newest API version (the caller's catalog's).
 */
export async function createPlugin(
  db: Db,
  config: Config,
  developerId: number,
  projectId: number,
  input: PluginSettingsInput & { name: string },
  apiVersion: string,
): Promise<{ plugin: PluginView; webhookSecret: string; webhookSecretStandard: string }> {
  const project = await db
    .selectFrom('control.projects')
    .select('project_id')
    .where('project_id', '=', projectId)
    .where('developer_id', '=', developerId)
    .executeTakeFirst();
  if (!project) throw new NotFoundError('project');
  const changes = toPluginChanges(input, undefined, settingsOptions(config));
  const webhookSecret = generateWebhookSecret();
  const row = await db
    .insertInto('control.plugins')
    .values({
      ...changes,
      name: input.name.trim(),
      project_id: projectId,
      webhook_secret_enc: encrypt(config.encryptionKey, webhookSecret),
      api_version: apiVersion,
    })
    .returning(PLUGIN_COLUMNS)
    .executeTakeFirstOrThrow();
  return {
    plugin: toPluginView(row, config),
    webhookSecret,
    webhookSecretStandard: standardWebhookSecret(webhookSecret),
  };
}

export async function updatePlugin(
  db: Db,
  config: Config,
  developerId: number,
  pluginId: number,
  input: PluginSettingsInput,
): Promise<PluginView> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await findOwnedPlugin(trx, developerId, pluginId, true);
    const changes = toPluginChanges(input, current, settingsOptions(config));
    return trx
      .updateTable('control.plugins')
      .set({ ...changes, updated_at: sql`now()` })
      .where('plugin_id', '=', pluginId)
      .returning(PLUGIN_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toPluginView(row, config);
}

/** draft or rejected -> under_review. Approval and later moves belong to the platform operator. */
export async function submitPluginForReview(
  db: Db,
  config: Config,
  developerId: number,
  pluginId: number,
): Promise<PluginView> {
  const current = await findOwnedPlugin(db, developerId, pluginId);
  const row = await db
    .updateTable('control.plugins')
    .set({ listing_status: 'under_review', updated_at: sql`now()` })
    .where('plugin_id', '=', current.plugin_id)
    .where('listing_status', 'in', SUBMITTABLE)
    .returning(PLUGIN_COLUMNS)
    .executeTakeFirst();
  if (!row) {
    const { listing_status } = await findOwnedPlugin(db, developerId, pluginId);
    throw new ListingTransitionError(
      `Only a draft or rejected listing can be submitted for review; this one is ${listing_status.replace('_', ' ')}.`,
    );
  }
  return toPluginView(row, config);
}
