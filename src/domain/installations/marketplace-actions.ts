import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { InstallationStatus } from '../../db/types.js';
import { mintAuthorizeUrl } from './oauth-flow.js';
import { findOwnedInstallation } from './developer-installations.js';
import * as installations from './installation.repository.js';
import type { InstallationRow } from './installation.repository.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import type { EventSink } from '../webhooks/index.js';
import {
  completeCheckout,
  installPlugin,
  InstallationStateError,
  removeInstallation,
  runTrialSweep,
  TRIAL_ENDING_NOTICE_DAYS,
  type InstallInput,
} from './marketplace.js';
import { sandboxSite } from '../restaurants/index.js';

// The restaurant side of the marketplace as the portal offers it: the platform operator acts on
// production installations, a developer on installations in their own sandboxes (`simulate*`).
// Both go through src/domain/installations/marketplace.ts, so both emit the same lifecycle events.
// They return installation rows: the portal shapes them (src/portal/views/installation-views.ts).

export interface InstallPayload {
  installationId: number;
  status: InstallationStatus;
  /** One-time, 15 minutes: the plugin exchanges it for the installation key. */
  setupToken: string;
  /** The plugin's setup URL with the token, when the listing has one. */
  setupUrl: string | null;
  /** For an oauth2 plugin: the link that starts the provider handshake for this installation. */
  authorizeUrl: string | null;
  installation: InstallationRow;
}

const DAY_MS = 86_400_000;

async function install(
  db: Db,
  events: EventSink,
  config: Config,
  input: InstallInput,
): Promise<InstallPayload> {
  const { installation, integrationType, installationId, status, setupToken, setupUrl } =
    await installPlugin(db, events, input);
  return {
    installationId,
    status,
    setupToken,
    setupUrl,
    authorizeUrl:
      integrationType === 'oauth2' ? await mintAuthorizeUrl(config, installationId) : null,
    installation,
  };
}

// ---------- platform operator: production

/** A restaurant installs an active listing at one of its production locations. */
export function installInProduction(
  db: Db,
  events: EventSink,
  config: Config,
  input: { pluginId: number; organizationId: number; locationId: number },
): Promise<InstallPayload> {
  return install(db, events, config, { ...input, plane: 'production', sandboxId: null });
}

export async function checkoutProductionInstallation(
  db: Db,
  events: EventSink,
  installationId: number,
): Promise<InstallationRow> {
  await productionInstallation(db, installationId);
  return completeCheckout(db, events, installationId);
}

export async function removeProductionInstallation(
  db: Db,
  events: EventSink,
  installationId: number,
): Promise<InstallationRow> {
  await productionInstallation(db, installationId);
  return removeInstallation(db, events, installationId);
}

async function productionInstallation(db: Db, installationId: number): Promise<InstallationRow> {
  const row = await installations.loadInstallation(db, installationId);
  if (row.plane !== 'production') throw new NotFoundError('installation');
  return row;
}

// ---------- developer: their own sandboxes

/** Active or pending installations a sandbox holds at most (its own included). */
export const MAX_SANDBOX_INSTALLATIONS = 20;

/** A new installation of the sandbox's plugin at the sandbox's demo location, free or paid per the listing's pricing. */
export async function simulateInstall(
  db: Db,
  events: EventSink,
  config: Config,
  developerId: number,
  sandboxId: number,
): Promise<InstallPayload> {
  const site = await sandboxSite(db, events, developerId, sandboxId);
  // Every installation of a sandbox multiplies each of its events into one more delivery to the
  // plugin's endpoint (any public URL): bounded, so a sandbox cannot amplify traffic toward it.
  const { n } = await db
    .selectFrom('control.installations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sandbox_id', '=', sandboxId)
    .where('status', 'in', ['active', 'pending_payment'])
    .executeTakeFirstOrThrow();
  if (Number(n) >= MAX_SANDBOX_INSTALLATIONS) {
    throw new ValidationError(
      {
        sandboxId: [
          `has ${MAX_SANDBOX_INSTALLATIONS} installations, the most a sandbox holds: remove one (simulateRemoval) first`,
        ],
      },
      `A sandbox holds at most ${MAX_SANDBOX_INSTALLATIONS} active or pending installations.`,
    );
  }
  return install(db, events, config, {
    pluginId: site.pluginId,
    plane: 'sandbox',
    sandboxId,
    organizationId: site.organizationId,
    locationId: site.locationId,
  });
}

export async function simulateCheckout(
  db: Db,
  events: EventSink,
  developerId: number,
  installationId: number,
): Promise<InstallationRow> {
  await sandboxInstallation(db, developerId, installationId);
  return completeCheckout(db, events, installationId);
}

export async function simulateRemoval(
  db: Db,
  events: EventSink,
  developerId: number,
  installationId: number,
): Promise<InstallationRow> {
  await sandboxInstallation(db, developerId, installationId);
  return removeInstallation(db, events, installationId);
}

/**
 * Runs the trial sweep for this one installation at the moment it acts: TRIAL_ENDING_NOTICE_DAYS
 * before the trial's end (trial.ending), or at the end (conversion, subscription.activated).
 */
export async function simulateTrial(
  db: Db,
  events: EventSink,
  developerId: number,
  installationId: number,
  stage: 'ending' | 'conversion',
): Promise<InstallationRow> {
  const row = await sandboxInstallation(db, developerId, installationId);
  if (row.status !== 'active' || !row.is_trial || !row.trial_ends_at) {
    throw new InstallationStateError(
      `Installation ${installationId} is not in a trial: complete the checkout of a plugin with trial days first.`,
    );
  }
  if (stage === 'ending' && row.trial_ending_sent_at) {
    throw new InstallationStateError(
      `trial.ending was already sent for installation ${installationId}; simulate the conversion next.`,
    );
  }
  // One millisecond past each boundary: the stored end has microseconds that a Date drops.
  const now = new Date(
    row.trial_ends_at.getTime() + 1 - (stage === 'ending' ? TRIAL_ENDING_NOTICE_DAYS * DAY_MS : 0),
  );
  await runTrialSweep(db, events, now, { installationId });
  return installations.loadInstallation(db, installationId);
}

/** An installation in one of the developer's sandboxes; their production installations are the restaurants' to change. */
async function sandboxInstallation(
  db: Db,
  developerId: number,
  installationId: number,
): Promise<InstallationRow> {
  await findOwnedInstallation(db, developerId, installationId);
  const row = await installations.loadInstallation(db, installationId);
  if (row.plane !== 'sandbox') {
    throw new ValidationError(
      {
        installationId: [
          'is a production installation: only its restaurant changes it; simulate in a sandbox',
        ],
      },
      'Simulations act on sandbox installations only.',
    );
  }
  return row;
}
