// An example plugin for the Restaurant Plugin Platform: run it against the demo sandbox of
// `make run` (see README.md beside this file).
//   npx tsx examples/plugin/main.ts          the steps below, then keep receiving webhooks
//   npx tsx examples/plugin/main.ts --once   the steps, a self-test of the receiver, exit
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createDataApi, must, type DataApi, type Order } from './client.js';
import { Webhook } from 'standardwebhooks';
import { createWebhookReceiver, sign, standardSecret, type WebhookEnvelope } from './webhooks.js';

interface Settings {
  baseUrl: string;
  apiKey: string;
  /** Newest first; more than one only during a rotation (WEBHOOK_SECRET=new,old). */
  webhookSecrets: string[];
  webhookPort: number;
}

/** BASE_URL, PLUGIN_API_KEY, WEBHOOK_SECRET (comma-separated during a rotation), WEBHOOK_PORT; unset ones come from the demo's credentials file. */
function loadSettings(): Settings {
  const file = path.join(process.env.SVC_DATA_DIR ?? '.data', 'demo-credentials.json');
  const demo = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as {
        base_url: string;
        sandbox: { api_key: string; webhook_secret: string };
      })
    : undefined;
  const apiKey = process.env.PLUGIN_API_KEY ?? demo?.sandbox.api_key;
  const webhookSecret = process.env.WEBHOOK_SECRET ?? demo?.sandbox.webhook_secret;
  if (!apiKey || !webhookSecret) {
    throw new Error(
      `Set PLUGIN_API_KEY and WEBHOOK_SECRET (the banner of \`make run\` prints them), or run from the repository root after \`make run\` (${file}).`,
    );
  }
  const webhookSecrets = webhookSecret
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  return {
    baseUrl: process.env.BASE_URL ?? demo?.base_url ?? 'http://localhost:3000',
    apiKey,
    webhookSecrets,
    webhookPort: Number(process.env.WEBHOOK_PORT ?? 4000),
  };
}

