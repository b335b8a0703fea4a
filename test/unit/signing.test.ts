import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { deliveryHeaders } from '../../src/domain/webhooks/delivery/signing.js';
import { standardWebhookSecret } from '../../src/lib/secrets.js';

// The outbound signature headers, pure. End to end with a real receiver and both npm packages:
// test/webhooks/standard-webhooks.test.ts.

const current = 'c'.repeat(64);
const previous = 'p'.repeat(64);
const body = Buffer.from('{"id":"evt_1","event":"order.paid","data":{}}');
const now = new Date('2026-11-24T12:00:00.900Z');
const hex = (secret: string) => createHmac('sha256', secret).update(body).digest('hex');
const v1 = (secret: string) =>
  `v1,${createHmac('sha256', secret).update(`evt_1.1795521600.${body.toString()}`).digest('base64')}`;

describe('deliveryHeaders', () => {
  it('without a previous secret: X-Svc-Signature, and the Standard Webhooks trio with one signature', () => {
    expect(
      deliveryHeaders({ eventId: 'evt_1', secrets: { current, previous: null }, body, now }),
    ).toEqual({
      'X-Svc-Signature': hex(current),
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1795521600',
      'webhook-signature': v1(current),
    });
  });

  it('during an overlap: X-Svc-Signature-Previous, and two signatures, the current one first', () => {
    const headers = deliveryHeaders({
      eventId: 'evt_1',
      secrets: { current, previous },
      body,
      now,
    });
    expect(headers).toEqual({
      'X-Svc-Signature': hex(current),
      'X-Svc-Signature-Previous': hex(previous),
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1795521600',
      'webhook-signature': `${v1(current)} ${v1(previous)}`,
    });
  });

  it('verifies with the standardwebhooks package given either secret in whsec_ form', () => {
    const headers = deliveryHeaders({
      eventId: 'evt_1',
      secrets: { current, previous },
      body,
      now: new Date(),
    });
    for (const secret of [current, previous]) {
      expect(() =>
        new Webhook(standardWebhookSecret(secret)).verify(body.toString(), headers),
      ).not.toThrow();
    }
    expect(() =>
      new Webhook(standardWebhookSecret('x'.repeat(64))).verify(body.toString(), headers),
    ).toThrow();
  });
});
