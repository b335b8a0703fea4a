import { graphql, CliError, type Credentials } from './client.js';

// `svc trigger <event>`: each of the 20 events produced for real, through the portal's simulate
// mutations (the restaurant side of a sandbox) or, for what only a plugin does, the Data API with
// the sandbox installation's key. Nothing here builds an event body: the platform does.

export interface TriggerContext {
  credentials: Credentials;
  sandboxId: string;
  /** The sandbox installation's key (X-Plugin-Api-Key), for the events only a plugin causes. */
  installationKey?: string;
}

type Step = (ctx: TriggerContext) => Promise<void>;

const gql = <T = any>(ctx: TriggerContext, query: string, variables: Record<string, unknown> = {}) =>
  graphql<T>(ctx.credentials, query, { sandboxId: ctx.sandboxId, ...variables });

const newOrder = async (ctx: TriggerContext, hold = false): Promise<string> =>
  (await gql(ctx, `mutation($sandboxId: ID!, $hold: Boolean) { simulatePosOrder(sandboxId: $sandboxId, input: { hold: $hold, partySize: 2 }) { id } }`, { hold })).simulatePosOrder.id;

const sale = async (ctx: TriggerContext, orderId: string): Promise<string> =>
  (await gql(ctx, 'mutation($sandboxId: ID!, $o: ID!) { simulatePosSale(sandboxId: $sandboxId, orderId: $o, input: { viaCardProcessor: true }) { id } }', { o: orderId })).simulatePosSale.id;

