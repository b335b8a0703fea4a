import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { sql } from 'kysely';
import { fileURLToPath } from 'node:url';
import { loadWebhookContract } from '../../codegen/events.js';
import {
  EVENT_NAMES,
  type EventDataMap,
  type EventName,
} from '../../src/generated/events.generated.js';
import { encrypt, generateWebhookSecret } from '../../src/lib/secrets.js';
import { WebhookHttpClient } from '../../src/domain/webhooks/delivery/http-client.js';
import { isLifecycleEvent } from '../../src/domain/webhooks/delivery/subscriptions.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, TEST_ENV, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { seedOrder } from '../support/order-builders.js';
import { createTestTls, type TestTls } from '../support/tls.js';
import {
  attemptsOf,
  deliveriesOf,
  emit,
  hasValidSignature,
  scopeOf,
  waitForDelivery,
} from '../support/webhook-fixtures.js';
import {
  expectValidWebhook,
  ok,
  startReceiver,
  waitUntil,
  type Receiver,
  type ReceivedRequest,
} from '../support/webhook-receiver.js';

// Outbound deliveries end to end: outbox -> fan-out -> delivery worker -> a real HTTPS receiver
// with a throwaway CA. Waits are scaled down (backoff 1 s, timeout 1 s). Each test waits for its
// deliveries to settle and reads only the requests of its own deliveries.

let t: TestContext;
let tls: TestTls;
let receiver: Receiver;
let inst: InstallationFixture;

beforeAll(async () => {
  tls = createTestTls();
  receiver = await startReceiver(tls);
  t = await createTestContext(
    {
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_WEBHOOK_BACKOFF_SECONDS: '1,1,1',
      SVC_WEBHOOK_TIMEOUT_MS: '1000',
    },
    { jobs: { webhookCa: tls.ca } },
  );
  inst = await createInstallation(t.db, { webhookEndpoint: receiver.url('/hook') });
});
// Every webhook the service sent in this file matched asyncapi.yaml (body and headers).
afterEach(() => expect(receiver.invalid).toEqual([]));
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.requests.length = 0;
  receiver.respond(ok);
});

/** The requests of one delivery (other tests' retries may still arrive on the shared receiver). */
const requestsOf = (deliveryId: string) =>
  receiver.requests.filter((req) => req.headers['x-svc-delivery'] === deliveryId);
/** One request per delivery: on a loaded machine an attempt can time out after it arrived, and its retry arrives again (at least once). */
const firstOfEach = (requests: ReceivedRequest[]) =>
  requests.filter(
    (req, i) =>
      requests.findIndex(
        (other) => other.headers['x-svc-delivery'] === req.headers['x-svc-delivery'],
      ) === i,
  );

const orderPaid = (orderId = 90412): EventDataMap['order.paid'] => ({
  order_id: orderId,
  order_number: `ORD-${orderId}`,
  total: '48.50',
  paid_at: '2026-03-14T18:40:00Z',
});

