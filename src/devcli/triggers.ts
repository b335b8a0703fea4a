import {
  SimulateAddItemsDocument,
  SimulateCheckoutDocument,
  SimulateFailedPaymentDocument,
  SimulateInstallDocument,
  SimulateMenuItemCreatedDocument,
  SimulateMenuItemDeletedDocument,
  SimulateOrderPreparedDocument,
  SimulatePosOrderDocument,
  SimulatePosSaleDocument,
  SimulateRefundDocument,
  SimulateRemovalDocument,
  SimulateSandboxExpiryWarningDocument,
  SimulateTrialConversionDocument,
  SimulateTrialEndingDocument,
} from '../generated/devcli.generated.js';
import { graphql, CliError, type Credentials, type Operation } from './client.js';

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

/** A simulate mutation on the sandbox: its $sandboxId is the context's. */
const gql = <T, V extends { sandboxId: string }>(
  ctx: TriggerContext,
  document: Operation<T, V>,
  variables: NoInfer<Omit<V, 'sandboxId'>>,
) => graphql(ctx.credentials, document, { ...variables, sandboxId: ctx.sandboxId } as NoInfer<V>);

const newOrder = async (ctx: TriggerContext, hold = false): Promise<string> =>
  (await gql(ctx, SimulatePosOrderDocument, { hold })).simulatePosOrder!.id;

const sale = async (ctx: TriggerContext, orderId: string): Promise<string> =>
  (await gql(ctx, SimulatePosSaleDocument, { o: orderId })).simulatePosSale!.id;

/** The Data API version the triggers' requests are written in (money and stock as decimal strings). */
const TRIGGERS_API_VERSION = '2026-11-29';

