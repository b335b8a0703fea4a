import { sql, type Selectable } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { assertSchemaName, migrateDataPlane } from '../../db/migrate.js';
import type { SandboxesTable, SandboxStatus } from '../../db/types.js';
import {
  NotFoundError,
  SandboxBusyError,
  ValidationError,
  type Details,
  dataPlane,
} from '../shared/index.js';
import { findOwnedPlugin, sandboxWebhookSecret } from '../plugins/index.js';
import { installations } from '../installations/index.js';
import { standardWebhookSecret } from '../../lib/secrets.js';
import { loadDemoData } from './demo-data.js';
import { wouldExpireAt } from './expiry.js';
import { provisionSandbox } from './provision.js';
import { SANDBOX_COLUMNS, qualified } from '../../db/columns.js';

// A developer's sandboxes: provisioning, reset, protection and deletion. A sandbox is the
// developer's own; another developer's, or a deleted one, is the not_found of an unknown id.

const MAX_PROTECT_DAYS = 90;
/** Live (not deleted) sandboxes a developer may have at once, across their plugins: each is a schema. */
export const MAX_SANDBOXES_PER_DEVELOPER = 10;

export interface SandboxView {
  id: number;
  pluginId: number;
  name: string;
  purpose: string;
  schemaName: string;
  status: SandboxStatus;
  installationId: number | null;
  lastAccessedAt: Date;
  protectedUntil: Date | null;
  /** Only while active: when idle expiry would drop it. */
  wouldExpireAt: Date | null;
  createdAt: Date;
  clockOffsetDays: number;
  clockNow: Date;
  deliveryFaults: {
    duplicateRate: number;
    reorderWindowSeconds: number;
    failFirstAttempt: boolean;
  };
  /** Its own API version; null: the plugin's. */
  apiVersion: string | null;
}

type SandboxRow = Selectable<SandboxesTable> & { installation_id: number | null };

function selectSandboxes(db: Db) {
  return db
    .selectFrom('control.sandboxes as s')
    .select(qualified('s', SANDBOX_COLUMNS))
    .select(installations.firstInstallationIdOf('s.sandbox_id').as('installation_id'))
    .where('s.status', '<>', 'deleted');
}

function toView(row: SandboxRow, config: Config): SandboxView {
  return {
    id: row.sandbox_id,
    pluginId: row.plugin_id,
    name: row.name,
    purpose: row.purpose,
    schemaName: row.schema_name,
    status: row.status,
    installationId: row.installation_id,
    lastAccessedAt: row.last_accessed_at,
    protectedUntil: row.protected_until,
    wouldExpireAt: row.status === 'active' ? wouldExpireAt(row, config.sandboxIdleDays) : null,
    createdAt: row.created_at,
    clockOffsetDays: row.clock_offset_days,
    clockNow: new Date(Date.now() + row.clock_offset_days * 86_400_000),
    deliveryFaults: {
      duplicateRate: row.fault_duplicate_rate,
      reorderWindowSeconds: row.fault_reorder_window_seconds,
      failFirstAttempt: row.fault_fail_first_attempt,
    },
    apiVersion: row.api_version,
  };
}

