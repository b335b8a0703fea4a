import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { CustomersTable, DataPlaneSchema } from '../../db/types.js';
import type { components } from '../../generated/openapi.generated.js';
import type { InstallationContext } from '../installations/index.js';
import { NotFoundError } from '../shared/index.js';
import { resolveScopedLocation } from './location-scope.js';
import { decodeCursor, toPage, type Page } from '../shared/index.js';
import { CUSTOMER_COLUMNS, qualified } from '../../db/columns.js';

// Which customers an installation sees (documented in openapi.yaml, GET /customers): those of its
// organization whose home location is the installation's location or none, and those with at
// least one order there. Their order history counts only the orders at that location.

const RECENT_ORDERS = 10;

// The wire shapes are openapi.yaml's, through the generated types.
export type CustomerView = components['schemas']['Customer'];
export type CustomerDetailView = components['schemas']['CustomerDetail'];

const toView = (row: Selectable<CustomersTable>): CustomerView => ({
  customer_id: row.customer_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  location_id: row.location_id,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

type CustomerScope = ExpressionBuilder<DataPlaneSchema & { c: CustomersTable }, 'c'>;

const visibleAt = (ctx: InstallationContext, locationId: number) => (eb: CustomerScope) =>
  eb.and([
    eb('c.organization_id', '=', ctx.organizationId),
    eb.or([
      eb('c.location_id', '=', locationId),
      eb('c.location_id', 'is', null),
      eb.exists(
        eb
          .selectFrom('orders as o')
          .select(sql.lit(1).as('one'))
          .whereRef('o.customer_id', '=', 'c.customer_id')
          .where('o.location_id', '=', locationId)
          // OFFSET 0 keeps this a probe of orders_customer_location_idx per candidate customer:
          // without it PostgreSQL may hash every order of the location once per page instead.
          .modifyEnd(sql`offset 0`),
      ),
    ]),
  ]);

/** `%`, `_` and `\` in a search term match themselves, not patterns. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

export interface CustomerListOptions {
  locationId?: number;
  search?: string;
  since?: string;
  limit: number;
  cursor?: string;
}

export async function listVisibleCustomers(
  ctx: InstallationContext,
  options: CustomerListOptions,
): Promise<Page<CustomerView>> {
  const locationId = await resolveScopedLocation(ctx, options.locationId);
  const after = decodeCursor<[number]>(options.cursor, ['number']);
  let query = ctx.data
    .selectFrom('customers as c')
    .select(qualified('c', CUSTOMER_COLUMNS))
    .where(visibleAt(ctx, locationId))
    .orderBy('c.customer_id')
    .limit(options.limit + 1);
  if (options.search !== undefined) {
    const pattern = containsPattern(options.search);
    query = query.where((eb) =>
      eb.or([
        eb('c.name', 'ilike', pattern),
        eb('c.email', 'ilike', pattern),
        eb('c.phone', 'ilike', pattern),
      ]),
    );
  }
  if (options.since !== undefined)
    query = query.where('c.updated_at', '>=', new Date(options.since));
  if (after) query = query.where('c.customer_id', '>', after[0]);
  return toPage(await query.execute(), options.limit, toView, (row) => [row.customer_id]);
}

export async function getVisibleCustomer(
  ctx: InstallationContext,
  customerId: number,
): Promise<CustomerDetailView> {
  const row = await ctx.data
    .selectFrom('customers as c')
    .select(qualified('c', CUSTOMER_COLUMNS))
    .where('c.customer_id', '=', customerId)
    .where(visibleAt(ctx, ctx.locationId))
    .executeTakeFirst();
  if (!row) throw new NotFoundError('customer');
  const orders = await ctx.data
    .selectFrom('orders')
    .select([
      (eb) => eb.fn.countAll<number>().as('count'),
      sql<
        number[]
      >`coalesce((array_agg(order_id order by created_at desc, order_id desc))[1:${sql.lit(RECENT_ORDERS)}], '{}')`.as(
        'recent',
      ),
    ])
    .where('customer_id', '=', customerId)
    .where('location_id', '=', ctx.locationId)
    .executeTakeFirstOrThrow();
  return { ...toView(row), visible_order_count: orders.count, recent_order_ids: orders.recent };
}
