import { sql, type Kysely } from 'kysely';

// The pg-boss queue webhook-fanout (one job per event, enqueued by versions before the fan-out
// outbox, 2026_11_27_040000) is no longer worked. Its jobs still waiting, or held by a worker of
// the version before this one, become fan-out outbox rows (the rows the event sink writes now:
// event, type, occurred_at, installations) and are completed, in one statement: a job the old
// worker completes first is not moved, and one it completes after is fanned out once all the same
// (the fan-out skips an event and installation that already have their feed entry). A job whose
// event retention removed is completed alone, as its fan-out would have found nothing.
//
// A database that comes straight from a version before the outbox (this run also creates the
// outbox, and pg-boss has run on it) is refused: that version's processes, still serving while
// `migrate` runs, would go on enqueueing jobs nothing works any more.
const OUTBOX_MIGRATION = '2026_11_27_040000_fanout_outbox';

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{
    boss: boolean;
  }>`select to_regclass('pgboss.job') is not null as boss`.execute(db);
  if (!rows[0]!.boss) return;
  await refuseStraightFromBeforeOutbox(db);
  await sql`
    with moved as (
      update pgboss.job set state = 'completed', completed_on = now(), output = '{"moved_to":"control.fanout_outbox"}'::jsonb
       where name = 'webhook-fanout' and state in ('created', 'retry', 'active')
      returning created_on, data
    ), fanouts as (
      select m.created_on, (m.data->>'eventId')::uuid as event_id, m.data->>'event' as event_type,
             coalesce(m.data->>'occurredAt', (select e.occurred_at::text from control.events e where e.event_id = (m.data->>'eventId')::uuid)) as occurred_at,
             array(select jsonb_array_elements_text(m.data->'installationIds')::int) as installation_ids
        from moved m
    ), o as (
      insert into control.fanout_outbox (event_id, event_type, occurred_at, installation_ids)
      select event_id, event_type, occurred_at, installation_ids from fanouts
       where occurred_at is not null and cardinality(installation_ids) > 0
       order by created_on
      returning outbox_id)
    select pg_notify('svc_fanout', '') from o limit 1`.execute(db);
}

async function refuseStraightFromBeforeOutbox(db: Kysely<any>): Promise<void> {
  // The outbox migration's row written by this very transaction: applied in this run.
  const { rows } = await sql<{ now: boolean }>`
    select exists (select 1 from control.kysely_migration
                    where name = ${OUTBOX_MIGRATION} and xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text) as now`.execute(
    db,
  );
  if (!rows[0]!.now) return;
  throw new Error(
    `This database was served by a version before the fan-out outbox (${OUTBOX_MIGRATION}), whose processes enqueue ` +
      'webhook-fanout jobs that this version no longer works. Deploy a version with that migration first, let its ' +
      'workers drain the pg-boss queue webhook-fanout (no job of it left in state created, retry or active), then this one.',
  );
}

export async function down(): Promise<void> {
  // The moved jobs were fanned out through the outbox: nothing to give back.
}
