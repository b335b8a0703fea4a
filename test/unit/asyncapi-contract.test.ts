import { beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  dereferenceSchema,
  generateEvents,
  loadWebhookContract,
  type Json,
  type JsonObject,
  type WebhookContract,
} from '../../codegen/events.js';

// ajv-formats is CommonJS: under NodeNext its default import is typed as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The spec's catalog ("Catalog (20 events, 8 families)"), written out on purpose: this test holds
// asyncapi.yaml to the spec, so it must not read the list from asyncapi.yaml itself.
const SPEC_CATALOG = [
  'order.created',
  'order.status_changed',
  'order.items_added',
  'order.paid',
  'order.cancelled',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'menu.item_created',
  'menu.item_updated',
  'menu.item_deleted',
  'inventory.stock_updated',
  'inventory.low_stock',
  'inventory.low_stock_resolved',
  'installation.created',
  'installation.removed',
  'trial.started',
  'trial.ending',
  'subscription.activated',
  'sandbox.expiry_warning',
];
const SPEC_FAMILIES = [
  'order',
  'payment',
  'menu',
  'inventory',
  'sandbox',
  'installation',
  'subscription',
  'trial',
];

let contract: WebhookContract;
const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);

const clone = <T>(value: T): T => structuredClone(value);
const eventOf = (name: string) => {
  const event = contract.events.find((candidate) => candidate.name === name);
  if (!event) throw new Error(`no message for ${name}`);
  return event;
};
const isValid = (schema: Json, value: unknown): boolean =>
  ajv.validate(dereferenceSchema(contract.document, schema) as object, value);
/** Whether `body` is a valid webhook body for the event. */
const validBody = (name: string, body: unknown): boolean => isValid(eventOf(name).envelope, body);
/** A fresh copy of an example body of the event (by example name, or the first). */
const exampleBody = (name: string, exampleName?: string): JsonObject & { data: JsonObject } => {
  const examples = eventOf(name).examples;
  const example =
    exampleName === undefined
      ? examples[0]
      : examples.find((candidate) => candidate.name === exampleName);
  if (!example) throw new Error(`no example ${exampleName ?? ''} for ${name}`);
  return clone(example.payload) as JsonObject & { data: JsonObject };
};

beforeAll(async () => {
  contract = await loadWebhookContract(root);
});

describe('asyncapi.yaml catalog', () => {
  it('declares exactly the 20 events of the spec, in catalog order', () => {
    expect(contract.events.map((event) => event.name)).toEqual(SPEC_CATALOG);
  });

  it('groups them in the 8 wildcard families of the spec', () => {
    expect([...contract.families].sort()).toEqual([...SPEC_FAMILIES].sort());
    for (const event of contract.events) {
      expect(event.family).toBe(event.name.split('.')[0]);
      expect(event.tags).toContain(event.family);
    }
  });

  it('gives every message a title, a summary and at least one example', () => {
    const messages = (contract.document.components as JsonObject).messages as Record<
      string,
      JsonObject
    >;
    for (const event of contract.events) {
      const message = messages[event.messageKey] ?? {};
      expect(typeof message.title).toBe('string');
      expect(typeof message.summary).toBe('string');
      expect(event.examples.length).toBeGreaterThan(0);
    }
  });
});

describe('when the examples are validated', () => {
  it.each(SPEC_CATALOG)('then every example of %s matches its body and headers schemas', (name) => {
    const event = eventOf(name);
    for (const example of event.examples) {
      const outcome = { example: example.name, valid: isValid(event.envelope, example.payload) };
      expect(outcome).toEqual({ example: example.name, valid: true });
      expect(isValid(event.headers, example.headers)).toBe(true);
      expect((example.payload as JsonObject).event).toBe(name);
    }
  });

  it('then the inbound example matches the inbound body and headers schemas', () => {
    for (const example of contract.inbound.examples) {
      expect(isValid(contract.inbound.payload, example.payload)).toBe(true);
      expect(isValid(contract.inbound.headers, example.headers)).toBe(true);
    }
  });
});

