// Where a restaurant-side action happens: one location of one organization in one data plane.
// The platform operator acts on production locations, a developer on the demo location of their
// own sandbox (the `simulate*` mutations); both hand the same site to the same domain functions
// (src/domain/orders/pos-orders.ts, pos-payments.ts, menu-admin.ts), so both emit the same events.
import type { Db } from '../../db/database.js';
import {
  AccessError,
  NotFoundError,
  SandboxBusyError,
  ValidationError,
  dataPlane,
  scopeAt,
} from '../shared/index.js';
import { formatMinor, toMinor } from '../shared/index.js';
import type { Site } from '../shared/index.js';
import type { EventScope, EventSink } from '../webhooks/index.js';
import type { OrderScope } from '../orders/index.js';

/** A restaurant-side site: always one location. */
export type RestaurantSite = Site;

/** The site's data plane, outside a transaction (reads). */
export const siteData = (site: Site) => dataPlane(site.db, site.schema);

/** Events of the site's location: fan-out reaches the installations at that location. */
export const siteScope = (site: Site): EventScope => scopeAt(site, site.locationId);

/** Orders, payments and menu items of the site's location only. */
export const siteOrderScope = (site: RestaurantSite): OrderScope => ({
  organizationId: site.organizationId,
  locationId: site.locationId,
});

/** A production location, for the platform operator. */
export async function productionSite(
  db: Db,
  events: EventSink,
  locationId: number,
): Promise<RestaurantSite> {
  const location = await dataPlane(db, 'production')
    .selectFrom('locations')
    .select(['location_id', 'organization_id'])
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  if (!location) throw new NotFoundError('location');
  return {
    db,
    events,
    schema: 'production',
    plane: 'production',
    sandboxId: null,
    organizationId: location.organization_id,
    locationId,
  };
}

/**
 * The demo location of one of the developer's sandboxes: where its provisioned installation is.
 * Another developer's sandbox, or a deleted one, is the not_found of an unknown id.
 */
export async function sandboxSite(
  db: Db,
  events: EventSink,
  developerId: number,
  sandboxId: number,
): Promise<RestaurantSite & { pluginId: number }> {
  const row = await db
    .selectFrom('control.sandboxes as s')
    .select(['s.sandbox_id', 's.plugin_id', 's.schema_name', 's.status'])
    .select((eb) => [
      eb
        .selectFrom('control.installations as i')
        .select('i.organization_id')
        .whereRef('i.sandbox_id', '=', 's.sandbox_id')
        .orderBy('i.installation_id')
        .limit(1)
        .as('organization_id'),
      eb
        .selectFrom('control.installations as i')
        .select('i.location_id')
        .whereRef('i.sandbox_id', '=', 's.sandbox_id')
        .orderBy('i.installation_id')
        .limit(1)
        .as('location_id'),
    ])
    .where('s.sandbox_id', '=', sandboxId)
    .where('s.developer_id', '=', developerId)
    .where('s.status', '<>', 'deleted')
    .executeTakeFirst();
  if (!row || row.organization_id === null || row.location_id === null)
    throw new NotFoundError('sandbox');
  if (row.status === 'resetting' || row.status === 'provisioning') throw new SandboxBusyError();
  if (row.status !== 'active')
    throw new AccessError(
      'sandbox_not_ready',
      'The sandbox has expired. Reset it to bring it back.',
    );
  return {
    db,
    events,
    schema: row.schema_name,
    plane: 'sandbox',
    sandboxId: row.sandbox_id,
    organizationId: row.organization_id,
    locationId: row.location_id,
    pluginId: row.plugin_id,
  };
}

/** Money as the portal takes it ("12.50"): at most two decimals, in minor units. */
export function parseMoney(
  value: string,
  field: string,
  { positive = false, max = 999_999_999_999 } = {},
): number {
  const text = value.trim();
  const minor = /^\d{1,10}(\.\d{1,2})?$/.test(text) ? toMinor(text) : NaN;
  if (!(minor <= max) || (positive && minor === 0)) {
    throw new ValidationError({
      [field]: [
        `must be a ${positive ? 'positive ' : ''}decimal amount up to ${formatMinor(max)} with at most two decimals, e.g. 12.50`,
      ],
    });
  }
  return minor;
}
