import { beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { EventDataMap } from '../../src/generated/events.generated.js';
import { installInProduction } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { createProjectAndPlugin, gqlData, signUpDeveloper } from '../support/portal-builders.js';
import { emit, hasValidSignature, scopeOf, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil, type Receiver, type ReceivedRequest } from '../support/webhook-receiver.js';

// An extra webhook endpoint's rateLimitPerSecond caps the deliveries it receives a second, across
// every worker process; the excess waits for a later second: not failed, and waiting is not an
// attempt. The windows are the database clock's whole seconds (at most the limit start in each):
// the burst starts at the beginning of a second, so the receiver's whole seconds are the same ones.
// Another endpoint of the same plugin without a limit is not slowed.

const LIMIT = 5;
const BURST = 30;
const LATER = 10;
const world = webhookWorld();
let t: TestContext;
let receiver: Receiver;
let scope: ReturnType<typeof scopeOf>;
const secret: Record<'limited' | 'free', string> = { limited: '', free: '' };

const CREATE = `mutation($p: ID!, $input: CreateWebhookEndpointInput!) {
  createWebhookEndpoint(pluginId: $p, input: $input) { endpoint { id } secret } }`;

beforeAll(async () => {
  ({ t, receiver } = world);
  const dev = await signUpDeveloper(t.app);
  // The primary endpoint takes only payments: the order events go to the extra endpoints alone.
  const { pluginId } = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: receiver.url('/primary'),
    supportedEvents: ['payment.*'],
  });
  const installation = await installInProduction(t.db, pluginId);
  scope = scopeOf(installation);
  const create = async (path: string, extra: Record<string, unknown>) =>
    (
      await gqlData(t.app, dev.token, CREATE, {
        p: pluginId,
        input: { url: receiver.url(path), events: ['order.created'], ...extra },
      })
    ).createWebhookEndpoint.secret as string;
  secret.limited = await create('/limited', { rateLimitPerSecond: LIMIT });
  secret.free = await create('/free', {});
});

const orderCreated = (n: number): EventDataMap['order.created'] => ({
  order_id: n,
  order_number: `ORD-${n}`,
  table_number: '4',
  order_status: 'CREATED',
  total: '12.50',
  party_size: 2,
  created_at: '2026-03-14T18:32:05Z',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const to = (path: string) => receiver.requests.filter((req) => req.path === path);
const deliveryIds = (requests: ReceivedRequest[]) =>
  requests.map((req) => String(req.headers['x-svc-delivery']));

/** Emits events numbered from..to in one transaction (one fan-out: their attempts are admitted together). */
const burst = (from: number, to: number) =>
  t.db.transaction().execute(async (trx) => {
    for (let n = from; n <= to; n += 1)
      await t.events.emit(trx, scope, 'order.created', orderCreated(n));
  });

/** The attempts the delivery queue was given again for later ('line' jobs). */
const queuedAgain = async () =>
  (
    await sql<{ n: number }>`
      select coalesce(sum(jsonb_array_length(data->'attempts')), 0)::int as n
        from pgboss.job where name = 'webhook-delivery' and data->>'kind' = 'line'`.execute(t.db)
  ).rows[0]!.n;

describe('an extra endpoint with rateLimitPerSecond', () => {
  it(`when a burst of ${BURST} events, then ${LATER} more, reach an endpoint limited to ${LIMIT} a second, then it receives at most ${LIMIT} in any whole second, all of them, each in one attempt and queued again at most once; the plugin's endpoint without a limit receives the burst at once`, async () => {
    // One event first, so the burst finds the endpoints' connections open (a request admitted at
    // the end of a second would otherwise arrive in the next one, after its TLS handshake).
    await emit(t, scope, 'order.created', orderCreated(1000));
    await waitUntil(() => to('/limited').length === 1 && to('/free').length === 1);
    receiver.requests.length = 0;
    // At the beginning of a second: the windows and the receiver's seconds line up.
    await sleep(1000 - (Date.now() % 1000) + 20);
    const startedAt = Date.now();
    await burst(1, BURST);
    await waitUntil(() => to('/free').length === BURST, 10_000, 'the burst at /free');
    const freeDoneAt = Math.max(...to('/free').map((req) => req.at));
    // Behind the backlog: these wait for the seconds after it, not for places it comes back for.
    await sleep(startedAt + 1500 - Date.now());
    await burst(BURST + 1, BURST + LATER);

    const total = BURST + LATER;
    await waitUntil(() => to('/limited').length >= total, 20_000, 'every event at /limited');
    await sleep(1500);
    const limited = to('/limited');
    expect(limited).toHaveLength(total);
    expect(new Set(deliveryIds(limited)).size).toBe(total);
    // Per second in which each attempt started: its webhook-timestamp, signed as it is sent, right
    // after its admission. (When it arrived can be the next second on a busy machine, beside the
    // next second's own attempts: the limit is on attempts started, not on arrivals.)
    const perSecond = new Map<number, number>();
    for (const req of limited) {
      const second = Number(req.headers['webhook-timestamp']);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(LIMIT);
    // Spread over about total / LIMIT seconds, not much more.
    const lastAt = Math.max(...limited.map((req) => req.at));
    expect(lastAt - startedAt).toBeGreaterThanOrEqual((total / LIMIT - 1) * 1000);
    expect(lastAt - startedAt).toBeLessThan((total / LIMIT + 3) * 1000);
    // The endpoint without a limit was not held back by its neighbour's.
    expect(freeDoneAt - startedAt).toBeLessThan(3000);
    expect(limited.every((req) => hasValidSignature(req, secret.limited))).toBe(true);
    // Each attempt past the limit was queued again once, for its own second.
    expect(await queuedAgain()).toBe(total - LIMIT);

    // Waiting is not an attempt: every delivery delivered at its first.
    const { rows } = await sql<{ status: string; attempts: number; recorded: number }>`
      select l.status, l.attempts,
             (select count(*)::int from control.webhook_delivery_attempts a where a.log_id = l.log_id) as recorded
        from control.webhook_logs l
       where l.delivery_id = any(${deliveryIds(limited)}::uuid[])`.execute(t.db);
    expect(rows).toHaveLength(total);
    expect(
      rows.every((r) => r.status === 'delivered' && r.attempts === 1 && r.recorded === 1),
    ).toBe(true);
  }, 60_000);
});
