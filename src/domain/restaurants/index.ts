export { getVisibleCustomer, listVisibleCustomers } from './customers.js';
export { resolveScopedLocation } from './location-scope.js';
export { findLocationById, listLocations } from './locations.js';
export { createLocation, createOrganization, getOrganization } from './organizations.js';
export {
  parseMoney,
  productionSite,
  sandboxSite,
  siteData,
  siteOrderScope,
  siteScope,
} from './restaurant-site.js';
export type { RestaurantSite } from './restaurant-site.js';
