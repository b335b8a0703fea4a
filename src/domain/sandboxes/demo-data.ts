import type { Kysely } from 'kysely';
import type { DataPlaneSchema } from '../../db/types.js';

export interface DemoPlane {
  organizationId: number;
  locationIds: [number, number];
}

type Data = Kysely<DataPlaneSchema>;

/**
 * A small, realistic restaurant group: two locations with different currencies, a menu with
 * categories and customization templates, customers, orders in several statuses and ingredients
 * with stock. Used by the demo (`make run`) and by every sandbox provisioning and reset.
 */
export async function loadDemoData(data: Data): Promise<DemoPlane> {
  const org = await data
    .insertInto('organizations')
    .values({ name: 'Harbour & Vine Restaurant Group' })
    .returning('organization_id')
    .executeTakeFirstOrThrow();
  const organizationId = org.organization_id;
  const [lisbon, brooklyn] = await data
    .insertInto('locations')
    .values([
      {
        organization_id: organizationId,
        name: 'Harbour & Vine Lisboa',
        currency: 'EUR',
        timezone: 'Europe/Lisbon',
        address: 'Rua da Prata 80, 1100-420 Lisboa',
      },
      {
        organization_id: organizationId,
        name: 'Harbour & Vine Brooklyn',
        currency: 'USD',
        timezone: 'America/New_York',
        address: '212 Front St, Brooklyn, NY 11201',
      },
    ])
    .returning('location_id')
    .execute();
  const locationIds: [number, number] = [lisbon!.location_id, brooklyn!.location_id];

  for (const locationId of locationIds) await loadMenu(data, locationId);
  const customerIds = await loadCustomers(data, organizationId, locationIds[0]);
  await loadOrders(data, organizationId, locationIds[0], customerIds);
  await loadInventory(data, organizationId, locationIds);
  return { organizationId, locationIds };
}

async function loadMenu(data: Data, locationId: number): Promise<void> {
  const categories = await data
    .insertInto('menu_categories')
    .values(
      ['Starters', 'Mains', 'Desserts', 'Drinks'].map((name, position) => ({
        location_id: locationId,
        name,
        position,
      })),
    )
    .returning(['category_id', 'name'])
    .execute();
  const cat = (name: string) => categories.find((c) => c.name === name)!.category_id;
  const items = await data
    .insertInto('menu_items')
    .values([
      {
        location_id: locationId,
        category_id: cat('Starters'),
        name: 'Garlic Prawns',
        description: 'Tiger prawns, garlic, chilli, olive oil',
        price: '9.50',
        allergens: ['crustaceans'],
        spicy_level: 1,
        preparation_time: 10,
      },
      {
        location_id: locationId,
        category_id: cat('Starters'),
        name: 'Burrata',
        description: 'Burrata, heirloom tomato, basil',
        price: '11.00',
        allergens: ['milk'],
        vegetarian: true,
        preparation_time: 5,
      },
      {
        location_id: locationId,
        category_id: cat('Mains'),
        name: 'Margherita Pizza',
        description: 'San Marzano tomato, fior di latte, basil',
        price: '12.50',
        allergens: ['gluten', 'milk'],
        vegetarian: true,
        preparation_time: 12,
      },
      {
        location_id: locationId,
        category_id: cat('Mains'),
        name: 'Grilled Sea Bass',
        description: 'Whole sea bass, lemon, herbs, new potatoes',
        price: '24.00',
        allergens: ['fish'],
        preparation_time: 20,
      },
      {
        location_id: locationId,
        category_id: cat('Mains'),
        name: 'Chickpea Curry',
        description: 'Chickpeas, spinach, coconut, basmati rice',
        price: '15.00',
        vegan: true,
        vegetarian: true,
        spicy_level: 2,
        preparation_time: 15,
      },
      {
        location_id: locationId,
        category_id: cat('Desserts'),
        name: 'Pastel de Nata',
        description: 'Custard tart, cinnamon',
        price: '3.20',
        allergens: ['gluten', 'eggs', 'milk'],
        vegetarian: true,
        preparation_time: 2,
      },
      {
        location_id: locationId,
        category_id: cat('Drinks'),
        name: 'Lemonade',
        description: 'House-made, mint',
        price: '4.00',
        vegan: true,
        vegetarian: true,
        preparation_time: 2,
      },
      {
        location_id: locationId,
        category_id: cat('Drinks'),
        name: 'Seasonal Special',
        description: 'Ask your server',
        price: '6.00',
        is_available: false,
        preparation_time: 3,
      },
    ])
    .returning(['item_id', 'name'])
    .execute();
  const [size, toppings] = await data
    .insertInto('customization_templates')
    .values([
      { location_id: locationId, name: 'Size', min_select: 1, max_select: 1 },
      { location_id: locationId, name: 'Extra toppings', min_select: 0, max_select: 3 },
    ])
    .returning('template_id')
    .execute();
  await data
    .insertInto('customization_options')
    .values([
      { template_id: size!.template_id, name: 'Regular', price_delta: '0.00' },
      { template_id: size!.template_id, name: 'Large', price_delta: '3.00' },
      { template_id: toppings!.template_id, name: 'Olives', price_delta: '1.00' },
      { template_id: toppings!.template_id, name: 'Anchovies', price_delta: '1.50' },
      { template_id: toppings!.template_id, name: 'Buffalo mozzarella', price_delta: '2.50' },
    ])
    .execute();
  const pizza = items.find((i) => i.name === 'Margherita Pizza')!.item_id;
  await data
    .insertInto('menu_item_templates')
    .values([
      { item_id: pizza, template_id: size!.template_id, position: 0 },
      { item_id: pizza, template_id: toppings!.template_id, position: 1 },
    ])
    .execute();
}

