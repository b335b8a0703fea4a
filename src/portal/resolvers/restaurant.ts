import { DomainError, ValidationError } from '../../domain/shared/index.js';
import { createMenuItem, deleteMenuItem } from '../../domain/menu/index.js';
import {
  addOrderItems,
  createPosOrder,
  markOrderPrepared,
  releaseHeldOrder,
  type OrderLineInput,
} from '../../domain/orders/index.js';
import { recordFailedPayment, recordPosSale, refundPayment } from '../../domain/payments/index.js';
import {
  parseMoney,
  productionSite,
  sandboxSite,
  type RestaurantSite,
} from '../../domain/restaurants/index.js';
import {
  toRestaurantMenuItemView,
  toRestaurantOrderView,
  toRestaurantTransactionView,
} from '../views/restaurant-views.js';
import type {
  MutationPosAddItemsArgs,
  MutationPosFailedPaymentArgs,
  MutationPosMenuItemCreatedArgs,
  MutationPosMenuItemDeletedArgs,
  MutationPosOrderArgs,
  MutationPosOrderPreparedArgs,
  MutationPosRefundArgs,
  MutationPosReleaseOrderArgs,
  MutationPosSaleArgs,
  MutationResolvers,
  PosOrderItemInput,
  Resolver,
} from '../../generated/portal.generated.js';
import { developerIdOf, parseId, type PortalContext } from '../context.js';

// The point of sale and the menu admin, twice over the same domain functions: `simulate*` in a
// developer's own sandbox (the site is the sandbox's demo location) and `pos*` at a production
// location for the platform operator. Who may call which: their @access directives in
// src/portal/schema.graphql.

/** A GraphQL ID that must be a row id inside an input: a 422 naming the field otherwise. */
function idField(value: string, field: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647)
    throw new ValidationError({ [field]: ['must be a numeric id'] });
  return Number(value);
}

function toLines(items: PosOrderItemInput[]): OrderLineInput[] {
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

const amountOf = (value: string | null | undefined) =>
  value == null ? undefined : parseMoney(value, 'amount', { positive: true });

/**
 * What an action takes: its field's arguments without the place (`locationId` of pos*, and
 * `sandboxId` of simulate*, which binding to the simulate* field checks is the only difference).
 */
type ActionArgs<A> = Omit<A, 'locationId'>;

async function order(site: RestaurantSite, { input }: ActionArgs<MutationPosOrderArgs>) {
  const row = await createPosOrder(site, {
    hold: input?.hold ?? false,
    orderType: input?.orderType ?? undefined,
    tableNumber: input?.tableNumber,
    partySize: input?.partySize,
    items: input?.items ? toLines(input.items) : undefined,
  });
  return toRestaurantOrderView(site, row);
}

const releaseOrder = async (
  site: RestaurantSite,
  { orderId }: ActionArgs<MutationPosReleaseOrderArgs>,
) => toRestaurantOrderView(site, await releaseHeldOrder(site, orderId));

const addItems = async (
  site: RestaurantSite,
  { orderId, items }: ActionArgs<MutationPosAddItemsArgs>,
) => toRestaurantOrderView(site, await addOrderItems(site, orderId, toLines(items)));

const orderPrepared = async (
  site: RestaurantSite,
  { orderId }: ActionArgs<MutationPosOrderPreparedArgs>,
) => toRestaurantOrderView(site, await markOrderPrepared(site, orderId));

const sale = async (site: RestaurantSite, { orderId, input }: ActionArgs<MutationPosSaleArgs>) =>
  toRestaurantTransactionView(
    site,
    await recordPosSale(site, orderId, {
      amountMinor: amountOf(input?.amount),
      paymentMethod: input?.paymentMethod ?? undefined,
      viaCardProcessor: input?.viaCardProcessor ?? false,
    }),
  );

const failedPayment = async (
  site: RestaurantSite,
  { orderId, input }: ActionArgs<MutationPosFailedPaymentArgs>,
) =>
  toRestaurantTransactionView(
    site,
    await recordFailedPayment(site, orderId, {
      amountMinor: amountOf(input?.amount),
      paymentMethod: input?.paymentMethod ?? undefined,
      error: input?.error ?? undefined,
    }),
  );

const refund = async (
  site: RestaurantSite,
  { transactionId, reason }: ActionArgs<MutationPosRefundArgs>,
) =>
  toRestaurantTransactionView(
    site,
    await refundPayment(site, parseId(transactionId, 'transaction'), reason),
  );

const menuItemCreated = async (
  site: RestaurantSite,
  { input: { categoryId, ...rest } }: ActionArgs<MutationPosMenuItemCreatedArgs>,
) =>
  toRestaurantMenuItemView(
    await createMenuItem(site, {
      ...rest,
      categoryId: categoryId == null ? null : idField(categoryId, 'categoryId'),
    }),
  );

async function menuItemDeleted(
  site: RestaurantSite,
  { itemId }: ActionArgs<MutationPosMenuItemDeletedArgs>,
) {
  const deleted = await deleteMenuItem(site, parseId(itemId, 'menu_item'));
  return {
    id: deleted.item_id,
    name: deleted.name,
    locationId: deleted.location_id,
    deletedAt: deleted.deleted_at,
  };
}

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

type Action<A, R> = (site: RestaurantSite, args: A) => Promise<R>;

/** Developer: in one of their own sandboxes, at its demo location. */
function inSandbox<A, R>(
  action: Action<A, R>,
): Resolver<R, unknown, PortalContext, A & { sandboxId: string }> {
  return async (_, args, ctx) =>
    action(
      await sandboxSite(ctx.db, ctx.events, developerIdOf(ctx), parseId(args.sandboxId, 'sandbox')),
      args,
    ).catch(withPortalFieldNames);
}

/** Operator: at a production location. */
function atLocation<A, R>(
  action: Action<A, R>,
): Resolver<R, unknown, PortalContext, A & { locationId: string }> {
  return async (_, args, ctx) =>
    action(
      await productionSite(ctx.db, ctx.events, parseId(args.locationId, 'location')),
      args,
    ).catch(withPortalFieldNames);
}

export const simulationMutations = {
  simulatePosOrder: inSandbox(order),
  simulateReleaseOrder: inSandbox(releaseOrder),
  simulateAddItems: inSandbox(addItems),
  simulateOrderPrepared: inSandbox(orderPrepared),
  simulatePosSale: inSandbox(sale),
  simulateFailedPayment: inSandbox(failedPayment),
  simulateRefund: inSandbox(refund),
  simulateMenuItemCreated: inSandbox(menuItemCreated),
  simulateMenuItemDeleted: inSandbox(menuItemDeleted),
} satisfies MutationResolvers;

export const posMutations = {
  posOrder: atLocation(order),
  posReleaseOrder: atLocation(releaseOrder),
  posAddItems: atLocation(addItems),
  posOrderPrepared: atLocation(orderPrepared),
  posSale: atLocation(sale),
  posFailedPayment: atLocation(failedPayment),
  posRefund: atLocation(refund),
  posMenuItemCreated: atLocation(menuItemCreated),
  posMenuItemDeleted: atLocation(menuItemDeleted),
} satisfies MutationResolvers;
