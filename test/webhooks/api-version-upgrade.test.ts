import { describe, expect, it } from '@jest/globals';
import { loadApiVersions } from '../../src/domain/api-versions/index.js';
import { setPluginApiVersion } from '../../src/domain/plugins/index.js';
import { redeliverWebhook } from '../../src/domain/webhooks/replay/replay.js';
import { createInstallation } from '../support/builders.js';
import { call } from '../support/http.js';
import { seedOrder } from '../support/order-builders.js';
import { hasValidSignature, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil } from '../support/webhook-receiver.js';

// One pin for REST and webhooks: an upgrade moves a plugin's Data API answers and its deliveries
// together (the pin is read by each request and each send, nothing caches it), so the first
// request and the first delivery after the switch are both in the new version, with no second
// setting for webhooks; a roll back (within 72 hours) moves both back the same way.

const world = webhookWorld();

describe('upgrading a plugin and rolling it back', () => {
  it('when the pin moves, then the next response and the next delivery are in the new version; back again, both go back', async () => {
    const { t, receiver } = world;
    const inst = await createInstallation(t.db, {
      webhookEndpoint: receiver.url('/hook'),
      supportedEvents: ['order.status_changed'],
    });
    const catalog = (await loadApiVersions()).catalog();
    const move = (version: string, now = new Date()) =>
      setPluginApiVersion(t.db, t.config, catalog, inst.developerId, inst.pluginId, version, now);

    for (const [version, name, absent] of [
      ['2026-11-29', 'order_number', 'unique_orderid'],
      ['2026-11-21', 'unique_orderid', 'order_number'],
    ] as const) {
      await move(version);
      const order = await seedOrder(t.db, inst, { status: 'COOKING' });

      const read = await call(t.app, 'get', `/orders/${order.order_id}`, { key: inst.apiKey });
      expect(read.headers['x-svc-api-version']).toBe(version);
      expect(read.body.data[name]).toBe(order.unique_orderid);
      expect(read.body.data).not.toHaveProperty(absent);

      const put = await call(t.app, 'put', `/orders/${order.order_id}`, {
        key: inst.apiKey,
        body: { status: 'ready' },
      });
      expect(put.headers['x-svc-api-version']).toBe(version);
      const delivered = () =>
        receiver.requests.find(
          (r) => JSON.parse(r.body.toString('utf8')).data.order_id === order.order_id,
        );
      await waitUntil(() => delivered() !== undefined, 10_000, `the delivery at ${version}`);
      const request = delivered()!;
      const body = JSON.parse(request.body.toString('utf8'));
      expect(request.headers['x-svc-api-version']).toBe(version);
      expect(body.data[name]).toBe(order.unique_orderid);
      expect(body.data).not.toHaveProperty(absent);
      // Signed over the bytes rendered in that version.
      expect(hasValidSignature(request, inst.webhookSecret)).toBe(true);
    }
  });

  it('when a delivery made before an upgrade is redelivered after it, then the resend is in the version pinned at the time of the resend', async () => {
    const { t, receiver } = world;
    const inst = await createInstallation(t.db, {
      webhookEndpoint: receiver.url('/hook'),
      supportedEvents: ['order.status_changed'],
    });
    const order = await seedOrder(t.db, inst, { status: 'COOKING' });
    await call(t.app, 'put', `/orders/${order.order_id}`, {
      key: inst.apiKey,
      body: { status: 'ready' },
    });
    const arrivals = () =>
      receiver.requests.filter(
        (r) => JSON.parse(r.body.toString('utf8')).data.order_id === order.order_id,
      );
    await waitUntil(() => arrivals().length === 1, 10_000, 'the first delivery');
    const original = await t.db
      .selectFrom('control.webhook_logs')
      .selectAll()
      .where('delivery_id', '=', String(arrivals()[0]!.headers['x-svc-delivery']))
      .executeTakeFirstOrThrow();

    const catalog = (await loadApiVersions()).catalog();
    await setPluginApiVersion(
      t.db,
      t.config,
      catalog,
      inst.developerId,
      inst.pluginId,
      '2026-11-29',
    );
    await redeliverWebhook(t.db, t.queue, original);
    await waitUntil(() => arrivals().length === 2, 10_000, 'the redelivery');
    const [first, resent] = arrivals().map((r) => ({
      version: r.headers['x-svc-api-version'],
      body: JSON.parse(r.body.toString('utf8')),
    }));
    expect(first!.version).toBe('2026-11-21');
    expect(first!.body.data.unique_orderid).toBe(order.unique_orderid);
    expect(resent!.version).toBe('2026-11-29');
    expect(resent!.body.data.order_number).toBe(order.unique_orderid);
    expect(resent!.body.data).not.toHaveProperty('unique_orderid');
    // The same event: its id and sequence do not change with the version.
    expect([resent!.body.id, resent!.body.sequence]).toEqual([
      first!.body.id,
      first!.body.sequence,
    ]);
  });
});
