import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import type { EventScope, EventSink } from '../webhooks/index.js';
import type { InstallationData } from '../../generated/events.generated.js';
import { generateInstallationKey, hashKey, randomBase62 } from '../../lib/secrets.js';
import { DomainError, NotFoundError, ValidationError, dataPlane } from '../shared/index.js';
import * as installations from './installation.repository.js';
import type { InstallationRow } from './installation.repository.js';

// The restaurant side of the marketplace: install, checkout, trial, removal. Production actions
// come from the platform operator, sandbox ones from the developer's `simulate*` mutations; both
// call these functions. Installation statuses:
//   pending_payment  paid plugin installed, checkout not completed (Data API: installation_inactive)
//   active           usable: Data API access and webhook delivery (a trial is active with is_trial)
//   removed          removed by the restaurant (terminal; Data API: installation_inactive); from
//                    active with installation.removed, from pending_payment silently
//   inactive         switched off by the platform (its sandbox was deleted)
// No other status exists: a trial's end converts it in place (is_trial false, subscription.activated).

export const SETUP_TOKEN_TTL_MINUTES = 15;
/** trial.ending is sent this many days before the trial converts ("a few days before"). */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

export interface InstallInput {
  pluginId: number;
  plane: 'production' | 'sandbox';
  sandboxId: number | null;
  organizationId: number;
  locationId: number;
}

export interface InstallResult {
  installationId: number;
  status: 'active' | 'pending_payment';
  /** One-time, short-lived: handed to the plugin's setup URL and exchanged for the key. */
  setupToken: string;
  setupUrl: string | null;
  /** The row as inserted, and what its caller needs of the plugin: no second read. */
  installation: InstallationRow;
  integrationType: 'none' | 'oauth2';
}

export class InstallationStateError extends DomainError {
  constructor(message: string) {
    super('invalid_transition', message);
  }
}

export const scopeOfInstallation = (
  row: Pick<
    InstallationRow,
    'plane' | 'sandbox_id' | 'organization_id' | 'location_id' | 'installation_id'
  >,
): EventScope => ({
  plane: row.plane,
  sandboxId: row.sandbox_id,
  organizationId: row.organization_id,
  locationId: row.location_id,
  installationId: row.installation_id,
});

export const installationPayload = (row: InstallationRow): InstallationData => ({
  installation_id: row.installation_id,
  plugin_id: row.plugin_id,
  organization_id: row.organization_id,
  location_id: row.location_id,
  is_trial: row.is_trial,
  // Absent (not null) when there is no trial, as the spec says for free plugins.
  ...(row.is_trial && row.trial_ends_at ? { trial_ends_at: row.trial_ends_at.toISOString() } : {}),
});

export async function installPlugin(
  db: Db,
  events: EventSink,
  input: InstallInput,
): Promise<InstallResult> {
  const plugin = await db
    .selectFrom('control.plugins')
    .select(['plugin_id', 'pricing_model', 'listing_status', 'setup_url', 'integration_type'])
    .where('plugin_id', '=', input.pluginId)
    .executeTakeFirst();
  if (!plugin) throw new NotFoundError('plugin');
  if (input.plane === 'production' && plugin.listing_status !== 'active') {
    throw new ValidationError({ plugin_id: ['is not an active marketplace listing'] });
  }
  await assertLocationOfOrganization(db, input);
  const free = plugin.pricing_model === 'free';
  return db.transaction().execute(async (trx) => {
    const row = await installations.insertInstallation(trx, {
      plugin_id: input.pluginId,
      plane: input.plane,
      sandbox_id: input.sandboxId,
      organization_id: input.organizationId,
      location_id: input.locationId,
      status: free ? 'active' : 'pending_payment',
    });
    if (free)
      await events.emit(
        trx,
        scopeOfInstallation(row),
        'installation.created',
        installationPayload(row),
      );
    const setupToken = await createSetupToken(trx, row.installation_id);
    return {
      installationId: row.installation_id,
      status: row.status as 'active' | 'pending_payment',
      setupToken,
      setupUrl: plugin.setup_url
        ? `${plugin.setup_url}${plugin.setup_url.includes('?') ? '&' : '?'}setup_token=${setupToken}`
        : null,
      installation: row,
      integrationType: plugin.integration_type,
    };
  });
}

/** Checkout of a paid plugin: a free trial begins (trial.started) or the subscription starts. */
export async function completeCheckout(
  db: Db,
  events: EventSink,
  installationId: number,
): Promise<InstallationRow> {
  return db.transaction().execute(async (trx) => {
    const row = await installations.lockInstallation(trx, installationId);
    if (row.status !== 'pending_payment')
      throw new InstallationStateError(
        `Installation ${installationId} is ${row.status}, not pending_payment.`,
      );
    const plugin = await trx
      .selectFrom('control.plugins')
      .select('trial_days')
      .where('plugin_id', '=', row.plugin_id)
      .executeTakeFirstOrThrow();
    const trial = plugin.trial_days > 0;
    const updated = await installations.activate(trx, installationId, plugin.trial_days);
    await events.emit(
      trx,
      scopeOfInstallation(updated),
      trial ? 'trial.started' : 'subscription.activated',
      installationPayload(updated),
    );
    return updated;
  });
}

