import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Job } from 'pg-boss';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import type { EventScope } from './outbox.js';
import type { EventName } from '../../generated/events.generated.js';
import type { Logger } from '../../logger.js';
import { QUEUES, type FanoutJobData, type JobQueue } from './queue.js';
import { isLifecycleEvent, isSubscribed } from './subscriptions.js';
import { installations } from '../installations/index.js';

// Fan-out, in two steps:
// 1. When an event is emitted (inside the emitting transaction, by the event sink in outbox.ts) the
//    eligible installations are chosen and one fan-out job carrying them is enqueued in that
//    transaction. Eligibility is therefore decided by the state that transaction sees at the emit:
//    installation.removed, emitted while the installation is still active, reaches it even though
//    the same transaction removes it. Events nobody is eligible for enqueue nothing.
// 2. The fan-out worker creates one delivery (an outbound webhook_logs row with its X-Svc-Delivery
//    id) per installation and enqueues its first attempt, in one transaction with the job's
//    completion.

export type RecipientRow = installations.RecipientRow;
type EligibleRow = RecipientRow;

/**
 * Installations that receive the event: same plane (and sandbox), the event's organization and
 * location when it has them, active, with an endpoint and a secret, and subscribed to the event
 * (wildcards, lifecycle opt-in). Lifecycle events go only to the installation they address.
 * The candidates are read by SQL inside the event's own insert (the event sink's RETURNING); the
 * subscription patterns are matched here (`subscribedAmong`).
 */
export function candidatesOf(scope: EventScope, event: EventName): RawBuilder<EligibleRow> | null {
  const installationId = scope.installationId ?? null;
  if (isLifecycleEvent(event) && installationId === null) return null;
  return installations.webhookRecipients({ ...scope, installationId });
}

export function subscribedAmong(rows: EligibleRow[], event: EventName): number[] {
  return rows.filter((row) => isSubscribed(row.supported_events, event)).map((row) => row.installation_id);
}

/** Fan-out worker: one delivery per (event, installation), first attempts enqueued, jobs completed. */
export async function createDeliveries(db: Db, queue: JobQueue, jobs: Job<FanoutJobData>[], logger: Logger): Promise<void> {
  const pairs = jobs.flatMap((job) =>
    job.data.installationIds.map((installationId) => ({ event_id: job.data.eventId, event_type: job.data.event, installation_id: installationId })),
  );
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    const logIds = pairs.length === 0 ? [] : await insertDeliveries(trx, pairs);
    await queue.enqueueDeliveries(trx, logIds.map((logId) => ({ logId, attempt: 1 })));
    await queue.complete(trx, QUEUES.fanout, jobs);
  });
  logger.debug({ events: jobs.length, deliveries: pairs.length }, 'webhook fan-out');
}

/** Inserts the deliveries; a pair that already has one (a fan-out job run twice) is skipped. */
async function insertDeliveries(trx: Transaction<Database>, pairs: { event_id: string; event_type: string; installation_id: number }[]): Promise<number[]> {
  const { rows } = await sql<{ log_id: number }>`
    insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts)
    select v.installation_id, 'outbound', v.event_type, v.event_id, 'pending', gen_random_uuid(), 0
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(event_id uuid, event_type text, installation_id int)
      join control.installations i on i.installation_id = v.installation_id
    on conflict (event_id, installation_id) where direction = 'outbound' and event_id is not null do nothing
    returning log_id`.execute(trx);
  return rows.map((row) => row.log_id);
}
