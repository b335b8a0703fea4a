// Writing an order's lines, shared by plugin orders (POST /orders) and the restaurant side (POS
// orders, items added to an open order): the priced lines with their customizations, and the
// human-readable order identifier.
import { randomBytes } from 'node:crypto';
import { PreparedQuery, slot } from '../../db/prepared.js';
import { formatMinor, type PlaneTx } from '../shared/index.js';
import type { PricedLine } from './order-pricing.js';

/**
 * Inserts priced lines after the order's existing ones (positions from `firstPosition`): one
 * statement of n rows, compiled once per schema and number of lines.
 */
export async function insertOrderLines(
  tx: PlaneTx,
  orderId: number,
  lines: PricedLine[],
  firstPosition = 0,
): Promise<void> {
  if (lines.length === 0) return;
  const { data } = tx;
  const values: Record<string, unknown> = { orderId };
  lines.forEach((line, i) =>
    Object.assign(values, {
      [`item${i}`]: line.item_id,
      [`name${i}`]: line.name,
      [`quantity${i}`]: line.quantity,
      [`unitPrice${i}`]: formatMinor(line.unitPriceMinor),
      [`lineTotal${i}`]: formatMinor(line.lineTotalMinor),
      [`notes${i}`]: line.notes,
      [`position${i}`]: firstPosition + i,
    }),
  );
  const inserted = await linesInsert.execute(
    data,
    `${tx.schema}:${lines.length}`,
    () =>
      data
        .insertInto('order_items')
        .values(
          lines.map((_, i) => ({
            order_id: slot<number>('orderId'),
            item_id: slot<number>(`item${i}`),
            name: slot<string>(`name${i}`),
            quantity: slot<number>(`quantity${i}`),
            unit_price: slot<string>(`unitPrice${i}`),
            line_total: slot<string>(`lineTotal${i}`),
            notes: slot<string | null>(`notes${i}`),
            position: slot<number>(`position${i}`),
          })),
        )
        .returning(['order_item_id', 'position']),
    values,
  );
  const customizations = inserted.flatMap(({ order_item_id, position }) =>
    lines[position - firstPosition]!.customizations.map((c) => ({
      order_item_id,
      template_id: c.template_id,
      option_id: c.option_id,
      name: c.name,
      price_delta: formatMinor(c.priceDeltaMinor),
    })),
  );
  if (customizations.length > 0)
    await data.insertInto('order_item_customizations').values(customizations).execute();
}

/** The currency an order at `locationId` is priced in (compiled once per schema). */
export async function locationCurrency(tx: PlaneTx, locationId: number): Promise<string> {
  const { data } = tx;
  const [location] = await currencyOf.execute(
    data,
    tx.schema,
    () =>
      data
        .selectFrom('locations')
        .select('currency')
        .where('location_id', '=', slot<number>('locationId')),
    {
      locationId,
    },
  );
  if (!location) throw new Error(`location ${locationId} is gone`);
  return location.currency;
}

const currencyOf = new PreparedQuery<{ currency: string }>();
const linesInsert = new PreparedQuery<{ order_item_id: number; position: number }>();

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `ORD-` and 8 Crockford base32 characters (40 random bits): readable, no 0/O or 1/I confusion. */
export function newUniqueOrderId(): string {
  let bits = BigInt(`0x${randomBytes(5).toString('hex')}`);
  let text = '';
  for (let i = 0; i < 8; i++) {
    text = CROCKFORD[Number(bits & 31n)]! + text;
    bits >>= 5n;
  }
  return `ORD-${text}`;
}
