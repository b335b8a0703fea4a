import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { EVENT_NAMES, type EventName } from '../../src/generated/events.generated.js';
import { createTestContext, TEST_ENV, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  createProjectAndPlugin,
  gqlData,
  provisionPortalSandbox,
  randomIp,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';
import { createTestTls, type TestTls } from '../support/tls.js';
import { hasValidSignature } from '../support/webhook-fixtures.js';
import {
  expectValidWebhook,
  startReceiver,
  waitUntil,
  type Receiver,
} from '../support/webhook-receiver.js';

// THE PROOF: every one of the 20 catalog events, produced for real through public surfaces only
// (the operator CLI, the Data API with installation keys, the portal with a developer's and an
// operator's session; no domain calls, no database writes), delivered by the webhook workers to a
// local HTTPS receiver, signed over the exact bytes with the plugin's secret and valid against
// asyncapi.yaml. Time-dependent events use the portal's clocks: simulateTrialEnding runs the trial
// sweep for one installation at its notice date, and the operator's runSandboxIdleSweep(now) runs
// the idle sweep as of a date inside the warning window.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DAY = 86_400_000;

let t: TestContext;
let tls: TestTls;
let receiver: Receiver;
let dev: PortalDeveloper;
let operator: string;
let plugin: { pluginId: string; webhookSecret: string };
let box: PortalSandbox;

/** `svc operator create`, as a separate process on the test database: the operator's only door in. */
async function createOperatorWithCli(): Promise<{ email: string; password: string }> {
  const email = 'proof-operator@example.com';
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/main.ts',
      'operator',
      'create',
      '--email',
      email,
      '--name',
      'Proof Operator',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...TEST_ENV,
        DATABASE_URL: t.databaseUrl,
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: '',
      },
    },
  );
  return { email, password: /Password \(shown once, store it now\): (\S+)/.exec(stdout)![1]! };
}

