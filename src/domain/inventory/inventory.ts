import { sql, type UpdateObject } from 'kysely';
import type { DataPlaneSchema } from '../../db/types.js';
import type { InstallationContext } from '../installations/index.js';
import { NotFoundError } from '../shared/index.js';
import {
  findStockLevels,
  toIngredientDetail,
  toIngredientView,
  type IngredientDetailView,
  type IngredientView,
} from './inventory-views.js';
import { resolveScopedLocation } from '../restaurants/index.js';
import { formatQuantity, toQuantityUnits } from '../shared/index.js';
import { decodeCursor, toPage, type Page } from '../shared/index.js';
import { inSite } from '../shared/index.js';
import { INGREDIENT_COLUMNS, qualified } from '../../db/columns.js';

// Ingredients belong to the organization (shared by its locations); stock levels and movements
// are per location, and an installation sees those of its own location. Another organization's
// ingredient is invisible: not_found. Stock changes only through movements (stock-movements.ts).

export interface InventoryListOptions {
  locationId?: number;
  ingredientId?: number;
  lowStock?: boolean;
  limit: number;
  cursor?: string;
}

export async function listIngredients(
  ctx: InstallationContext,
  options: InventoryListOptions,
): Promise<Page<IngredientView>> {
  const locationId = await resolveScopedLocation(ctx, options.locationId);
  const after = decodeCursor<[number]>(options.cursor, ['number']);
  let query = ctx.data
    .selectFrom('ingredients as i')
    .select(qualified('i', INGREDIENT_COLUMNS))
    .where('i.organization_id', '=', ctx.organizationId)
    .orderBy('i.ingredient_id')
    .limit(options.limit + 1);
  if (options.ingredientId !== undefined)
    query = query.where('i.ingredient_id', '=', options.ingredientId);
  if (options.lowStock !== undefined) {
    const lowStock = options.lowStock;
    query = query.where((eb) => {
      const low = eb.exists(
        eb
          .selectFrom('stock_levels as s')
          .select(sql.lit(1).as('one'))
          .whereRef('s.ingredient_id', '=', 'i.ingredient_id')
          .where('s.location_id', '=', locationId)
          .whereRef('s.on_hand', '<=', 's.reorder_point'),
      );
      return lowStock ? low : eb.not(low);
    });
  }
  if (after) query = query.where('i.ingredient_id', '>', after[0]);
  const rows = await query.execute();
  const levels = await findStockLevels(
    ctx.data,
    rows.map((row) => row.ingredient_id),
    locationId,
  );
  return toPage(
    rows,
    options.limit,
    (row) =>
      toIngredientView(
        row,
        levels.filter((level) => level.ingredient_id === row.ingredient_id),
      ),
    (row) => [row.ingredient_id],
  );
}

export async function getIngredientDetail(
  ctx: InstallationContext,
  ingredientId: number,
): Promise<IngredientDetailView> {
  const row = await ctx.data
    .selectFrom('ingredients')
    .select(INGREDIENT_COLUMNS)
    .where('ingredient_id', '=', ingredientId)
    .where('organization_id', '=', ctx.organizationId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('ingredient');
  return toIngredientDetail(ctx.data, row, ctx.locationId);
}

export interface IngredientPatch {
  name?: string;
  sku?: string | null;
  unit?: string;
  cost_per_unit?: string | null;
  supplier?: string | null;
  allergens?: string[];
  metadata?: Record<string, unknown>;
}

/** Sent fields replace, `null` clears, `metadata` is shallow-merged in SQL (no lost update). */
export async function updateIngredient(
  ctx: InstallationContext,
  ingredientId: number,
  patch: IngredientPatch,
): Promise<IngredientDetailView> {
  const set: UpdateObject<DataPlaneSchema, 'ingredients'> = { updated_at: sql`now()` };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.sku !== undefined) set.sku = patch.sku;
  if (patch.unit !== undefined) set.unit = patch.unit;
  if (patch.cost_per_unit !== undefined) {
    // Four decimals, rounded half up (the value is never negative).
    set.cost_per_unit =
      patch.cost_per_unit === null ? null : formatQuantity(toQuantityUnits(patch.cost_per_unit));
  }
  if (patch.supplier !== undefined) set.supplier = patch.supplier;
  if (patch.allergens !== undefined) set.allergens = patch.allergens;
  if (patch.metadata !== undefined)
    set.metadata = sql`metadata || ${JSON.stringify(patch.metadata)}::jsonb`;
  return inSite(ctx, async ({ data }) => {
    const row = await data
      .updateTable('ingredients')
      .set(set)
      .where('ingredient_id', '=', ingredientId)
      .where('organization_id', '=', ctx.organizationId)
      .returning(INGREDIENT_COLUMNS)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('ingredient');
    return toIngredientDetail(data, row, ctx.locationId);
  });
}
