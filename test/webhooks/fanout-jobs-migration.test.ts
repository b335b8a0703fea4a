import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { up } from '../../src/db/migrations/control/2026_11_29_000200_move_webhook_fanout_jobs.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { deliveriesOf, waitForDelivery, webhookWorld } from '../support/webhook-fixtures.js';
import { expectValidWebhook, waitUntil } from '../support/webhook-receiver.js';

// The pg-boss queue webhook-fanout (one job per event, enqueued by versions before the fan-out
// outbox) is no longer worked: its migration moves the jobs a database still holds into the outbox,
// and refuses a database that comes straight from a version that still enqueues them.

const world = webhookWorld();
let t: TestContext;
let home: InstallationFixture;

beforeAll(async () => {
  t = world.t;
  home = await createInstallation(t.db, { webhookEndpoint: world.receiver.url('/home') });
});

async function insertEvent(n: number): Promise<{ event_id: string; occurred_at: string }> {
  const data = {
    order_id: n,
    unique_orderid: `ORD-${n}`,
    total: '1.00',
    paid_at: '2026-03-14T18:40:00Z',
  };
  const { rows } = await sql<{ event_id: string; occurred_at: string }>`
    insert into control.events (event_name, plane, organization_id, location_id, data)
    values ('order.paid', 'production', ${home.organizationId}, ${home.locationId}, ${JSON.stringify(data)}::jsonb)
    returning event_id, occurred_at::text as occurred_at`.execute(t.db);
  return rows[0]!;
}

/** A job of the old queue, as a version before the outbox sent it (due in an hour: no worker of the old kind takes it meanwhile). */
async function oldFanoutJob(data: Record<string, unknown>): Promise<string> {
  await t.queue.boss.createQueue('webhook-fanout', { partition: true });
  const id = await t.queue.boss.send('webhook-fanout', data, { startAfter: 3600 });
  return id!;
}

const jobState = async (id: string) =>
  (
    await sql<{
      state: string;
    }>`select state::text as state from pgboss.job where name = 'webhook-fanout' and id = ${id}::uuid`.execute(
      t.db,
    )
  ).rows[0]?.state;

describe('migration 2026_11_29_000200_move_webhook_fanout_jobs', () => {
  it('when webhook-fanout jobs wait, then they are moved to the fan-out outbox, fanned out once and delivered', async () => {
    const withKey = await insertEvent(1);
    const withoutKey = await insertEvent(2);
    const pruned = randomUUID();
    // An event the outbox already fanned out, whose job a worker of the version before still held.
    const fannedOut = await insertEvent(3);
    await sql`insert into control.fanout_outbox (event_id, event_type, occurred_at, installation_ids)
              values (${fannedOut.event_id}, 'order.paid', ${fannedOut.occurred_at}, ${[home.installationId]}::int[])`.execute(
      t.db,
    );
    await waitForDelivery(t.db, fannedOut.event_id, 1);
    const jobs = [
      await oldFanoutJob({
        eventId: withKey.event_id,
        event: 'order.paid',
        installationIds: [home.installationId],
        occurredAt: withKey.occurred_at,
      }),
      await oldFanoutJob({
        eventId: withoutKey.event_id,
        event: 'order.paid',
        installationIds: [home.installationId],
      }),
      await oldFanoutJob({
        eventId: pruned,
        event: 'order.paid',
        installationIds: [home.installationId],
      }),
      await oldFanoutJob({
        eventId: fannedOut.event_id,
        event: 'order.paid',
        installationIds: [home.installationId],
        occurredAt: fannedOut.occurred_at,
      }),
    ];

    await up(t.db);

    for (const id of jobs) expect(await jobState(id)).toBe('completed');
    for (const event of [withKey, withoutKey]) {
      const [log] = await waitForDelivery(t.db, event.event_id, 1);
      expect(log!.status).toBe('delivered');
      await waitUntil(() =>
        world.receiver.requests.some((req) => expectValidWebhook(req).id === event.event_id),
      );
    }
    expect(await deliveriesOf(t.db, pruned)).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from control.fanout_outbox`.execute(t.db);
    expect(rows[0]!.n).toBe(0);

    // Run again (nothing left to move), then each event still has one delivery, the one fanned out before included.
    await up(t.db);
    for (const event of [withKey, withoutKey, fannedOut])
      expect(await deliveriesOf(t.db, event.event_id)).toHaveLength(1);
    expect(
      world.receiver.requests.filter((req) => expectValidWebhook(req).id === fannedOut.event_id),
    ).toHaveLength(1);
  });

  it('when the fan-out outbox is created in the same run on a database pg-boss already served, then it refuses, naming the queue to drain', async () => {
    const refused = t.db.transaction().execute(async (trx) => {
      // As a migrate run from a version before the outbox: its migration applied by this transaction.
      await sql`delete from control.kysely_migration where name = '2026_11_27_040000_fanout_outbox'`.execute(
        trx,
      );
      await sql`insert into control.kysely_migration (name, timestamp) values ('2026_11_27_040000_fanout_outbox', ${new Date().toISOString()})`.execute(
        trx,
      );
      await up(trx);
    });
    await expect(refused).rejects.toThrow(/webhook-fanout.*drain/s);
  });
});
