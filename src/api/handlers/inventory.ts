import {
  getIngredientDetail,
  listIngredients,
  updateIngredient,
} from '../../domain/inventory/index.js';
import { DEFAULT_LIMIT } from '../../domain/shared/index.js';
import { recordStockMovement } from '../../domain/inventory/index.js';
import { ok, replayed as replayedWrite, type Handler } from '../types.js';

export const listInventory: Handler<'listInventory'> = async (req) =>
  ok(
    await listIngredients(req.auth, {
      locationId: req.query?.location_id,
      ingredientId: req.query?.ingredient_id,
      lowStock: req.query?.low_stock,
      limit: req.query?.limit ?? DEFAULT_LIMIT,
      cursor: req.query?.cursor,
    }),
  );

export const getInventoryItem: Handler<'getInventoryItem'> = async (req) =>
  ok({ data: await getIngredientDetail(req.auth, req.params.ingredientId) });

export const updateInventoryItem: Handler<'updateInventoryItem'> = async (req) =>
  ok({ data: await updateIngredient(req.auth, req.params.ingredientId, req.body) });

/** 201 for a new movement, 200 for an idempotent replay of an earlier one. */
export const createStockMovement: Handler<'createStockMovement'> = async (req) => {
  const { movement, replayed } = await recordStockMovement(
    req.auth,
    req.params.ingredientId,
    req.body,
    req.headers['x-idempotency-key'],
  );
  return replayed ? replayedWrite({ data: movement }) : ok({ data: movement }, 201);
};
