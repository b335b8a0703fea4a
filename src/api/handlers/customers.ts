import { getVisibleCustomer, listVisibleCustomers } from '../../domain/restaurants/index.js';
import { DEFAULT_LIMIT } from '../../domain/shared/index.js';
import { ok, type Handler } from '../types.js';

export const listCustomers: Handler<'listCustomers'> = async (req) =>
  ok(
    await listVisibleCustomers(req.auth, {
      locationId: req.query?.location_id,
      search: req.query?.search,
      since: req.query?.since,
      limit: req.query?.limit ?? DEFAULT_LIMIT,
      cursor: req.query?.cursor,
    }),
  );

export const getCustomer: Handler<'getCustomer'> = async (req) =>
  ok({ data: await getVisibleCustomer(req.auth, req.params.customerId) });
