import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LocationsTable, OrganizationsTable } from '../../db/types.js';
import { NotFoundError, ValidationError, type Details, dataPlane } from '../shared/index.js';
import { LOCATION_COLUMNS, ORGANIZATION_COLUMNS } from '../../db/columns.js';

// Onboarding restaurants into the production data plane (platform operator): an organization and
// its locations. Each location has the currency its orders and payments are in, and a timezone.

export interface LocationView {
  id: number;
  organizationId: number;
  name: string;
  currency: string;
  timezone: string;
  createdAt: Date;
}

export interface OrganizationView {
  id: number;
  name: string;
  subscriptionStatus: string;
  createdAt: Date;
  locations: LocationView[];
}

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const TIMEZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

const production = (db: Db) => dataPlane(db, 'production');

const toLocationView = (row: Selectable<LocationsTable>): LocationView => ({
  id: row.location_id,
  organizationId: row.organization_id,
  name: row.name,
  currency: row.currency.trim(),
  timezone: row.timezone,
  createdAt: row.created_at,
});

const toOrganizationView = (
  row: Selectable<OrganizationsTable>,
  locations: LocationView[],
): OrganizationView => ({
  id: row.organization_id,
  name: row.name,
  subscriptionStatus: row.subscription_status,
  createdAt: row.created_at,
  locations,
});

function checkName(name: string, details: Details): string {
  const value = name.trim();
  if (value.length === 0 || value.length > 200) details.name = ['must be 1 to 200 characters'];
  return value;
}

export async function createOrganization(db: Db, name: string): Promise<OrganizationView> {
  const details: Details = {};
  const value = checkName(name, details);
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  const row = await production(db)
    .insertInto('organizations')
    .values({ name: value })
    .returning(ORGANIZATION_COLUMNS)
    .executeTakeFirstOrThrow();
  return toOrganizationView(row, []);
}

export async function getOrganization(db: Db, organizationId: number): Promise<OrganizationView> {
  const row = await production(db)
    .selectFrom('organizations')
    .select(ORGANIZATION_COLUMNS)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('organization');
  const locations = await production(db)
    .selectFrom('locations')
    .select(LOCATION_COLUMNS)
    .where('organization_id', '=', organizationId)
    .orderBy('location_id')
    .execute();
  return toOrganizationView(row, locations.map(toLocationView));
}

/** A location of an organization: an ISO 4217 currency and an IANA timezone. */
export async function createLocation(
  db: Db,
  organizationId: number,
  input: { name: string; currency: string; timezone: string },
): Promise<LocationView> {
  const details: Details = {};
  const name = checkName(input.name, details);
  const currency = input.currency.trim().toUpperCase();
  if (!CURRENCIES.has(currency))
    details.currency = ['must be an ISO 4217 currency code, e.g. EUR or USD'];
  const timezone = input.timezone.trim();
  if (!TIMEZONES.has(timezone)) details.timezone = ['must be an IANA timezone, e.g. Europe/Lisbon'];
  const organization = await production(db)
    .selectFrom('organizations')
    .select('organization_id')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!organization) throw new NotFoundError('organization');
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  const row = await production(db)
    .insertInto('locations')
    .values({ organization_id: organizationId, name, currency, timezone })
    .returning(LOCATION_COLUMNS)
    .executeTakeFirstOrThrow();
  return toLocationView(row);
}
