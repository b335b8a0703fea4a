// Writing an order's lines, shared by plugin orders (POST /orders) and the restaurant side (POS
// orders, items added to an open order): the priced lines with their customizations, and the
// human-readable order identifier.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DataPlaneSchema } from '../../db/types.js';
import { formatMinor } from '../shared/index.js';
import type { PricedLine } from './order-pricing.js';

/** Inserts priced lines after the order's existing ones (positions from `firstPosition`). */
export async function insertOrderLines(data: Kysely<DataPlaneSchema>, orderId: number, lines: PricedLine[], firstPosition = 0): Promise<void> {
  if (lines.length === 0) return;
  const inserted = await data
    .insertInto('order_items')
    .values(
      lines.map((line, i) => ({
        order_id: orderId,
        item_id: line.item_id,
        name: line.name,
        quantity: line.quantity,
        unit_price: formatMinor(line.unitPriceMinor),
        line_total: formatMinor(line.lineTotalMinor),
        notes: line.notes,
        position: firstPosition + i,
      })),
    )
    .returning(['order_item_id', 'position'])
    .execute();
  const customizations = inserted.flatMap(({ order_item_id, position }) =>
    lines[position - firstPosition]!.customizations.map((c) => ({
      order_item_id,
      template_id: c.template_id,
      option_id: c.option_id,
      name: c.name,
      price_delta: formatMinor(c.priceDeltaMinor),
    })),
  );
  if (customizations.length > 0) await data.insertInto('order_item_customizations').values(customizations).execute();
}

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
