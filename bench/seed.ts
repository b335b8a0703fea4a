import { sql } from 'kysely';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { encrypt, generateInstallationKey, hashKey } from '../src/lib/secrets.js';
import { headVersion } from './head-version.js';
import { seedEventHistory, seedOrders } from './history.js';
import { seedPortal, type PortalData } from './portal-seed.js';

export interface BenchData {
  keys: string[];
  orderIds: number[];
  itemIds: number[];
  webhookSecret: string;
  pluginId: number;
  organizationId: number;
  locationId: number;
  /** The portal scenarios' developers (none unless `portalDevelopers` was asked for). */
  portal: PortalData;
}

/**
 * One production organization and location with a realistic menu, `orders` orders (two items, a
 * customization on one item in ten, and a payment each) and `installations` installations of one
 * active plugin (pinned to head), each with its own key; other locations and another organization
 * around it.
 * Bulk rows are written with set-based SQL so that 100,000 orders take seconds.
 */
export async function seedBench(
  db: Db,
  config: Config,
  options: {
    installations: number;
    orders: number;
    customers: number;
    feedEvents: number;
    portalDevelopers?: number;
  },
): Promise<BenchData> {
  const webhookSecret = 'b'.repeat(64);
  const dev = await db
    .insertInto('control.developers')
    .values({ email: `bench-${Date.now()}@example.com`, name: 'Bench', password_hash: 'x' })
    .returning('developer_id')
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('control.projects')
    .values({ developer_id: dev.developer_id, name: 'Bench' })
    .returning('project_id')
    .executeTakeFirstOrThrow();
  const plugin = await db
    .insertInto('control.plugins')
    .values({
      project_id: project.project_id,
      name: 'Bench plugin',
      listing_status: 'active',
      supported_features: ['orders:create', 'payments:capture'],
      webhook_secret_enc: encrypt(config.encryptionKey, webhookSecret),
      api_version: headVersion(),
    })
    .returning('plugin_id')
    .executeTakeFirstOrThrow();
  const {
    rows: [org],
  } = await sql<{
    organization_id: number;
  }>`insert into production.organizations (name) values ('Bench Group') returning organization_id`.execute(
    db,
  );
  const {
    rows: [loc],
  } = await sql<{
    location_id: number;
  }>`insert into production.locations (organization_id, name, currency) values (${org!.organization_id}, 'Bench Kitchen', 'EUR') returning location_id`.execute(
    db,
  );
  const organizationId = org!.organization_id;
  const locationId = loc!.location_id;
  // Other tenants share the tables, so that every list query must find its rows by index: nine
  // more locations with menus of their own and a second organization with its own ingredients.
  await sql`insert into production.locations (organization_id, name, currency)
            select ${organizationId}::int, 'Bench Kitchen ' || g, 'EUR' from generate_series(2, 10) g`.execute(
    db,
  );
  await sql`
    insert into production.menu_items (location_id, name, description, price, preparation_time)
    select l.location_id, 'Dish ' || g, 'Other kitchen', (5 + g % 20)::numeric(12,2), 10
      from production.locations l, generate_series(1, 200) g where l.location_id <> ${locationId}::int`.execute(
    db,
  );
  const {
    rows: [otherOrg],
  } = await sql<{
    organization_id: number;
  }>`insert into production.organizations (name) values ('Other Group') returning organization_id`.execute(
    db,
  );
  await sql`
    insert into production.ingredients (organization_id, name, sku, unit, cost_per_unit)
    select (array[${organizationId}::int, ${otherOrg!.organization_id}::int])[1 + g % 2], 'Ingredient ' || g, 'SKU-' || g, 'kg', 2.50
      from generate_series(1, 2000) g`.execute(db);
  await sql`
    insert into production.stock_levels (ingredient_id, location_id, on_hand, reorder_point, par_level)
    select i.ingredient_id, l.location_id, 40, 10, 50 from production.ingredients i join production.locations l on l.organization_id = i.organization_id`.execute(
    db,
  );

  const { rows: items } = await sql<{ item_id: number }>`
    insert into production.menu_items (location_id, name, description, price, preparation_time)
    select ${locationId}::int, 'Dish ' || g, 'Bench dish', (5 + g % 20)::numeric(12,2), 10 from generate_series(1, 200) g returning item_id`.execute(
    db,
  );
  await sql`
    insert into production.customers (organization_id, location_id, name, email, phone)
    select ${organizationId}::int, case g % 3 when 0 then ${locationId}::int when 1 then (select min(location_id) from production.locations where location_id <> ${locationId}::int) end,
           'Customer ' || g, 'customer' || g || '@example.com', '+351 900 ' || lpad(g::text, 6, '0')
      from generate_series(1, ${options.customers}::int) g`.execute(db);
  await seedOrders(db, {
    organizationId,
    locationId,
    itemIds: [items[0]!.item_id, items[1]!.item_id],
    count: options.orders,
    customers: options.customers,
  });

  const keys = Array.from({ length: options.installations }, () => generateInstallationKey());
  const installations = await db
    .insertInto('control.installations')
    .values(
      keys.map((key) => ({
        plugin_id: plugin.plugin_id,
        plane: 'production' as const,
        organization_id: organizationId,
        location_id: locationId,
        status: 'active' as const,
        api_key_hash: hashKey(key),
      })),
    )
    .returning('installation_id')
    .execute();
  // An events feed per installation (GET /events): one event a second, the newest now.
  const installationIds = installations.map((i) => i.installation_id);
  await seedEventHistory(db, {
    installationIds,
    organizationId,
    locationId,
    perInstallation: options.feedEvents,
    days: options.feedEvents / 86_400,
  });
  const portal = options.portalDevelopers
    ? await seedPortal(
        db,
        config,
        { organizationId, locationId },
        { developers: options.portalDevelopers, perInstallation: 50 },
      )
    : { tokens: [], installationIds: [] };
  // Statistics of everything seeded (autovacuum would take minutes to see the bulk loads; it never analyzes partitioned parents).
  await sql`analyze`.execute(db);
  const { rows: orderRows } = await sql<{
    order_id: number;
  }>`select order_id from production.orders order by order_id limit 5000`.execute(db);
  return {
    keys,
    orderIds: orderRows.map((r) => r.order_id),
    itemIds: items.map((i) => i.item_id),
    webhookSecret,
    pluginId: plugin.plugin_id,
    organizationId,
    locationId,
    portal,
  };
}
