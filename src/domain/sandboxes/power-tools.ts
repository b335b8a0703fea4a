import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { runTrialSweep, TRIAL_ENDING_NOTICE_DAYS } from '../installations/index.js';
import { ValidationError, type Details } from '../shared/index.js';
import type { EventSink } from '../webhooks/index.js';
import { warnIfDueAt } from './expiry.js';
import { findOwnedSandbox, getSandbox, type SandboxView } from './manage.js';

// The sandbox clock (advanceSandboxClock) and the delivery faults of a sandbox's installations
// (setSandboxDeliveryFaults). The faults themselves act in the webhook pipeline (fan-out and
// delivery), read there from the sandbox's row: production installations have none.

const DAY_MS = 86_400_000;
export const MAX_CLOCK_DAYS = 60;
export const MAX_REORDER_WINDOW_SECONDS = 300;

export interface DeliveryFaultsInput {
  duplicateRate?: number | null;
  reorderWindowSeconds?: number | null;
  failFirstAttempt?: boolean | null;
}

export async function setDeliveryFaults(
  db: Db,
  config: Config,
  developerId: number,
  sandboxId: number,
  faults: DeliveryFaultsInput,
): Promise<SandboxView> {
  const duplicateRate = faults.duplicateRate ?? 0;
  const reorderWindowSeconds = faults.reorderWindowSeconds ?? 0;
  const details: Details = {};
  if (!Number.isFinite(duplicateRate) || duplicateRate < 0 || duplicateRate > 1)
    details['faults.duplicateRate'] = ['must be from 0 to 1'];
  if (
    !Number.isInteger(reorderWindowSeconds) ||
    reorderWindowSeconds < 0 ||
    reorderWindowSeconds > MAX_REORDER_WINDOW_SECONDS
  ) {
    details['faults.reorderWindowSeconds'] = [
      `must be an integer from 0 to ${MAX_REORDER_WINDOW_SECONDS}`,
    ];
  }
  const sandbox = await findOwnedSandbox(db, developerId, sandboxId);
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  await db
    .updateTable('control.sandboxes')
    .set({
      fault_duplicate_rate: duplicateRate,
      fault_reorder_window_seconds: reorderWindowSeconds,
      fault_fail_first_attempt: faults.failFirstAttempt ?? false,
    })
    .where('sandbox_id', '=', sandbox.sandbox_id)
    .execute();
  return getSandbox(db, config, developerId, sandbox.sandbox_id);
}

/**
 * Moves the sandbox's clock forward and runs, at the sandbox's new time, what the scheduled sweeps
 * would: the trial sweep for each of its installations in a trial (trial.ending, then the
 * conversion with subscription.activated) and the idle sweep's warning (never the drop).
 */
export async function advanceSandboxClock(
  db: Db,
  events: EventSink,
  config: Config,
  developerId: number,
  sandboxId: number,
  days: number,
): Promise<SandboxView> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_CLOCK_DAYS)
    throw new ValidationError({ days: [`must be an integer from 1 to ${MAX_CLOCK_DAYS}`] });
  const sandbox = await findOwnedSandbox(db, developerId, sandboxId);
  if (sandbox.status !== 'active')
    throw new ValidationError({
      sandboxId: ['the sandbox is not active: reset it first (resetSandbox)'],
    });
  const { clock_offset_days: offset } = await db
    .updateTable('control.sandboxes')
    .set({ clock_offset_days: sql<number>`clock_offset_days + ${days}` })
    .where('sandbox_id', '=', sandbox.sandbox_id)
    .returning('clock_offset_days')
    .executeTakeFirstOrThrow();
  // Day by day, as the daily sweeps would see it: a long jump still sends trial.ending before the
  // conversion, and the expiry warning on the day the window opens. A trial is swept only on the
  // days something of it can be due (from its notice day to its end, then never again), so a call
  // costs a few sweeps per trial installation whatever `days` is, not days × trials (security
  // review 3, finding 16; a sandbox holds at most 20 installations).
  const now = Date.now();
  const trials = await db
    .selectFrom('control.installations')
    .select(['installation_id', 'trial_ends_at'])
    .where('sandbox_id', '=', sandbox.sandbox_id)
    .where('status', '=', 'active')
    .where('is_trial', '=', true)
    .where('trial_ends_at', 'is not', null)
    .orderBy('installation_id')
    .execute();
  let pending = trials.map((trial) => ({
    id: trial.installation_id,
    endsAt: trial.trial_ends_at!.getTime(),
  }));
  for (let day = offset - days + 1; day <= offset; day += 1) {
    const at = new Date(now + day * DAY_MS);
    for (const trial of pending) {
      if (at.getTime() >= trial.endsAt - TRIAL_ENDING_NOTICE_DAYS * DAY_MS)
        await runTrialSweep(db, events, at, { installationId: trial.id });
    }
    pending = pending.filter((trial) => trial.endsAt > at.getTime());
    await warnIfDueAt(db, events, config, sandbox.sandbox_id, at);
  }
  return getSandbox(db, config, developerId, sandbox.sandbox_id);
}