beforeAll(async () => {
  tls = createTestTls();
  receiver = await startReceiver(tls);
  t = await createTestContext(
    // The default 10 s timeout: the receiver answers at once, but a loaded CI machine may not.
    { SVC_WEBHOOK_ALLOW_PRIVATE: '1', SVC_WEBHOOK_BACKOFF_SECONDS: '1,1,1' },
    { jobs: { webhookCa: tls.ca } },
  );
  const [credentials, developer] = await Promise.all([
    createOperatorWithCli(),
    signUpDeveloper(t.app, 'Proof Developer'),
  ]);
  dev = developer;
  operator = (
    await gqlData(
      t.app,
      undefined,
      'mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }',
      { e: credentials.email, p: credentials.password },
      {
        headers: { 'X-Forwarded-For': randomIp() },
      },
    )
  ).logIn.token;
  plugin = await createProjectAndPlugin(t.app, dev.token, {
    webhookEndpoint: receiver.url('/hook'),
    // `*` covers every family except the lifecycle ones, which an explicit list must name.
    supportedEvents: ['*', 'installation.*', 'trial.*', 'subscription.*'],
    supportedFeatures: ['orders:create', 'payments:capture'],
  });
  box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const developer = (query: string, variables: Record<string, unknown> = {}) =>
  gqlData(
    t.app,
    dev.token,
    query,
    { sandboxId: box.sandboxId, ...variables },
    { headers: { 'X-Forwarded-For': randomIp() } },
  );
const op = (query: string, variables: Record<string, unknown> = {}) =>
  gqlData(t.app, operator, query, variables);

async function dataApi(
  key: string,
  method: 'get' | 'post' | 'put' | 'patch',
  url: string,
  body?: unknown,
) {
  const res = await call(t.app, method, url, { key, body });
  if (res.status >= 300)
    throw new Error(`${method.toUpperCase()} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What a plugin does with its sandbox key: orders, captures, menu and stock changes. */
async function asThePlugin(key: string): Promise<{ captureId: number }> {
  const menu = (await dataApi(key, 'get', '/menu?limit=100')).data as {
    item_id: number;
    name: string;
  }[];
  const item = menu.find((i) => i.name === 'Burrata')!.item_id;
  const order = (
    await dataApi(key, 'post', '/orders', {
      order_type: 'dine_in',
      table_number: '4',
      party_size: 2,
      items: [{ item_id: item, quantity: 2 }],
    })
  ).data;
  await dataApi(key, 'put', `/orders/${order.order_id}`, { status: 'in_progress' });
  const capture = { currency: 'EUR', payment_method: 'card', provider: 'stripe' };
  const first = (
    await dataApi(key, 'post', `/orders/${order.order_id}/payments`, {
      ...capture,
      amount: '5.00',
      provider_transaction_id: 'pi_proof_1',
    })
  ).data;
  await dataApi(key, 'post', `/orders/${order.order_id}/payments`, {
    ...capture,
    amount: first.remaining_balance,
    provider_transaction_id: 'pi_proof_2',
  });

  const other = (
    await dataApi(key, 'post', '/orders', {
      order_type: 'takeaway',
      items: [{ item_id: item, quantity: 1 }],
    })
  ).data;
  await dataApi(key, 'put', `/orders/${other.order_id}`, {
    status: 'cancelled',
    cancellation_reason: 'Guest changed their mind',
  });
  await dataApi(key, 'patch', `/menu/${item}`, { price: '11.50' });

  const stock = (await dataApi(key, 'get', '/inventory?limit=100')).data as {
    ingredient_id: number;
    name: string;
  }[];
  const tomatoes = stock.find((i) => i.name.startsWith('Tomatoes'))!.ingredient_id;
  await dataApi(key, 'post', `/inventory/${tomatoes}/movements`, {
    delta: '-35',
    reason: 'consumed',
  }); // 40 -> 5, at or below 10
  await dataApi(key, 'post', `/inventory/${tomatoes}/movements`, {
    delta: '30',
    reason: 'received',
  }); // back above
  return { captureId: first.payment_id };
}

/** What the restaurant does in the sandbox, through the developer's simulations. */
async function asTheRestaurant(): Promise<void> {
  const ORDER = 'id';
  const held = (
    await developer(
      `mutation($sandboxId: ID!) { simulatePosOrder(sandboxId: $sandboxId, input: { hold: true, partySize: 2 }) { ${ORDER} } }`,
    )
  ).simulatePosOrder;
  await developer(
    `mutation($sandboxId: ID!, $o: ID!) { simulateReleaseOrder(sandboxId: $sandboxId, orderId: $o) { ${ORDER} } }`,
    { o: held.id },
  );
  const menu = (await call(t.app, 'get', '/menu?limit=100', { key: box.installationKey })).body
    .data as { item_id: number; name: string }[];
  const lemonade = menu.find((i) => i.name === 'Lemonade')!.item_id;
  await developer(
    `mutation($sandboxId: ID!, $o: ID!, $i: ID!) { simulateAddItems(sandboxId: $sandboxId, orderId: $o, items: [{ itemId: $i, quantity: 2 }]) { ${ORDER} } }`,
    {
      o: held.id,
      i: String(lemonade),
    },
  );
  await developer(
    `mutation($sandboxId: ID!, $o: ID!) { simulateOrderPrepared(sandboxId: $sandboxId, orderId: $o) { ${ORDER} } }`,
    { o: held.id },
  );
  await developer(
    'mutation($sandboxId: ID!, $o: ID!) { simulateFailedPayment(sandboxId: $sandboxId, orderId: $o) { id } }',
    { o: held.id },
  );
  const sale = (
    await developer(
      'mutation($sandboxId: ID!, $o: ID!) { simulatePosSale(sandboxId: $sandboxId, orderId: $o, input: { viaCardProcessor: true }) { id order { status } } }',
      { o: held.id },
    )
  ).simulatePosSale;
  expect(sale.order.status).toBe('PAID');
  await developer(
    'mutation($sandboxId: ID!, $tx: ID!) { simulateRefund(sandboxId: $sandboxId, transactionId: $tx, reason: "Wrong order") { id } }',
    { tx: sale.id },
  );
  const created = (
    await developer(
      'mutation($sandboxId: ID!) { simulateMenuItemCreated(sandboxId: $sandboxId, input: { name: "Caldo Verde", price: "6.50" }) { id } }',
    )
  ).simulateMenuItemCreated;
  await developer(
    'mutation($sandboxId: ID!, $i: ID!) { simulateMenuItemDeleted(sandboxId: $sandboxId, itemId: $i) { id } }',
    { i: created.id },
  );
}

/** The marketplace in the sandbox: a paid listing's trial from checkout to conversion, then removal. */
async function trialInTheSandbox(): Promise<number> {
  await gqlData(
    t.app,
    dev.token,
    'mutation($id: ID!) { updatePlugin(id: $id, input: { pricing: { model: paid, price: "29.00" }, trialDays: 14 }) { id } }',
    { id: plugin.pluginId },
  );
  const installed = (
    await developer(
      'mutation($sandboxId: ID!) { simulateInstall(sandboxId: $sandboxId) { installationId status } }',
    )
  ).simulateInstall;
  expect(installed.status).toBe('pending_payment');
  const id = installed.installationId;
  for (const field of [
    'simulateCheckout',
    'simulateTrialEnding',
    'simulateTrialConversion',
    'simulateRemoval',
  ]) {
    await developer(`mutation($id: ID!) { ${field}(installationId: $id) { id } }`, { id });
  }
  return Number(id);
}

/** The operator: the listing through review, a restaurant onboarded, the plugin installed and removed in production, the idle sweep. */
async function asTheOperator(): Promise<number> {
  await gqlData(t.app, dev.token, 'mutation($id: ID!) { submitPluginForReview(id: $id) { id } }', {
    id: plugin.pluginId,
  });
  for (const action of ['approve', 'activate']) {
    await op(
      'mutation($id: ID!, $a: ReviewAction!) { reviewPlugin(pluginId: $id, action: $a) { id } }',
      { id: plugin.pluginId, a: action },
    );
  }
  const org = (await op('mutation { createOrganization(name: "Cervejaria Proof") { id } }'))
    .createOrganization;
  const location = (
    await op(
      'mutation($o: ID!) { createLocation(organizationId: $o, name: "Baixa", currency: "EUR", timezone: "Europe/Lisbon") { id } }',
      { o: org.id },
    )
  ).createLocation;
  const installed = (
    await op(
      'mutation($p: ID!, $o: ID!, $l: ID!) { installPlugin(pluginId: $p, organizationId: $o, locationId: $l) { installationId status setupToken } }',
      {
        p: plugin.pluginId,
        o: org.id,
        l: location.id,
      },
    )
  ).installPlugin;
  expect(installed.status).toBe('active');
  const exchanged = await call(t.app, 'post', '/setup-token/exchange', {
    body: { setup_token: installed.setupToken },
    headers: { 'X-Forwarded-For': randomIp() },
  });
  const production = await dataApi(exchanged.body.data.api_key, 'get', '/installation');
  expect(production.data).toMatchObject({
    environment: 'production',
    location: { location_id: Number(location.id) },
  });
  await op('mutation($id: ID!) { removeInstallation(installationId: $id) { id } }', {
    id: installed.installationId,
  });

  const now = new Date(Date.now() + (t.config.sandboxIdleDays - 6) * DAY).toISOString();
  const sweep = (
    await op('mutation($now: DateTime) { runSandboxIdleSweep(now: $now) { warned } }', { now })
  ).runSandboxIdleSweep;
  expect(sweep.warned).toContain(box.sandboxId);
  return Number(installed.installationId);
}

describe('every catalog event, end to end', () => {
  it('when the platform is used through its public surfaces, then all 20 events arrive signed and valid', async () => {
    const production = await asTheOperator(); // first, while the listing is free: installation.created / removed in production
    const { captureId } = await asThePlugin(box.installationKey);
    await asTheRestaurant();
    const trial = await trialInTheSandbox();

    const names = () =>
      new Set(receiver.requests.map((req) => req.headers['x-svc-event'] as string));
    // The sandbox's installation.removed is the last event of all.
    const lastArrived = () =>
      receiver.requests.some(
        (req) =>
          req.headers['x-svc-event'] === 'installation.removed' &&
          JSON.parse(req.body.toString()).installation_id === trial,
      );
    await waitUntil(
      () => EVENT_NAMES.every((name) => names().has(name)) && lastArrived(),
      30_000,
      'one webhook of each of the 20 events',
    );

    expect(receiver.invalid).toEqual([]);
    const bodies = receiver.requests.map((req) => {
      // Each plane's deliveries are signed with that plane's secret only (per-plane secrets).
      const [own, other] =
        JSON.parse(req.body.toString()).installation_id === production
          ? [plugin.webhookSecret, box.webhookSecret]
          : [box.webhookSecret, plugin.webhookSecret];
      const signed = { own: hasValidSignature(req, own), other: hasValidSignature(req, other) };
      expect({ event: req.headers['x-svc-event'], signed }).toEqual({
        event: req.headers['x-svc-event'],
        signed: { own: true, other: false },
      });
      return expectValidWebhook(req);
    });
    expect([...new Set(bodies.map((b) => b.event))].sort()).toEqual([...EVENT_NAMES].sort());

    // One capture, both payment.succeeded shapes.
    const succeeded = bodies.filter((b) => b.event === 'payment.succeeded').map((b) => b.data);
    expect(succeeded).toContainEqual(
      expect.objectContaining({ payment_id: captureId, provider_transaction_id: 'pi_proof_1' }),
    );
    expect(succeeded).toContainEqual(
      expect.objectContaining({ transaction_id: captureId, processor_payment_intent_id: null }),
    );
    const capture = succeeded.find((d) => d.payment_id === captureId)!;
    expect(Object.keys(capture)).not.toEqual(expect.arrayContaining(['transaction_id']));
    // The card-processor sale of the restaurant side carries its payment intent.
    expect(succeeded).toContainEqual(
      expect.objectContaining({ processor_payment_intent_id: expect.stringMatching(/^pi_/) }),
    );

    // The held order's order.created came from its release: no total, party_size or created_at.
    const created = bodies.filter((b) => b.event === 'order.created').map((b) => b.data);
    expect(
      created.some((d) => !('total' in d) && !('party_size' in d) && !('created_at' in d)),
    ).toBe(true);
    expect(created.some((d) => 'total' in d && 'party_size' in d && 'created_at' in d)).toBe(true);

    // Lifecycle events reach the one installation they address, in production and in the sandbox.
    const addressees = (event: EventName) =>
      bodies
        .filter((b) => b.event === event)
        .map((b) => b.installation_id)
        .sort((a, b) => a - b);
    expect(addressees('installation.created')).toEqual([production]);
    expect(addressees('installation.removed')).toEqual([production, trial].sort((a, b) => a - b));
    for (const event of ['trial.started', 'trial.ending', 'subscription.activated'] as const)
      expect([event, addressees(event)]).toEqual([event, [trial]]);
    expect(addressees('sandbox.expiry_warning')).toEqual([Number(box.installationId)]);
  }, 90_000);
});