describe('when an event fires for a subscribed installation', () => {
  it('then the receiver gets one POST signed over its exact bytes, with the headers and envelope of asyncapi.yaml', async () => {
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid());
    const [log] = await waitForDelivery(t.db, eventId);
    const [req] = requestsOf(log!.delivery_id);
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/hook');
    expect(hasValidSignature(req!, inst.webhookSecret)).toBe(true);
    const body = expectValidWebhook(req!);
    expect(body).toEqual({
      id: eventId,
      event: 'order.paid',
      timestamp: expect.any(String),
      installation_id: inst.installationId,
      // Emitted in head's shape; delivered in 2026-11-21's, the installation's pin.
      data: {
        order_id: 90412,
        unique_orderid: 'ORD-90412',
        total: '48.50',
        paid_at: '2026-03-14T18:40:00Z',
      },
      sequence: 1,
      request_id: null,
    });
    expect(req!.headers['x-svc-delivery']).toBe(log!.delivery_id);
    expect(req!.headers['x-svc-attempt']).toBe('1');
    // The plugin's pinned API version (created before versions existed: the first).
    expect(req!.headers['x-svc-api-version']).toBe('2026-11-21');
    expect(log).toMatchObject({
      status: 'delivered',
      attempts: 1,
      http_status: 200,
      error_message: null,
      installation_id: inst.installationId,
    });
    const [attempt] = await attemptsOf(t.db, log!.log_id);
    expect(attempt).toMatchObject({
      attempt: 1,
      status: 'delivered',
      http_status: 200,
      refusal_reason: null,
      remote_address: '127.0.0.1',
    });
    expect(attempt!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('then every one of the 20 events arrives with a body and headers valid against asyncapi.yaml', async () => {
    const contract = await loadWebhookContract(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    );
    const ids: string[] = [];
    for (const name of EVENT_NAMES) {
      const example = contract.events.find((e) => e.name === name)!.examples[0]!
        .payload as unknown as { data: EventDataMap[EventName] };
      const scope = scopeOf(
        inst,
        isLifecycleEvent(name) ? { installationId: inst.installationId } : {},
      );
      ids.push(await emit(t, scope, name, example.data));
    }
    const logs = (await Promise.all(ids.map((id) => waitForDelivery(t.db, id)))).flat();
    expect(logs.map((log) => log.status)).toEqual(EVENT_NAMES.map(() => 'delivered'));
    const received = logs
      .flatMap((log) => requestsOf(log.delivery_id).slice(0, 1))
      .map((req) => {
        expect(hasValidSignature(req, inst.webhookSecret)).toBe(true);
        return expectValidWebhook(req);
      });
    expect(received.map((body) => body.event).sort()).toEqual([...EVENT_NAMES].sort());
    expect(received.map((body) => body.id).sort()).toEqual([...ids].sort());
  });

  it('then the two payment.succeeded bodies of one capture arrive as two deliveries with different shapes', async () => {
    // Both shapes emitted by one transaction, as the capture does (end to end below).
    const scope = scopeOf(inst);
    const [observer, capture] = await t.db.transaction().execute(async (trx) => {
      return [
        await t.events.emit(trx, scope, 'payment.succeeded', {
          transaction_id: 88123,
          order_id: 90412,
          amount: '20.00',
          currency: 'EUR',
          payment_method: 'card',
          tip_amount: '0.00',
          tax_amount: '3.74',
          discount_amount: '0.00',
          processor_payment_intent_id: null,
          transaction_type: 'sale',
          processed_at: '2026-03-14T19:02:11Z',
        }),
        await t.events.emit(trx, scope, 'payment.succeeded', {
          payment_id: 88123,
          order_id: 90412,
          amount: '20.00',
          currency: 'EUR',
          payment_method: 'card',
          provider: 'stripe',
          provider_transaction_id: 'pi_3P2kQ9',
          remaining_balance: 28.5,
        }),
      ];
    });
    const logs = [
      ...(await waitForDelivery(t.db, observer.eventId)),
      ...(await waitForDelivery(t.db, capture.eventId)),
    ];
    const bodies = logs
      .flatMap((log) => requestsOf(log.delivery_id).slice(0, 1))
      .map(expectValidWebhook);
    expect(bodies).toHaveLength(2);
    const byShape = (key: string) => bodies.find((body) => key in body.data)!;
    expect(byShape('transaction_id').id).toBe(observer.eventId);
    expect(byShape('payment_id').id).toBe(capture.eventId);
    expect(Object.keys(byShape('payment_id').data)).not.toEqual(
      expect.arrayContaining(['tip_amount']),
    );
    expect(new Set(logs.map((log) => log.delivery_id)).size).toBe(2);
  });
});

describe('when a plugin captures a payment through the Data API', () => {
  it('then its installation receives the two payment.succeeded webhooks of the capture, observer and capture shape', async () => {
    const payer = await createInstallation(t.db, {
      webhookEndpoint: receiver.url('/payments'),
      supportedEvents: ['payment.*'],
    });
    const order = await seedOrder(t.db, payer, { status: 'SERVED', total: '48.50' });
    const res = await call(t.app, 'post', `/orders/${order.order_id}/payments`, {
      key: payer.apiKey,
      body: {
        amount: 20,
        currency: 'EUR',
        payment_method: 'card',
        provider: 'stripe',
        provider_transaction_id: 'pi_capture_e2e',
      },
    });
    expect(res.status).toBe(201);
    await waitUntil(
      async () => {
        const rows = await t.db
          .selectFrom('control.webhook_logs')
          .select('status')
          .where('installation_id', '=', payer.installationId)
          .execute();
        return rows.length === 2 && rows.every((row) => row.status === 'delivered');
      },
      20_000,
      'the two payment.succeeded deliveries',
    );
    const bodies = firstOfEach(receiver.requests.filter((req) => req.path === '/payments')).map(
      (req) => {
        expect(hasValidSignature(req, payer.webhookSecret)).toBe(true);
        return expectValidWebhook(req);
      },
    );
    expect(bodies.map((body) => body.event)).toEqual(['payment.succeeded', 'payment.succeeded']);
    const observer = bodies.find((body) => 'transaction_id' in body.data)!;
    const capture = bodies.find((body) => 'payment_id' in body.data)!;
    expect(observer.data).toMatchObject({
      transaction_id: res.body.data.payment_id,
      order_id: order.order_id,
      amount: '20.00',
    });
    expect(capture.data).toMatchObject({
      payment_id: res.body.data.payment_id,
      provider: 'stripe',
      provider_transaction_id: 'pi_capture_e2e',
      remaining_balance: 28.5,
    });
    expect(capture.data).not.toHaveProperty('tip_amount');
    expect(observer.id).not.toBe(capture.id);
  });
});

describe('when the receiver does not answer 2xx', () => {
  it('then a 500 is retried with the configured waits, the same delivery id and increasing attempt numbers, and recorded each time', async () => {
    const errorBody = `{"error":"maintenance","detail":"${'x'.repeat(800)}"}`;
    receiver.respond((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' }).end(errorBody);
    });
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid(2));
    const [log] = await waitForDelivery(t.db, eventId, 1, 15_000);
    const requests = requestsOf(log!.delivery_id);
    expect(requests.map((req) => req.headers['x-svc-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(requests.map((req) => req.body.toString()))).toHaveProperty('size', 1);
    for (const req of requests) expect(hasValidSignature(req, inst.webhookSecret)).toBe(true);
    for (let i = 1; i < requests.length; i++)
      expect(requests[i]!.at - requests[i - 1]!.at).toBeGreaterThanOrEqual(950);
    const expected = `HTTP 500: ${errorBody.slice(0, 500)}`;
    expect(log).toMatchObject({
      status: 'failed',
      attempts: 3,
      http_status: 500,
      error_message: expected,
    });
    const attempts = await attemptsOf(t.db, log!.log_id);
    expect(attempts.map((a) => [a.attempt, a.status, a.http_status, a.error_message])).toEqual(
      [1, 2, 3].map((n) => [n, 'failed', 500, expected]),
    );
  });

  it('then a retry that succeeds marks the delivery delivered', async () => {
    receiver.respond((req, res) => {
      res.writeHead(req.headers['x-svc-attempt'] === '1' ? 503 : 204).end();
    });
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid(3));
    const [log] = await waitForDelivery(t.db, eventId);
    expect(log).toMatchObject({
      status: 'delivered',
      attempts: 2,
      http_status: 204,
      error_message: null,
    });
    expect((await attemptsOf(t.db, log!.log_id)).map((a) => a.status)).toEqual([
      'failed',
      'delivered',
    ]);
  });

  it('then a 410 Gone ends the delivery after that attempt, saying the receiver asked to stop', async () => {
    receiver.respond((_req, res) => {
      res.writeHead(410).end('gone');
    });
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid(41));
    const [log] = await waitForDelivery(t.db, eventId, 1, 15_000);
    expect(log).toMatchObject({ status: 'failed', attempts: 1, http_status: 410 });
    expect(log!.error_message).toContain('the receiver asked to stop');
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // longer than the 1 s backoff: no retry comes
    expect(requestsOf(log!.delivery_id)).toHaveLength(1);
  });

  it('then Retry-After: 120 on a 503 moves the next attempt to at least 120 s later, without adding attempts', async () => {
    receiver.respond((_req, res) => {
      res.writeHead(503, { 'retry-after': '120' }).end();
    });
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid(42));
    let logId = 0;
    await waitUntil(
      async () => {
        const [log] = await deliveriesOf(t.db, eventId);
        logId = log?.log_id ?? 0;
        return (log?.attempts ?? 0) >= 1;
      },
      15_000,
      'the first attempt',
    );
    const { rows } = await sql<{ wait: number }>`
      select extract(epoch from start_after - created_on)::float as wait
        from pgboss.job
       where name = 'webhook-delivery' and data->'attempts' @> ${JSON.stringify([{ logId, attempt: 2 }])}::jsonb`.execute(
      t.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.wait).toBeGreaterThanOrEqual(119);
    expect(rows[0]!.wait).toBeLessThanOrEqual(3_600);
    const [log] = await deliveriesOf(t.db, eventId);
    expect(log).toMatchObject({ status: 'pending', attempts: 1, http_status: 503 });
  });

  it('then a 302 is a failed attempt and the redirect is not followed', async () => {
    receiver.respond((req, res) => {
      if (req.path === '/hook')
        res.writeHead(302, { location: receiver.url('/elsewhere') }).end('moved');
      else res.writeHead(200).end();
    });
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid(4));
    const [log] = await waitForDelivery(t.db, eventId, 1, 15_000);
    expect(requestsOf(log!.delivery_id).map((req) => req.path)).toEqual([
      '/hook',
      '/hook',
      '/hook',
    ]);
    expect(receiver.requests.filter((req) => req.path === '/elsewhere')).toEqual([]);
    expect(log).toMatchObject({
      status: 'failed',
      http_status: 302,
      error_message: 'HTTP 302 (redirects are not followed): moved',
    });
  });

  it('then a receiver slower than SVC_WEBHOOK_TIMEOUT_MS times out', async () => {
    receiver.respond((_req, res) => void setTimeout(() => res.writeHead(200).end(), 2_000));
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid(5));
    const [log] = await waitForDelivery(t.db, eventId, 1, 15_000);
    expect(log).toMatchObject({
      status: 'failed',
      attempts: 3,
      http_status: null,
      error_message: 'Timed out after 1000 ms',
    });
    const attempts = await attemptsOf(t.db, log!.log_id);
    for (const attempt of attempts) expect(attempt.duration_ms).toBeGreaterThanOrEqual(950);
  });

  it('then an attempt after a secret rotation is signed with the new secret', async () => {
    receiver.respond((req, res) => {
      res.writeHead(req.headers['x-svc-attempt'] === '1' ? 500 : 200).end();
    });
    const eventId = await emit(t, scopeOf(inst), 'order.paid', orderPaid(6));
    await waitUntil(() => receiver.requests.some((req) => expectValidWebhook(req).id === eventId));
    const rotated = generateWebhookSecret();
    await t.db
      .updateTable('control.plugins')
      .set({
        webhook_secret_enc: encrypt(Buffer.from(TEST_ENV.SVC_ENCRYPTION_KEY!, 'base64'), rotated),
      })
      .where('plugin_id', '=', inst.pluginId)
      .execute();
    const [log] = await waitForDelivery(t.db, eventId);
    const [first, second] = requestsOf(log!.delivery_id);
    expect(hasValidSignature(first!, inst.webhookSecret)).toBe(true);
    expect(hasValidSignature(second!, rotated)).toBe(true);
    expect(hasValidSignature(second!, inst.webhookSecret)).toBe(false);
    expect(second!.body.equals(first!.body)).toBe(true);
    await t.db
      .updateTable('control.plugins')
      .set({
        webhook_secret_enc: encrypt(
          Buffer.from(TEST_ENV.SVC_ENCRYPTION_KEY!, 'base64'),
          inst.webhookSecret,
        ),
      })
      .where('plugin_id', '=', inst.pluginId)
      .execute();
  });
});

