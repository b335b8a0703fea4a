import {
  getMenuItemDetail,
  listMenu,
  patchMenuItem,
  setMenuAvailability,
} from '../../domain/menu/index.js';
import { DEFAULT_LIMIT } from '../../domain/shared/index.js';
import { ok, type Handler } from '../types.js';

export const listMenuItems: Handler<'listMenuItems'> = async (req) =>
  ok(
    await listMenu(req.auth, {
      locationId: req.query?.location_id,
      categoryId: req.query?.category_id,
      availableOnly: req.query?.available_only ?? true,
      limit: req.query?.limit ?? DEFAULT_LIMIT,
      cursor: req.query?.cursor,
    }),
  );

export const getMenuItem: Handler<'getMenuItem'> = async (req) =>
  ok({ data: await getMenuItemDetail(req.auth, req.params.itemId) });

export const updateMenuItem: Handler<'updateMenuItem'> = async (req) =>
  ok({ data: await patchMenuItem(req.auth, req.params.itemId, req.body) });

export const bulkUpdateMenuAvailability: Handler<'bulkUpdateMenuAvailability'> = async (req) =>
  ok(await setMenuAvailability(req.auth, req.body.items));
