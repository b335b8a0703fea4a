import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pruneExpiredEvents } from '../../src/domain/webhooks/index.js';
import { issueSessionToken } from '../../src/portal/auth.js';
import { createSandboxInstallation } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { gqlData } from '../support/portal-builders.js';

// Finished scenario runs keep no plan (security review 3, finding 16): a start/cancel loop wrote
// about 135 KB of plan per run, kept forever. The retention job empties the plans of finished runs
// (their progress, stepsDone/stepsTotal, stays); a running run keeps its plan.

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const plan = (n: number) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) => ({ op: 'availability', itemId: i + 1, available: true })),
  );

describe('scenario plans and the retention job', () => {
  it('when the retention job runs, then finished runs lose their plan but keep stepsTotal, and a running run keeps its plan', async () => {
    const box = await createSandboxInstallation(t.db);
    const other = await createSandboxInstallation(t.db);
    const runs = await t.db
      .insertInto('control.scenario_runs')
      .values([
        {
          sandbox_id: box.sandboxId,
          kind: 'LUNCH_RUSH',
          minutes: 5,
          plan: plan(40),
          status: 'cancelled',
          finished_at: new Date(),
          steps_total: 40,
        },
        {
          sandbox_id: other.sandboxId,
          kind: 'LUNCH_RUSH',
          minutes: 5,
          plan: plan(30),
          steps_total: 30,
        },
      ])
      .returning('run_id')
      .execute();
    await pruneExpiredEvents(t.db, 30);

    const rows = await t.db
      .selectFrom('control.scenario_runs')
      .select(['run_id', 'plan'])
      .orderBy('run_id')
      .execute();
    expect(rows.map((r) => (r.plan as unknown as unknown[]).length)).toEqual([0, 30]);
    const { token } = await issueSessionToken(t.config, box.developerId);
    const view = await gqlData(
      t.app,
      token,
      'query($id: ID!) { scenarioRun(id: $id) { status stepsTotal } }',
      { id: String(runs[0]!.run_id) },
    );
    expect(view.scenarioRun).toEqual({ status: 'cancelled', stepsTotal: 40 });
  });
});
