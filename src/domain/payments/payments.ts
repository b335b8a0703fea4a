// Payments: POST /orders/{orderId}/payments (a plugin's capture) and recordSaleTransaction, the one
// way a sale is applied to an order, which the restaurant side (POS sales) calls too.
import { sql } from 'kysely';
import type { components } from '../../generated/openapi.generated.js';
import { type EventScope } from '../webhooks/index.js';
import type { InstallationContext } from '../installations/index.js';
import {
  CurrencyMismatchError,
  DomainError,
  InvalidTransitionError,
  NotFoundError,
  OverpaymentError,
  RolledBackError,
  SubscriptionLockedError,
  ValidationError,
} from '../shared/index.js';
import { lockIdempotencyKey } from '../shared/index.js';
import { formatMinor, normalizeMoney, toMinor } from '../shared/index.js';
import { findOrder, installationScope, markOrderPaid } from '../orders/index.js';
import type { InternalStatus } from '../orders/index.js';
import {
  loadOrderView,
  remainingMinor,
  toPaymentView,
  type OrderRow,
  type PaymentView,
  type TransactionRow,
} from '../orders/index.js';
import { inSite, scopeAt, type Tx } from '../shared/index.js';
import { ORDER_COLUMNS, TRANSACTION_COLUMNS } from '../../db/columns.js';

export type CaptureInput = components['schemas']['CapturePaymentRequest'];

export interface CaptureResult {
  payment: PaymentView;
  /** false for an idempotent replay (200 with the original payment). */
  created: boolean;
}

/**
 * Records a capture under the order's row lock, so concurrent captures are judged one after the
 * other against the balance and can never together exceed it.
 */
