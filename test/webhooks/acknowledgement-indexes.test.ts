import { describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { redeliverWebhook } from '../../src/domain/webhooks/replay/replay.js';
import { createInstallation } from '../support/builders.js';
import { call } from '../support/http.js';
import { deliveriesOf, emit, scopeOf, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil } from '../support/webhook-receiver.js';

// Recording an attempt changes a delivery's status, attempts and results: with no index reading
// those columns the update is HOT (no index entries written). The acknowledgement therefore finds
// pending deliveries without an index on status, and must still cancel every one at or below
// its sequence, redeliveries of sequences acknowledged before included.

const world = webhookWorld({ SVC_WEBHOOK_BACKOFF_SECONDS: '30' });
const paid = (n: number) => ({
  order_id: n,
  order_number: `ORD-${n}`,
  total: '1.00',
  paid_at: '2026-03-14T18:40:00Z',
});

describe('acknowledgement without an index on status', () => {
  it('when attempts are recorded, then no index of webhook_logs reads a column the record changes', async () => {
    const { rows } = await sql<{ name: string }>`
      select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid
       where x.indrelid = 'control.webhook_logs'::regclass
         and exists (select 1 from pg_attribute a
                      where a.attrelid = x.indrelid
                        and a.attname in ('status', 'attempts', 'http_status', 'error_message', 'duration_ms', 'last_attempt_at', 'updated_at')
                        and (a.attnum = any(x.indkey) or pg_get_expr(x.indpred, x.indrelid) ~ ('\\m' || a.attname || '\\M')))`.execute(
      world.t.db,
    );
    expect(rows).toEqual([]);
  });

  it('when a plugin acknowledges twice with a redelivery of an acknowledged sequence pending, then the second cancels it and the originals in between', async () => {
    const { t, receiver } = world;
    const inst = await createInstallation(t.db, { webhookEndpoint: receiver.url('/down') });
    receiver.respond((_req, res) => void res.writeHead(503).end());
    for (let n = 1; n <= 3; n++) await emit(t, scopeOf(inst), 'order.paid', paid(n));
    const logsOf = () =>
      t.db
        .selectFrom('control.webhook_logs')
        .selectAll()
        .where('installation_id', '=', inst.installationId)
        .orderBy('log_id')
        .execute();
    await waitUntil(
      async () => (await logsOf()).filter((log) => log.attempts === 1).length === 3,
      15_000,
    );

    const first = await call(t.app, 'post', '/events/ack', {
      key: inst.apiKey,
      body: { through: 1 },
    });
    expect(first.body.data).toEqual({ acknowledged_through: 1, cancelled_deliveries: 1 });
    const [original] = await logsOf();
    const redelivery = await redeliverWebhook(t.db, t.queue, original!);
    await waitUntil(
      async () =>
        (await deliveriesOf(t.db, original!.event_id!)).some(
          (log) => log.log_id === redelivery.log_id && log.attempts === 1,
        ),
      15_000,
    );

    const second = await call(t.app, 'post', '/events/ack', {
      key: inst.apiKey,
      body: { through: 3 },
    });
    expect(second.body.data).toEqual({ acknowledged_through: 3, cancelled_deliveries: 3 });
    expect((await logsOf()).map((log) => [log.sequence, log.status])).toEqual([
      [1, 'acknowledged'],
      [2, 'acknowledged'],
      [3, 'acknowledged'],
      [1, 'acknowledged'],
    ]);
  });
});