/** installation.removed goes out while the installation is still active, then it is deactivated. */
export async function removeInstallation(
  db: Db,
  events: EventSink,
  installationId: number,
): Promise<InstallationRow> {
  return db.transaction().execute(async (trx) => {
    const row = await installations.lockInstallation(trx, installationId);
    if (row.status === 'removed')
      throw new InstallationStateError(`Installation ${installationId} is already removed.`);
    if (row.status === 'active') {
      await events.emit(trx, scopeOfInstallation(row), 'installation.removed', {
        installation_id: row.installation_id,
        plugin_id: row.plugin_id,
        organization_id: row.organization_id,
        location_id: row.location_id,
      });
    }
    return installations.markRemoved(trx, installationId);
  });
}

/**
 * Scheduled: trial.ending a few days before the end (once), then conversion at the end
 * (subscription.activated). `now` is passed in so tests control the clock; `installationId`
 * limits the sweep to one installation (a developer's simulated trial in a sandbox).
 */
export async function runTrialSweep(
  db: Db,
  events: EventSink,
  now: Date,
  options: { installationId?: number } = {},
): Promise<{ ending: number; converted: number }> {
  let ending = 0;
  let converted = 0;
  const due = await installations.trialsEndingBy(
    db,
    new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * 86_400_000),
    options.installationId,
  );
  for (const { installation_id } of due) {
    await db.transaction().execute(async (trx) => {
      const row = await installations.lockInstallation(trx, installation_id);
      if (row.status !== 'active' || !row.is_trial || !row.trial_ends_at) return;
      if (row.trial_ends_at <= now) {
        const updated = await installations.endTrial(trx, installation_id);
        await events.emit(
          trx,
          scopeOfInstallation(updated),
          'subscription.activated',
          installationPayload(updated),
        );
        converted++;
      } else if (!row.trial_ending_sent_at) {
        await events.emit(trx, scopeOfInstallation(row), 'trial.ending', {
          installation_id: row.installation_id,
          plugin_id: row.plugin_id,
          organization_id: row.organization_id,
          location_id: row.location_id,
          trial_ends_at: row.trial_ends_at.toISOString(),
          days_remaining: Math.max(
            0,
            Math.ceil((row.trial_ends_at.getTime() - now.getTime()) / 86_400_000),
          ),
        });
        await installations.markTrialEndingSent(trx, installation_id, now);
        ending++;
      }
    });
  }
  return { ending, converted };
}

export async function createSetupToken(
  trx: Transaction<Database> | Db,
  installationId: number,
): Promise<string> {
  const token = `stp_${randomBase62(40)}`;
  await trx
    .insertInto('control.setup_tokens')
    .values({
      token_hash: hashKey(token),
      installation_id: installationId,
      expires_at: sql<Date>`now() + make_interval(mins => ${SETUP_TOKEN_TTL_MINUTES})`,
    })
    .execute();
  return token;
}

export class InvalidSetupTokenError extends DomainError {
  constructor() {
    super(
      'invalid_setup_token',
      'This setup token is unknown, already used or expired. Start the installation flow again.',
    );
  }
}

/** One-time exchange: the token is burnt and a fresh installation key is returned, once. */
export async function exchangeSetupToken(
  db: Db,
  token: string,
): Promise<{ installation_id: number; api_key: string }> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('control.setup_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', hashKey(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('installation_id')
      .executeTakeFirst();
    if (!used) throw new InvalidSetupTokenError();
    const apiKey = generateInstallationKey();
    await installations.setApiKeyHash(trx, used.installation_id, hashKey(apiKey));
    return { installation_id: used.installation_id, api_key: apiKey };
  });
}

async function assertLocationOfOrganization(db: Db, input: InstallInput): Promise<void> {
  const schema =
    input.plane === 'production' ? 'production' : await sandboxSchema(db, input.sandboxId);
  const location = await dataPlane(db, schema)
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', '=', input.locationId)
    .where('organization_id', '=', input.organizationId)
    .executeTakeFirst();
  if (!location)
    throw new ValidationError({ location_id: ['is not a location of this organization'] });
}

async function sandboxSchema(db: Db, sandboxId: number | null): Promise<string> {
  const row =
    sandboxId === null
      ? undefined
      : await db
          .selectFrom('control.sandboxes')
          .select('schema_name')
          .where('sandbox_id', '=', sandboxId)
          .executeTakeFirst();
  if (!row) throw new NotFoundError('sandbox');
  return row.schema_name;
}
