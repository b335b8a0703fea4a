import type { components } from '../../generated/openapi.generated.js';
import type { Kysely, Selectable } from 'kysely';
import type {
  DataPlaneSchema,
  IngredientsTable,
  StockLevelsTable,
  StockMovementsTable,
} from '../../db/types.js';
import type { InventoryMovementData } from '../../generated/events.generated.js';
import { formatQuantity, toQuantityUnits } from '../shared/index.js';
import { STOCK_MOVEMENT_COLUMNS } from '../../db/columns.js';

// Row -> wire shapes of inventory (openapi.yaml Ingredient, IngredientDetail, StockMovement;
// asyncapi.yaml InventoryMovementData). Quantities leave as strings with exactly four decimals.

export const MOVEMENTS_SHOWN = 20;

const quantity = (value: string) => formatQuantity(toQuantityUnits(value));

// The wire shapes are openapi.yaml's, through the generated types.
export type StockLevelView = components['schemas']['StockLevel'];
export type IngredientView = components['schemas']['Ingredient'];

export interface MovementView extends InventoryMovementData {
  note: string | null;
  created_at: string;
}

export interface IngredientDetailView extends IngredientView {
  skus: { sku_id: number; code: string; description: string | null; pack_size: string }[];
  movements: MovementView[];
}

type Level = Pick<
  Selectable<StockLevelsTable>,
  'location_id' | 'on_hand' | 'reorder_point' | 'par_level'
>;

export function toStockLevelView(level: Level): StockLevelView {
  return {
    location_id: level.location_id,
    on_hand: quantity(level.on_hand),
    reorder_point: quantity(level.reorder_point),
    par_level: quantity(level.par_level),
    is_low: toQuantityUnits(level.on_hand) <= toQuantityUnits(level.reorder_point),
  };
}

export function toIngredientView(
  row: Selectable<IngredientsTable>,
  stock: Level[],
): IngredientView {
  return {
    ingredient_id: row.ingredient_id,
    name: row.name,
    sku: row.sku,
    unit: row.unit,
    cost_per_unit: row.cost_per_unit === null ? null : quantity(row.cost_per_unit),
    supplier: row.supplier,
    allergens: row.allergens,
    metadata: row.metadata,
    stock: stock.map(toStockLevelView),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The movement payload of the inventory.* events: on_hand as recorded, reorder and par as given. */
export function toMovementData(
  movement: Selectable<StockMovementsTable>,
  level: Pick<Level, 'reorder_point' | 'par_level'>,
): InventoryMovementData {
  return {
    movement_id: movement.movement_id,
    ingredient_id: movement.ingredient_id,
    location_id: movement.location_id,
    // A JSON number on the wire (spec); exact, as it has at most four decimals.
    delta: Number(movement.delta),
    reason: movement.reason,
    stock_level: {
      on_hand: quantity(movement.on_hand_after),
      reorder_point: quantity(level.reorder_point),
      par_level: quantity(level.par_level),
    },
  };
}

export function toMovementView(
  movement: Selectable<StockMovementsTable>,
  level: Pick<Level, 'reorder_point' | 'par_level'>,
): MovementView {
  return {
    ...toMovementData(movement, level),
    note: movement.note,
    created_at: movement.created_at.toISOString(),
  };
}

/** Stock levels at `locationId` of the given ingredients. */
export function findStockLevels(
  data: Kysely<DataPlaneSchema>,
  ingredientIds: number[],
  locationId: number,
) {
  if (ingredientIds.length === 0) return Promise.resolve([]);
  return data
    .selectFrom('stock_levels')
    .select(['ingredient_id', 'location_id', 'on_hand', 'reorder_point', 'par_level'])
    .where('ingredient_id', 'in', ingredientIds)
    .where('location_id', '=', locationId)
    .orderBy('ingredient_id')
    .orderBy('location_id')
    .execute();
}

/** The ingredient with its stock, SKUs and last movements at `locationId`. */
export async function toIngredientDetail(
  data: Kysely<DataPlaneSchema>,
  row: Selectable<IngredientsTable>,
  locationId: number,
): Promise<IngredientDetailView> {
  const [stock, skus, movements] = await Promise.all([
    findStockLevels(data, [row.ingredient_id], locationId),
    data
      .selectFrom('ingredient_skus')
      .select(['sku_id', 'code', 'description', 'pack_size'])
      .where('ingredient_id', '=', row.ingredient_id)
      .orderBy('sku_id')
      .execute(),
    data
      .selectFrom('stock_movements')
      .select(STOCK_MOVEMENT_COLUMNS)
      .where('ingredient_id', '=', row.ingredient_id)
      .where('location_id', '=', locationId)
      .orderBy('movement_id', 'desc')
      .limit(MOVEMENTS_SHOWN)
      .execute(),
  ]);
  // A movement always has the stock level it created or updated; zero is only a safe default.
  const level = stock[0] ?? { reorder_point: '0', par_level: '0' };
  return {
    ...toIngredientView(row, stock),
    skus: skus.map((sku) => ({ ...sku, pack_size: quantity(sku.pack_size) })),
    movements: movements.map((movement) => toMovementView(movement, level)),
  };
}