async function dataApi(ctx: TriggerContext, method: string, url: string, body?: unknown): Promise<any> {
  if (!ctx.installationKey) {
    throw new CliError('this event is caused by a plugin through the Data API: pass the sandbox installation key with --key (or SVC_INSTALLATION_KEY)');
  }
  const res = await fetch(`${ctx.credentials.baseUrl}/api/plugin/v1${url}`, {
    method,
    headers: { 'x-plugin-api-key': ctx.installationKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!res.ok) throw new CliError(`${method} ${url}: ${res.status} ${json.error ?? ''} ${json.message ?? ''}`.trim());
  return json;
}

async function menuItemId(ctx: TriggerContext): Promise<number> {
  const menu = (await dataApi(ctx, 'GET', '/menu?limit=100')).data as { item_id: number; is_available?: boolean }[];
  return menu[0]!.item_id;
}

async function stockMovements(ctx: TriggerContext, deltas: number[]): Promise<void> {
  const stock = (await dataApi(ctx, 'GET', '/inventory?limit=100')).data as { ingredient_id: number; stock_levels?: { on_hand: string; reorder_point: string }[] }[];
  const ingredient = stock[0]!;
  for (const delta of deltas) await dataApi(ctx, 'POST', `/inventory/${ingredient.ingredient_id}/movements`, { delta, reason: delta < 0 ? 'consumed' : 'received' });
}

/**
 * A new, active installation of the sandbox's plugin, as a restaurant would install it: a free
 * listing is active at once, a paid one after its checkout. Returns it with its trial state.
 */
async function activeInstallation(ctx: TriggerContext): Promise<{ id: string; isTrial: boolean }> {
  const installed = (await gql(ctx, 'mutation($sandboxId: ID!) { simulateInstall(sandboxId: $sandboxId) { installationId status } }')).simulateInstall;
  if (installed.status !== 'pending_payment') return { id: installed.installationId, isTrial: false };
  const checkout = (await graphql<any>(ctx.credentials, 'mutation($id: ID!) { simulateCheckout(installationId: $id) { status isTrial } }', { id: installed.installationId })).simulateCheckout;
  return { id: installed.installationId, isTrial: checkout.isTrial };
}

const onInstallation = (ctx: TriggerContext, id: string, field: string) => graphql(ctx.credentials, `mutation($id: ID!) { ${field}(installationId: $id) { id } }`, { id });

async function trial(ctx: TriggerContext): Promise<string> {
  const installation = await activeInstallation(ctx);
  if (!installation.isTrial) throw new CliError('trials need a paid plugin with trialDays above 0: set them with updatePlugin (pricing, trialDays)');
  return installation.id;
}

export const TRIGGERS: Record<string, { how: string; run: Step }> = {
  'order.created': { how: 'a point-of-sale order (simulatePosOrder)', run: async (ctx) => void (await newOrder(ctx)) },
  'order.status_changed': {
    how: 'an order the kitchen marks prepared (simulateOrderPrepared)',
    run: async (ctx) => void (await gql(ctx, 'mutation($sandboxId: ID!, $o: ID!) { simulateOrderPrepared(sandboxId: $sandboxId, orderId: $o) { id } }', { o: await newOrder(ctx) })),
  },
  'order.items_added': {
    how: 'lines added to an open order (simulateAddItems)',
    run: async (ctx) => {
      // Item 7 (Lemonade) is on every sandbox's demo menu, with no required customization.
      const order = await newOrder(ctx);
      await gql(ctx, 'mutation($sandboxId: ID!, $o: ID!) { simulateAddItems(sandboxId: $sandboxId, orderId: $o, items: [{ itemId: 7, quantity: 1 }]) { id } }', { o: order });
    },
  },
  'order.paid': { how: 'a point-of-sale sale (simulatePosSale)', run: async (ctx) => void (await sale(ctx, await newOrder(ctx))) },
  'order.cancelled': {
    how: 'the plugin cancels an open order (Data API, --key)',
    run: async (ctx) => {
      const order = await newOrder(ctx);
      await dataApi(ctx, 'PUT', `/orders/${order}`, { status: 'cancelled', cancellation_reason: 'svc trigger' });
    },
  },
  'payment.succeeded': { how: 'a point-of-sale sale (simulatePosSale)', run: async (ctx) => void (await sale(ctx, await newOrder(ctx))) },
  'payment.failed': {
    how: 'a declined card at the point of sale (simulateFailedPayment)',
    run: async (ctx) => void (await gql(ctx, 'mutation($sandboxId: ID!, $o: ID!) { simulateFailedPayment(sandboxId: $sandboxId, orderId: $o) { id } }', { o: await newOrder(ctx) })),
  },
  'payment.refunded': {
    how: 'a sale, then its refund (simulateRefund)',
    run: async (ctx) => {
      const tx = await sale(ctx, await newOrder(ctx));
      await gql(ctx, 'mutation($sandboxId: ID!, $tx: ID!) { simulateRefund(sandboxId: $sandboxId, transactionId: $tx, reason: "svc trigger") { id } }', { tx });
    },
  },
  'menu.item_created': {
    how: 'a new menu item (simulateMenuItemCreated)',
    run: async (ctx) => void (await gql(ctx, 'mutation($sandboxId: ID!) { simulateMenuItemCreated(sandboxId: $sandboxId, input: { name: "svc trigger special", price: "9.50" }) { id } }')),
  },
  'menu.item_updated': {
    how: 'the plugin changes a price (Data API, --key)',
    run: async (ctx) => void (await dataApi(ctx, 'PATCH', `/menu/${await menuItemId(ctx)}`, { price: Number((5 + Math.random() * 10).toFixed(2)) })),
  },
  'menu.item_deleted': {
    how: 'a menu item created, then deleted (simulateMenuItemDeleted)',
    run: async (ctx) => {
      const created = (await gql(ctx, 'mutation($sandboxId: ID!) { simulateMenuItemCreated(sandboxId: $sandboxId, input: { name: "svc trigger special", price: "9.50" }) { id } }')).simulateMenuItemCreated;
      await gql(ctx, 'mutation($sandboxId: ID!, $i: ID!) { simulateMenuItemDeleted(sandboxId: $sandboxId, itemId: $i) { id } }', { i: created.id });
    },
  },
  'inventory.stock_updated': { how: 'the plugin records a stock movement (Data API, --key)', run: (ctx) => stockMovements(ctx, [1]) },
  'inventory.low_stock': { how: 'stock consumed below its reorder point (Data API, --key)', run: (ctx) => stockMovements(ctx, [-1_000_000]) },
  'inventory.low_stock_resolved': { how: 'stock consumed below its reorder point, then received (Data API, --key)', run: (ctx) => stockMovements(ctx, [-1_000_000, 2_000_000]) },
  'installation.created': {
    how: 'a free plugin installed again in the sandbox (simulateInstall)',
    run: async (ctx) => {
      const installed = (await gql(ctx, 'mutation($sandboxId: ID!) { simulateInstall(sandboxId: $sandboxId) { installationId status } }')).simulateInstall;
      if (installed.status === 'pending_payment') {
        await onInstallation(ctx, installed.installationId, 'simulateRemoval');
        throw new CliError('installation.created fires when a free plugin is installed; this plugin is paid, so its checkout sends trial.started or subscription.activated instead');
      }
    },
  },
  'installation.removed': {
    how: 'an installation, then its removal (simulateRemoval)',
    run: async (ctx) => void (await onInstallation(ctx, (await activeInstallation(ctx)).id, 'simulateRemoval')),
  },
  'trial.started': { how: 'a paid plugin with trialDays installed and checked out (simulateCheckout)', run: async (ctx) => void (await trial(ctx)) },
  'trial.ending': { how: 'a trial, then its ending (simulateTrialEnding)', run: async (ctx) => void (await onInstallation(ctx, await trial(ctx), 'simulateTrialEnding')) },
  'subscription.activated': {
    how: 'a paid plugin checked out, or a trial converted (simulateCheckout, simulateTrialConversion)',
    run: async (ctx) => {
      const installation = await activeInstallation(ctx);
      if (installation.isTrial) await onInstallation(ctx, installation.id, 'simulateTrialConversion');
    },
  },
  'sandbox.expiry_warning': {
    how: "the idle sweep's warning, sent now (simulateSandboxExpiryWarning)",
    run: async (ctx) => void (await gql(ctx, 'mutation($sandboxId: ID!) { simulateSandboxExpiryWarning(sandboxId: $sandboxId) { id } }')),
  },
};
