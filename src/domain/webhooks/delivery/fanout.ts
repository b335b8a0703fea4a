import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/types.js';
import type { EventScope } from './outbox.js';
import type { EventName } from '../../../generated/events.generated.js';
import type { Executor, JobQueue } from './queue.js';
import { asUnavailable } from '../../shared/index.js';
import { isLifecycleEvent, isSubscribed } from './subscriptions.js';
import { installations } from '../../installations/index.js';
import { lockInstallationStates } from './installation-state.js';
import { inPartitions, partitionKeys } from './partition-keys.js';
import type { ApiVersions } from '../../api-versions/index.js';
import { endpointPairs } from './endpoint-routes.js';
import { addEndpointStats, EndpointTally } from './endpoint-stats.js';
import { holdOrdered } from './ordering.js';

// Fan-out, in two steps:
// 1. When an event is emitted (inside the emitting transaction, by the event sink in outbox.ts) the
//    eligible installations are chosen and one row carrying them is written to the fan-out outbox
//    (control.fanout_outbox) in that transaction, with a NOTIFY on FANOUT_CHANNEL. Eligibility is
//    therefore decided by the state that transaction sees at the emit: installation.removed,
//    emitted while the installation is still active, reaches it even though the same transaction
//    removes it. Events nobody is eligible for write nothing.
// 2. The fan-out (fanOutPending, run by the worker's loop in src/jobs/fanout-loop.ts) takes a
//    batch of outbox rows, creates one delivery (an outbound webhook_logs row with its
//    X-Svc-Delivery id) per installation, and one per extra webhook endpoint the event reaches
//    (endpoint-routes.ts), enqueues the first attempts and deletes the rows, in one transaction:
//    each event is fanned out once. (The pg-boss queue webhook-fanout, one job per
//    event in versions before the outbox, is gone: migration 2026_11_29_000200 moved its jobs here.)

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
  if (!mayHaveCandidates(scope, event)) return null;
  return installations.webhookRecipients({
    ...scope,
    installationId: scope.installationId ?? null,
  });
}

/** False for a lifecycle event that addresses no installation: nobody can receive it. */
export function mayHaveCandidates(scope: EventScope, event: EventName): boolean {
  return !(isLifecycleEvent(event) && (scope.installationId ?? null) === null);
}

/**
 * The installations the primary endpoint addresses (subscribed), and those whose plugin has extra
 * endpoints, which the fan-out matches one by one.
 */
export function subscribedAmong(
  rows: EligibleRow[],
  event: EventName,
): { primary: number[]; endpoints: number[] } {
  return {
    primary: rows
      .filter((row) => row.primary && isSubscribed(row.supported_events, event))
      .map((row) => row.installation_id),
    endpoints: rows.filter((row) => row.endpoints).map((row) => row.installation_id),
  };
}

/** One event's fan-out: what its outbox row carries. */
export interface EventFanout {
  eventId: string;
  event: string;
  installationIds: number[];
  /** Installations whose plugin has enabled extra endpoints on the event's plane (none when omitted). */
  endpointInstallationIds?: number[];
  /** The event's occurred_at as PostgreSQL wrote it (text, microseconds kept): its partition key, so the fan-out reads one partition. */
  occurredAt: string;
}

/** The channel the emitting transaction notifies when it writes to the fan-out outbox. */
export const FANOUT_CHANNEL = 'svc_fanout';

/** Fan-outs of an outbox row that may fail (not counting database outages) before it is left for an operator. */
export const FANOUT_MAX_FAILURES = 10;

/** Writes the event's fan-out to the outbox, in the emitting transaction, and wakes the fan-out loops at its commit. */
export async function enqueueFanout(trx: Executor, data: EventFanout): Promise<void> {
  await sql`
    with o as (
      insert into control.fanout_outbox (event_id, event_type, occurred_at, installation_ids, endpoint_installation_ids)
      values (${data.eventId}, ${data.event}, ${data.occurredAt}, ${data.installationIds}::int[], ${data.endpointInstallationIds ?? []}::int[])
      returning outbox_id)
    select pg_notify(${FANOUT_CHANNEL}, '') from o`.execute(trx);
}

