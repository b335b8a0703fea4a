import type { Kysely } from 'kysely';
import type { DataPlaneSchema } from '../../db/types.js';
import type { EventDataMap, EventName } from '../../generated/events.generated.js';

// Payloads for the portal's webhook tester, read from the installation's own data plane (the
// sandbox's demo restaurant) so a developer sees their records' real ids. When the plane has no
// matching record (a sandbox without payments, say), a realistic sample stands in.

export interface TesterInstallation {
  installation_id: number;
  plugin_id: number;
  organization_id: number;
  location_id: number;
  is_trial: boolean;
  trial_ends_at: Date | null;
  trial_days: number;
  sandbox: {
    sandbox_id: number;
    name: string;
    schema_name: string;
    purpose: string;
    last_accessed_at: Date;
    protected_until: Date | null;
  } | null;
}

type Data = Kysely<DataPlaneSchema>;
const DAY = 86_400_000;
const iso = (date: Date | string) => new Date(date).toISOString();
const VISIBLE_STATUSES = [
  'CREATED',
  'COOKING',
  'PREPARED',
  'SERVED',
  'COMPLETED',
  'PAID',
  'CANCELLED',
];

export async function buildSamplePayload<E extends EventName>(
  data: Data,
  inst: TesterInstallation,
  event: E,
  idleDays: number,
): Promise<EventDataMap[E]> {
  const builders: { [K in EventName]: () => Promise<EventDataMap[K]> } = {
    'order.created': async () => {
      const o = await order(data, inst);
      return {
        order_id: o.order_id,
        order_number: o.unique_orderid,
        table_number: o.table_number,
        order_status: 'CREATED',
        total: o.total,
        party_size: o.party_size,
        created_at: iso(o.created_at),
      };
    },
    'order.status_changed': async () => {
      const o = await order(data, inst);
      return {
        order_id: o.order_id,
        order_number: o.unique_orderid,
        old_status: 'CREATED',
        new_status: 'COOKING',
      };
    },
    'order.items_added': async () => {
      const o = await order(data, inst);
      const count = Math.max(o.item_count, 1);
      return {
        order_id: o.order_id,
        order_number: o.unique_orderid,
        previous_item_count: count,
        new_item_count: count + 2,
        items_added: 2,
      };
    },
    'order.paid': async () => {
      const o = await order(data, inst);
      return {
        order_id: o.order_id,
        order_number: o.unique_orderid,
        total: o.total,
        paid_at: iso(o.paid_at ?? new Date()),
      };
    },
    'order.cancelled': async () => {
      const o = await order(data, inst);
      return {
        order_id: o.order_id,
        order_number: o.unique_orderid,
        reason: o.cancellation_reason ?? 'Guest left before ordering',
        cancelled_at: iso(o.cancelled_at ?? new Date()),
      };
    },
    'payment.succeeded': async () => {
      const p = await payment(data, inst);
      return {
        transaction_id: p.transaction_id,
        order_id: p.order_id,
        amount: p.amount,
        currency: p.currency,
        payment_method: p.payment_method,
        tip_amount: p.tip_amount,
        tax_amount: p.tax_amount,
        discount_amount: p.discount_amount,
        processor_payment_intent_id: p.processor_payment_intent_id,
        transaction_type: 'sale',
        processed_at: iso(p.captured_at),
      };
    },
    'payment.failed': async () => {
      const p = await payment(data, inst);
      return {
        transaction_id: p.transaction_id,
        order_id: p.order_id,
        amount: p.amount,
        currency: p.currency,
        payment_method: 'card',
        error: 'card_declined: insufficient funds',
        failed_at: iso(new Date()),
      };
    },
    'payment.refunded': async () => {
      const p = await payment(data, inst);
      return {
        transaction_id: p.transaction_id,
        order_id: p.order_id,
        amount: p.amount,
        currency: p.currency,
        refund_reason: 'Dish returned to the kitchen',
        refunded_at: iso(new Date()),
      };
    },
    'menu.item_created': async () => menuItem(data, inst),
    'menu.item_updated': async () => {
      const item = await menuItem(data, inst);
      return { ...item, changes: { is_available: item.is_available, price: item.price } };
    },
    'menu.item_deleted': async () => {
      const item = await menuItem(data, inst);
      return {
        item_id: item.item_id,
        name: item.name,
        location_id: item.location_id,
        deleted_at: iso(new Date()),
      };
    },
    'inventory.stock_updated': () => movement(data, inst),
    'inventory.low_stock': () => movement(data, inst),
    'inventory.low_stock_resolved': () => movement(data, inst),
    'installation.created': async () => installationData(inst, inst.is_trial),
    'installation.removed': async () => ({
      installation_id: inst.installation_id,
      plugin_id: inst.plugin_id,
      organization_id: inst.organization_id,
      location_id: inst.location_id,
    }),
    'trial.started': async () => installationData(inst, true),
    'trial.ending': async () => {
      const ends = inst.trial_ends_at ?? new Date(Date.now() + 3 * DAY);
      const days = Math.max(0, Math.ceil((ends.getTime() - Date.now()) / DAY));
      return {
        installation_id: inst.installation_id,
        plugin_id: inst.plugin_id,
        organization_id: inst.organization_id,
        location_id: inst.location_id,
        trial_ends_at: iso(ends),
        days_remaining: days,
      };
    },
    'subscription.activated': async () => ({
      ...installationData(inst, false),
      trial_ends_at: null,
    }),
    'sandbox.expiry_warning': async () => {
      const s = inst.sandbox ?? {
        sandbox_id: 1,
        name: 'Development sandbox',
        schema_name: 'sandbox_1',
        purpose: 'development',
        last_accessed_at: new Date(Date.now() - (idleDays - 7) * DAY),
        protected_until: null,
      };
      return {
        sandbox_id: s.sandbox_id,
        sandbox_name: s.name,
        schema_name: s.schema_name,
        purpose: s.purpose,
        last_accessed_at: iso(s.last_accessed_at),
        would_expire_at: iso(new Date(s.last_accessed_at.getTime() + idleDays * DAY)),
        protected_until: s.protected_until ? iso(s.protected_until) : null,
        action:
          'Call any Data API endpoint with the sandbox installation key, or extend its protection with protectSandbox in the developer portal, to keep it.',
      };
    },
  };
  return builders[event]();
}