async function dataApi(
  ctx: TriggerContext,
  method: string,
  url: string,
  body?: unknown,
): Promise<any> {
  if (!ctx.installationKey) {
    throw new CliError(
      'this event is caused by a plugin through the Data API: pass the sandbox installation key with --key (or SVC_INSTALLATION_KEY)',
    );
  }
  const res = await fetch(`${ctx.credentials.baseUrl}/api/plugin/v1${url}`, {
    method,
    headers: {
      'x-plugin-api-key': ctx.installationKey,
      'content-type': 'application/json',
      // The shapes below are this version's, whatever the plugin is pinned to (its webhooks stay
      // at its pin): a client names the version it was written for.
      'x-svc-api-version': TRIGGERS_API_VERSION,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!res.ok)
    throw new CliError(
      `${method} ${url}: ${res.status} ${json.error ?? ''} ${json.message ?? ''}`.trim(),
    );
  return json;
}

async function menuItemId(ctx: TriggerContext): Promise<number> {
  const menu = (await dataApi(ctx, 'GET', '/menu?limit=100')).data as {
    item_id: number;
    is_available?: boolean;
  }[];
  return menu[0]!.item_id;
}

async function stockMovements(ctx: TriggerContext, deltas: number[]): Promise<void> {
  const stock = (await dataApi(ctx, 'GET', '/inventory?limit=100')).data as {
    ingredient_id: number;
    stock_levels?: { on_hand: string; reorder_point: string }[];
  }[];
  const ingredient = stock[0]!;
  for (const delta of deltas)
    await dataApi(ctx, 'POST', `/inventory/${ingredient.ingredient_id}/movements`, {
      delta: delta.toFixed(4),
      reason: delta < 0 ? 'consumed' : 'received',
    });
}

/**
 * A new, active installation of the sandbox's plugin, as a restaurant would install it: a free
 * listing is active at once, a paid one after its checkout. Returns it with its trial state.
 */
async function activeInstallation(ctx: TriggerContext): Promise<{ id: string; isTrial: boolean }> {
  const installed = (await gql(ctx, SimulateInstallDocument, {})).simulateInstall!;
  if (installed.status !== 'pending_payment')
    return { id: installed.installationId, isTrial: false };
  const checkout = (
    await graphql(ctx.credentials, SimulateCheckoutDocument, { id: installed.installationId })
  ).simulateCheckout!;
  return { id: installed.installationId, isTrial: checkout.isTrial };
}

/** A simulate mutation on an installation (removal, trial ending, trial conversion). */
const onInstallation = <T>(
  ctx: TriggerContext,
  id: string,
  document: Operation<T, { id: string }>,
) => graphql(ctx.credentials, document, { id });

async function trial(ctx: TriggerContext): Promise<string> {
  const installation = await activeInstallation(ctx);
  if (!installation.isTrial)
    throw new CliError(
      'trials need a paid plugin with trialDays above 0: set them with updatePlugin (pricing, trialDays)',
    );
  return installation.id;
}

export const TRIGGERS: Record<string, { how: string; run: Step }> = {
  'order.created': {
    how: 'a point-of-sale order (simulatePosOrder)',
    run: async (ctx) => void (await newOrder(ctx)),
  },
  'order.status_changed': {
    how: 'an order the kitchen marks prepared (simulateOrderPrepared)',
    run: async (ctx) =>
      void (await gql(ctx, SimulateOrderPreparedDocument, { o: await newOrder(ctx) })),
  },
  'order.items_added': {
    how: 'lines added to an open order (simulateAddItems)',
    run: async (ctx) => {
      // Item 7 (Lemonade, SimulateAddItems) is on every sandbox's demo menu, with no required customization.
      const order = await newOrder(ctx);
      await gql(ctx, SimulateAddItemsDocument, { o: order });
    },
  },
  'order.paid': {
    how: 'a point-of-sale sale (simulatePosSale)',
    run: async (ctx) => void (await sale(ctx, await newOrder(ctx))),
  },
  'order.cancelled': {
    how: 'the plugin cancels an open order (Data API, --key)',
    run: async (ctx) => {
      const order = await newOrder(ctx);
      await dataApi(ctx, 'PUT', `/orders/${order}`, {
        status: 'cancelled',
        cancellation_reason: 'svc trigger',
      });
    },
  },
  'payment.succeeded': {
    how: 'a point-of-sale sale (simulatePosSale)',
    run: async (ctx) => void (await sale(ctx, await newOrder(ctx))),
  },
  'payment.failed': {
    how: 'a declined card at the point of sale (simulateFailedPayment)',
    run: async (ctx) =>
      void (await gql(ctx, SimulateFailedPaymentDocument, { o: await newOrder(ctx) })),
  },
  'payment.refunded': {
    how: 'a sale, then its refund (simulateRefund)',
    run: async (ctx) => {
      const tx = await sale(ctx, await newOrder(ctx));
      await gql(ctx, SimulateRefundDocument, { tx });
    },
  },
  'menu.item_created': {
    how: 'a new menu item (simulateMenuItemCreated)',
    run: async (ctx) => void (await gql(ctx, SimulateMenuItemCreatedDocument, {})),
  },
  'menu.item_updated': {
    how: 'the plugin changes a price (Data API, --key)',
    run: async (ctx) =>
      void (await dataApi(ctx, 'PATCH', `/menu/${await menuItemId(ctx)}`, {
        price: (5 + Math.random() * 10).toFixed(2),
      })),
  },
  'menu.item_deleted': {
    how: 'a menu item created, then deleted (simulateMenuItemDeleted)',
    run: async (ctx) => {
      const created = (await gql(ctx, SimulateMenuItemCreatedDocument, {}))
        .simulateMenuItemCreated!;
      await gql(ctx, SimulateMenuItemDeletedDocument, { i: created.id });
    },
  },
  'inventory.stock_updated': {
    how: 'the plugin records a stock movement (Data API, --key)',
    run: (ctx) => stockMovements(ctx, [1]),
  },
  'inventory.low_stock': {
    how: 'stock consumed below its reorder point (Data API, --key)',
    run: (ctx) => stockMovements(ctx, [-1_000_000]),
  },
  'inventory.low_stock_resolved': {
    how: 'stock consumed below its reorder point, then received (Data API, --key)',
    run: (ctx) => stockMovements(ctx, [-1_000_000, 2_000_000]),
  },
  'installation.created': {
    how: 'a free plugin installed again in the sandbox (simulateInstall)',
    run: async (ctx) => {
      const installed = (await gql(ctx, SimulateInstallDocument, {})).simulateInstall!;
      if (installed.status === 'pending_payment') {
        await onInstallation(ctx, installed.installationId, SimulateRemovalDocument);
        throw new CliError(
          'installation.created fires when a free plugin is installed; this plugin is paid, so its checkout sends trial.started or subscription.activated instead',
        );
      }
    },
  },
  'installation.removed': {
    how: 'an installation, then its removal (simulateRemoval)',
    run: async (ctx) =>
      void (await onInstallation(ctx, (await activeInstallation(ctx)).id, SimulateRemovalDocument)),
  },
  'trial.started': {
    how: 'a paid plugin with trialDays installed and checked out (simulateCheckout)',
    run: async (ctx) => void (await trial(ctx)),
  },
  'trial.ending': {
    how: 'a trial, then its ending (simulateTrialEnding)',
    run: async (ctx) =>
      void (await onInstallation(ctx, await trial(ctx), SimulateTrialEndingDocument)),
  },
  'subscription.activated': {
    how: 'a paid plugin checked out, or a trial converted (simulateCheckout, simulateTrialConversion)',
    run: async (ctx) => {
      const installation = await activeInstallation(ctx);
      if (installation.isTrial)
        await onInstallation(ctx, installation.id, SimulateTrialConversionDocument);
    },
  },
  'sandbox.expiry_warning': {
    how: "the idle sweep's warning, sent now (simulateSandboxExpiryWarning)",
    run: async (ctx) => void (await gql(ctx, SimulateSandboxExpiryWarningDocument, {})),
  },
};
