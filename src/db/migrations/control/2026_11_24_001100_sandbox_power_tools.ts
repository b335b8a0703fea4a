import { sql, type Kysely } from 'kysely';

// Sandbox power tools: the sandbox clock's offset, the delivery faults of its installations, and
// the runs of restaurant scenarios (one running per sandbox).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sandboxes')
    .addColumn('clock_offset_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fault_duplicate_rate', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('fault_reorder_window_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fault_fail_first_attempt', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('scenario_runs')
    .addColumn('run_id', 'serial', (c) => c.primaryKey())
    .addColumn('sandbox_id', 'integer', (c) =>
      c.notNull().references('sandboxes.sandbox_id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('steps_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('events_emitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('error', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('scenario_runs_one_running')
    .on('scenario_runs')
    .column('sandbox_id')
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scenario_runs').execute();
  await db.schema
    .alterTable('sandboxes')
    .dropColumn('clock_offset_days')
    .dropColumn('fault_duplicate_rate')
    .dropColumn('fault_reorder_window_seconds')
    .dropColumn('fault_fail_first_attempt')
    .execute();
}
