import { describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { isValidSignature, verifyStandard } from '../../examples/plugin/webhooks.js';
import { rotateWebhookSecret } from '../../src/domain/plugins/index.js';
import { standardWebhookSecret } from '../../src/lib/secrets.js';
import { createInstallation } from '../support/builders.js';
import { emit, scopeOf, waitForDelivery, webhookWorld } from '../support/webhook-fixtures.js';

// The example plugin's verifiers (examples/plugin/webhooks.ts: the standardwebhooks package and
// the hex recipe) on real deliveries, through a rotation: during the overlap a plugin holding the
// old secret, both, or the new one verifies; after it, only the new one.

const world = webhookWorld();

describe('the example plugin through a rotation', () => {
  it('when real deliveries arrive during and after the overlap, then its verifiers accept exactly the secrets the platform signed with', async () => {
    const inst = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/example'),
    });
    const deliver = async (orderId: number) => {
      const eventId = await emit(world.t, scopeOf(inst), 'order.paid', {
        order_id: orderId,
        order_number: `ORD-${orderId}`,
        total: '5.00',
        paid_at: '2026-03-14T18:40:00Z',
      });
      const [log] = await waitForDelivery(world.t.db, eventId);
      return world.receiver.requests.find(
        (req) => req.headers['x-svc-delivery'] === log!.delivery_id,
      )!;
    };
    const verdicts = (req: Awaited<ReturnType<typeof deliver>>, secrets: string[]) => ({
      standard: verifyStandard(req.body, req.headers, secrets),
      hex: isValidSignature(req.body, req.headers, secrets),
    });
    const old = inst.webhookSecret;
    const both = { standard: true, hex: true };
    const neither = { standard: false, hex: false };

    const before = await deliver(9001);
    expect(verdicts(before, [old])).toEqual(both);

    const { webhookSecret: rotated } = await rotateWebhookSecret(
      world.t.db,
      world.t.config,
      inst.developerId,
      inst.pluginId,
      24,
    );
    const during = await deliver(9002);
    expect(verdicts(during, [old])).toEqual(both);
    expect(verdicts(during, [rotated, old])).toEqual(both);
    expect(verdicts(during, [standardWebhookSecret(rotated)])).toEqual(both);

    await sql`update control.plugins set previous_secret_expires_at = now() - interval '1 second' where plugin_id = ${inst.pluginId}`.execute(
      world.t.db,
    );
    const after = await deliver(9003);
    expect(verdicts(after, [old])).toEqual(neither);
    expect(verdicts(after, [rotated])).toEqual(both);
    expect(verdicts(after, [rotated, old])).toEqual(both);
    // Tampered bytes fail both recipes.
    expect(
      verdicts({ ...after, body: Buffer.from(after.body.toString().replace('5.00', '0.05')) }, [
        rotated,
      ]),
    ).toEqual(neither);
  });
});
