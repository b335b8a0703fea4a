import { sql, type Kysely } from 'kysely';

// A scenario run's step count of its own (security review 3, finding 16): the retention job
// empties the plans of finished runs, and stepsTotal must outlive the plan.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scenario_runs')
    .addColumn('steps_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('scenario_runs')
    .set({ steps_total: sql`jsonb_array_length(plan)` })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scenario_runs').dropColumn('steps_total').execute();
}
