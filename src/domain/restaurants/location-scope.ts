import type { InstallationContext } from '../installations/index.js';
import { LocationForbiddenError, ValidationError } from '../shared/index.js';

/**
 * The `location_id` a request may use: the installation's own location by default. Another
 * location of its organization is 403 location_forbidden; a location the organization does not
 * have is 422 validation_error (openapi.yaml, "location_id values").
 */
export async function resolveScopedLocation(
  ctx: InstallationContext,
  locationId: number | undefined,
): Promise<number> {
  if (locationId === undefined || locationId === ctx.locationId) return ctx.locationId;
  const sibling = await ctx.data
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', '=', locationId)
    .where('organization_id', '=', ctx.organizationId)
    .executeTakeFirst();
  if (sibling) throw new LocationForbiddenError(locationId);
  throw new ValidationError(
    { location_id: [`location ${locationId} not found`] },
    'Location not found',
  );
}