function installationData(
  inst: TesterInstallation,
  trial: boolean,
): EventDataMap['installation.created'] {
  const base = {
    installation_id: inst.installation_id,
    plugin_id: inst.plugin_id,
    organization_id: inst.organization_id,
    location_id: inst.location_id,
    is_trial: trial,
  };
  if (!trial) return base;
  return {
    ...base,
    trial_ends_at: iso(
      inst.trial_ends_at ?? new Date(Date.now() + Math.max(inst.trial_days, 14) * DAY),
    ),
  };
}

async function order(data: Data, inst: TesterInstallation) {
  const row = await data
    .selectFrom('orders as o')
    .select([
      'o.order_id',
      'o.unique_orderid',
      'o.table_number',
      'o.total',
      'o.party_size',
      'o.created_at',
      'o.paid_at',
      'o.cancelled_at',
      'o.cancellation_reason',
    ])
    .select((eb) =>
      eb
        .selectFrom('order_items as oi')
        .whereRef('oi.order_id', '=', 'o.order_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('item_count'),
    )
    .where('o.location_id', '=', inst.location_id)
    .where('o.status', 'in', VISIBLE_STATUSES)
    .orderBy('o.order_id', 'desc')
    .executeTakeFirst();
  if (row) return { ...row, item_count: Number(row.item_count ?? 0) };
  const now = new Date();
  return {
    order_id: 1001,
    unique_orderid: 'HV-1001',
    table_number: '4',
    total: '37.50',
    party_size: 2,
    created_at: now,
    paid_at: null,
    cancelled_at: null,
    cancellation_reason: null,
    item_count: 3,
  };
}

async function payment(data: Data, inst: TesterInstallation) {
  const row = await data
    .selectFrom('transactions as t')
    .innerJoin('orders as o', 'o.order_id', 't.order_id')
    .select([
      't.transaction_id',
      't.order_id',
      't.amount',
      't.currency',
      't.payment_method',
      't.tip_amount',
      't.tax_amount',
      't.discount_amount',
      't.processor_payment_intent_id',
      't.captured_at',
    ])
    .where('o.location_id', '=', inst.location_id)
    .where('t.transaction_type', '=', 'sale')
    .orderBy('t.transaction_id', 'desc')
    .executeTakeFirst();
  if (row) return row;
  const o = await order(data, inst);
  return {
    transaction_id: 5001,
    order_id: o.order_id,
    amount: o.total,
    currency: 'EUR',
    payment_method: 'card',
    tip_amount: '0.00',
    tax_amount: '0.00',
    discount_amount: '0.00',
    processor_payment_intent_id: null,
    captured_at: new Date(),
  };
}

async function menuItem(
  data: Data,
  inst: TesterInstallation,
): Promise<EventDataMap['menu.item_created']> {
  const row = await data
    .selectFrom('menu_items')
    .select([
      'item_id',
      'name',
      'description',
      'price',
      'is_available',
      'is_active',
      'location_id',
      'location_coll_id',
      'allergens',
      'vegan',
      'vegetarian',
      'spicy_level',
      'preparation_time',
    ])
    .where('location_id', '=', inst.location_id)
    .orderBy('item_id')
    .executeTakeFirst();
  return (
    row ?? {
      item_id: 301,
      name: 'Margherita Pizza',
      description: 'San Marzano tomato, fior di latte, basil',
      price: '12.50',
      is_available: true,
      is_active: true,
      location_id: inst.location_id,
      location_coll_id: null,
      allergens: ['gluten', 'milk'],
      vegan: false,
      vegetarian: true,
      spicy_level: 0,
      preparation_time: 12,
    }
  );
}

async function movement(
  data: Data,
  inst: TesterInstallation,
): Promise<EventDataMap['inventory.stock_updated']> {
  const row = await data
    .selectFrom('stock_movements as m')
    .innerJoin('stock_levels as s', (join) =>
      join
        .onRef('s.ingredient_id', '=', 'm.ingredient_id')
        .onRef('s.location_id', '=', 'm.location_id'),
    )
    .select([
      'm.movement_id',
      'm.ingredient_id',
      'm.location_id',
      'm.delta',
      'm.reason',
      's.on_hand',
      's.reorder_point',
      's.par_level',
    ])
    .where('m.location_id', '=', inst.location_id)
    .orderBy('m.movement_id', 'desc')
    .executeTakeFirst();
  if (row) {
    return {
      movement_id: row.movement_id,
      ingredient_id: row.ingredient_id,
      location_id: row.location_id,
      delta: Number(row.delta),
      reason: row.reason,
      stock_level: {
        on_hand: row.on_hand,
        reorder_point: row.reorder_point,
        par_level: row.par_level,
      },
    };
  }
  return {
    movement_id: 7001,
    ingredient_id: 11,
    location_id: inst.location_id,
    delta: -1.25,
    reason: 'consumed',
    stock_level: { on_hand: '3.5000', reorder_point: '4.0000', par_level: '12.0000' },
  };
}
