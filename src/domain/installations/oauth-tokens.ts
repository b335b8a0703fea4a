import type { Db } from '../../db/database.js';
import { decrypt, encrypt } from '../../lib/secrets.js';
import * as installations from './installation.repository.js';

/** What the service holds for one installation. The refresh token never leaves this module's callers. */
export interface ProviderTokens {
  access_token: string;
  refresh_token: string | null;
  token_type: string;
  expires_at: string | null;
  scope: string | null;
}

/** The part a plugin may read through GET /installation (config.oauth): no refresh token. */
export type PublicTokens = Omit<ProviderTokens, 'refresh_token'>;

export function toPublicTokens(tokens: ProviderTokens): PublicTokens {
  return {
    access_token: tokens.access_token,
    token_type: tokens.token_type,
    expires_at: tokens.expires_at,
    scope: tokens.scope,
  };
}

export function readTokens(encryptionKey: Buffer, sealed: string | null): ProviderTokens | null {
  return sealed ? (JSON.parse(decrypt(encryptionKey, sealed)) as ProviderTokens) : null;
}

export async function storeTokens(
  db: Db,
  encryptionKey: Buffer,
  installationId: number,
  tokens: ProviderTokens,
): Promise<void> {
  await installations.setOAuthTokens(db, installationId, {
    sealed: encrypt(encryptionKey, JSON.stringify(tokens)),
    expiresAt: tokens.expires_at,
  });
}
