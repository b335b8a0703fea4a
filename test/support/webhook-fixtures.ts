import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { EventScope, EventSink } from '../../src/domain/webhooks/delivery/outbox.js';
import type { EventDataMap, EventName } from '../../src/generated/events.generated.js';
import type { InstallationFixture } from './builders.js';
import { createTestContext, type TestContext } from './context.js';
import { createTestTls, type TestTls } from './tls.js';
import { startReceiver, type Receiver, type ReceivedRequest } from './webhook-receiver.js';

/** The production scope of a fixture installation's location. */
export const scopeOf = (
  inst: Pick<InstallationFixture, 'organizationId' | 'locationId'>,
  extra: Partial<EventScope> = {},
): EventScope => ({
  plane: 'production',
  sandboxId: null,
  organizationId: inst.organizationId,
  locationId: inst.locationId,
  ...extra,
});

/** Emits one event in its own committed transaction, as a domain write would. */
export async function emit<E extends EventName>(
  t: { db: Db; events: EventSink },
  scope: EventScope,
  event: E,
  data: EventDataMap[E],
): Promise<string> {
  const emitted = await t.db.transaction().execute((trx) => t.events.emit(trx, scope, event, data));
  return emitted.eventId;
}

export interface DeliveryLog {
  log_id: number;
  installation_id: number;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  http_status: number | null;
  error_message: string | null;
  delivery_id: string;
}

export async function deliveriesOf(db: Db, eventId: string): Promise<DeliveryLog[]> {
  const { rows } = await sql<DeliveryLog>`
    select log_id, installation_id, event_id, event_type, status, attempts, http_status, error_message, delivery_id
      from control.webhook_logs where event_id = ${eventId} and direction = 'outbound' order by log_id`.execute(
    db,
  );
  return rows;
}

export interface AttemptRow {
  attempt: number;
  status: string;
  http_status: number | null;
  error_message: string | null;
  refusal_reason: string | null;
  duration_ms: number;
  remote_address: string | null;
}

export async function attemptsOf(db: Db, logId: number): Promise<AttemptRow[]> {
  const { rows } = await sql<AttemptRow>`
    select attempt, status, http_status, error_message, refusal_reason, duration_ms, remote_address
      from control.webhook_delivery_attempts where log_id = ${logId} order by attempt`.execute(db);
  return rows;
}

/** Verifies X-Svc-Signature the way a plugin must: over the raw bytes, in constant time. */
export function hasValidSignature(req: ReceivedRequest, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(req.body).digest();
  const received = Buffer.from(String(req.headers['x-svc-signature'] ?? ''), 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** The request's headers, one string each (as the Standard Webhooks libraries take them). */
export function headersOf(req: ReceivedRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
}

/** Settles when the delivery log reaches a final status (or fails the test at the deadline). */
export async function waitForDelivery(
  db: Db,
  eventId: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<DeliveryLog[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const logs = await deliveriesOf(db, eventId);
    if (logs.length >= count && logs.every((log) => log.status !== 'pending')) return logs;
    if (Date.now() > deadline)
      throw new Error(
        `deliveries of ${eventId} not final after ${timeoutMs} ms: ${JSON.stringify(logs)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A test file's webhook setup: a throwaway CA, a real HTTPS receiver, and a context whose workers deliver to it. */
export interface WebhookWorld {
  t: TestContext;
  tls: TestTls;
  receiver: Receiver;
}

/**
 * Registers the file's hooks: before all, the CA, the receiver and a context with webhook workers
 * (private addresses allowed for the local receiver, backoff 1 s unless `env` says otherwise);
 * after each test, every webhook the service sent matched asyncapi.yaml (body and headers); before
 * each, the receiver's log is emptied; after all, both are closed. The world's fields are set once
 * the first beforeAll has run.
 */
export function webhookWorld(env: Record<string, string> = {}): WebhookWorld {
  const world = {} as WebhookWorld;
  beforeAll(async () => {
    world.tls = createTestTls();
    world.receiver = await startReceiver(world.tls);
    world.t = await createTestContext(
      { SVC_WEBHOOK_ALLOW_PRIVATE: '1', SVC_WEBHOOK_BACKOFF_SECONDS: '1', ...env },
      { jobs: { webhookCa: world.tls.ca } },
    );
  });
  afterEach(() => expect(world.receiver.invalid).toEqual([]));
  afterAll(async () => {
    await world.t?.close();
    await world.receiver?.close();
  });
  beforeEach(() => {
    world.receiver.requests.length = 0;
  });
  return world;
}
