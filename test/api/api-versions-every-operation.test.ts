import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import type { Document, OpenAPIBackend, Operation } from 'openapi-backend';
import supertest from 'supertest';
import { parse } from 'yaml';
import { answeredVersions, loadApiVersions } from '../../src/domain/api-versions/index.js';
import { installPlugin } from '../../src/domain/installations/marketplace.js';
import { fanOutPending } from '../../src/domain/webhooks/delivery/fanout.js';
import {
  createInstallation,
  createOrganization,
  createPlugin,
  type InstallationFixture,
} from '../support/builders.js';
import {
  createCustomer,
  createIngredient,
  createMenuItem,
  createStockLevel,
  linkTemplate,
} from '../support/catalog-builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { contractBackend, expectMatchesContract } from '../support/openapi.js';
import { seedOrder } from '../support/order-builders.js';

// One request per operation at each version, validated against /openapi.yaml?version= of that
// version. The operations are those of the contract the running app serves for the version (never
// a hand list); each is called once with X-Svc-Api-Version, its path parameters from fixtures made
// here and its body the example of that version's contract, adjusted only where an example names
// ids that must exist. Each answer is 2xx, says it was answered in that version, and its status
// and body match the fetched contract (call() also checks it against contracts/derived/).

const VERSIONS = answeredVersions((await loadApiVersions()).catalog());

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(() => t.close());

/** What one version's requests are made of: a fresh installation, so no write meets another's. */
interface Fixtures {
  inst: InstallationFixture;
  ids: Record<string, number>;
  /** Example ids of createOrder and bulkUpdateMenuAvailability, taken to real menu items in order. */
  items: number[];
  template: { template_id: number; option_id: number };
  sequence: number;
  setupToken: string;
}

async function fixtures(): Promise<Fixtures> {
  const inst = await createInstallation(t.db, { webhookEndpoint: 'https://hooks.example.com/svc' });
  const order = await seedOrder(t.db, inst, { status: 'CREATED' });
  const dish = await createMenuItem(t.db, inst.locationId, { price: '12.00' });
  const side = await createMenuItem(t.db, inst.locationId, { price: '4.50' });
  const template = await linkTemplate(t.db, dish.item_id, {
    locationId: inst.locationId,
    options: [{ name: 'Well done', price_delta: '0' }],
  });
  const customer = await createCustomer(t.db, inst.organizationId, {
    location_id: inst.locationId,
  });
  const ingredient = await createIngredient(t.db, inst.organizationId);
  await createStockLevel(t.db, {
    ingredientId: ingredient.ingredient_id,
    locationId: inst.locationId,
    onHand: '100',
  });
  const inbound = await signedPost(inst, '/webhooks/external', {
    event_type: 'external.fixture',
    payload: {},
    idempotency_key: randomUUID(),
  });
  // One event issued to the installation, so that there is a sequence to acknowledge.
  const moved = await call(t.app, 'put', `/orders/${order.order_id}`, {
    key: inst.apiKey,
    body: { status: 'in_progress' },
  });
  expect(moved.status).toBe(200);
  await fanOutPending(t.db, t.queue, 100);
  const feed = await call(t.app, 'get', '/events?limit=100', { key: inst.apiKey });
  const sequences = (feed.body.data as { sequence: number }[]).map((e) => e.sequence);
  expect(sequences.length).toBeGreaterThan(0);

  const plugin = await createPlugin(t.db);
  const org = await createOrganization(t.db);
  const { setupToken } = await installPlugin(t.db, t.events, {
    pluginId: plugin.pluginId,
    plane: 'production',
    sandboxId: null,
    organizationId: org.organizationId,
    locationId: org.locationId,
  });
  return {
    inst,
    ids: {
      orderId: (await seedOrder(t.db, inst, { status: 'CREATED' })).order_id,
      itemId: dish.item_id,
      locationId: inst.locationId,
      customerId: customer.customer_id,
      ingredientId: ingredient.ingredient_id,
      logId: inbound.body.data.log_id,
    },
    items: [dish.item_id, side.item_id],
    template: { template_id: template.template_id, option_id: template.options[0]!.option_id },
    sequence: Math.max(...sequences),
    setupToken: setupToken!,
  };
}