/**
 * The outbox's depth in /metrics, under the name of the queue it replaced (dashboards and alerts
 * on svc_queue_jobs{queue="webhook-fanout"} keep working).
 */
const FANOUT_DEPTH_NAME = 'webhook-fanout';

/**
 * The webhook queues' depths (/metrics), with the fan-out outbox counted as `webhook-fanout`: its
 * rows to fan out as ready, those given up after FANOUT_MAX_FAILURES as failed.
 */
export async function webhookQueueDepths(
  queue: JobQueue,
  db: Db,
): Promise<{ queue: string; ready: number; deferred: number; active: number; failed?: number }[]> {
  const [depths, { rows }] = await Promise.all([
    queue.depths(),
    sql<{ ready: number; failed: number }>`
      select count(*) filter (where failures < ${FANOUT_MAX_FAILURES})::int as ready, count(*) filter (where failures >= ${FANOUT_MAX_FAILURES})::int as failed
        from control.fanout_outbox`.execute(db),
  ]);
  const outbox = rows[0]!;
  return [
    ...depths,
    {
      queue: FANOUT_DEPTH_NAME,
      ready: outbox.ready,
      deferred: 0,
      active: 0,
      failed: outbox.failed,
    },
  ];
}

/** A fan-out that failed for a reason other than the database: the outbox rows it had taken. */
export class FanoutFailed extends Error {
  constructor(
    readonly outboxIds: number[],
    cause: unknown,
  ) {
    super(
      `fan-out of outbox rows ${outboxIds.join(', ')} failed: ${(cause as Error)?.message ?? String(cause)}`,
      { cause },
    );
  }
}

/**
 * Fans out up to `limit` events of the outbox, oldest first, in one transaction that also deletes
 * their rows. Rows another process holds are skipped. Returns how many events and deliveries (0
 * events when the outbox is empty) and the delays of first attempts not due at once. A failure
 * that is not a lost database is thrown as FanoutFailed.
 */
export async function fanOutPending(
  db: Db,
  queue: JobQueue,
  limit: number,
  versions?: ApiVersions,
): Promise<{ events: number } & FannedOut> {
  let taken: number[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        outbox_id: string;
        event_id: string;
        event_type: string;
        occurred_at: string;
        installation_ids: number[];
        endpoint_installation_ids: number[];
      }>`
        delete from control.fanout_outbox
         where outbox_id in (select outbox_id from control.fanout_outbox where failures < ${FANOUT_MAX_FAILURES}
                              order by outbox_id limit ${limit} for update skip locked)
        returning outbox_id, event_id, event_type, occurred_at, installation_ids, endpoint_installation_ids`.execute(
        trx,
      );
      taken = rows.map((row) => Number(row.outbox_id));
      if (rows.length === 0) return { events: 0, deliveries: 0, deferredSeconds: [] };
      const fannedOut = await fanOut(
        trx,
        queue,
        rows.map((row) => ({
          eventId: row.event_id,
          event: row.event_type,
          installationIds: row.installation_ids,
          endpointInstallationIds: row.endpoint_installation_ids,
          occurredAt: row.occurred_at,
        })),
        versions,
      );
      return { events: rows.length, ...fannedOut };
    });
  } catch (err) {
    if (asUnavailable(err) || taken.length === 0) throw err;
    throw new FanoutFailed(taken, err);
  }
}

/** Counts a failed fan-out against its outbox row; after FANOUT_MAX_FAILURES the row is no longer taken. */
export async function recordFanoutFailure(
  db: Db,
  outboxId: number,
  message: string,
): Promise<void> {
  await sql`update control.fanout_outbox set failures = failures + 1, last_error = ${message.slice(0, 1000)} where outbox_id = ${outboxId}`.execute(
    db,
  );
}

/** What a fan-out made: its deliveries, and the delays of the first attempts not due at once. */
interface FannedOut {
  deliveries: number;
  /** The seconds each deferred first attempt waits (a sandbox's reorder fault), for the caller to wake a worker then (DeliveryDeps.onAttemptDeferred). */
  deferredSeconds: number[];
}

