import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { migrateDataPlane } from '../../db/migrate.js';
import { generateInstallationKey, hashKey } from '../../lib/secrets.js';
import { installations } from '../installations/index.js';
import { loadDemoData } from './demo-data.js';
import { dataPlane } from '../shared/index.js';

export interface ProvisionedSandbox {
  sandboxId: number;
  schemaName: string;
  installationId: number;
  /** Shown once: only its SHA-256 is stored. */
  installationKey: string;
  organizationId: number;
  locationIds: [number, number];
}

export const sandboxSchemaName = (sandboxId: number) => `sandbox_${sandboxId}`;

/**
 * Creates a sandbox data plane: its schema, the data-plane migrations, demo restaurant data and an
 * active sandbox installation of the plugin at the first demo location.
 */
export async function provisionSandbox(
  db: Db,
  input: { developerId: number; pluginId: number; name: string; purpose: string },
): Promise<ProvisionedSandbox> {
  const sandbox = await db
    .insertInto('control.sandboxes')
    .values({
      plugin_id: input.pluginId,
      developer_id: input.developerId,
      name: input.name,
      purpose: input.purpose,
      schema_name: sql<string>`'sandbox_pending_' || gen_random_uuid()`,
      status: 'provisioning',
    })
    .returning('sandbox_id')
    .executeTakeFirstOrThrow();
  const schemaName = sandboxSchemaName(sandbox.sandbox_id);
  try {
    await migrateDataPlane(db, schemaName);
    const installationKey = generateInstallationKey();
    const result = await db.transaction().execute(async (trx) => {
      const demo = await loadDemoData(dataPlane(trx, schemaName));
      await trx
        .updateTable('control.sandboxes')
        .set({ schema_name: schemaName, status: 'active', last_accessed_at: sql`now()` })
        .where('sandbox_id', '=', sandbox.sandbox_id)
        .execute();
      const installation = await installations.insertInstallation(trx, {
        plugin_id: input.pluginId,
        plane: 'sandbox',
        sandbox_id: sandbox.sandbox_id,
        organization_id: demo.organizationId,
        location_id: demo.locationIds[0],
        status: 'active',
        api_key_hash: hashKey(installationKey),
      });
      return { demo, installationId: installation.installation_id };
    });
    return {
      sandboxId: sandbox.sandbox_id,
      schemaName,
      installationId: result.installationId,
      installationKey,
      organizationId: result.demo.organizationId,
      locationIds: result.demo.locationIds,
    };
  } catch (err) {
    await sql`drop schema if exists ${sql.id(schemaName)} cascade`.execute(db);
    await db.deleteFrom('control.sandboxes').where('sandbox_id', '=', sandbox.sandbox_id).execute();
    throw err;
  }
}
