import type { Selectable } from 'kysely';
import type { LocationsTable } from '../../db/types.js';
import type { InstallationContext } from '../installations/index.js';
import { NotFoundError } from '../shared/index.js';
import { decodeCursor, toPage, type Page } from '../shared/index.js';
import { LOCATION_COLUMNS } from '../../db/columns.js';

export interface LocationView {
  location_id: number;
  organization_id: number;
  name: string;
  currency: string;
  timezone: string;
  address: string | null;
  is_active: boolean;
  created_at: string;
}

const toView = (row: Selectable<LocationsTable>): LocationView => ({
  location_id: row.location_id,
  organization_id: row.organization_id,
  name: row.name,
  currency: row.currency,
  timezone: row.timezone,
  address: row.address,
  is_active: row.is_active,
  created_at: row.created_at.toISOString(),
});

/** Every location of the installation's organization. */
export async function listLocations(
  ctx: InstallationContext,
  options: { limit: number; cursor?: string },
): Promise<Page<LocationView>> {
  const after = decodeCursor<[number]>(options.cursor, ['number']);
  let query = ctx.data
    .selectFrom('locations')
    .select(LOCATION_COLUMNS)
    .where('organization_id', '=', ctx.organizationId)
    .orderBy('location_id')
    .limit(options.limit + 1);
  if (after) query = query.where('location_id', '>', after[0]);
  const rows = await query.execute();
  return toPage(rows, options.limit, toView, (r) => [r.location_id]);
}

export async function findLocationById(
  ctx: InstallationContext,
  locationId: number,
): Promise<LocationView> {
  const row = await ctx.data
    .selectFrom('locations')
    .select(LOCATION_COLUMNS)
    .where('location_id', '=', locationId)
    .where('organization_id', '=', ctx.organizationId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('location');
  return toView(row);
}
