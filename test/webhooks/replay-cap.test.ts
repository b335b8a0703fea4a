import { describe, expect, it } from '@jest/globals';
import { issueSessionToken } from '../../src/portal/auth.js';
import { createInstallation, installInProduction } from '../support/builders.js';
import { gql, gqlData, gqlError } from '../support/portal-builders.js';
import { emit, scopeOf, waitForDelivery, webhookWorld } from '../support/webhook-fixtures.js';

// A daily cap on replayed events per plugin (security review 3, finding 7): replays resend events
// to an endpoint nobody verified, so one plugin's replays in any 24 hours are bounded
// (SVC_WEBHOOK_REPLAY_EVENTS_PER_DAY, 4 here: 3 + 2 passes it); past it, rate_limit_exceeded with retry_after.

const world = webhookWorld({ SVC_WEBHOOK_REPLAY_EVENTS_PER_DAY: '4' });

const REPLAY = `mutation($i: ID!, $since: DateTime!) {
  replayWebhooks(installationId: $i, since: $since, onlyFailed: false) { id total } }`;

describe('the daily replay cap', () => {
  it("when a plugin's replays would pass the day's events, then the replay is refused with rate_limit_exceeded, for any installation of the plugin", async () => {
    const inst = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/replay-cap'),
    });
    const sibling = await installInProduction(world.t.db, inst.pluginId);
    const { token } = await issueSessionToken(world.t.config, inst.developerId);
    const since = new Date(Date.now() - 60_000).toISOString();
    // Three events at the installation's organization, two at the sibling's (each reaches only its own).
    for (const [where, orderId] of [
      [inst, 1],
      [inst, 2],
      [inst, 3],
      [sibling, 4],
      [sibling, 5],
    ] as const) {
      const id = await emit(world.t, scopeOf(where), 'order.paid', {
        order_id: orderId,
        order_number: `ORD-${orderId}`,
        total: '1.00',
        paid_at: '2026-03-14T18:40:00Z',
      });
      await waitForDelivery(world.t.db, id);
    }

    const first = (
      await gqlData(world.t.app, token, REPLAY, { i: String(inst.installationId), since })
    ).replayWebhooks;
    expect(first.total).toBe(3);
    const refused = await gql(world.t.app, token, REPLAY, {
      i: String(sibling.installationId),
      since,
    });
    const error = gqlError(refused);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(error.message).toMatch(/at most 4 events a day/);
    expect(refused.body.errors[0].extensions.retry_after).toBeGreaterThan(0);
    expect(
      await world.t.db
        .selectFrom('control.webhook_replays')
        .select('replay_id')
        .where('installation_id', '=', sibling.installationId)
        .execute(),
    ).toEqual([]);
  });
});
