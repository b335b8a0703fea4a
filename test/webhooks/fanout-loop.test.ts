import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { FANOUT_CHANNEL, FANOUT_MAX_FAILURES } from '../../src/domain/webhooks/delivery/fanout.js';
import { startFanoutLoop } from '../../src/jobs/fanout-loop.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { deliveriesOf, emit, scopeOf } from '../support/webhook-fixtures.js';
import { waitUntil } from '../support/webhook-receiver.js';

// The fan-out loop (src/jobs/fanout-loop.ts) alone: no other worker runs on this database, and the
// loop looks on its own only every ten minutes, so whatever it does within seconds it was woken
// for by an emitting transaction's NOTIFY.

let t: TestContext;
let home: InstallationFixture;
let loop: { stop(): Promise<void> };

/** The backend of the loop's listening connection, once it listens. */
async function listenerPid(other?: number): Promise<number> {
  let pid = 0;
  await waitUntil(
    async () => {
      const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and query = ${`listen ${FANOUT_CHANNEL}`} and pid <> ${other ?? 0}`.execute(
        t.db,
      );
      pid = rows[0]?.pid ?? 0;
      return pid !== 0;
    },
    10_000,
    'the fan-out listener',
  );
  return pid;
}

const paid = (orderId: number) => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  total: '12.00',
  paid_at: '2026-03-14T18:40:00Z',
});

beforeAll(async () => {
  t = await createTestContext();
  home = await createInstallation(t.db, { webhookEndpoint: 'https://127.0.0.1:9/hook' });
  loop = startFanoutLoop({
    db: t.db,
    queue: t.queue,
    logger: t.logger,
    connectionString: t.databaseUrl,
    pollMs: 600_000,
  });
});

afterAll(async () => {
  await loop?.stop();
  await t?.close();
});

describe('the fan-out loop', () => {
  it('when an event commits, then its notification wakes the loop and the delivery is made at once', async () => {
    await listenerPid();
    const eventId = await emit(t, scopeOf(home), 'order.paid', paid(1));
    await waitUntil(
      async () => (await deliveriesOf(t.db, eventId)).length === 1,
      5_000,
      'the delivery',
    );
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from control.fanout_outbox where event_id = ${eventId}`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('when its listening connection is cut, then it listens again and the next event still wakes it', async () => {
    const first = await listenerPid();
    await sql`select pg_terminate_backend(${first})`.execute(t.db);
    await listenerPid(first);
    const eventId = await emit(t, scopeOf(home), 'order.paid', paid(2));
    await waitUntil(
      async () => (await deliveriesOf(t.db, eventId)).length === 1,
      5_000,
      'the delivery',
    );
  });

  it('when a row cannot be fanned out, then the events after it still are, and it is left with its error after the last try', async () => {
    const {
      rows: [bad],
    } = await sql<{ outbox_id: string }>`
      insert into control.fanout_outbox (event_id, event_type, occurred_at, installation_ids)
      values (gen_random_uuid(), 'order.paid', 'not a time', ${[home.installationId]}::int[]) returning outbox_id`.execute(
      t.db,
    );
    const eventId = await emit(t, scopeOf(home), 'order.paid', paid(3));
    await waitUntil(
      async () => (await deliveriesOf(t.db, eventId)).length === 1,
      5_000,
      'the delivery after the bad row',
    );
    let row: { failures: number; last_error: string | null } | undefined;
    await waitUntil(
      async () => {
        row = (
          await sql<{
            failures: number;
            last_error: string | null;
          }>`select failures, last_error from control.fanout_outbox where outbox_id = ${bad!.outbox_id}`.execute(
            t.db,
          )
        ).rows[0];
        return row?.failures === FANOUT_MAX_FAILURES;
      },
      10_000,
      'the bad row to be given up',
    );
    expect(row!.last_error).toMatch(/invalid input syntax for type timestamp/);
    // Given up: the loop takes it no more, so it stays at the limit.
    const later = await emit(t, scopeOf(home), 'order.paid', paid(4));
    await waitUntil(
      async () => (await deliveriesOf(t.db, later)).length === 1,
      5_000,
      'the next delivery',
    );
    const {
      rows: [after],
    } = await sql<{
      failures: number;
    }>`select failures from control.fanout_outbox where outbox_id = ${bad!.outbox_id}`.execute(
      t.db,
    );
    expect(after!.failures).toBe(FANOUT_MAX_FAILURES);
  });
});