describe('when the destination is not allowed', () => {
  it('then a plain http endpoint is refused at delivery, recorded with its reason and not retried', async () => {
    const plain = await createInstallation(t.db, {
      webhookEndpoint: `http://localhost:${receiver.port}/hook`,
    });
    const eventId = await emit(t, scopeOf(plain), 'order.paid', orderPaid(7));
    const [log] = await waitForDelivery(t.db, eventId);
    expect(log).toMatchObject({ status: 'failed', attempts: 1, http_status: null });
    expect(log!.error_message).toMatch(/must use https/);
    const [attempt] = await attemptsOf(t.db, log!.log_id);
    expect(attempt).toMatchObject({
      status: 'failed',
      refusal_reason: 'insecure_scheme',
      remote_address: null,
    });
    expect(requestsOf(log!.delivery_id)).toHaveLength(0);
  });

  it('then, without SVC_WEBHOOK_ALLOW_PRIVATE, a name that resolves to loopback is refused before any connection', async () => {
    const client = new WebhookHttpClient({ timeoutMs: 500, allowPrivate: false, ca: tls.ca });
    const result = await client.post(receiver.url('/guarded'), Buffer.from('{}'), {
      'Content-Type': 'application/json',
    });
    await client.close();
    expect(result).toMatchObject({
      ok: false,
      refusalReason: 'loopback',
      httpStatus: null,
      retryable: true,
    });
    expect(result.errorMessage).toBe('localhost resolves to a non-public address.');
    expect(result.errorMessage).not.toMatch(/127\.0\.0\.1|::1/);
    expect(receiver.requests.filter((req) => req.path === '/guarded')).toHaveLength(0);
  });
});