/** A POST signed with the plugin's webhook secret (X-Svc-Signature over the exact bytes). */
function signedPost(
  inst: InstallationFixture,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', inst.webhookSecret).update(raw).digest('hex');
  return call(t.app, 'post', path, {
    key: inst.apiKey,
    body: raw,
    headers: { ...headers, 'Content-Type': 'application/json', 'X-Svc-Signature': signature },
  });
}

type Body = Record<string, unknown>;

/** The request body's example in the contract: `example`, else the first of `examples`. */
function exampleOf(op: Operation): Body | undefined {
  const media = (
    op.requestBody as
      | { content: Record<string, { example?: Body; examples?: Record<string, { value: Body }> }> }
      | undefined
  )?.content['application/json'];
  if (!media) return undefined;
  const example = media.example ?? Object.values(media.examples ?? {})[0]?.value;
  if (!example) throw new Error(`${op.operationId} has a request body without an example`);
  return structuredClone(example);
}

/**
 * Where an example names ids or values that must exist (or be fresh) for the request to succeed,
 * the fixture's; every other field as the example has it.
 */
const ADJUST: Record<string, (body: Body, f: Fixtures) => Body> = {
  createOrder: (body, f) => ({
    ...body,
    items: (body.items as Body[]).map((line, n) => ({
      ...line,
      item_id: f.items[n % f.items.length],
      ...(line.customizations ? { customizations: [f.template] } : {}),
    })),
    ...(body.customer && (body.customer as Body).customer_id !== undefined
      ? { customer: { customer_id: f.ids.customerId } }
      : {}),
  }),
  bulkUpdateMenuAvailability: (body, f) => ({
    ...body,
    items: (body.items as Body[]).map((line, n) => ({
      ...line,
      item_id: f.items[n % f.items.length],
    })),
  }),
  captureOrderPayment: (body) => ({ ...body, provider_transaction_id: `pi_${randomUUID()}` }),
  createStockMovement: (body, f) => ({ ...body, location_id: f.inst.locationId }),
  acknowledgeEvents: (body, f) => ({ ...body, through: f.sequence }),
  exchangeSetupToken: (body, f) => ({ ...body, setup_token: f.setupToken }),
};

/** Orders each operation needs in its own state (payable, movable) rather than the shared one. */
async function pathIds(op: Operation, f: Fixtures, body: Body | undefined) {
  if (op.operationId === 'captureOrderPayment') {
    const amount = String(body?.amount);
    const order = await seedOrder(t.db, f.inst, {
      status: 'SERVED',
      total: Number(amount).toFixed(2),
      currency: String(body?.currency),
    });
    return { ...f.ids, orderId: order.order_id };
  }
  return f.ids;
}

async function send(op: Operation, version: string, f: Fixtures) {
  const example = exampleOf(op);
  const body = example && (ADJUST[op.operationId!]?.(example, f) ?? example);
  const ids = await pathIds(op, f, body);
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (ids[name] === undefined) throw new Error(`no fixture for {${name}} of ${op.operationId}`);
    return String(ids[name]);
  });
  const headers = { 'X-Svc-Api-Version': version };
  const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
  if (op.operationId === 'receiveExternalWebhook')
    return signedPost(f.inst, path, { ...body, idempotency_key: randomUUID() }, headers);
  if (op.operationId === 'exchangeSetupToken') return call(t.app, method, path, { body, headers });
  return call(t.app, method, path, { key: f.inst.apiKey, body, headers });
}

describe.each(VERSIONS)('API version %s', (version) => {
  let contract: OpenAPIBackend;
  let f: Fixtures;

  beforeAll(async () => {
    const served = await supertest(t.app).get(`/openapi.yaml?version=${version}`);
    expect(served.status).toBe(200);
    contract = await contractBackend(parse(served.text) as Document);
    f = await fixtures();
  });

  it('when each operation of its /openapi.yaml is called once, then each answers 2xx in that version, as that contract documents', async () => {
    const operations = contract.getOperations();
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const exercised = new Set<string>();
    const failures: string[] = [];
    for (const op of operations) {
      try {
        const res = await send(op, version, f);
        exercised.add(op.operationId!);
        await expectMatchesContract(contract, res);
        expect(res.headers['x-svc-api-version']).toBe(version);
        if (res.status >= 300)
          throw new Error(`answered ${res.status}: ${JSON.stringify(res.body)}`);
      } catch (err) {
        failures.push(`${op.operationId}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect([...exercised].sort()).toEqual(operations.map((op) => op.operationId).sort());
  });
});