async function loadCustomers(
  data: Data,
  organizationId: number,
  locationId: number,
): Promise<number[]> {
  const rows = await data
    .insertInto('customers')
    .values([
      {
        organization_id: organizationId,
        location_id: locationId,
        name: 'Ana Ferreira',
        email: 'ana.ferreira@example.com',
        phone: '+351 912 345 678',
      },
      {
        organization_id: organizationId,
        location_id: locationId,
        name: 'James Okafor',
        email: 'james.okafor@example.com',
        phone: '+1 718 555 0142',
      },
      {
        organization_id: organizationId,
        location_id: locationId,
        name: 'Mei Lin',
        email: 'mei.lin@example.com',
        phone: '+351 936 111 222',
      },
      {
        organization_id: organizationId,
        location_id: null,
        name: 'Lucas Martin',
        email: null,
        phone: '+33 6 12 34 56 78',
      },
    ])
    .returning('customer_id')
    .execute();
  return rows.map((r) => r.customer_id);
}

async function loadOrders(
  data: Data,
  organizationId: number,
  locationId: number,
  customerIds: number[],
): Promise<void> {
  const items = await data
    .selectFrom('menu_items')
    .select(['item_id', 'name', 'price'])
    .where('location_id', '=', locationId)
    .orderBy('item_id')
    .execute();
  const statuses = ['CREATED', 'COOKING', 'PREPARED', 'SERVED', 'COMPLETED', 'PAID', 'CANCELLED'];
  for (const [n, status] of statuses.entries()) {
    const item = items[n % items.length]!;
    const quantity = 1 + (n % 3);
    const cents = Math.round(Number(item.price) * 100) * quantity;
    const total = (cents / 100).toFixed(2);
    const order = await data
      .insertInto('orders')
      .values({
        organization_id: organizationId,
        location_id: locationId,
        unique_orderid: `HV-${String(1001 + n)}`,
        status,
        order_type: n % 2 === 0 ? 'dine_in' : 'takeaway',
        table_number: n % 2 === 0 ? String(n + 1) : null,
        party_size: n % 2 === 0 ? 2 : null,
        customer_id: customerIds[n % customerIds.length] ?? null,
        total,
        paid_total: status === 'PAID' ? total : '0',
        currency: 'EUR',
        source: 'pos',
        paid_at: status === 'PAID' ? new Date() : null,
        cancelled_at: status === 'CANCELLED' ? new Date() : null,
        cancellation_reason: status === 'CANCELLED' ? 'Guest left before ordering' : null,
      })
      .returning('order_id')
      .executeTakeFirstOrThrow();
    await data
      .insertInto('order_items')
      .values({
        order_id: order.order_id,
        item_id: item.item_id,
        name: item.name,
        quantity,
        unit_price: item.price,
        line_total: total,
      })
      .execute();
    if (status === 'PAID') {
      await data
        .insertInto('transactions')
        .values({
          organization_id: organizationId,
          order_id: order.order_id,
          amount: total,
          currency: 'EUR',
          payment_method: 'card',
          provider: 'pos',
          source: 'pos',
        })
        .execute();
    }
  }
}

async function loadInventory(
  data: Data,
  organizationId: number,
  locationIds: number[],
): Promise<void> {
  const ingredients = await data
    .insertInto('ingredients')
    .values([
      {
        organization_id: organizationId,
        name: 'Tomatoes (San Marzano)',
        sku: 'TOM-SM-01',
        unit: 'kg',
        cost_per_unit: '3.2000',
        supplier: 'Quinta Verde',
        allergens: [],
      },
      {
        organization_id: organizationId,
        name: 'Fior di latte',
        sku: 'CHS-FDL-01',
        unit: 'kg',
        cost_per_unit: '9.8000',
        supplier: 'Latteria Sociale',
        allergens: ['milk'],
      },
      {
        organization_id: organizationId,
        name: 'Tiger prawns',
        sku: 'SEA-PRW-02',
        unit: 'kg',
        cost_per_unit: '18.5000',
        supplier: 'Mar Azul',
        allergens: ['crustaceans'],
      },
      {
        organization_id: organizationId,
        name: 'Flour 00',
        sku: 'DRY-FLR-00',
        unit: 'kg',
        cost_per_unit: '0.9500',
        supplier: 'Moinho Real',
        allergens: ['gluten'],
      },
    ])
    .returning('ingredient_id')
    .execute();
  const levels = [
    ['40.0000', '10.0000', '50.0000'],
    ['8.0000', '5.0000', '20.0000'],
    ['3.5000', '4.0000', '12.0000'],
    ['120.0000', '25.0000', '150.0000'],
  ];
  for (const [i, ingredient] of ingredients.entries()) {
    await data
      .insertInto('ingredient_skus')
      .values({
        ingredient_id: ingredient.ingredient_id,
        code: `${i + 1}-CASE`,
        description: 'Supplier case',
        pack_size: '5.0000',
      })
      .execute();
    for (const locationId of locationIds) {
      const [onHand, reorder, par] = levels[i]!;
      await data
        .insertInto('stock_levels')
        .values({
          ingredient_id: ingredient.ingredient_id,
          location_id: locationId,
          on_hand: onHand!,
          reorder_point: reorder!,
          par_level: par!,
          low_stock_alert_open: Number(onHand) <= Number(reorder),
        })
        .execute();
      await data
        .insertInto('stock_movements')
        .values({
          ingredient_id: ingredient.ingredient_id,
          location_id: locationId,
          delta: onHand!,
          reason: 'count',
          note: 'Opening stock count',
          on_hand_after: onHand!,
        })
        .execute();
    }
  }
}
