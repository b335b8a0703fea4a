import * as restaurants from '../../domain/restaurants/index.js';
import { DEFAULT_LIMIT } from '../../domain/shared/index.js';
import { ok, type Handler } from '../types.js';

export const listLocations: Handler<'listLocations'> = async (req) =>
  ok(
    await restaurants.listLocations(req.auth, {
      limit: req.query?.limit ?? DEFAULT_LIMIT,
      cursor: req.query?.cursor,
    }),
  );

export const getLocation: Handler<'getLocation'> = async (req) =>
  ok({ data: await restaurants.findLocationById(req.auth, req.params.locationId) });
