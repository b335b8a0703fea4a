import { DomainError, ValidationError } from '../../domain/shared/index.js';
import { createMenuItem, deleteMenuItem, type MenuItemInput } from '../../domain/menu/index.js';
import { addOrderItems, createPosOrder, markOrderPrepared, releaseHeldOrder, type OrderLineInput } from '../../domain/orders/index.js';
import { recordFailedPayment, recordPosSale, refundPayment } from '../../domain/payments/index.js';
import { parseMoney, productionSite, sandboxSite, type RestaurantSite } from '../../domain/restaurants/index.js';
import { toRestaurantMenuItemView, toRestaurantOrderView, toRestaurantTransactionView } from '../views/restaurant-views.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// The point of sale and the menu admin, twice over the same domain functions: `simulate*` in a
// developer's own sandbox (the site is the sandbox's demo location) and `pos*` at a production
// location for the platform operator. Which caller may use which: src/portal/policy.ts.

interface ItemInput {
  itemId: string;
  quantity?: number | null;
  notes?: string | null;
  customizations?: { templateId: string; optionId: string }[] | null;
}

type Args = Record<string, any>;
type Action = (site: RestaurantSite, args: Args) => Promise<unknown>;

/** A GraphQL ID that must be a row id inside an input: a 422 naming the field otherwise. */
function idField(value: string, field: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new ValidationError({ [field]: ['must be a numeric id'] });
  return Number(value);
}

function toLines(items: ItemInput[]): OrderLineInput[] {
  return items.map((item, i) => ({
    item_id: idField(item.itemId, `items.${i}.itemId`),
    quantity: item.quantity ?? 1,
    ...(item.notes != null ? { notes: item.notes } : {}),
    ...(item.customizations
      ? {
          customizations: item.customizations.map((c, j) => ({
            template_id: idField(c.templateId, `items.${i}.customizations.${j}.templateId`),
            option_id: idField(c.optionId, `items.${i}.customizations.${j}.optionId`),
          })),
        }
      : {}),
  }));
}

const amountOf = (value: string | null | undefined) => (value == null ? undefined : parseMoney(value, 'amount', { positive: true }));

const ACTIONS = {
  order: async (site, { input }) => {
    const order = await createPosOrder(site, {
      hold: input?.hold ?? false,
      orderType: input?.orderType ?? undefined,
      tableNumber: input?.tableNumber,
      partySize: input?.partySize,
      items: input?.items ? toLines(input.items) : undefined,
    });
    return toRestaurantOrderView(site, order);
  },
  releaseOrder: async (site, { orderId }) => toRestaurantOrderView(site, await releaseHeldOrder(site, String(orderId))),
  addItems: async (site, { orderId, items }) => toRestaurantOrderView(site, await addOrderItems(site, String(orderId), toLines(items))),
  orderPrepared: async (site, { orderId }) => toRestaurantOrderView(site, await markOrderPrepared(site, String(orderId))),
  sale: async (site, { orderId, input }) =>
    toRestaurantTransactionView(
      site,
      await recordPosSale(site, String(orderId), {
        amountMinor: amountOf(input?.amount),
        paymentMethod: input?.paymentMethod ?? undefined,
        viaCardProcessor: input?.viaCardProcessor ?? false,
      }),
    ),
  failedPayment: async (site, { orderId, input }) =>
    toRestaurantTransactionView(
      site,
      await recordFailedPayment(site, String(orderId), {
        amountMinor: amountOf(input?.amount),
        paymentMethod: input?.paymentMethod ?? undefined,
        error: input?.error ?? undefined,
      }),
    ),
  refund: async (site, { transactionId, reason }) =>
    toRestaurantTransactionView(site, await refundPayment(site, parseId(transactionId, 'transaction'), reason)),
  menuItemCreated: async (site, { input }) => {
    const { categoryId, ...rest } = input as MenuItemInput & { categoryId?: string | null };
    return toRestaurantMenuItemView(await createMenuItem(site, { ...rest, categoryId: categoryId == null ? null : idField(categoryId, 'categoryId') }));
  },
  menuItemDeleted: async (site, { itemId }) => {
    const deleted = await deleteMenuItem(site, parseId(itemId, 'menu_item'));
    return { id: deleted.item_id, name: deleted.name, locationId: deleted.location_id, deletedAt: deleted.deleted_at };
  },
} satisfies Record<string, Action>;

type ActionName = keyof typeof ACTIONS;

const SIMULATE_FIELDS: Record<ActionName, string> = {
  order: 'simulatePosOrder',
  releaseOrder: 'simulateReleaseOrder',
  addItems: 'simulateAddItems',
  orderPrepared: 'simulateOrderPrepared',
  sale: 'simulatePosSale',
  failedPayment: 'simulateFailedPayment',
  refund: 'simulateRefund',
  menuItemCreated: 'simulateMenuItemCreated',
  menuItemDeleted: 'simulateMenuItemDeleted',
};

const POS_FIELDS: Record<ActionName, string> = {
  order: 'posOrder',
  releaseOrder: 'posReleaseOrder',
  addItems: 'posAddItems',
  orderPrepared: 'posOrderPrepared',
  sale: 'posSale',
  failedPayment: 'posFailedPayment',
  refund: 'posRefund',
  menuItemCreated: 'posMenuItemCreated',
  menuItemDeleted: 'posMenuItemDeleted',
};

/** The domain names problems after the Data API's fields (items.0.item_id); the portal's inputs are camelCase. */
function withPortalFieldNames(err: unknown): never {
  if (err instanceof DomainError && err.details) {
    for (const key of Object.keys(err.details)) {
      const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      if (camel === key) continue;
      err.details[camel] = err.details[key]!;
      delete err.details[key];
    }
  }
  throw err;
}

function resolversFor(fields: Record<ActionName, string>, siteOf: (args: Args, ctx: PortalContext) => Promise<RestaurantSite>) {
  return Object.fromEntries(
    (Object.keys(ACTIONS) as ActionName[]).map((name) => [
      fields[name],
      async (_: unknown, args: Args, ctx: PortalContext) => (ACTIONS[name] as Action)(await siteOf(args, ctx), args).catch(withPortalFieldNames),
    ]),
  );
}

/** Developer: in one of their own sandboxes, at its demo location. */
export const simulationMutations = resolversFor(SIMULATE_FIELDS, (args, ctx) => sandboxSite(ctx.db, developerIdOf(ctx), parseId(args.sandboxId, 'sandbox')));

/** Operator: at a production location. */
export const posMutations = resolversFor(POS_FIELDS, (args, ctx) => productionSite(ctx.db, parseId(args.locationId, 'location')));
