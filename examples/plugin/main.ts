// An example plugin for the Restaurant Plugin Platform: run it against the demo sandbox of
// `make run` (see README.md beside this file).
//   npx tsx examples/plugin/main.ts          the steps below, then keep receiving webhooks
//   npx tsx examples/plugin/main.ts --once   the steps, a self-test of the receiver, exit
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createDataApi, must, type DataApi, type Order } from './client.js';
import { createWebhookReceiver, sign, type WebhookEnvelope } from './webhooks.js';

interface Settings {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  webhookPort: number;
}

/** BASE_URL, PLUGIN_API_KEY, WEBHOOK_SECRET, WEBHOOK_PORT; unset ones come from the demo's credentials file. */
function loadSettings(): Settings {
  const file = path.join(process.env.SVC_DATA_DIR ?? '.data', 'demo-credentials.json');
  const demo = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { base_url: string; sandbox: { api_key: string; webhook_secret: string } }) : undefined;
  const apiKey = process.env.PLUGIN_API_KEY ?? demo?.sandbox.api_key;
  const webhookSecret = process.env.WEBHOOK_SECRET ?? demo?.sandbox.webhook_secret;
  if (!apiKey || !webhookSecret) {
    throw new Error(`Set PLUGIN_API_KEY and WEBHOOK_SECRET (the banner of \`make run\` prints them), or run from the repository root after \`make run\` (${file}).`);
  }
  return { baseUrl: process.env.BASE_URL ?? demo?.base_url ?? 'http://localhost:3000', apiKey, webhookSecret, webhookPort: Number(process.env.WEBHOOK_PORT ?? 4000) };
}

/** Every order, page by page: follow meta.next_cursor until it is null. */
async function* allOrders(api: DataApi, pageSize: number): AsyncGenerator<Order> {
  let cursor: string | undefined;
  do {
    const { data: page } = await must(api.GET('/orders', { params: { query: { limit: pageSize, cursor } } }));
    yield* page.data;
    cursor = page.meta.next_cursor ?? undefined;
  } while (cursor);
}

/** An order to work on: the first open one, or a new one of the first available menu item. */
async function openOrder(api: DataApi, orders: Order[]): Promise<Order> {
  const open = orders.find((order) => order.status === 'open');
  if (open) return open;
  const { data: menu } = await must(api.GET('/menu', { params: { query: { available_only: true, limit: 1 } } }));
  const item = menu.data[0];
  if (!item) throw new Error('No available menu item to order.');
  // Satisfy the item's customization rules: the first min_select options of each template.
  const { data: detail } = await must(api.GET('/menu/{itemId}', { params: { path: { itemId: item.item_id } } }));
  const customizations = detail.data.customization_templates.flatMap((t) => t.options.slice(0, t.min_select).map((o) => ({ template_id: t.template_id, option_id: o.option_id })));
  const { data: created } = await must(
    api.POST('/orders', {
      // external_order_id makes the creation idempotent: a retry returns the same order (200).
      body: { external_order_id: `example-${randomUUID()}`, order_type: 'takeaway', items: [{ item_id: item.item_id, quantity: 2, customizations }] },
    }),
  );
  console.log(`  no open order: created ${created.data.unique_orderid} (2 x ${item.name})`);
  return created.data;
}

async function runSteps(api: DataApi): Promise<void> {
  const { data: installation } = await must(api.GET('/installation'));
  const { location, organization, environment, enabled_features } = installation.data;
  console.log(`1. Installation ${installation.data.installation_id}: ${organization.name}, ${location.name} (${environment}); features ${enabled_features.join(', ') || 'none'}`);

  const orders: Order[] = [];
  for await (const order of allOrders(api, 5)) orders.push(order);
  const counts = new Map<string, number>();
  for (const { status } of orders) counts.set(status, (counts.get(status) ?? 0) + 1);
  console.log(`2. ${orders.length} orders, 5 a page: ${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')}`);

  let order = await openOrder(api, orders);
  const steps = ['in_progress', 'ready', 'completed'] as const;
  for (const status of steps) {
    ({ data: { data: order } } = await must(api.PUT('/orders/{orderId}', { params: { path: { orderId: String(order.order_id) } }, body: { status } })));
  }
  console.log(`3. Order ${order.unique_orderid}: open -> ${steps.join(' -> ')} (now ${order.status}, ${order.remaining_balance} ${order.currency} due)`);

  // provider_transaction_id is the idempotency key: the same capture sent twice is recorded once.
  const capture = {
    amount: Number(order.remaining_balance), // a JSON number in major units, two decimals at most
    currency: order.currency,
    payment_method: 'card',
    provider: 'example-pay',
    provider_transaction_id: `txn_${randomUUID()}`,
  };
  const first = await must(api.POST('/orders/{orderId}/payments', { params: { path: { orderId: String(order.order_id) } }, body: capture }));
  const replay = await must(api.POST('/orders/{orderId}/payments', { params: { path: { orderId: String(order.order_id) } }, body: capture }));
  if (first.status !== 201 || replay.status !== 200 || replay.data.data.payment_id !== first.data.data.payment_id) {
    throw new Error(`Idempotent capture: expected 201 then 200 with one payment, got ${first.status} then ${replay.status}`);
  }
  console.log(`4. Captured ${first.data.data.amount} ${capture.currency} (201), the same call again: 200, payment ${replay.data.data.payment_id}; order ${first.data.data.order_status}`);
}

async function handleEvent(event: WebhookEnvelope): Promise<void> {
  // Notifications carry identifiers: fetch the full record through the API when you need it.
  console.log(`  webhook ${event.event} ${event.id}: ${JSON.stringify(event.data)}`);
}

/** Signs a sample body with the secret, posts it twice (one processing), then a tampered copy (401). */
async function selfTestReceiver(url: string, secret: string, handled: string[]): Promise<void> {
  const event: WebhookEnvelope = { id: randomUUID(), event: 'order.status_changed', timestamp: new Date().toISOString(), installation_id: 0, data: { order_id: 1, unique_orderid: 'ORD-SELFTEST', old_status: 'CREATED', new_status: 'COOKING' } };
  const body = JSON.stringify(event);
  const post = (payload: string, signature: string) =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Svc-Event': event.event, 'X-Svc-Signature': signature }, body: payload });
  const signature = sign(body, secret);
  const statuses = [(await post(body, signature)).status, (await post(body, signature)).status, (await post(body.replace('COOKING', 'PAID'), signature)).status];
  await new Promise((resolve) => setImmediate(resolve));
  const processed = handled.filter((id) => id === event.id).length;
  if (statuses.join() !== '204,204,401' || processed !== 1) throw new Error(`Receiver self-test: statuses ${statuses.join()}, processed ${processed} time(s)`);
  console.log('5. Receiver: a signed event 204 and processed once (a redelivery is deduplicated), a tampered body 401');
}

async function main(): Promise<void> {
  const once = process.argv.includes('--once');
  const settings = loadSettings();
  console.log(`Data API ${settings.baseUrl}/api/plugin/v1`);
  await runSteps(createDataApi({ baseUrl: settings.baseUrl, apiKey: settings.apiKey }));

  const handled: string[] = [];
  const receiver = createWebhookReceiver({ secret: settings.webhookSecret, handle: async (event) => (handled.push(event.id), handleEvent(event)) });
  await new Promise<void>((resolve) => receiver.listen(settings.webhookPort, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  if (once) {
    await selfTestReceiver(url, settings.webhookSecret, handled);
    receiver.close();
    return;
  }
  console.log(`Receiving webhooks at ${url} (Ctrl+C to stop)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
