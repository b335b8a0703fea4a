// Payments as the restaurant's point of sale takes them: a sale (through the card processor or
// not), a declined payment and a refund. A sale goes through recordSaleTransaction, the one way a
// sale is applied to an order, so the observer payment.succeeded and, when the balance is
// cleared, PAID with order.paid come exactly as they do for a plugin's capture.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  NotFoundError,
  OrderStateError,
  OverpaymentError,
  ValidationError,
} from '../shared/index.js';
import { formatMinor, normalizeMoney, toMinor } from '../shared/index.js';
import { changeOrderStatus } from '../orders/index.js';
import { remainingMinor, type OrderRow, type TransactionRow } from '../orders/index.js';
import { recordSaleTransaction } from './payments.js';
import { lockOrder } from '../orders/index.js';
import { siteScope, type RestaurantSite } from '../restaurants/index.js';
import { inSite } from '../shared/index.js';
import type { Tx } from '../shared/index.js';
import { ORDER_COLUMNS, TRANSACTION_COLUMNS } from '../../db/columns.js';

export interface PaymentOutcome {
  transaction: TransactionRow;
  order: OrderRow;
}

export interface PosSaleInput {
  /** Minor units; defaults to the order's remaining balance. */
  amountMinor?: number;
  paymentMethod?: string;
  /** Paid through the card processor: the transaction gets a processor payment intent id. */
  viaCardProcessor?: boolean;
}

export interface FailedPaymentInput {
  amountMinor?: number;
  paymentMethod?: string;
  error?: string;
}

/** Orders that can take money: open ones (CREATED to COMPLETED), not held, settled or cancelled. */
const PAYABLE: ReadonlySet<string> = new Set([
  'CREATED',
  'COOKING',
  'PREPARED',
  'SERVED',
  'COMPLETED',
]);

export const DEFAULT_DECLINE = 'card_declined: insufficient funds';

/** A POS sale on an order: the observer payment.succeeded, and PAID with order.paid if it clears the balance. */
export async function recordPosSale(
  site: RestaurantSite,
  orderRef: string,
  input: PosSaleInput,
): Promise<PaymentOutcome> {
  const paymentMethod = checkMethod(
    input.paymentMethod ?? (input.viaCardProcessor ? 'card' : 'cash'),
  );
  return inSite(site, async (tx) => {
    const order = await payableOrder(tx, site, orderRef);
    const remaining = remainingMinor(order);
    const amountMinor = input.amountMinor ?? remaining;
    if (amountMinor <= 0)
      throw new ValidationError({
        amount: ['must be positive; the order has nothing left to pay'],
      });
    if (amountMinor > remaining)
      throw new OverpaymentError(formatMinor(amountMinor), formatMinor(remaining));
    return recordSaleTransaction(tx, siteScope(site), order, {
      amountMinor,
      paymentMethod,
      processorPaymentIntentId: input.viaCardProcessor
        ? `pi_${randomBytes(12).toString('hex')}`
        : null,
      source: 'pos',
    });
  });
}

/** A declined payment: a failed transaction that changes nothing on the order, and payment.failed. */
export async function recordFailedPayment(
  site: RestaurantSite,
  orderRef: string,
  input: FailedPaymentInput,
): Promise<PaymentOutcome> {
  const paymentMethod = checkMethod(input.paymentMethod ?? 'card');
  const error = (input.error ?? DEFAULT_DECLINE).trim();
  if (error.length === 0 || error.length > 500)
    throw new ValidationError({ error: ['must be 1 to 500 characters'] });
  return inSite(site, async (tx) => {
    const order = await payableOrder(tx, site, orderRef);
    const amountMinor = input.amountMinor ?? remainingMinor(order);
    if (amountMinor <= 0)
      throw new ValidationError({
        amount: ['must be positive; the order has nothing left to pay'],
      });
    const transaction = await tx.data
      .insertInto('transactions')
      .values({
        organization_id: order.organization_id,
        order_id: order.order_id,
        amount: formatMinor(amountMinor),
        currency: order.currency.trim(),
        payment_method: paymentMethod,
        transaction_type: 'sale',
        status: 'failed',
        error,
        source: 'pos',
        remaining_balance_after: formatMinor(remainingMinor(order)),
        order_status_after: order.status,
      })
      .returning(TRANSACTION_COLUMNS)
      .executeTakeFirstOrThrow();
    await tx.emit(siteScope(site), 'payment.failed', {
      transaction_id: transaction.transaction_id,
      order_id: order.order_id,
      amount: formatMinor(amountMinor),
      currency: transaction.currency.trim(),
      payment_method: paymentMethod,
      error,
      failed_at: transaction.captured_at.toISOString(),
    });
    return { transaction, order };
  });
}

