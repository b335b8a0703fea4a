import { sql } from 'kysely';
import type { InstallationContext } from '../installations/index.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import { toMovementData, toMovementView, type MovementView } from './inventory-views.js';
import { resolveScopedLocation } from '../restaurants/index.js';
import { decideLowStock } from './low-stock.js';
import { formatQuantity, hasAtMostDecimals, toQuantityUnits } from '../shared/index.js';
import { inSite, scopeAt } from '../shared/index.js';
import { STOCK_LEVEL_COLUMNS, STOCK_MOVEMENT_COLUMNS } from '../../db/columns.js';

/** numeric(14,4): at most 9999999999.9999 either way, in ten-thousandths. */
const MAX_ON_HAND_UNITS = 99_999_999_999_999;

export interface MovementInput {
  location_id?: number;
  delta: string;
  reason: string;
  note?: string;
}

export interface MovementOutcome {
  movement: MovementView;
  /** True when the idempotency key matched an earlier movement: nothing was appended. */
  replayed: boolean;
}

/** A movement request after scope checks: what an idempotency key is compared against. */
interface MovementRequest {
  ingredientId: number;
  locationId: number;
  deltaUnits: number;
  reason: string;
  note: string | null;
}

/** Another request committed a movement under the same key while this one was in flight. */
class IdempotencyKeyTaken extends Error {}

/**
 * Appends a movement and moves the stock level and the low-stock cycle, all in one transaction
 * with its events. Movements of one ingredient at one location are serialised on the
 * stock_levels row (created first if missing), so concurrent movements see each other's stock.
 */
export async function recordStockMovement(
  ctx: InstallationContext,
  ingredientId: number,
  input: MovementInput,
  idempotencyKey?: string,
): Promise<MovementOutcome> {
  const ingredient = await ctx.data
    .selectFrom('ingredients')
    .select('ingredient_id')
    .where('ingredient_id', '=', ingredientId)
    .where('organization_id', '=', ctx.organizationId)
    .executeTakeFirst();
  if (!ingredient) throw new NotFoundError('ingredient');
  const locationId = await resolveScopedLocation(ctx, input.location_id);
  if (!hasAtMostDecimals(input.delta, 4))
    throw new ValidationError({ delta: ['must have at most four decimals'] });
  const request: MovementRequest = {
    ingredientId,
    locationId,
    deltaUnits: toQuantityUnits(input.delta),
    reason: input.reason,
    note: input.note ?? null,
  };

  if (idempotencyKey !== undefined) {
    const original = await findReplay(ctx, idempotencyKey, request);
    if (original) return { movement: original, replayed: true };
  }
  try {
    return { movement: await appendMovement(ctx, request, idempotencyKey), replayed: false };
  } catch (err) {
    if (!(err instanceof IdempotencyKeyTaken)) throw err;
    // The racing request has committed by now (the unique index made us wait for it).
    const original = await findReplay(ctx, idempotencyKey as string, request);
    if (!original) throw err;
    return { movement: original, replayed: true };
  }
}

async function appendMovement(
  ctx: InstallationContext,
  request: MovementRequest,
  idempotencyKey: string | undefined,
): Promise<MovementView> {
  const { ingredientId, locationId } = request;
  return inSite(ctx, async ({ data, emit }) => {
    await data
      .insertInto('stock_levels')
      .values({
        ingredient_id: ingredientId,
        location_id: locationId,
        on_hand: 0,
        reorder_point: 0,
        par_level: 0,
      })
      .onConflict((oc) => oc.columns(['ingredient_id', 'location_id']).doNothing())
      .execute();
    const level = await data
      .selectFrom('stock_levels')
      .select(STOCK_LEVEL_COLUMNS)
      .where('ingredient_id', '=', ingredientId)
      .where('location_id', '=', locationId)
      .forUpdate()
      .executeTakeFirstOrThrow();

    const before = toQuantityUnits(level.on_hand);
    const after = before + request.deltaUnits;
    if (Math.abs(after) > MAX_ON_HAND_UNITS) {
      throw new ValidationError({
        delta: ['would take on-hand stock beyond 9999999999.9999 either way'],
      });
    }
    const movement = await data
      .insertInto('stock_movements')
      .values({
        ingredient_id: ingredientId,
        location_id: locationId,
        delta: formatQuantity(request.deltaUnits),
        reason: request.reason,
        note: request.note,
        installation_id: ctx.installationId,
        idempotency_key: idempotencyKey ?? null,
        on_hand_after: formatQuantity(after),
      })
      .onConflict((oc) =>
        oc
          .columns(['installation_id', 'idempotency_key'])
          .where('idempotency_key', 'is not', null)
          .doNothing(),
      )
      .returning(STOCK_MOVEMENT_COLUMNS)
      .executeTakeFirst();
    if (!movement) throw new IdempotencyKeyTaken();

    const decision = decideLowStock({
      before,
      after,
      reorderPoint: toQuantityUnits(level.reorder_point),
      alertOpen: level.low_stock_alert_open,
    });
    await data
      .updateTable('stock_levels')
      .set({
        on_hand: formatQuantity(after),
        low_stock_alert_open: decision.alertOpen,
        updated_at: sql`now()`,
      })
      .where('ingredient_id', '=', ingredientId)
      .where('location_id', '=', locationId)
      .execute();

    const payload = toMovementData(movement, level);
    const scope = scopeAt(ctx, locationId);
    await emit(scope, 'inventory.stock_updated', payload);
    if (decision.event) await emit(scope, decision.event, payload);
    return toMovementView(movement, level);
  });
}

/**
 * The movement recorded earlier under this key, if any. Its on_hand is the one recorded then;
 * reorder point and par level are the current ones. A different request under the key is 422.
 */
async function findReplay(
  ctx: InstallationContext,
  key: string,
  request: MovementRequest,
): Promise<MovementView | undefined> {
  const original = await ctx.data
    .selectFrom('stock_movements')
    .select(STOCK_MOVEMENT_COLUMNS)
    .where('installation_id', '=', ctx.installationId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!original) return undefined;
  const same =
    original.ingredient_id === request.ingredientId &&
    original.location_id === request.locationId &&
    toQuantityUnits(original.delta) === request.deltaUnits &&
    original.reason === request.reason &&
    original.note === request.note;
  if (!same) {
    throw new ValidationError(
      { 'x-idempotency-key': ['already used with a different request body'] },
      'X-Idempotency-Key was already used with a different request body',
    );
  }
  const level = await ctx.data
    .selectFrom('stock_levels')
    .select(['reorder_point', 'par_level'])
    .where('ingredient_id', '=', original.ingredient_id)
    .where('location_id', '=', original.location_id)
    .executeTakeFirst();
  return toMovementView(original, level ?? { reorder_point: '0', par_level: '0' });
}
