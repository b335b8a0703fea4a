import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { requireApiVersion, type ApiVersionCatalog } from '../api-versions/index.js';
import { findOwnedSandbox, getSandbox, type SandboxView } from './manage.js';

/**
 * A sandbox's own API version (its installation's requests and webhooks): any version still
 * answered, so a developer can try the next one before moving the plugin; null follows the
 * plugin's pin again.
 */
export async function setSandboxApiVersion(
  db: Db,
  config: Config,
  catalog: ApiVersionCatalog,
  developerId: number,
  sandboxId: number,
  version: string | null,
): Promise<SandboxView> {
  if (version !== null) requireApiVersion(version, catalog);
  const sandbox = await findOwnedSandbox(db, developerId, sandboxId);
  await db
    .updateTable('control.sandboxes')
    .set({ api_version: version })
    .where('sandbox_id', '=', sandbox.sandbox_id)
    .execute();
  return getSandbox(db, config, developerId, sandbox.sandbox_id);
}