/**
 * Refunds a succeeded sale in full: the sale becomes `refunded`, a `refund` transaction records
 * the money going back, the order's paid total drops, and payment.refunded names the sale. A PAID
 * order becomes REFUNDED (nothing left paid) or PARTIALLY_REFUNDED (order.status_changed); an
 * order not yet paid in full simply owes the amount again.
 */
export async function refundPayment(
  site: RestaurantSite,
  transactionId: number,
  reason: string,
): Promise<PaymentOutcome> {
  const refundReason = reason.trim();
  if (refundReason.length === 0 || refundReason.length > 2000)
    throw new ValidationError({ reason: ['must be 1 to 2000 characters'] });
  return inSite(site, async (tx) => {
    const found = await tx.data
      .selectFrom('transactions')
      .select('order_id')
      .where('transaction_id', '=', transactionId)
      .where('organization_id', '=', site.organizationId)
      .executeTakeFirst();
    if (!found) throw new NotFoundError('transaction');
    // The order first, as every payment path does, so a refund and a sale cannot deadlock.
    const order = await lockOrder(tx, site, found.order_id).catch((err: unknown) => {
      throw err instanceof NotFoundError ? new NotFoundError('transaction') : err;
    });
    const sale = await tx.data
      .selectFrom('transactions')
      .select(TRANSACTION_COLUMNS)
      .where('transaction_id', '=', transactionId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (sale.transaction_type !== 'sale' || sale.status !== 'succeeded') {
      throw new OrderStateError(
        `Only a succeeded sale can be refunded; transaction ${transactionId} is a ${sale.status} ${sale.transaction_type}.`,
      );
    }
    await tx.data
      .updateTable('transactions')
      .set({ status: 'refunded', refund_reason: refundReason })
      .where('transaction_id', '=', transactionId)
      .execute();
    const refund = await tx.data
      .insertInto('transactions')
      .values({
        organization_id: sale.organization_id,
        order_id: sale.order_id,
        amount: sale.amount,
        currency: sale.currency.trim(),
        payment_method: sale.payment_method,
        provider: sale.provider,
        processor_payment_intent_id: sale.processor_payment_intent_id,
        transaction_type: 'refund',
        status: 'succeeded',
        refund_reason: refundReason,
        refunded_transaction_id: transactionId,
        source: 'pos',
      })
      .returning(TRANSACTION_COLUMNS)
      .executeTakeFirstOrThrow();
    await tx.emit(siteScope(site), 'payment.refunded', {
      transaction_id: transactionId,
      order_id: sale.order_id,
      amount: normalizeMoney(sale.amount),
      currency: sale.currency.trim(),
      refund_reason: refundReason,
      refunded_at: refund.captured_at.toISOString(),
    });
    return {
      transaction: { ...sale, status: 'refunded', refund_reason: refundReason },
      order: await settleRefund(tx, site, order, toMinor(sale.amount)),
    };
  });
}

async function settleRefund(
  tx: Tx,
  site: RestaurantSite,
  order: OrderRow,
  amountMinor: number,
): Promise<OrderRow> {
  const updated = await tx.data
    .updateTable('orders')
    .set({
      paid_total: sql<string>`greatest(paid_total - ${formatMinor(amountMinor)}::numeric, 0)`,
      updated_at: sql<Date>`now()`,
    })
    .where('order_id', '=', order.order_id)
    .returning(ORDER_COLUMNS)
    .executeTakeFirstOrThrow();
  if (order.status !== 'PAID' && order.status !== 'PARTIALLY_REFUNDED') return updated;
  const next = toMinor(updated.paid_total) === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return next === order.status ? updated : changeOrderStatus(tx, siteScope(site), updated, next);
}

async function payableOrder(tx: Tx, site: RestaurantSite, orderRef: string): Promise<OrderRow> {
  const order = await lockOrder(tx, site, orderRef);
  if (!PAYABLE.has(order.status)) {
    const hint = order.status === 'PENDING' ? ' Release the held order first.' : '';
    throw new OrderStateError(`An order that is ${order.status} cannot take a payment.${hint}`);
  }
  return order;
}

function checkMethod(paymentMethod: string): string {
  const method = paymentMethod.trim();
  if (!/^[a-z0-9_]{1,50}$/.test(method))
    throw new ValidationError({
      paymentMethod: [
        'must be 1 to 50 lower-case letters, digits or underscores, e.g. card or cash',
      ],
    });
  return method;
}