export async function captureOrderPayment(
  ctx: InstallationContext,
  ref: string,
  input: CaptureInput,
): Promise<CaptureResult> {
  const amountMinor = toMinor(input.amount);
  try {
    return await inSite(ctx, async (tx) => {
      await lockIdempotencyKey(
        tx,
        ctx.schema,
        'payment',
        ctx.organizationId,
        input.provider_transaction_id,
      );
      const existing = await tx.data
        .selectFrom('transactions')
        .select(TRANSACTION_COLUMNS)
        .where('organization_id', '=', ctx.organizationId)
        .where('provider_transaction_id', '=', input.provider_transaction_id)
        .executeTakeFirst();
      if (existing) return { payment: await replayPayment(tx, ctx, existing), created: false };

      await assertCapturesAllowed(tx, ctx.organizationId);
      const order = await findOrder(tx.data, installationScope(ctx), ref, { lock: true });
      if (!order) throw new NotFoundError('order');
      if (order.status === 'CANCELLED') throw new InvalidTransitionError('cancelled', 'paid', []);
      const currency = order.currency.trim();
      if (input.currency !== currency) throw new CurrencyMismatchError(currency, input.currency);
      const remaining = remainingMinor(order);
      if (amountMinor > remaining)
        throw new OverpaymentError(formatMinor(amountMinor), formatMinor(remaining));

      const scope = scopeAt(ctx, order.location_id);
      const { transaction } = await recordSaleTransaction(tx, scope, order, {
        amountMinor,
        paymentMethod: input.payment_method,
        provider: input.provider,
        providerTransactionId: input.provider_transaction_id,
        capturedAt: input.captured_at,
        source: 'plugin_capture',
      });
      await emitCaptureEvent(tx, scope, transaction, input);
      // The row carries its snapshot, so the fallback is never used here.
      return {
        payment: toPaymentView(transaction, {
          remainingMinor: remaining - amountMinor,
          status: order.status as InternalStatus,
        }),
        created: true,
      };
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new RolledBackError('capture_failed', 'Capture failed and was rolled back.', err);
  }
}

/** The capture shape of payment.succeeded, beside the observer shape the transaction emitted. */
async function emitCaptureEvent(
  { emit }: Tx,
  scope: EventScope,
  transaction: TransactionRow,
  input: CaptureInput,
): Promise<void> {
  await emit(scope, 'payment.succeeded', {
    payment_id: transaction.transaction_id,
    order_id: transaction.order_id,
    amount: normalizeMoney(transaction.amount),
    currency: transaction.currency.trim(),
    payment_method: input.payment_method,
    provider: input.provider,
    provider_transaction_id: input.provider_transaction_id,
    // The one money field of the catalog that is a JSON number (major units).
    remaining_balance: toMinor(transaction.remaining_balance_after!) / 100,
  });
}

/** The payment exactly as first recorded, if its order is visible to the installation. */
async function replayPayment(
  tx: Tx,
  ctx: InstallationContext,
  existing: TransactionRow,
): Promise<PaymentView> {
  const order = await findOrder(tx.data, installationScope(ctx), existing.order_id);
  if (!order) {
    throw new ValidationError(
      { provider_transaction_id: ['already used for a payment on an order of another location'] },
      'provider_transaction_id was already used for another payment.',
    );
  }
  // Through the order view, so that a row without a snapshot reports what GET /orders does.
  const view = (await loadOrderView(tx, order)).payments.find(
    (p) => p.payment_id === existing.transaction_id,
  );
  return (
    view ??
    toPaymentView(existing, {
      remainingMinor: remainingMinor(order),
      status: order.status as InternalStatus,
    })
  );
}

/** Captures are refused while the organization's subscription is locked; past_due is a grace period. */
async function assertCapturesAllowed({ data }: Tx, organizationId: number): Promise<void> {
  const org = await data
    .selectFrom('organizations')
    .select('subscription_status')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (org?.subscription_status === 'locked') throw new SubscriptionLockedError();
}

export interface SaleInput {
  amountMinor: number;
  paymentMethod: string;
  provider?: string | null;
  providerTransactionId?: string | null;
  processorPaymentIntentId?: string | null;
  tipMinor?: number;
  taxMinor?: number;
  discountMinor?: number;
  /** When the money was taken; defaults to now. */
  capturedAt?: string | Date;
  source: 'plugin_capture' | 'pos';
}

/**
 * Applies a sale to a locked order: writes the authoritative transaction (with the order's
 * balance and status right after it), emits the observer-shape payment.succeeded, adds the amount
 * to paid_total, and sets PAID when the balance is cleared (order.status_changed, order.paid).
 * The caller holds the order's row lock and has checked currency and balance.
 */
export async function recordSaleTransaction(
  tx: Tx,
  scope: EventScope,
  order: OrderRow,
  sale: SaleInput,
): Promise<{ transaction: TransactionRow; order: OrderRow }> {
  const remainingAfter = Math.max(0, remainingMinor(order) - sale.amountMinor);
  const clears = remainingAfter === 0;
  const transaction = await tx.data
    .insertInto('transactions')
    .values({
      organization_id: order.organization_id,
      order_id: order.order_id,
      amount: formatMinor(sale.amountMinor),
      currency: order.currency.trim(),
      payment_method: sale.paymentMethod,
      provider: sale.provider ?? null,
      provider_transaction_id: sale.providerTransactionId ?? null,
      processor_payment_intent_id: sale.processorPaymentIntentId ?? null,
      transaction_type: 'sale',
      status: 'succeeded',
      tip_amount: formatMinor(sale.tipMinor ?? 0),
      tax_amount: formatMinor(sale.taxMinor ?? 0),
      discount_amount: formatMinor(sale.discountMinor ?? 0),
      source: sale.source,
      captured_at: sale.capturedAt ?? sql<Date>`now()`,
      remaining_balance_after: formatMinor(remainingAfter),
      order_status_after: clears ? 'PAID' : order.status,
    })
    .returning(TRANSACTION_COLUMNS)
    .executeTakeFirstOrThrow();
  await tx.emit(scope, 'payment.succeeded', {
    transaction_id: transaction.transaction_id,
    order_id: transaction.order_id,
    amount: normalizeMoney(transaction.amount),
    currency: transaction.currency.trim(),
    payment_method: transaction.payment_method,
    tip_amount: normalizeMoney(transaction.tip_amount),
    tax_amount: normalizeMoney(transaction.tax_amount),
    discount_amount: normalizeMoney(transaction.discount_amount),
    processor_payment_intent_id: transaction.processor_payment_intent_id,
    transaction_type: transaction.transaction_type,
    processed_at: transaction.captured_at.toISOString(),
  });

  const paid = await tx.data
    .updateTable('orders')
    .set({
      paid_total: sql<string>`paid_total + ${formatMinor(sale.amountMinor)}::numeric`,
      updated_at: sql<Date>`now()`,
    })
    .where('order_id', '=', order.order_id)
    .returning(ORDER_COLUMNS)
    .executeTakeFirstOrThrow();
  return { transaction, order: clears ? await markOrderPaid(tx, scope, paid) : paid };
}