describe('when a body departs from the contract', () => {
  it('then a capture-shape payment.succeeded without provider_transaction_id is rejected', () => {
    const body = exampleBody('payment.succeeded', 'capture');
    delete body.data.provider_transaction_id;
    expect(validBody('payment.succeeded', body)).toBe(false);
  });

  it('then a payment.succeeded carrying both transaction_id and payment_id is rejected', () => {
    const body = exampleBody('payment.succeeded', 'capture');
    body.data.transaction_id = 551231;
    expect(validBody('payment.succeeded', body)).toBe(false);
    const observer = exampleBody('payment.succeeded', 'observer');
    observer.data.payment_id = 551230;
    expect(validBody('payment.succeeded', observer)).toBe(false);
  });

  it('then the capture shape needs remaining_balance as a JSON number', () => {
    const body = exampleBody('payment.succeeded', 'capture');
    body.data.remaining_balance = '14.50';
    expect(validBody('payment.succeeded', body)).toBe(false);
  });

  it('then the observer shape needs processor_payment_intent_id, null allowed', () => {
    const body = exampleBody('payment.succeeded', 'observer');
    body.data.processor_payment_intent_id = null;
    expect(validBody('payment.succeeded', body)).toBe(true);
    delete body.data.processor_payment_intent_id;
    expect(validBody('payment.succeeded', body)).toBe(false);
  });

  it('then an order.created total given as a number is rejected', () => {
    const body = exampleBody('order.created');
    body.data.total = 48.5;
    expect(validBody('order.created', body)).toBe(false);
  });

  it('then order.created may omit total, party_size and created_at, but not send them as null (party_size aside)', () => {
    const body = exampleBody('order.created');
    delete body.data.total;
    delete body.data.party_size;
    delete body.data.created_at;
    expect(validBody('order.created', body)).toBe(true);
    expect(validBody('order.created', { ...body, data: { ...body.data, party_size: null } })).toBe(
      true,
    );
    expect(validBody('order.created', { ...body, data: { ...body.data, created_at: null } })).toBe(
      false,
    );
    expect(validBody('order.created', { ...body, data: { ...body.data, total: null } })).toBe(
      false,
    );
  });

  it('then order statuses must be internal values, not the plugin vocabulary', () => {
    const body = exampleBody('order.status_changed');
    body.data.new_status = 'in_progress';
    expect(validBody('order.status_changed', body)).toBe(false);
  });

  it('then installation.created without trial_ends_at (a free plugin) is accepted, and null is too', () => {
    const body = exampleBody('installation.created');
    expect('trial_ends_at' in body.data).toBe(false);
    expect(validBody('installation.created', body)).toBe(true);
    expect(
      validBody('installation.created', { ...body, data: { ...body.data, trial_ends_at: null } }),
    ).toBe(true);
    const vague = { ...body, data: { ...body.data, trial_ends_at: 'in two weeks' } };
    expect(validBody('installation.created', vague)).toBe(false);
  });

  it('then stock levels need four decimals', () => {
    const body = exampleBody('inventory.low_stock');
    (body.data.stock_level as JsonObject).on_hand = '3.85';
    expect(validBody('inventory.low_stock', body)).toBe(false);
  });

  it('then menu.item_updated needs changes', () => {
    const body = exampleBody('menu.item_updated');
    delete body.data.changes;
    expect(validBody('menu.item_updated', body)).toBe(false);
  });

  it('then unknown fields are accepted, because payloads gain fields over time', () => {
    const body = exampleBody('order.paid');
    body.data.currency = 'EUR';
    body.delivered_via = 'test';
    expect(validBody('order.paid', body)).toBe(true);
  });

  it('then the envelope needs the event id, its own event name and a timestamp with an offset', () => {
    const body = exampleBody('order.paid');
    expect(validBody('order.paid', { ...body, id: undefined })).toBe(false);
    expect(validBody('order.paid', { ...body, event: 'order.created' })).toBe(false);
    expect(validBody('order.paid', { ...body, timestamp: '2026-03-14T19:48:03' })).toBe(false);
  });

  it('then headers need a 1-based attempt and a lowercase hex signature', () => {
    const { headers } = eventOf('order.paid');
    const example = clone(eventOf('order.paid').examples[0]?.headers ?? {});
    expect(isValid(headers, { ...example, 'X-Svc-Attempt': '0' })).toBe(false);
    const upper = String(example['X-Svc-Signature']).toUpperCase();
    expect(isValid(headers, { ...example, 'X-Svc-Signature': upper })).toBe(false);
    const { 'X-Svc-Delivery': _omitted, ...withoutDelivery } = example;
    expect(isValid(headers, withoutDelivery)).toBe(false);
  });

  it('then headers need the Standard Webhooks trio, with one or two v1 signatures, and X-Svc-Signature-Previous is lowercase hex when sent', () => {
    const { headers } = eventOf('order.paid');
    const example = clone(eventOf('order.paid').examples[0]?.headers ?? {});
    expect(isValid(headers, example)).toBe(true);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const { [name]: _omitted, ...without } = example;
      expect(isValid(headers, without)).toBe(false);
    }
    const signature = String(example['webhook-signature']);
    expect(isValid(headers, { ...example, 'webhook-signature': `${signature} ${signature}` })).toBe(
      true,
    );
    expect(
      isValid(headers, {
        ...example,
        'webhook-signature': `${signature} ${signature} ${signature}`,
      }),
    ).toBe(false);
    expect(
      isValid(headers, { ...example, 'webhook-signature': signature.replace('v1,', 'v2,') }),
    ).toBe(false);
    expect(isValid(headers, { ...example, 'webhook-timestamp': '2026-03-14T19:48:03Z' })).toBe(
      false,
    );
    expect(
      isValid(headers, { ...example, 'X-Svc-Signature-Previous': example['X-Svc-Signature'] }),
    ).toBe(true);
    expect(
      isValid(headers, {
        ...example,
        'X-Svc-Signature-Previous': String(example['X-Svc-Signature']).toUpperCase(),
      }),
    ).toBe(false);
  });

  it('then the inbound body enforces its limits and refuses unknown fields', () => {
    const { payload } = contract.inbound;
    const body = { event_type: 'external.delivery.dispatched', payload: {}, idempotency_key: 'k' };
    expect(isValid(payload, body)).toBe(true);
    expect(isValid(payload, { event_type: 'x', payload: {} })).toBe(true);
    expect(isValid(payload, { ...body, event_type: `external.${'a'.repeat(92)}` })).toBe(false);
    expect(isValid(payload, { ...body, idempotency_key: 'k'.repeat(129) })).toBe(false);
    expect(isValid(payload, { event_type: 'external.x' })).toBe(false);
    expect(isValid(payload, { ...body, extra: true })).toBe(false);
  });
});

