import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// Retention: events are kept `SVC_EVENT_RETENTION_DAYS` (30 by default) for the events feed,
// redelivery and replay; then the scheduled retention job prunes them with their webhook logs
// (attempts and feed entries go with them). Each batch is one short statement of its own, so
// writers (new events, deliveries being recorded) never wait behind the whole prune.

export interface RetentionResult {
  events: number;
  logs: number;
  replays: number;
  /** Listener rows (svc listen) expired for more than an hour. */
  listeners: number;
  /** Finished scenario runs whose plan was emptied. */
  scenarioPlans: number;
  batches: number;
}

export async function pruneExpiredEvents(db: Db, retentionDays: number, batchSize = 1000): Promise<RetentionResult> {
  const cutoff = new Date(Date.now() - retentionDays * 24 * 3600 * 1000);
  const result: RetentionResult = { events: 0, logs: 0, replays: 0, listeners: 0, scenarioPlans: 0, batches: 0 };
  const prune = async (statement: () => Promise<number>): Promise<number> => {
    let total = 0;
    for (;;) {
      const deleted = await statement();
      result.batches += 1;
      total += deleted;
      if (deleted < batchSize) return total;
    }
  };
  // The feed entries go with their events (on delete cascade).
  result.events = await prune(async () => {
    const r = await sql`
      delete from control.events where event_id in (
        select event_id from control.events where occurred_at < ${cutoff} order by occurred_at limit ${batchSize})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  // Attempts and inbound idempotency keys go with their log entries (on delete cascade).
  result.logs = await prune(async () => {
    const r = await sql`
      delete from control.webhook_logs where log_id in (
        select log_id from control.webhook_logs where created_at < ${cutoff} order by created_at limit ${batchSize})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  result.replays = await prune(async () => {
    const r = await sql`
      delete from control.webhook_replays where replay_id in (
        select replay_id from control.webhook_replays where created_at < ${cutoff} order by replay_id limit ${batchSize})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  result.listeners = await prune(async () => {
    const r = await sql`
      delete from control.webhook_listeners where listener_id in (
        select listener_id from control.webhook_listeners where expires_at < now() - interval '1 hour' limit ${batchSize})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  // A finished scenario run's plan (up to about 135 KB) serves nothing: only its size is shown, kept
  // in steps_total (security review 3, finding 16).
  result.scenarioPlans = await prune(async () => {
    const r = await sql`
      update control.scenario_runs set plan = '[]'::jsonb where run_id in (
        select run_id from control.scenario_runs where status <> 'running' and plan <> '[]'::jsonb limit ${batchSize})`.execute(db);
    return Number(r.numAffectedRows ?? 0);
  });
  return result;
}