/** Every order, page by page: follow meta.next_cursor until it is null. */
async function* allOrders(api: DataApi, pageSize: number): AsyncGenerator<Order> {
  let cursor: string | undefined;
  do {
    const { data: page } = await must(
      api.GET('/orders', { params: { query: { limit: pageSize, cursor } } }),
    );
    yield* page.data;
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
}

/** An order to work on: the first open one, or a new one of the first available menu item. */
async function openOrder(api: DataApi, orders: Order[]): Promise<Order> {
  const open = orders.find((order) => order.status === 'open');
  if (open) return open;
  const { data: menu } = await must(
    api.GET('/menu', { params: { query: { available_only: true, limit: 1 } } }),
  );
  const item = menu.data[0];
  if (!item) throw new Error('No available menu item to order.');
  // Satisfy the item's customization rules: the first min_select options of each template.
  const { data: detail } = await must(
    api.GET('/menu/{itemId}', { params: { path: { itemId: item.item_id } } }),
  );
  const customizations = detail.data.customization_templates.flatMap((t) =>
    t.options
      .slice(0, t.min_select)
      .map((o) => ({ template_id: t.template_id, option_id: o.option_id })),
  );
  const { data: created } = await must(
    api.POST('/orders', {
      // external_order_id makes the creation idempotent: a retry returns the same order (200).
      body: {
        external_order_id: `example-${randomUUID()}`,
        order_type: 'takeaway',
        items: [{ item_id: item.item_id, quantity: 2, customizations }],
      },
    }),
  );
  console.log(`  no open order: created ${created.data.order_number} (2 x ${item.name})`);
  return created.data;
}

async function runSteps(api: DataApi): Promise<void> {
  const { data: installation } = await must(api.GET('/installation'));
  const { location, organization, environment, enabled_features } = installation.data;
  console.log(
    `1. Installation ${installation.data.installation_id}: ${organization.name}, ${location.name} (${environment}); features ${enabled_features.join(', ') || 'none'}`,
  );

  const orders: Order[] = [];
  for await (const order of allOrders(api, 5)) orders.push(order);
  const counts = new Map<string, number>();
  for (const { status } of orders) counts.set(status, (counts.get(status) ?? 0) + 1);
  console.log(
    `2. ${orders.length} orders, 5 a page: ${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')}`,
  );

  let order = await openOrder(api, orders);
  const steps = ['in_progress', 'ready', 'completed'] as const;
  for (const status of steps) {
    ({
      data: { data: order },
    } = await must(
      api.PUT('/orders/{orderId}', {
        params: { path: { orderId: String(order.order_id) } },
        body: { status },
      }),
    ));
  }
  console.log(
    `3. Order ${order.order_number}: open -> ${steps.join(' -> ')} (now ${order.status}, ${order.remaining_balance} ${order.currency} due)`,
  );

  // provider_transaction_id is the idempotency key: the same capture sent twice is recorded once.
  const capture = {
    amount: order.remaining_balance, // a decimal string in major units, as the API returns money
    currency: order.currency,
    payment_method: 'card',
    provider: 'example-pay',
    provider_transaction_id: `txn_${randomUUID()}`,
  };
  const first = await must(
    api.POST('/orders/{orderId}/payments', {
      params: { path: { orderId: String(order.order_id) } },
      body: capture,
    }),
  );
  const replay = await must(
    api.POST('/orders/{orderId}/payments', {
      params: { path: { orderId: String(order.order_id) } },
      body: capture,
    }),
  );
  if (
    first.status !== 201 ||
    replay.status !== 200 ||
    replay.data.data.payment_id !== first.data.data.payment_id
  ) {
    throw new Error(
      `Idempotent capture: expected 201 then 200 with one payment, got ${first.status} then ${replay.status}`,
    );
  }
  console.log(
    `4. Captured ${first.data.data.amount} ${capture.currency} (201), the same call again: 200, payment ${replay.data.data.payment_id}; order ${first.data.data.order_status}`,
  );
}

async function handleEvent(event: WebhookEnvelope): Promise<void> {
  // Notifications carry identifiers: fetch the full record through the API when you need it.
  console.log(`  webhook ${event.event} ${event.id}: ${JSON.stringify(event.data)}`);
}

/**
 * Signs a request as the platform does: X-Svc-Signature with the current secret, and during a
 * rotation's overlap X-Svc-Signature-Previous and a second webhook-signature with the previous one
 * (the Standard Webhooks signatures made by the standardwebhooks package).
 */
function platformHeaders(
  event: WebhookEnvelope,
  body: string,
  secrets: { current: string; previous?: string },
  at = new Date(),
): Record<string, string> {
  const keys = secrets.previous ? [secrets.current, secrets.previous] : [secrets.current];
  return {
    'Content-Type': 'application/json',
    'X-Svc-Event': event.event,
    'X-Svc-Signature': sign(body, secrets.current),
    ...(secrets.previous ? { 'X-Svc-Signature-Previous': sign(body, secrets.previous) } : {}),
    'webhook-id': event.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': keys
      .map((key) => new Webhook(standardSecret(key)).sign(event.id, at, body))
      .join(' '),
  };
}

const sampleEvent = (): WebhookEnvelope => ({
  id: randomUUID(),
  event: 'order.status_changed',
  timestamp: new Date().toISOString(),
  installation_id: 0,
  data: {
    order_id: 1,
    order_number: 'ORD-SELFTEST',
    old_status: 'CREATED',
    new_status: 'COOKING',
  },
});

/**
 * The receiver, tested as the platform would call it: a signed event twice (one processing), a
 * tampered copy and a replay older than 5 minutes (401); then a rotation: during the overlap the
 * receiver verifies with its old secret, then with both, then with the new one only; after the
 * overlap a request signed with the new secret alone is refused by the old secret.
 */
async function selfTestReceiver(url: string, secrets: string[], handled: string[]): Promise<void> {
  const post = async (body: string, headers: Record<string, string>) =>
    (await fetch(url, { method: 'POST', headers, body })).status;
  const event = sampleEvent();
  const body = JSON.stringify(event);
  const headers = platformHeaders(event, body, { current: secrets[0]! });
  const statuses = [
    await post(body, headers),
    await post(body, headers),
    await post(body.replace('COOKING', 'PAID'), headers),
    await post(
      body,
      platformHeaders(event, body, { current: secrets[0]! }, new Date(Date.now() - 6 * 60_000)),
    ),
  ];
  await new Promise((resolve) => setImmediate(resolve));
  const processed = handled.filter((id) => id === event.id).length;
  if (statuses.join() !== '204,204,401,401' || processed !== 1)
    throw new Error(
      `Receiver self-test: statuses ${statuses.join()}, processed ${processed} time(s)`,
    );
  console.log(
    '5. Receiver: a signed event 204 and processed once (a redelivery is deduplicated), a tampered body and a stale replay 401',
  );

  // A rotation in the portal (rotateWebhookSecret): the platform signs with both secrets for the overlap.
  const old = secrets[0]!;
  const rotated = randomBytes(32).toString('hex');
  const during = (receiverSecrets: string[]) => {
    secrets.splice(0, secrets.length, ...receiverSecrets);
    const e = sampleEvent();
    const b = JSON.stringify(e);
    return post(b, platformHeaders(e, b, { current: rotated, previous: old }));
  };
  const after = (receiverSecrets: string[]) => {
    secrets.splice(0, secrets.length, ...receiverSecrets);
    const e = sampleEvent();
    const b = JSON.stringify(e);
    return post(b, platformHeaders(e, b, { current: rotated }));
  };
  const rotation = [
    await during([old]),
    await during([rotated, old]),
    await during([rotated]),
    await after([old]),
    await after([rotated]),
  ];
  secrets.splice(0, secrets.length, old);
  if (rotation.join() !== '204,204,204,401,204')
    throw new Error(`Receiver rotation self-test: statuses ${rotation.join()}`);
  console.log(
    '6. Rotation: during the overlap the old secret, both, and the new one all verify (204); after it only the new one (old 401)',
  );
}

async function main(): Promise<void> {
  const once = process.argv.includes('--once');
  const settings = loadSettings();
  console.log(`Data API ${settings.baseUrl}/api/plugin/v1`);
  await runSteps(createDataApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey }));

  const handled: string[] = [];
  const receiver = createWebhookReceiver({
    secrets: settings.webhookSecrets,
    handle: async (event) => (handled.push(event.id), handleEvent(event)),
  });
  await new Promise<void>((resolve) => receiver.listen(settings.webhookPort, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  if (once) {
    await selfTestReceiver(url, settings.webhookSecrets, handled);
    receiver.close();
    return;
  }
  console.log(`Receiving webhooks at ${url} (Ctrl+C to stop)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
