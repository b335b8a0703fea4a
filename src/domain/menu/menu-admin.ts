// The restaurant's menu management (the Manager app's side): creating and deleting menu items at
// the site's location, with menu.item_created and menu.item_deleted. Plugins only change existing
// items (PATCH /menu/{itemId}, src/domain/menu/menu.ts).
import { NotFoundError, ValidationError, type Details } from '../shared/index.js';
import { formatMinor } from '../shared/index.js';
import { toMenuItemData, type MenuItemRow } from './menu-views.js';
import { parseMoney, siteScope, type RestaurantSite } from '../restaurants/index.js';
import { inSite } from '../shared/index.js';
import { MENU_ITEM_COLUMNS } from '../../db/columns.js';

export interface MenuItemInput {
  name: string;
  /** Decimal string, 0 to 9999.99. */
  price: string;
  description?: string | null;
  categoryId?: number | null;
  isAvailable?: boolean | null;
  allergens?: string[] | null;
  vegan?: boolean | null;
  vegetarian?: boolean | null;
  spicyLevel?: number | null;
  preparationTime?: number | null;
}

export interface DeletedMenuItem {
  item_id: number;
  name: string;
  location_id: number;
  deleted_at: Date;
}

const MAX_PRICE_MINOR = 999_999;

export async function createMenuItem(
  site: RestaurantSite,
  input: MenuItemInput,
): Promise<MenuItemRow> {
  const name = input.name.trim();
  const description = (input.description ?? '').trim();
  const details: Details = {};
  if (name.length === 0 || name.length > 200) details.name = ['must be 1 to 200 characters'];
  if (description.length > 2000) details.description = ['must be at most 2000 characters'];
  if (!isIntIn(input.spicyLevel, 0, 5)) details.spicyLevel = ['must be an integer from 0 to 5'];
  if (!isIntIn(input.preparationTime, 0, 480))
    details.preparationTime = ['must be an integer from 0 to 480 (minutes)'];
  const allergens = [...new Set((input.allergens ?? []).map((a) => a.trim().toLowerCase()))];
  if (allergens.some((a) => a.length === 0 || a.length > 50) || allergens.length > 20)
    details.allergens = ['at most 20, each 1 to 50 characters'];
  let priceMinor = 0;
  try {
    priceMinor = parseMoney(input.price, 'price', { max: MAX_PRICE_MINOR });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(details, err.details);
  }
  if (Object.keys(details).length > 0) throw new ValidationError(details);

  return inSite(site, async (tx) => {
    if (input.categoryId != null) {
      const category = await tx.data
        .selectFrom('menu_categories')
        .select('category_id')
        .where('category_id', '=', input.categoryId)
        .where('location_id', '=', site.locationId)
        .executeTakeFirst();
      if (!category)
        throw new ValidationError({
          categoryId: [`category ${input.categoryId} not found at this location`],
        });
    }
    const row = await tx.data
      .insertInto('menu_items')
      .values({
        location_id: site.locationId,
        category_id: input.categoryId ?? null,
        name,
        description,
        price: formatMinor(priceMinor),
        is_available: input.isAvailable ?? true,
        allergens,
        vegan: input.vegan ?? false,
        vegetarian: input.vegetarian ?? input.vegan ?? false,
        spicy_level: input.spicyLevel ?? 0,
        preparation_time: input.preparationTime ?? 0,
      })
      .returning(MENU_ITEM_COLUMNS)
      .executeTakeFirstOrThrow();
    await tx.emit(siteScope(site), 'menu.item_created', toMenuItemData(row));
    return row;
  });
}

/**
 * Deletes an item of the site's location (with its template links). Orders that sold it keep
 * their lines, which are snapshots; GET /menu/{itemId} answers 404 from now on.
 */
export async function deleteMenuItem(
  site: RestaurantSite,
  itemId: number,
): Promise<DeletedMenuItem> {
  return inSite(site, async (tx) => {
    const row = await tx.data
      .deleteFrom('menu_items')
      .where('item_id', '=', itemId)
      .where('location_id', '=', site.locationId)
      .returning(['item_id', 'name', 'location_id'])
      .executeTakeFirst();
    if (!row) throw new NotFoundError('menu_item');
    const deleted = { ...row, deleted_at: new Date() };
    await tx.emit(siteScope(site), 'menu.item_deleted', {
      ...row,
      deleted_at: deleted.deleted_at.toISOString(),
    });
    return deleted;
  });
}

function isIntIn(value: number | null | undefined, min: number, max: number): boolean {
  return value == null || (Number.isInteger(value) && value >= min && value <= max);
}
