import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { recordHealth } from '../../src/domain/webhooks/delivery/health.js';
import { lockInstallationStates } from '../../src/domain/webhooks/delivery/installation-state.js';
import {
  DELIVERIES_PER_JOB,
  attemptsOf,
  groupAttempts,
} from '../../src/domain/webhooks/delivery/queue.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import {
  deliveriesOf,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';

// Delivery jobs carry several attempts (the queue's cost is per job), and a batch of successes for
// a healthy installation writes no health: the pipeline's per-delivery costs, by behaviour.

const world = webhookWorld();
let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = world.t;
  inst = await createInstallation(t.db, { webhookEndpoint: world.receiver.url('/hook') });
});

describe('delivery jobs', () => {
  it('when attempts are queued, then those with the same delay share jobs of at most DELIVERIES_PER_JOB, in the order given', () => {
    const first = Array.from({ length: 45 }, (_, i) => ({ logId: i + 1, attempt: 1 }));
    const groups = groupAttempts([
      ...first,
      { logId: 100, attempt: 2, delaySeconds: 61 },
      { logId: 101, attempt: 2, delaySeconds: 64 },
      { logId: 102, attempt: 3, delaySeconds: 61 },
    ]);
    expect(groups.map((g) => [g.delaySeconds, g.attempts.length])).toEqual([
      [0, 20],
      [0, 20],
      [0, 5],
      [61, 2],
      [64, 1],
    ]);
    expect(groups.slice(0, 3).flatMap((g) => g.attempts)).toEqual(first);
    expect(groups[3]!.attempts).toEqual([
      { logId: 100, attempt: 2 },
      { logId: 102, attempt: 3 },
    ]);
    expect(DELIVERIES_PER_JOB).toBe(20);
  });

  it('when a job queued before jobs carried several attempts is read, then its one attempt is made', () => {
    expect(attemptsOf({ logId: 7, attempt: 2 })).toEqual([{ logId: 7, attempt: 2 }]);
    expect(
      attemptsOf({
        attempts: [
          { logId: 7, attempt: 2 },
          { logId: 8, attempt: 1 },
        ],
      }),
    ).toEqual([
      { logId: 7, attempt: 2 },
      { logId: 8, attempt: 1 },
    ]);
  });

  it('when a fan-out creates 25 deliveries from one transaction, then fewer than 25 delivery jobs carry their first attempts, and all 25 arrive', async () => {
    const events = await t.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (let n = 1; n <= 25; n++)
        ids.push(
          (
            await t.events.emit(trx, scopeOf(inst), 'order.paid', {
              order_id: n,
              order_number: `ORD-${n}`,
              total: '1.00',
              paid_at: '2026-03-14T18:40:00Z',
            })
          ).eventId,
        );
      return ids;
    });
    for (const id of events) await waitForDelivery(t.db, id, 1, 15_000);
    const logIds = (await Promise.all(events.map((id) => deliveriesOf(t.db, id))))
      .flat()
      .map((log) => log.log_id);
    const { rows } = await sql<{ n: number }>`
      select jsonb_array_length(j.data->'attempts')::int as n from pgboss.job j
       where j.name = 'webhook-delivery' and (j.data->'attempts'->0->>'logId')::int = any(${logIds}::int[])
         and j.data->>'kind' is null`.execute(t.db);
    // Only the fan-out's jobs: on a loaded machine a batch may also queue covers of slow requests.
    // The fan-out worker may take the 25 fan-out jobs in more than one batch; each batch's first
    // attempts fill jobs of 20 before opening another.
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(25);
    expect(rows.length).toBeLessThan(25);
    expect(
      world.receiver.requests.filter(
        (req) => JSON.parse(req.body.toString()).installation_id === inst.installationId,
      ),
    ).toHaveLength(25);
  });
});

describe('delivery health', () => {
  const delivered = { ok: true, errorMessage: null };
  const failed = { ok: false, errorMessage: 'HTTP 500: no' };

  it('when a batch of only successes is recorded for a healthy installation, then its state row is neither locked nor written', async () => {
    const other = await createInstallation(t.db, { webhookEndpoint: world.receiver.url('/hook') });
    await t.db.transaction().execute((trx) => lockInstallationStates(trx, [other.installationId]));
    const before = await t.db
      .selectFrom('control.installation_webhook_state')
      .selectAll()
      .where('installation_id', '=', other.installationId)
      .executeTakeFirstOrThrow();
    // Another transaction (a fan-out numbering events) holds the row.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      await lockInstallationStates(trx, [other.installationId]);
      locked();
      await held;
    });
    await isLocked;
    try {
      const recorded = t.db
        .transaction()
        .execute((trx) =>
          recordHealth(trx, t.queue, [{ installationId: other.installationId, result: delivered }]),
        );
      const first = await Promise.race([
        recorded.then(() => 'recorded'),
        new Promise((r) => setTimeout(() => r('waited'), 2_000)),
      ]);
      expect(first).toBe('recorded');
    } finally {
      release();
      await holder;
    }
    const after = await t.db
      .selectFrom('control.installation_webhook_state')
      .selectAll()
      .where('installation_id', '=', other.installationId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('when failures are recorded, then the streak grows under the row lock, and the next success ends it', async () => {
    const other = await createInstallation(t.db, { webhookEndpoint: world.receiver.url('/hook') });
    const record = (outcomes: { ok: boolean; errorMessage: string | null }[]) =>
      t.db.transaction().execute((trx) =>
        recordHealth(
          trx,
          t.queue,
          outcomes.map((result) => ({ installationId: other.installationId, result })),
        ),
      );
    const state = () =>
      t.db
        .selectFrom('control.installation_webhook_state')
        .selectAll()
        .where('installation_id', '=', other.installationId)
        .executeTakeFirstOrThrow();
    await record([failed, failed]);
    expect(await state()).toMatchObject({ consecutive_failures: 2, last_error: 'HTTP 500: no' });
    expect((await state()).failing_since).not.toBeNull();
    await record([failed]);
    expect(await state()).toMatchObject({ consecutive_failures: 3 });
    await record([delivered]);
    expect(await state()).toMatchObject({ consecutive_failures: 0, failing_since: null });
    expect((await state()).last_success_at).not.toBeNull();
  });
});