/**
 * One delivery per (event, installation) to the primary endpoint and one per extra endpoint the
 * event reaches, numbered in the installation's sequence, first attempts enqueued.
 */
async function fanOut(
  trx: Transaction<Database>,
  queue: JobQueue,
  events: EventFanout[],
  versions?: ApiVersions,
): Promise<FannedOut> {
  const occurred = partitionKeys(events.map((event) => event.occurredAt));
  const primary: Pair[] = events.flatMap((event) =>
    event.installationIds.map((installationId) => ({
      event_id: event.eventId,
      event_type: event.event,
      installation_id: installationId,
      webhook_endpoint_id: null,
      ordering_key: null,
    })),
  );
  const tally = new EndpointTally();
  const extra = await endpointPairs(
    trx,
    events.map((event) => ({
      eventId: event.eventId,
      event: event.event,
      installationIds: event.endpointInstallationIds ?? [],
    })),
    occurred,
    versions,
    tally,
  );
  const pairs = [...primary, ...extra];
  const created = pairs.length === 0 ? [] : await insertDeliveries(trx, pairs, occurred);
  // A sandbox's reorder fault holds each first attempt a random time within its window. A delivery
  // held behind an earlier one of its order (ordering.ts) has no job until that one ends.
  const attempts = created
    .filter((c) => !c.held)
    .map(({ log_id, log_created_at, occurred_at, reorder_window }) => ({
      logId: log_id,
      attempt: 1,
      logCreatedAt: log_created_at,
      occurredAt: occurred_at,
      ...(reorder_window > 0 ? { delaySeconds: Math.random() * reorder_window } : {}),
    }));
  await queue.enqueueDeliveries(trx, attempts);
  // The extra endpoints' matches and filtered-out events, last (endpoint-stats.ts: the lock order).
  await addEndpointStats(trx, tally);
  return {
    deliveries: created.length,
    deferredSeconds: attempts.flatMap((a) => (a.delaySeconds ? [a.delaySeconds] : [])),
  };
}

interface Pair {
  event_id: string;
  event_type: string;
  installation_id: number;
  /** Null: the primary endpoint. */
  webhook_endpoint_id: number | null;
  /** The event's order, on an extra endpoint with ordering ORDER (ordering.ts). */
  ordering_key: string | null;
}

/**
 * Inserts the deliveries, each event with the next number of its installation's sequence (shared
 * by its deliveries to the installation's endpoints), in the order the events occurred. The feed
 * entry names the primary endpoint's delivery, else (an event only extra endpoints receive) the
 * one to the oldest endpoint. The installations' counters are locked in id
 * order until the transaction commits, so numbers are gap-free and commit in order: a reader of the
 * feed never sees sequence n+1 before n. A pair that already has a delivery (an event a
 * webhook-fanout job of a version before the outbox fanned out while its move ran) is skipped, as
 * is an installation deleted since the event.
 */
