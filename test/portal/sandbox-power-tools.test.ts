import { describe, expect, it } from '@jest/globals';
import { createInstallation } from '../support/builders.js';
import { outboxEvents, type OutboxEvent } from '../support/events.js';
import {
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  randomIp,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';
import { emit, scopeOf, waitForDelivery, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil, type ReceivedRequest } from '../support/webhook-receiver.js';

// Sandbox power tools (issue: scenarios, a sandbox clock, fault injection), end to end: real
// PostgreSQL, the real workers, a real HTTPS receiver that checks every body against
// asyncapi.yaml. Scenarios play 600 times faster (SVC_SCENARIO_SPEED): a 5-minute run takes 0.5 s
// of pacing and produces what 5 minutes would.

const world = webhookWorld({ SVC_SCENARIO_SPEED: '600', SVC_WEBHOOK_BACKOFF_SECONDS: '1' });

/** Every call from its own address: the simulate bucket is per IP. */
const as = (dev: PortalDeveloper) => ({
  data: <T = any>(query: string, variables?: Record<string, unknown>) =>
    gqlData<T>(world.t.app, dev.token, query, variables, {
      headers: { 'X-Forwarded-For': randomIp() },
    }),
  error: async (query: string, variables?: Record<string, unknown>) =>
    gqlError(
      await gql(world.t.app, dev.token, query, variables, {
        headers: { 'X-Forwarded-For': randomIp() },
      }),
    ),
});

async function sandboxWithReceiver(
  input: Record<string, unknown> = {},
): Promise<{ dev: PortalDeveloper; box: PortalSandbox; pluginId: string }> {
  const dev = await signUpDeveloper(world.t.app);
  const { pluginId } = await createProjectAndPlugin(world.t.app, dev.token, {
    webhookEndpoint: world.receiver.url(`/hook-${randomIp()}`),
    ...input,
  });
  const box = await provisionPortalSandbox(world.t.app, dev.token, pluginId);
  return { dev, box, pluginId };
}

const RUN =
  'mutation($s: ID!, $k: ScenarioKind!, $m: Int) { runScenario(sandboxId: $s, scenario: $k, minutes: $m) { id status kind minutes stepsTotal stepsDone eventsEmitted startedAt finishedAt error } }';
const RUN_STATE =
  'query($id: ID!) { scenarioRun(id: $id) { id status kind stepsTotal stepsDone eventsEmitted finishedAt error } }';
const CANCEL = 'mutation($id: ID!) { cancelScenario(id: $id) { id status finishedAt } }';
const CLOCK =
  'mutation($s: ID!, $d: Int!) { advanceSandboxClock(sandboxId: $s, days: $d) { id clockOffsetDays clockNow } }';
const FAULTS =
  'mutation($s: ID!, $f: DeliveryFaultsInput!) { setSandboxDeliveryFaults(sandboxId: $s, faults: $f) { id deliveryFaults { duplicateRate reorderWindowSeconds failFirstAttempt } } }';

/** Waits for the run to end (watching its row: the portal's own limit is 60 requests a minute), then reads it through the portal. */
async function finished(dev: PortalDeveloper, runId: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await world.t.db
      .selectFrom('control.scenario_runs')
      .select('status')
      .where('run_id', '=', Number(runId))
      .executeTakeFirstOrThrow();
    if (row.status !== 'running') break;
    if (Date.now() > deadline)
      throw new Error(`scenario run ${runId} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return (await as(dev).data(RUN_STATE, { id: runId })).scenarioRun;
}

const sandboxEvents = (box: PortalSandbox): Promise<OutboxEvent[]> =>
  outboxEvents(world.t.db, { plane: 'sandbox' }).then((events) =>
    events.filter((e) => e.sandbox_id === Number(box.sandboxId)),
  );
const bodyOf = (req: ReceivedRequest) => JSON.parse(req.body.toString('utf8'));
const received = (box: PortalSandbox) =>
  world.receiver.requests.filter((r) => bodyOf(r).installation_id === Number(box.installationId));

describe('scenarios', () => {
  it('when a 5-minute LUNCH_RUSH runs, then it produces a plausible stream: 40 orders through the kitchen, payments that add up to each total, a few cancellations', async () => {
    const { dev, box } = await sandboxWithReceiver();
    const before = (await sandboxEvents(box)).length;
    const run = (await as(dev).data(RUN, { s: box.sandboxId, k: 'LUNCH_RUSH', m: 5 })).runScenario;
    expect(run).toMatchObject({
      status: 'running',
      kind: 'LUNCH_RUSH',
      minutes: 5,
      finishedAt: null,
      error: null,
    });
    const done = await finished(dev, run.id);
    expect(done).toMatchObject({ status: 'completed', error: null, stepsDone: run.stepsTotal });
    // outboxEvents checks every body against its asyncapi.yaml payload schema.
    const events = (await sandboxEvents(box)).slice(before);
    expect(done.eventsEmitted).toBe(events.length);
    const named = (name: string) => events.filter((e) => e.event_name === name);
    const created = named('order.created');
    expect(created).toHaveLength(40);
    const cancelled = named('order.cancelled');
    expect(cancelled).toHaveLength(5);
    const paid = named('order.paid');
    expect(paid).toHaveLength(35);
    const statuses = named('order.status_changed').map((e) => e.data.new_status);
    expect(statuses.filter((s) => s === 'COOKING')).toHaveLength(40);
    expect(statuses.filter((s) => s === 'SERVED')).toHaveLength(35);
    // Every paid order: its sales add up to its total; no money on a cancelled one.
    const succeeded = named('payment.succeeded');
    for (const order of paid) {
      const sum = succeeded
        .filter((p) => p.data.order_id === order.data.order_id)
        .reduce((total, p) => total + Math.round(Number(p.data.amount) * 100), 0);
      expect([order.data.order_id, sum]).toEqual([
        order.data.order_id,
        Math.round(Number(order.data.total) * 100),
      ]);
    }
    const cancelledIds = new Set(cancelled.map((e) => e.data.order_id));
    expect(succeeded.filter((p) => cancelledIds.has(p.data.order_id))).toEqual([]);
    // Delivered for real to the plugin's endpoint, each body valid (checked by the receiver).
    await waitUntil(() => received(box).length >= events.length, 30_000, 'deliveries');
  });

  it('when STOCK_DEPLETION runs, then stock goes down through the reorder point and back: exactly one low_stock and one low_stock_resolved', async () => {
    const { dev, box } = await sandboxWithReceiver();
    const before = (await sandboxEvents(box)).length;
    const run = (await as(dev).data(RUN, { s: box.sandboxId, k: 'STOCK_DEPLETION', m: 1 }))
      .runScenario;
    expect((await finished(dev, run.id)).status).toBe('completed');
    const events = (await sandboxEvents(box)).slice(before);
    expect(events.filter((e) => e.event_name === 'inventory.low_stock')).toHaveLength(1);
    expect(events.filter((e) => e.event_name === 'inventory.low_stock_resolved')).toHaveLength(1);
    const updates = events.filter((e) => e.event_name === 'inventory.stock_updated');
    expect(updates.length).toBeGreaterThanOrEqual(5);
    const names = events.map((e) => e.event_name);
    expect(names.indexOf('inventory.low_stock')).toBeLessThan(
      names.indexOf('inventory.low_stock_resolved'),
    );
  });

  it('when SPLIT_BILL, CARD_DECLINED, ITEM_86 and END_OF_DAY run, then each produces its own events through the domain', async () => {
    const { dev, box } = await sandboxWithReceiver();
    const counts: Record<string, Record<string, number>> = {};
    for (const kind of ['SPLIT_BILL', 'CARD_DECLINED', 'ITEM_86', 'END_OF_DAY']) {
      const before = (await sandboxEvents(box)).length;
      const run = (await as(dev).data(RUN, { s: box.sandboxId, k: kind, m: 1 })).runScenario;
      expect([kind, (await finished(dev, run.id)).status]).toEqual([kind, 'completed']);
      const events = (await sandboxEvents(box)).slice(before);
      counts[kind] = {};
      for (const e of events) counts[kind]![e.event_name] = (counts[kind]![e.event_name] ?? 0) + 1;
      if (kind === 'SPLIT_BILL') {
        // Partial sales to the last cent: each paid order's sales add up to its total exactly.
        for (const order of events.filter((e) => e.event_name === 'order.paid')) {
          const parts = events.filter(
            (e) => e.event_name === 'payment.succeeded' && e.data.order_id === order.data.order_id,
          );
          expect(parts.length).toBeGreaterThanOrEqual(2);
          expect(parts.reduce((sum, p) => sum + Math.round(Number(p.data.amount) * 100), 0)).toBe(
            Math.round(Number(order.data.total) * 100),
          );
        }
      }
      if (kind === 'ITEM_86') {
        const availability = events
          .filter((e) => e.event_name === 'menu.item_updated')
          .map((e) => (e.data.changes as { is_available?: boolean }).is_available);
        expect(availability).toEqual([false, true]);
      }
    }
    expect(counts.SPLIT_BILL).toMatchObject({ 'order.created': 3, 'order.paid': 3 });
    expect(counts.CARD_DECLINED).toMatchObject({
      'order.created': 3,
      'payment.failed': 4,
      'payment.succeeded': 3,
      'order.paid': 3,
    });
    expect(counts.END_OF_DAY).toMatchObject({
      'order.created': 4,
      'order.paid': 4,
      'payment.refunded': 1,
    });
  });

  it('when a run spreads its steps over its minutes, then each plays when it falls due, not at a later poll of the worker', async () => {
    const { dev, box } = await sandboxWithReceiver();
    // 30 minutes at 600 times faster: 3 s of pacing. The worker polls every 5 s while notifications are on.
    const run = (await as(dev).data(RUN, { s: box.sandboxId, k: 'ITEM_86', m: 30 })).runScenario;
    expect((await finished(dev, run.id)).status).toBe('completed');
    const row = await world.t.db
      .selectFrom('control.scenario_runs')
      .select(['started_at', 'finished_at'])
      .where('run_id', '=', Number(run.id))
      .executeTakeFirstOrThrow();
    const ms = row.finished_at!.getTime() - row.started_at.getTime();
    expect(ms).toBeGreaterThanOrEqual(3000);
    expect(ms).toBeLessThan(4500);
  });

  it('when a run is going, then a second one is a conflict, cancelScenario stops it, and another developer sees neither', async () => {
    const { dev, box } = await sandboxWithReceiver();
    const slow = (await as(dev).data(RUN, { s: box.sandboxId, k: 'LUNCH_RUSH', m: 60 }))
      .runScenario;
    expect((await as(dev).error(RUN, { s: box.sandboxId, k: 'ITEM_86', m: 1 })).code).toBe(
      'conflict',
    );
    const stranger = await signUpDeveloper(world.t.app, 'Stranger');
    expect((await as(stranger).error(RUN_STATE, { id: slow.id })).code).toBe('not_found');
    expect((await as(stranger).error(CANCEL, { id: slow.id })).code).toBe('not_found');
    expect((await as(stranger).error(RUN, { s: box.sandboxId, k: 'ITEM_86', m: 1 })).code).toBe(
      'not_found',
    );
    const cancelled = (await as(dev).data(CANCEL, { id: slow.id })).cancelScenario;
    expect(cancelled.status).toBe('cancelled');
    const state = (await as(dev).data(RUN_STATE, { id: slow.id })).scenarioRun;
    expect(state.stepsDone).toBeLessThan(state.stepsTotal);
    const next = (await as(dev).data(RUN, { s: box.sandboxId, k: 'ITEM_86', m: 1 })).runScenario;
    expect((await finished(dev, next.id)).status).toBe('completed');
    expect((await as(dev).error(RUN, { s: box.sandboxId, k: 'ITEM_86', m: 61 })).details).toEqual({
      minutes: ['must be an integer from 1 to 60'],
    });
  });
});

describe('the sandbox clock', () => {
  it('when a 14-day trial is advanced 12 days, then trial.ending is sent; advanced past its end, then it converts with subscription.activated', async () => {
    const { dev, box } = await sandboxWithReceiver({
      pricing: { model: 'paid', price: '29.00' },
      trialDays: 14,
    });
    const installed = (
      await as(dev).data(
        'mutation($s: ID!) { simulateInstall(sandboxId: $s) { installationId } }',
        { s: box.sandboxId },
      )
    ).simulateInstall;
    const id = installed.installationId;
    await as(dev).data(
      'mutation($id: ID!) { simulateCheckout(installationId: $id) { id isTrial } }',
      { id },
    );
    const lifecycle = () =>
      outboxEvents(world.t.db, { installationId: Number(id) }).then((events) =>
        events.map((e) => e.event_name),
      );
    expect(await lifecycle()).toEqual(['trial.started']);

    const ahead = (await as(dev).data(CLOCK, { s: box.sandboxId, d: 12 })).advanceSandboxClock;
    expect(ahead.clockOffsetDays).toBe(12);
    expect(new Date(ahead.clockNow).getTime() - Date.now()).toBeGreaterThan(11.9 * 86_400_000);
    expect(await lifecycle()).toEqual(['trial.started', 'trial.ending']);
    const ending = (
      await outboxEvents(world.t.db, { installationId: Number(id), names: ['trial.ending'] })
    )[0]!;
    expect(ending.data.days_remaining).toBe(3); // sent on day 11, as the daily sweep would

    expect(
      (await as(dev).data(CLOCK, { s: box.sandboxId, d: 3 })).advanceSandboxClock.clockOffsetDays,
    ).toBe(15);
    expect(await lifecycle()).toEqual(['trial.started', 'trial.ending', 'subscription.activated']);
    const installation = (
      await as(dev).data('query($id: ID!) { sandbox(id: $id) { clockOffsetDays } }', {
        id: box.sandboxId,
      })
    ).sandbox;
    expect(installation.clockOffsetDays).toBe(15);
  });

  it("when one jump goes past a trial's end, then the days are walked: trial.ending first, then the conversion", async () => {
    const { dev, box } = await sandboxWithReceiver({
      pricing: { model: 'paid', price: '29.00' },
      trialDays: 14,
    });
    const { installationId: id } = (
      await as(dev).data(
        'mutation($s: ID!) { simulateInstall(sandboxId: $s) { installationId } }',
        { s: box.sandboxId },
      )
    ).simulateInstall;
    await as(dev).data('mutation($id: ID!) { simulateCheckout(installationId: $id) { id } }', {
      id,
    });
    await as(dev).data(CLOCK, { s: box.sandboxId, d: 20 });
    const events = await outboxEvents(world.t.db, { installationId: Number(id) });
    expect(events.map((e) => e.event_name)).toEqual([
      'trial.started',
      'trial.ending',
      'subscription.activated',
    ]);
    expect(events[1]!.data.days_remaining).toBe(3);
  });

  it("when the clock reaches the idle deadline's warning window, then sandbox.expiry_warning is sent once and the sandbox stays active", async () => {
    const { dev, box } = await sandboxWithReceiver();
    const warnings = () =>
      outboxEvents(world.t.db, { names: ['sandbox.expiry_warning'] }).then((events) =>
        events.filter((e) => e.data.sandbox_id === Number(box.sandboxId)),
      );
    await as(dev).data(CLOCK, { s: box.sandboxId, d: 10 });
    expect(await warnings()).toEqual([]);
    await as(dev).data(CLOCK, { s: box.sandboxId, d: 15 }); // day 25 of 30 idle days
    expect(await warnings()).toHaveLength(1);
    await as(dev).data(CLOCK, { s: box.sandboxId, d: 1 });
    expect(await warnings()).toHaveLength(1);
    const sandbox = (
      await as(dev).data('query($id: ID!) { sandbox(id: $id) { status clockOffsetDays } }', {
        id: box.sandboxId,
      })
    ).sandbox;
    expect(sandbox).toEqual({ status: 'active', clockOffsetDays: 26 });
  });

  it("when days is out of range or the sandbox is another developer's, then validation_error or not_found", async () => {
    const { dev, box } = await sandboxWithReceiver();
    expect((await as(dev).error(CLOCK, { s: box.sandboxId, d: 0 })).details).toEqual({
      days: ['must be an integer from 1 to 60'],
    });
    expect((await as(dev).error(CLOCK, { s: box.sandboxId, d: 61 })).code).toBe('validation_error');
    const stranger = await signUpDeveloper(world.t.app, 'Stranger');
    expect((await as(stranger).error(CLOCK, { s: box.sandboxId, d: 1 })).code).toBe('not_found');
  });
});

describe('fault injection', () => {
  const orderPaid = (n: number) => ({
    order_id: n,
    order_number: `ORD-${n}`,
    total: '9.00',
    paid_at: '2026-03-14T18:40:00Z',
  });
  const sandboxScope = (box: PortalSandbox, organizationId: number, locationId: number) => ({
    plane: 'sandbox' as const,
    sandboxId: Number(box.sandboxId),
    organizationId,
    locationId,
  });

  async function sandboxInstallationScope(box: PortalSandbox) {
    const row = await world.t.db
      .selectFrom('control.installations')
      .select(['organization_id', 'location_id'])
      .where('installation_id', '=', Number(box.installationId))
      .executeTakeFirstOrThrow();
    return sandboxScope(box, row.organization_id, row.location_id);
  }

  it('when faults are off (the default), then they show as off; out-of-range values are refused naming the field', async () => {
    const { dev, box } = await sandboxWithReceiver();
    const shown = (
      await as(dev).data(
        'query($id: ID!) { sandbox(id: $id) { deliveryFaults { duplicateRate reorderWindowSeconds failFirstAttempt } } }',
        { id: box.sandboxId },
      )
    ).sandbox;
    expect(shown.deliveryFaults).toEqual({
      duplicateRate: 0,
      reorderWindowSeconds: 0,
      failFirstAttempt: false,
    });
    const error = await as(dev).error(FAULTS, {
      s: box.sandboxId,
      f: { duplicateRate: 1.5, reorderWindowSeconds: 301 },
    });
    expect(error.details).toEqual({
      'faults.duplicateRate': ['must be from 0 to 1'],
      'faults.reorderWindowSeconds': ['must be an integer from 0 to 300'],
    });
    const stranger = await signUpDeveloper(world.t.app, 'Stranger');
    expect(
      (await as(stranger).error(FAULTS, { s: box.sandboxId, f: { duplicateRate: 1 } })).code,
    ).toBe('not_found');
  });

  it('when duplicateRate is 1, then every event arrives twice with the same id; a production installation is never affected', async () => {
    const { dev, box } = await sandboxWithReceiver();
    const set = (await as(dev).data(FAULTS, { s: box.sandboxId, f: { duplicateRate: 1 } }))
      .setSandboxDeliveryFaults;
    expect(set.deliveryFaults).toEqual({
      duplicateRate: 1,
      reorderWindowSeconds: 0,
      failFirstAttempt: false,
    });
    const scope = await sandboxInstallationScope(box);
    const ids: string[] = [];
    for (let n = 1; n <= 3; n += 1)
      ids.push(await emit(world.t, scope, 'order.paid', orderPaid(n)));
    for (const id of ids) await waitForDelivery(world.t.db, id);
    await waitUntil(() => received(box).length >= 6);
    const byId = new Map<string, number>();
    for (const req of received(box)) byId.set(bodyOf(req).id, (byId.get(bodyOf(req).id) ?? 0) + 1);
    expect([...byId.keys()].sort()).toEqual([...ids].sort());
    expect([...byId.values()]).toEqual([2, 2, 2]);
    // The two copies are the same request: same body bytes and the same webhook-id.
    const first = received(box).filter((r) => bodyOf(r).id === ids[0]);
    expect(first[0]!.body.equals(first[1]!.body)).toBe(true);
    expect(first[0]!.headers['webhook-id']).toBe(first[1]!.headers['webhook-id']);

    // Production: every event once, whatever the sandbox's faults.
    const prod = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/prod'),
    });
    const prodIds: string[] = [];
    for (let n = 10; n < 13; n += 1)
      prodIds.push(await emit(world.t, scopeOf(prod), 'order.paid', orderPaid(n)));
    for (const id of prodIds) await waitForDelivery(world.t.db, id);
    await new Promise((r) => setTimeout(r, 500));
    const prodReceived = world.receiver.requests.filter(
      (r) => bodyOf(r).installation_id === prod.installationId,
    );
    // Each exactly once (concurrent sends may arrive in any order).
    expect(prodReceived.map((r) => bodyOf(r).sequence).sort()).toEqual([1, 2, 3]);
  });

  it('when failFirstAttempt is on, then the first attempt is recorded failed without a request and the retry delivers', async () => {
    const { dev, box } = await sandboxWithReceiver();
    await as(dev).data(FAULTS, { s: box.sandboxId, f: { failFirstAttempt: true } });
    const id = await emit(
      world.t,
      await sandboxInstallationScope(box),
      'order.paid',
      orderPaid(20),
    );
    const [log] = await waitForDelivery(world.t.db, id, 1, 20_000);
    const attempts = await world.t.db
      .selectFrom('control.webhook_delivery_attempts')
      .select(['attempt', 'status', 'http_status', 'error_message'])
      .where('log_id', '=', log!.log_id)
      .orderBy('attempt')
      .execute();
    expect(attempts.map((a) => [a.attempt, a.status, a.http_status])).toEqual([
      [1, 'failed', null],
      [2, 'delivered', 200],
    ]);
    expect(attempts[0]!.error_message).toMatch(/failFirstAttempt/);
    expect(received(box)).toHaveLength(1);
    expect(received(box)[0]!.headers['x-svc-attempt']).toBe('2');
  });

  it('when a reorder window is set, then the receiver sees the sequences out of order (and all of them)', async () => {
    const { dev, box } = await sandboxWithReceiver();
    await as(dev).data(FAULTS, { s: box.sandboxId, f: { reorderWindowSeconds: 3 } });
    const scope = await sandboxInstallationScope(box);
    const ids: string[] = [];
    for (let n = 1; n <= 12; n += 1)
      ids.push(await emit(world.t, scope, 'order.paid', orderPaid(100 + n)));
    await waitUntil(() => received(box).length >= 12, 20_000, 'reordered deliveries');
    const sequences = received(box).map((r) => bodyOf(r).sequence as number);
    expect([...sequences].sort((a, b) => a - b)).toEqual(
      Array.from(
        { length: 12 },
        (_, i) => sequences.reduce((m, s) => Math.min(m, s), Infinity) + i,
      ),
    );
    expect(sequences).not.toEqual([...sequences].sort((a, b) => a - b));
    // Each first attempt is sent when its own hold ends, not with the others at the worker's next
    // poll: the arrivals spread over the window (twelve holds drawn from 3 s all within 1 s: p < 1e-4).
    const at = received(box).map((r) => r.at);
    expect(Math.max(...at) - Math.min(...at)).toBeGreaterThan(1000);
  });
});