describe('when the event module is generated', () => {
  it('then it is one stable file with the banner, the catalog and the schemas', async () => {
    const first = await generateEvents(root);
    const second = await generateEvents(root);
    expect(second).toEqual(first);
    expect(first).toHaveLength(1);
    const [file] = first;
    expect(file?.path).toBe('src/generated/events.generated.ts');
    const content = file?.content ?? '';
    expect(content.split('\n')[0]).toBe(
      '// DO NOT EDIT. Generated from asyncapi.yaml by codegen/events.ts (make codegen).',
    );
    const names = /export const EVENT_NAMES = \[([^\]]*)\] as const;/.exec(content)?.[1] ?? '';
    expect([...names.matchAll(/'([^']+)'/g)].map((match) => match[1])).toEqual(SPEC_CATALOG);
    for (const declaration of [
      'export interface OrderCreatedData {',
      'export interface PaymentSucceededObserverData {',
      'export interface PaymentSucceededCaptureData {',
      'export interface EventDataMap {',
      'export const EVENT_DATA_SCHEMAS: Record<EventName, object>',
      'export const ENVELOPE_SCHEMAS: Record<EventName, object>',
      'export const EVENT_FAMILY: Record<EventName, EventFamily>',
      'export const INBOUND_WEBHOOK_SCHEMA',
    ]) {
      expect(content).toContain(declaration);
    }
  });
});
