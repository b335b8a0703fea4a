import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { encrypt, generateWebhookSecret } from '../../src/lib/secrets.js';
import { createInstallation } from '../support/builders.js';
import { TEST_ENV } from '../support/context.js';
import {
  emit,
  hasValidSignature,
  scopeOf,
  waitForDelivery,
  webhookWorld,
} from '../support/webhook-fixtures.js';

// An extra endpoint's own settings at send time (issue 54, phase 2): its apiVersion renders the
// payload in that version whatever the plugin's pin, and during its secret's rotation overlap each
// delivery is signed with the new secret and, in X-Svc-Signature-Previous, the previous one.

const world = webhookWorld();
const key = Buffer.from(TEST_ENV.SVC_ENCRYPTION_KEY!, 'base64');

const orderPaid: EventDataMap['order.paid'] = {
  order_id: 7001,
  order_number: 'ORD-7001',
  total: '20.00',
  paid_at: '2026-03-14T18:40:00Z',
};

describe("an extra endpoint's version and rotating secret", () => {
  it('when the endpoint names 2026-11-29 and the plugin is pinned to 2026-11-21, then each gets its own shape; during an overlap both secrets verify', async () => {
    const { t, receiver } = world;
    const inst = await createInstallation(t.db, {
      webhookEndpoint: receiver.url('/primary-v'),
      supportedEvents: ['order.*'],
    });
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    await t.db
      .insertInto('control.webhook_endpoints')
      .values({
        plugin_id: inst.pluginId,
        url: receiver.url('/newer'),
        events: ['order.paid'],
        api_version: '2026-11-29',
        secret_enc: encrypt(key, current),
        previous_secret_enc: encrypt(key, previous),
        previous_secret_expires_at: new Date(Date.now() + 3_600_000),
      } as never)
      .execute();

    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid);
    await waitForDelivery(t.db, eventId, 2);
    const at = (path: string) => receiver.requests.find((r) => r.path === path)!;
    const primary = at('/primary-v');
    const newer = at('/newer');

    expect(primary.headers['x-svc-api-version']).toBe('2026-11-21');
    expect(JSON.parse(primary.body.toString('utf8')).data).toEqual({
      order_id: 7001,
      unique_orderid: 'ORD-7001',
      total: '20.00',
      paid_at: '2026-03-14T18:40:00Z',
    });
    expect(hasValidSignature(primary, inst.webhookSecret)).toBe(true);

    expect(newer.headers['x-svc-api-version']).toBe('2026-11-29');
    expect(JSON.parse(newer.body.toString('utf8')).data).toEqual(orderPaid);
    expect(hasValidSignature(newer, current)).toBe(true);
    const previousSignature = createHmac('sha256', previous).update(newer.body).digest('hex');
    expect(newer.headers['x-svc-signature-previous']).toBe(previousSignature);
  });
});