async function insertDeliveries(
  trx: Transaction<Database>,
  pairs: Pair[],
  occurred: string[] | null,
): Promise<Created[]> {
  const counters = await lockInstallationStates(
    trx,
    pairs.map((p) => p.installation_id),
  );
  // The rows of a batch come in no particular order: number the events in the order they occurred.
  // Each lookup goes through an index (a generic plan would otherwise hash-join whole tables).
  // Their occurred_at keys prune the events and the feed to their days.
  const { rows: events } = await sql<{ event_id: string; occurred_at: string; done: number[] }>`
    select e.event_id, e.occurred_at::text as occurred_at,
           array(select ie.installation_id from control.installation_events ie
                  where ie.event_id = e.event_id and ie.occurred_at = e.occurred_at ${inPartitions('ie.occurred_at', occurred)}) as done
      from control.events e
     where e.event_id = any(${[...new Set(pairs.map((p) => p.event_id))]}::uuid[]) ${inPartitions('e.occurred_at', occurred)}
     order by e.occurred_at, e.event_id`.execute(trx);
  const position = new Map(events.map((row, i) => [row.event_id, i]));
  const occurredAt = new Map(events.map((row) => [row.event_id, row.occurred_at]));
  const done = new Set(
    events.flatMap((row) => row.done.map((installationId) => `${row.event_id}:${installationId}`)),
  );
  const last = new Map(counters.map((row) => [row.installation_id, row.last_sequence]));
  const numbered: (Pair & { sequence: number; occurred_at: string; ordering_held?: boolean })[] =
    [];
  const ordered = pairs
    .filter((pair) => position.has(pair.event_id))
    .sort((a, b) => position.get(a.event_id)! - position.get(b.event_id)!);
  // The number each (event, installation) took in this fan-out: its endpoints' deliveries share it.
  const taken = new Map<string, number>();
  for (const pair of ordered) {
    const key = `${pair.event_id}:${pair.installation_id}`;
    let sequence = taken.get(key);
    if (sequence === undefined) {
      const previous = last.get(pair.installation_id);
      if (previous === undefined || done.has(key)) continue;
      done.add(key);
      sequence = previous + 1;
      last.set(pair.installation_id, sequence);
      taken.set(key, sequence);
    }
    numbered.push({ ...pair, sequence, occurred_at: occurredAt.get(pair.event_id)! });
  }
  if (numbered.length === 0) return [];
  await holdOrdered(trx, numbered);
  // The installations' new last sequences (numbered is in order: the last one wins).
  const lastSequences = new Map(numbered.map((p) => [p.installation_id, p.sequence]));
  // As above, every table is reached through an index: the events, counters, installations and
  // sandboxes looked up row by row, never joined whole.
  const { rows } = await sql<{
    log_id: number;
    log_created_at: string;
    event_id: string;
    reorder_window: number;
    held: boolean;
  }>`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as v(event_id uuid, event_type text, installation_id int, sequence int, occurred_at timestamptz, webhook_endpoint_id int,
                                                                                ordering_key text, ordering_held boolean)
    ), logs as (
      insert into control.webhook_logs (installation_id, direction, event_type, event_id, status, delivery_id, attempts, sequence, webhook_endpoint_id, ordering_key, ordering_held)
      select v.installation_id, 'outbound', v.event_type, v.event_id, 'pending', gen_random_uuid(), 0, v.sequence, v.webhook_endpoint_id, v.ordering_key, nullif(v.ordering_held, false) from v
      returning log_id, created_at, installation_id, event_id, event_type, sequence, webhook_endpoint_id, ordering_held
    ), feed as (
      insert into control.installation_events (installation_id, sequence, event_id, event_type, occurred_at, log_id)
      select distinct on (l.installation_id, l.sequence) l.installation_id, l.sequence, l.event_id, l.event_type, v.occurred_at, l.log_id
        from logs l join v on v.installation_id = l.installation_id and v.sequence = l.sequence
                          and v.webhook_endpoint_id is not distinct from l.webhook_endpoint_id
       order by l.installation_id, l.sequence, l.webhook_endpoint_id nulls first
    ), counters as (
      update control.installation_webhook_state s set last_sequence = m.last
        from unnest(${[...lastSequences.keys()]}::int[], ${[...lastSequences.values()]}::int[]) as m(installation_id, last)
       where s.installation_id = any(${[...lastSequences.keys()]}::int[]) and s.installation_id = m.installation_id
    )
    select l.log_id, l.created_at::text as log_created_at, l.event_id, coalesce(l.ordering_held, false) as held,
           coalesce((select sb.fault_reorder_window_seconds
                       from control.installations i join control.sandboxes sb on sb.sandbox_id = i.sandbox_id
                      where i.installation_id = l.installation_id and i.plane = 'sandbox'), 0) as reorder_window
      from logs l
     order by l.installation_id, l.sequence`.execute(trx);
  return rows.map(({ event_id, ...row }) => ({ ...row, occurred_at: occurredAt.get(event_id)! }));
}

interface Created {
  log_id: number;
  log_created_at: string;
  occurred_at: string;
  reorder_window: number;
  /** Waits behind an earlier delivery of its order: no first attempt yet. */
  held: boolean;
}
