import type { Db } from '../../db/database.js';
import { generateInstallationKey, hashKey } from '../../lib/secrets.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import * as installations from './installation.repository.js';
import type { OwnedInstallation } from './installation.repository.js';

// What a developer reaches of installations: those of their own plugins (production and sandbox)
// and their keys (their webhook logs: src/domain/webhooks/logs/store.ts). Anything else is the
// not_found of an unknown id.

export type { OwnedInstallation };

export async function findOwnedInstallation(
  db: Db,
  developerId: number,
  installationId: number,
): Promise<OwnedInstallation> {
  const row = await installations.ownedInstallation(db, developerId, installationId);
  if (!row) throw new NotFoundError('installation');
  return row;
}

/**
 * A new installation key, shown once. The old one is dead on the very next request: the Data API
 * looks keys up by hash on every call, with no cache.
 */
export async function regenerateInstallationKey(
  db: Db,
  developerId: number,
  installationId: number,
): Promise<{ installationKey: string }> {
  const installation = await findOwnedInstallation(db, developerId, installationId);
  if (installation.status === 'removed') {
    throw new ValidationError({
      installationId: ['is removed: a removed installation has no key'],
    });
  }
  const installationKey = generateInstallationKey();
  await installations.setApiKeyHash(db, installationId, hashKey(installationKey));
  return { installationKey };
}
