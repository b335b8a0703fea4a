import { findLocationById, listLocations as listLocationsOf } from '../../domain/restaurants/index.js';
import { DEFAULT_LIMIT } from '../../domain/shared/index.js';
import { ok, type Handler } from '../types.js';

export const listLocations: Handler<'listLocations'> = async (req) =>
  ok(await listLocationsOf(req.auth, { limit: req.query?.limit ?? DEFAULT_LIMIT, cursor: req.query?.cursor }));

export const getLocation: Handler<'getLocation'> = async (req) =>
  ok({ data: await findLocationById(req.auth, req.params.locationId) });