export async function findOwnedSandbox(
  db: Db,
  developerId: number,
  sandboxId: number,
): Promise<SandboxRow> {
  const row = await selectSandboxes(db)
    .where('s.sandbox_id', '=', sandboxId)
    .where('s.developer_id', '=', developerId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('sandbox');
  return row;
}

export async function listSandboxes(
  db: Db,
  config: Config,
  developerId: number,
): Promise<SandboxView[]> {
  const rows = await selectSandboxes(db)
    .where('s.developer_id', '=', developerId)
    .orderBy('s.sandbox_id')
    .execute();
  return rows.map((row) => toView(row, config));
}

export async function getSandbox(
  db: Db,
  config: Config,
  developerId: number,
  sandboxId: number,
): Promise<SandboxView> {
  return toView(await findOwnedSandbox(db, developerId, sandboxId), config);
}

export interface ProvisionResult {
  sandbox: SandboxView;
  installationId: number;
  /** Shown once: only its hash is stored. */
  installationKey: string;
  /** The plugin's sandbox signing secret (never production's: per-plane secrets). */
  webhookSecret: string;
  /** The same secret in Standard Webhooks form (whsec_ + base64 of its bytes). */
  webhookSecretStandard: string;
}

/**
 * A sandbox of one of the developer's plugins: its own schema, migrated, with demo restaurant data
 * and an active installation. Returns the installation key and the plugin's sandbox webhook secret.
 */
export async function provisionDeveloperSandbox(
  db: Db,
  config: Config,
  developerId: number,
  input: { pluginId: number; name: string; purpose?: string | null },
): Promise<ProvisionResult> {
  const name = input.name.trim();
  const purpose = (input.purpose ?? 'development').trim();
  const details: Details = {};
  if (name.length === 0 || name.length > 100) details.name = ['must be 1 to 100 characters'];
  if (purpose.length === 0 || purpose.length > 500)
    details.purpose = ['must be 1 to 500 characters'];
  const plugin = await findOwnedPlugin(db, developerId, input.pluginId);
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  if ((await countLiveSandboxes(db, developerId)) >= MAX_SANDBOXES_PER_DEVELOPER)
    throw sandboxLimitError();

  const webhookSecret = await sandboxWebhookSecret(db, config, plugin.plugin_id);
  const provisioned = await provisionSandbox(db, {
    developerId,
    pluginId: plugin.plugin_id,
    name,
    purpose,
  });
  // Concurrent requests may all have passed the count: the ones whose sandbox ranks past the cap
  // (by id, among the developer's live ones) give theirs back.
  if (
    (await countLiveSandboxes(db, developerId, provisioned.sandboxId)) > MAX_SANDBOXES_PER_DEVELOPER
  ) {
    await deleteSandbox(db, config, developerId, provisioned.sandboxId);
    throw sandboxLimitError();
  }
  return {
    sandbox: await getSandbox(db, config, developerId, provisioned.sandboxId),
    installationId: provisioned.installationId,
    installationKey: provisioned.installationKey,
    webhookSecret,
    webhookSecretStandard: standardWebhookSecret(webhookSecret),
  };
}

/** The developer's sandboxes that are not deleted (provisioning, active, resetting or expired), up to `upToId`. */
async function countLiveSandboxes(db: Db, developerId: number, upToId?: number): Promise<number> {
  let query = db
    .selectFrom('control.sandboxes')
    .select((eb) => eb.fn.countAll<string>().as('live'))
    .where('developer_id', '=', developerId)
    .where('status', '<>', 'deleted');
  if (upToId !== undefined) query = query.where('sandbox_id', '<=', upToId);
  return Number((await query.executeTakeFirstOrThrow()).live);
}

function sandboxLimitError(): ValidationError {
  return new ValidationError(
    { pluginId: [`a developer has at most ${MAX_SANDBOXES_PER_DEVELOPER} live sandboxes`] },
    `You have ${MAX_SANDBOXES_PER_DEVELOPER} live sandboxes, the limit per developer. Delete one with deleteSandbox before provisioning another (an expired one counts until it is deleted).`,
  );
}

/**
 * Drops the sandbox's schema, recreates it and reloads the demo data; keys and secret stay the
 * same. While it runs the status is `resetting`, which the Data API answers with 409
 * sandbox_resetting. An expired sandbox can be reset back to life.
 */
export async function resetSandbox(
  db: Db,
  config: Config,
  developerId: number,
  sandboxId: number,
): Promise<SandboxView> {
  const current = await findOwnedSandbox(db, developerId, sandboxId);
  const claimed = await db
    .updateTable('control.sandboxes')
    .set({ status: 'resetting' })
    .where('sandbox_id', '=', sandboxId)
    .where('status', 'in', ['active', 'expired'])
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) throw new SandboxBusyError();
  const schema = current.schema_name;
  assertSchemaName(schema);
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await migrateDataPlane(db, schema);
    await db.transaction().execute(async (trx) => {
      const demo = await loadDemoData(dataPlane(trx, schema));
      await installations.relocateSandboxInstallations(trx, sandboxId, {
        organizationId: demo.organizationId,
        locationId: demo.locationIds[0],
      });
      await trx
        .updateTable('control.sandboxes')
        .set({ status: 'active', last_accessed_at: sql`now()`, expiry_warning_sent_at: null })
        .where('sandbox_id', '=', sandboxId)
        .execute();
    });
  } catch (err) {
    // Active again with a missing or partial schema: the Data API says sandbox_misconfigured
    // ("reset the sandbox") instead of resetting forever.
    await db
      .updateTable('control.sandboxes')
      .set({ status: 'active' })
      .where('sandbox_id', '=', sandboxId)
      .execute();
    throw err;
  }
  return getSandbox(db, config, developerId, sandboxId);
}

/** Keeps the sandbox from idle expiry for `days` days from now; never shortens a longer window. */
export async function protectSandbox(
  db: Db,
  config: Config,
  developerId: number,
  sandboxId: number,
  days: number,
): Promise<SandboxView> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_PROTECT_DAYS) {
    throw new ValidationError({ days: [`must be an integer from 1 to ${MAX_PROTECT_DAYS}`] });
  }
  await findOwnedSandbox(db, developerId, sandboxId);
  await db
    .updateTable('control.sandboxes')
    .set({
      protected_until: sql`greatest(protected_until, now() + make_interval(days => ${days}))`,
    })
    .where('sandbox_id', '=', sandboxId)
    .execute();
  return getSandbox(db, config, developerId, sandboxId);
}

/** Drops the schema, marks the sandbox deleted and its installations inactive. */
export async function deleteSandbox(
  db: Db,
  config: Config,
  developerId: number,
  sandboxId: number,
): Promise<SandboxView> {
  const current = await findOwnedSandbox(db, developerId, sandboxId);
  assertSchemaName(current.schema_name);
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('control.sandboxes')
      .set({ status: 'deleted' })
      .where('sandbox_id', '=', sandboxId)
      .where('status', 'in', ['active', 'expired'])
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n)
      throw new SandboxBusyError('The sandbox is being provisioned or reset. Retry shortly.');
    await installations.deactivateSandboxInstallations(trx, sandboxId);
    await sql`drop schema if exists ${sql.id(current.schema_name)} cascade`.execute(trx);
  });
  return toView({ ...current, status: 'deleted' }, config);
}
