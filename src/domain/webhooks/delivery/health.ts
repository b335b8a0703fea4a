import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/types.js';
import type { JobQueue } from './queue.js';
import { lockInstallationStates } from './installation-state.js';
import { startAutomaticRecovery } from '../replay/index.js';

// Delivery health per installation: kept on its webhook state row by every recorded batch of
// attempts (consecutive failed attempts, since when, the last error), counted from the log for
// the last 24 hours, and shown to the plugin's developer (webhookHealth). It is the primary
// endpoint's: an extra endpoint's deliveries count in its statistics (endpoint-stats.ts).

/** What the health needs of one recorded attempt. */
export interface AttemptOutcome {
  installationId: number;
  result: { ok: boolean; errorMessage: string | null };
}

/**
 * Folds a batch's recorded attempts into the installations' health, in the batch's transaction.
 * A success resets the failure streak; an installation whose streak a success ends is recovered
 * automatically when its plugin opted in (webhookAutoRecover). Rows are locked in installation
 * order, the order the fan-out locks them in.
 */
export async function recordHealth(
  trx: Transaction<Database>,
  queue: JobQueue,
  outcomes: AttemptOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const byInstallation = new Map<
    number,
    { installation_id: number; delivered: boolean; failures: number; last_error: string | null }
  >();
  for (const o of outcomes) {
    const entry = byInstallation.get(o.installationId) ?? {
      installation_id: o.installationId,
      delivered: false,
      failures: 0,
      last_error: null,
    };
    if (o.result.ok) entry.delivered = true;
    else {
      entry.failures += 1;
      entry.last_error = o.result.errorMessage;
    }
    byInstallation.set(o.installationId, entry);
  }
  const all = [...byInstallation.values()].sort((a, b) => a.installation_id - b.installation_id);
  // Only successes for an installation without a failure streak: folding them would change
  // nothing read (the streak stays 0; only last_success_at would move), so such installations are
  // neither locked nor written. Read as committed now, which is where that no-op fold takes place:
  // a concurrent batch's failures are folded after it, as they could be with the lock. A busy
  // healthy installation's batches no longer queue behind each other or behind its fan-out.
  const allDelivered = all.filter((e) => e.failures === 0).map((e) => e.installation_id);
  const healthy =
    allDelivered.length === 0 ? new Set<number>() : await healthyAmong(trx, allDelivered);
  const entries = all.filter((e) => !healthy.has(e.installation_id));
  if (entries.length === 0) return;
  let before = await foldHealth(trx, entries);
  // An installation that never had an event (a portal test webhook) has no state row yet.
  const missing = entries.filter(
    (e) => !before.some((row) => row.installation_id === e.installation_id),
  );
  if (missing.length > 0) {
    await lockInstallationStates(
      trx,
      missing.map((e) => e.installation_id),
    );
    before = before.concat(await foldHealth(trx, missing));
  }
  const failing = new Set(
    before.filter((row) => row.consecutive_failures > 0).map((row) => row.installation_id),
  );
  const recovered = entries
    .filter((e) => e.delivered && failing.has(e.installation_id))
    .map((e) => e.installation_id);
  if (recovered.length > 0) await startAutomaticRecovery(trx, queue, recovered);
}

/** Which of these installations have a state row with no failure streak. */
async function healthyAmong(
  trx: Transaction<Database>,
  installationIds: number[],
): Promise<Set<number>> {
  const { rows } = await sql<{ installation_id: number }>`
    select installation_id from control.installation_webhook_state
     where installation_id = any(${installationIds}::int[]) and consecutive_failures = 0`.execute(
    trx,
  );
  return new Set(rows.map((row) => row.installation_id));
}

/**
 * One statement: locks the state rows in installation order (`old`, which the update reads first),
 * folds the batch into them, and returns the failure streaks as they were before.
 */
async function foldHealth(
  trx: Transaction<Database>,
  entries: {
    installation_id: number;
    delivered: boolean;
    failures: number;
    last_error: string | null;
  }[],
): Promise<{ installation_id: number; consecutive_failures: number }[]> {
  const { rows } = await sql<{ installation_id: number; consecutive_failures: number }>`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as v(installation_id int, delivered boolean, failures int, last_error text)
    ), old as (
      select s.installation_id, s.consecutive_failures from control.installation_webhook_state s
       where s.installation_id in (select installation_id from v) order by s.installation_id for no key update
    ), upd as (
      update control.installation_webhook_state s
         set consecutive_failures = case when v.delivered then 0 else s.consecutive_failures + v.failures end,
             failing_since = case when v.delivered then null else coalesce(s.failing_since, now()) end,
             last_error = coalesce(v.last_error, s.last_error),
             last_success_at = case when v.delivered then now() else s.last_success_at end
        from v join old on old.installation_id = v.installation_id
       where s.installation_id = v.installation_id
    )
    select installation_id, consecutive_failures from old`.execute(trx);
  return rows;
}

export interface InstallationWebhookHealth {
  installationId: number;
  deliveredLast24h: number;
  failedLast24h: number;
  /** Delivered / (delivered + failed) over the last 24 hours; null when nothing settled. */
  successRate: number | null;
  consecutiveFailures: number;
  failingSince: Date | null;
  lastError: string | null;
  lastSequence: number;
  acknowledgedThrough: number;
}

/** The delivery health of every installation of a plugin, by installation id (the caller checked ownership). */
export async function webhookHealth(
  db: Db,
  pluginId: number,
): Promise<InstallationWebhookHealth[]> {
  const { rows } = await sql<{
    installation_id: number;
    delivered: number;
    failed: number;
    consecutive_failures: number | null;
    failing_since: Date | null;
    last_error: string | null;
    last_sequence: number | null;
    acknowledged_through: number | null;
  }>`
    select i.installation_id,
           coalesce(c.delivered, 0)::int as delivered, coalesce(c.failed, 0)::int as failed,
           s.consecutive_failures, s.failing_since, s.last_error, s.last_sequence, s.acknowledged_through
      from control.installations i
      left join control.installation_webhook_state s on s.installation_id = i.installation_id
      left join lateral (
        select count(*) filter (where l.status = 'delivered') as delivered,
               count(*) filter (where l.status = 'failed') as failed
          from control.webhook_logs l
         where l.installation_id = i.installation_id and l.direction = 'outbound'
           and l.webhook_endpoint_id is null -- the primary endpoint's (extra ones: their statistics)
           and l.updated_at >= now() - interval '24 hours'
      ) c on true
     where i.plugin_id = ${pluginId}
     order by i.installation_id`.execute(db);
  return rows.map((row) => {
    const settled = row.delivered + row.failed;
    return {
      installationId: row.installation_id,
      deliveredLast24h: row.delivered,
      failedLast24h: row.failed,
      successRate: settled === 0 ? null : row.delivered / settled,
      consecutiveFailures: row.consecutive_failures ?? 0,
      failingSince: row.failing_since,
      lastError: row.consecutive_failures ? row.last_error : null,
      lastSequence: row.last_sequence ?? 0,
      acknowledgedThrough: row.acknowledged_through ?? 0,
    };
  });
}
