import type { Db } from '../../db/database.js';
import type { InstallationContext } from './access.js';
import { readTokens, toPublicTokens, type ProviderTokens } from './oauth-tokens.js';
import { NotFoundError } from '../shared/index.js';
import * as installations from './installation.repository.js';

/** GET /installation (schema Installation in openapi.yaml). */
export interface InstallationView {
  installation_id: number;
  status: string;
  environment: 'production' | 'sandbox';
  plugin: { plugin_id: number; name: string };
  organization: { organization_id: number; name: string };
  location: { location_id: number; name: string; currency: string };
  config: Record<string, unknown>;
  enabled_features: string[];
  is_trial: boolean;
  trial_ends_at: string | null;
  created_at: string;
}

/** `config.oauth` shows the provider's access token and expiry (decrypted); never the refresh token. */
export async function getInstallationView(
  db: Db,
  ctx: InstallationContext,
  encryptionKey: Buffer,
): Promise<InstallationView> {
  const row = await installations.installationWithPlugin(db, ctx.installationId);
  const place = await ctx.data
    .selectFrom('locations as l')
    .innerJoin('organizations as o', 'o.organization_id', 'l.organization_id')
    .select([
      'l.location_id',
      'l.name as location_name',
      'l.currency',
      'o.organization_id',
      'o.name as organization_name',
    ])
    .where('l.location_id', '=', ctx.locationId)
    .executeTakeFirst();
  if (!row || !place) throw new NotFoundError('installation');
  return {
    installation_id: row.installation_id,
    status: row.status,
    environment: row.plane,
    plugin: { plugin_id: row.plugin_id, name: row.plugin.name },
    organization: { organization_id: place.organization_id, name: place.organization_name },
    location: {
      location_id: place.location_id,
      name: place.location_name,
      currency: place.currency,
    },
    config: withOAuth(row.config, readTokens(encryptionKey, row.oauth_tokens_enc)),
    enabled_features: row.plugin.supported_features,
    is_trial: row.is_trial,
    trial_ends_at: row.trial_ends_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Shallow merge: sent keys replace, unsent keys are kept. The service-managed `oauth` key is
 * refused by the request schema (openapi.yaml), so a plugin can never overwrite its tokens.
 */
export async function mergeInstallationConfig(
  db: Db,
  ctx: InstallationContext,
  patch: Record<string, unknown>,
  encryptionKey: Buffer,
): Promise<InstallationView> {
  await installations.mergeConfig(db, ctx.installationId, patch);
  return getInstallationView(db, ctx, encryptionKey);
}

export async function recordHealthCheck(
  db: Db,
  ctx: InstallationContext,
): Promise<{ status: 'ok'; installation_id: number; timestamp: string }> {
  const row = await db
    .insertInto('control.health_checks')
    .values({ installation_id: ctx.installationId })
    .returning('checked_at')
    .executeTakeFirstOrThrow();
  return {
    status: 'ok',
    installation_id: ctx.installationId,
    timestamp: row.checked_at.toISOString(),
  };
}

function withOAuth(
  config: Record<string, unknown>,
  tokens: ProviderTokens | null,
): Record<string, unknown> {
  return tokens ? { ...config, oauth: toPublicTokens(tokens) } : config;
}
