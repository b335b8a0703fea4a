import { beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import supertest from 'supertest';
import { parse } from 'yaml';
import { answeredVersions, loadApiVersions } from '../../src/domain/api-versions/index.js';
import { sendTestWebhook } from '../../src/domain/webhooks/tester.js';
import { createSandboxInstallation } from '../support/builders.js';
import type { TestContext } from '../support/context.js';
import { asyncapiAsSchema } from '../support/versioned-contracts.js';
import { hasValidSignature, webhookWorld } from '../support/webhook-fixtures.js';
import { waitUntil, type ReceivedRequest, type Receiver } from '../support/webhook-receiver.js';

// One delivery per event at each version, against /asyncapi.yaml?version=. For each version the
// app answers in, an installation pinned at it gets, through the portal's tester (the delivery
// pipeline's worker, signing and log), one webhook of each event its served asyncapi.yaml sends,
// at a real HTTPS receiver. Each body matches that served contract's message payload, says the pin
// in X-Svc-Api-Version, and X-Svc-Signature verifies over the bytes received.

const VERSIONS = answeredVersions((await loadApiVersions()).catalog());
/** An order's human-readable identifier in order events: `order_number` from 2026-11-29 on. */
const orderNumberAt = (version: string) =>
  version < '2026-11-29' ? ['unique_orderid', 'order_number'] : ['order_number', 'unique_orderid'];

const world = webhookWorld();
let t: TestContext;
let receiver: Receiver;
beforeAll(() => {
  ({ t, receiver } = world);
});

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true });
addFormats(ajv);

type Doc = Record<string, unknown>;
interface Message {
  name: string;
  payload: { $ref: string };
}

/** The value a local `#/...` JSON pointer names in `doc`. */
function at(doc: Doc, ref: string): Doc {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Doc>((node, part) => node[part] as Doc, doc);
}

/** The messages the platform sends (the `send` operations), each resolved to its definition. */
function sentMessages(doc: Doc): Message[] {
  const resolve = (node: Doc): Doc =>
    typeof node.$ref === 'string' ? resolve(at(doc, node.$ref)) : node;
  return Object.values(doc.operations as Record<string, { action: string; messages: Doc[] }>)
    .filter((op) => op.action === 'send')
    .flatMap((op) => op.messages.map((m) => resolve(m) as unknown as Message));
}

const logOf = (logId: number) =>
  t.db
    .selectFrom('control.webhook_logs')
    .select(['status', 'event_id'])
    .where('log_id', '=', logId)
    .executeTakeFirstOrThrow();

describe.each(VERSIONS)('API version %s', (version) => {
  let served: Doc;
  let messages: Message[];

  beforeAll(async () => {
    const res = await supertest(t.app).get(`/asyncapi.yaml?version=${version}`);
    expect(res.status).toBe(200);
    served = parse(res.text) as Doc;
    messages = sentMessages(served);
    ajv.addSchema(asyncapiAsSchema(served), `served-asyncapi-${version}`);
  });

  it('when one webhook of each event its /asyncapi.yaml sends is delivered to an installation pinned at it, then each matches that contract, carries the pin and is signed over its bytes', async () => {
    expect(messages.length).toBeGreaterThanOrEqual(20);
    const inst = await createSandboxInstallation(t.db, {
      webhookEndpoint: receiver.url(`/pinned/${version}`),
    });
    await t.db
      .updateTable('control.plugins')
      .set({ api_version: version })
      .where('plugin_id', '=', inst.pluginId)
      .execute();

    const sent: { message: Message; logId: number }[] = [];
    for (const message of messages) {
      const { logId } = await sendTestWebhook(t.db, t.queue, t.config, {
        installationId: inst.installationId,
        event: message.name,
      });
      sent.push({ message, logId });
    }
    const received = new Map<string, ReceivedRequest>();
    for (const { logId } of sent) {
      await waitUntil(
        async () => (await logOf(logId)).status !== 'pending',
        20_000,
        `log ${logId}`,
      );
      const { event_id: eventId } = await logOf(logId);
      const req = receiver.requests.find((r) => JSON.parse(r.body.toString()).id === eventId);
      if (req) received.set(String(logId), req);
    }

    const failures: string[] = [];
    for (const { message, logId } of sent) {
      const req = received.get(String(logId));
      if (!req) {
        failures.push(`${message.name}: not delivered (log ${logId})`);
        continue;
      }
      const body = JSON.parse(req.body.toString('utf8')) as { event: string; data: Doc };
      const validate = ajv.getSchema(`served-asyncapi-${version}${message.payload.$ref}`)!;
      if (!validate(body))
        failures.push(`${message.name}: ${ajv.errorsText(validate.errors)}\n${req.body}`);
      if (body.event !== message.name) failures.push(`${message.name}: event ${body.event}`);
      if (req.headers['x-svc-api-version'] !== version)
        failures.push(`${message.name}: X-Svc-Api-Version ${req.headers['x-svc-api-version']}`);
      if (!hasValidSignature(req, inst.webhookSecret))
        failures.push(`${message.name}: X-Svc-Signature does not verify over the body`);
      if (message.name.startsWith('order.')) {
        const [name, other] = orderNumberAt(version) as [string, string];
        if (typeof body.data[name] !== 'string' || other in body.data)
          failures.push(`${message.name}: data names its number other than ${name}: ${req.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(new Set(sent.map((s) => s.message.name)).size).toBe(messages.length);
  });
});
