import { describe, expect, it } from '@jest/globals';
import { issueSessionToken } from '../../src/portal/auth.js';
import { createInstallation } from '../support/builders.js';
import { insertEventHistory } from '../support/event-history.js';
import { call } from '../support/http.js';
import { gqlData } from '../support/portal-builders.js';
import { webhookWorld } from '../support/webhook-fixtures.js';
import { ok, waitUntil } from '../support/webhook-receiver.js';

// Security review 3, finding 1: no database transaction stays open across a network call. An
// endpoint that never answers must not hold the rows an acknowledgement updates, nor the pool.

const world = webhookWorld({ SVC_WEBHOOK_TIMEOUT_MS: '2000' });

const REPLAY = `mutation($i: ID!, $since: DateTime!) { replayWebhooks(installationId: $i, since: $since, onlyFailed: true) { id total } }`;
const REPLAY_STATE =
  'query($id: ID!) { webhookReplay(id: $id) { status queued delivered failed } }';

/** The promise's value, or a failure naming what took longer than `ms`. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('outbound requests hold no database transaction', () => {
  it('when a replay of 250 failed deliveries sends to an endpoint that never answers, then 25 acknowledgements answer within 3 s and the pool still serves another tenant', async () => {
    const inst = await createInstallation(world.t.db, {
      webhookEndpoint: world.receiver.url('/tarpit'),
    });
    const other = await createInstallation(world.t.db);
    await insertEventHistory(world.t.db, {
      installationId: inst.installationId,
      count: 250,
      status: 'failed',
    });
    world.receiver.respond(() => {}); // TLS completes, no answer ever comes
    const { token } = await issueSessionToken(world.t.config, inst.developerId);
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const replay = (
      await gqlData(world.t.app, token, REPLAY, { i: String(inst.installationId), since })
    ).replayWebhooks;
    expect(replay.total).toBe(250);
    await world.receiver.waitFor(1); // the replay's first request is in flight

    // The app's first Data API request compiles its routes: not what is measured here.
    expect((await call(world.t.app, 'get', '/health', { key: other.apiKey })).status).toBe(200);
    const started = Date.now();
    const acks = await within(
      3000,
      'the acknowledgements',
      Promise.all(
        Array.from({ length: 25 }, () =>
          call(world.t.app, 'post', '/events/ack', { key: inst.apiKey, body: { through: 250 } }),
        ),
      ),
    );
    const health = await within(
      3000 - (Date.now() - started),
      "another tenant's request",
      call(world.t.app, 'get', '/health', { key: other.apiKey }),
    );
    expect(acks.map((res) => res.status)).toEqual(Array(25).fill(200));
    expect(acks.reduce((sum, res) => sum + res.body.data.cancelled_deliveries, 0)).toBe(250);
    expect(health.status).toBe(200);

    // The acknowledgement cancelled the rest of the chunk: no request after the one in flight.
    await waitUntil(
      async () =>
        (await gqlData(world.t.app, token, REPLAY_STATE, { id: replay.id })).webhookReplay
          .status === 'completed',
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 4500)); // past the request in flight's 2 s timeout
    expect(world.receiver.requests.length).toBeLessThanOrEqual(2);
    world.receiver.respond(ok);
  }, 90_000);
});
