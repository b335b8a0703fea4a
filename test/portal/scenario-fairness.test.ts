import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../support/context.js';
import { createProjectAndPlugin, gqlData, provisionPortalSandbox, randomIp, signUpDeveloper, type PortalDeveloper } from '../support/portal-builders.js';
import { waitUntil } from '../support/webhook-receiver.js';

// Security review 3, finding 16: the scenario worker's two slots are shared by every account, so
// one account's many runs must not hold them while another account waits. Each scenario job
// carries its developer account as its pg-boss group, and the worker plays one job per account at
// a time. The runs are queued before the worker starts, so the order in which their first steps
// are played is the worker's choice alone. Jobs queued without a group (by the version before)
// still run.

const A_RUNS = 4;
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ SVC_SCENARIO_SPEED: '600' }, { jobs: { workers: false } });
});
afterAll(async () => {
  await t.close();
});

const RUN = 'mutation($s: ID!) { runScenario(sandboxId: $s, scenario: LUNCH_RUSH, minutes: 1) { id } }';

/** A developer with `count` sandboxes, each with a scenario run started (queued: no worker runs yet). */
async function accountWithRuns(count: number): Promise<{ dev: PortalDeveloper; runs: { runId: number; sandboxId: number }[] }> {
  const dev = await signUpDeveloper(t.app);
  const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
  const runs: { runId: number; sandboxId: number }[] = [];
  for (let n = 0; n < count; n += 1) {
    const box = await provisionPortalSandbox(t.app, dev.token, pluginId, `Sandbox ${n + 1}`);
    const run = (await gqlData(t.app, dev.token, RUN, { s: box.sandboxId }, { headers: { 'X-Forwarded-For': randomIp() } })).runScenario;
    runs.push({ runId: Number(run.id), sandboxId: Number(box.sandboxId) });
  }
  return { dev, runs };
}

/** The sandboxes in the order their first event was emitted (the first step of their run). */
async function firstStepOrder(sandboxIds: number[]): Promise<number[]> {
  const { rows } = await sql<{ sandbox_id: number }>`
    select sandbox_id from control.events where plane = 'sandbox' and sandbox_id = any(${sandboxIds}::int[])
     group by sandbox_id order by min(occurred_at)`.execute(t.db);
  return rows.map((r) => r.sandbox_id);
}

describe('scenario runs of several accounts', () => {
  it(`when account A queues ${A_RUNS} runs (more than the worker's 2 slots) and account B one, then B's first step is played before A's last run starts; a job queued without a group still runs`, async () => {
    const a = await accountWithRuns(A_RUNS);
    const b = await accountWithRuns(1);
    const old = await accountWithRuns(1);
    // As the version before this one queued it: no group.
    await sql`update pgboss.job set group_id = null where name = 'sandbox-scenario' and (data->>'runId')::int = ${old.runs[0]!.runId}`.execute(t.db);

    await t.jobs!.startWorkers();
    const all = [...a.runs, ...b.runs, ...old.runs];
    const finished = sql<{ n: number }>`select count(*)::int as n from control.scenario_runs where run_id = any(${all.map((r) => r.runId)}::int[]) and status = 'completed'`;
    await waitUntil(async () => (await finished.execute(t.db)).rows[0]!.n === all.length, 60_000, 'every run completed');

    const order = await firstStepOrder(all.map((r) => r.sandboxId));
    const bAt = order.indexOf(b.runs[0]!.sandboxId);
    const lastA = Math.max(...a.runs.map((r) => order.indexOf(r.sandboxId)));
    expect(bAt).toBeGreaterThanOrEqual(0);
    expect(bAt).toBeLessThan(lastA);
  }, 120_000);
});
