import { sql } from 'kysely';
import type { Kysely, Updateable } from 'kysely';
import { PreparedQuery, slot } from '../../db/prepared.js';
import type { DataPlaneSchema, MenuItemsTable } from '../../db/types.js';
import type { MenuItemChanges } from '../../generated/events.generated.js';
import type { InstallationContext } from '../installations/index.js';
import { MalformedInputError, NotFoundError } from '../shared/index.js';
import { resolveScopedLocation } from '../restaurants/index.js';
import { formatMinor, hasAtMostDecimals, toMinor } from '../shared/index.js';
import { templatesOf, toMenuItemData, toMenuItemDetail, toMenuItemView, type MenuItemDetailView, type MenuItemRow, type MenuItemView } from './menu-views.js';
import { decodeCursor, toPage, type Page } from '../shared/index.js';
import { inSite, scopeAt, type Tx } from '../shared/index.js';

// Menus are per location: an installation sees and changes the items of its own location only.
// Any other item, of its organization or not, is invisible (404 / not_found), never 403.

export interface MenuListOptions {
  locationId?: number;
  categoryId?: number;
  availableOnly: boolean;
  limit: number;
  cursor?: string;
}

export async function listMenu(ctx: InstallationContext, options: MenuListOptions): Promise<Page<MenuItemView>> {
  const locationId = await resolveScopedLocation(ctx, options.locationId);
  const after = decodeCursor<[number]>(options.cursor, ['number']);
  let query = ctx.data
    .selectFrom('menu_items')
    .selectAll()
    .where('location_id', '=', locationId)
    .orderBy('item_id')
    .limit(options.limit + 1);
  if (options.categoryId !== undefined) query = query.where('category_id', '=', options.categoryId);
  if (options.availableOnly) query = query.where('is_available', '=', true).where('is_active', '=', true);
  if (after) query = query.where('item_id', '>', after[0]);
  return toPage(await query.execute(), options.limit, toMenuItemView, (row) => [row.item_id]);
}

export async function getMenuItemDetail(ctx: InstallationContext, itemId: number): Promise<MenuItemDetailView> {
  const [row] = await itemDetail.execute(ctx.data, `${ctx.schema}:read`, () => selectItemDetail(ctx.data), { itemId, locationId: ctx.locationId });
  if (!row) throw new NotFoundError('menu_item');
  return toMenuItemDetail(row, row.templates);
}

/** The installation's item with its templates (one query), its id and location bound per execution. */
function selectItemDetail(data: Kysely<DataPlaneSchema>) {
  return data
    .selectFrom('menu_items')
    .selectAll('menu_items')
    .select(templatesOf)
    .where('item_id', '=', slot<number>('itemId'))
    .where('location_id', '=', slot<number>('locationId'));
}

type ItemDetailRow = MenuItemRow & { templates: Parameters<typeof toMenuItemDetail>[1] };

/** The item reads and writes of the hot PATCH, compiled once per schema (and set of changed columns). */
const itemDetail = new PreparedQuery<ItemDetailRow>();
const itemUpdate = new PreparedQuery<MenuItemRow>();

export interface MenuItemPatch {
  is_available?: boolean;
  price?: number;
  preparation_time?: number;
}

/** Applies the sent fields; writes and emits menu.item_updated only when a value really changes. */
export async function patchMenuItem(ctx: InstallationContext, itemId: number, patch: MenuItemPatch): Promise<MenuItemDetailView> {
  // The schema's multipleOf 0.01 is checked with a float tolerance; this closes the gap exactly.
  if (patch.price !== undefined && !hasAtMostDecimals(patch.price, 2)) {
    throw new MalformedInputError({ price: ['must have at most two decimals'] });
  }
  return inSite(ctx, async (tx) => {
    // The row lock covers menu_items only; the templates come along for the response.
    const [locked] = await itemDetail.execute(tx.data, `${ctx.schema}:lock`, () => selectItemDetail(tx.data).forUpdate('menu_items'), {
      itemId,
      locationId: ctx.locationId,
    });
    if (!locked) throw new NotFoundError('menu_item');
    const { templates, ...item } = locked;
    const { changes, set } = diff(item, patch);
    const current = Object.keys(changes).length ? await applyChanges(tx, ctx, item, set, changes) : item;
    return toMenuItemDetail(current, templates);
  });
}

export interface AvailabilityEntry {
  item_id: number;
  is_available: boolean;
}

export interface BulkAvailabilityResult {
  data: { item_id: number; status: 'updated' | 'unchanged' | 'not_found'; error?: string }[];
  meta: { updated: number; unchanged: number; failed: number };
}

/**
 * Applies the entries in request order in one transaction: every visible item is locked first
 * (in id order, so two concurrent bulk updates cannot deadlock), then each entry sees the effect
 * of the earlier ones. Unknown and invisible items are reported, not fatal.
 */
export async function setMenuAvailability(ctx: InstallationContext, entries: AvailabilityEntry[]): Promise<BulkAvailabilityResult> {
  return inSite(ctx, async (tx) => {
    const rows = await lockItems(tx, ctx, entries.map((e) => e.item_id));
    const current = new Map(rows.map((row) => [row.item_id, row]));
    const result: BulkAvailabilityResult = { data: [], meta: { updated: 0, unchanged: 0, failed: 0 } };
    for (const { item_id, is_available } of entries) {
      const row = current.get(item_id);
      if (!row) {
        result.data.push({ item_id, status: 'not_found', error: 'Menu item not found' });
        result.meta.failed += 1;
      } else if (row.is_available === is_available) {
        result.data.push({ item_id, status: 'unchanged' });
        result.meta.unchanged += 1;
      } else {
        current.set(item_id, await applyChanges(tx, ctx, row, { is_available }, { is_available }));
        result.data.push({ item_id, status: 'updated' });
        result.meta.updated += 1;
      }
    }
    return result;
  });
}

/** The installation's items among `itemIds`, locked for update in id order. */
function lockItems({ data }: Tx, ctx: InstallationContext, itemIds: number[]): Promise<MenuItemRow[]> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  return data
    .selectFrom('menu_items')
    .selectAll()
    .where('item_id', 'in', ids)
    .where('location_id', '=', ctx.locationId)
    .orderBy('item_id')
    .forUpdate()
    .execute();
}

/** The sent fields whose values differ from the row: wire values for the event, column values for the update. */
function diff(row: MenuItemRow, patch: MenuItemPatch): { changes: MenuItemChanges; set: Updateable<MenuItemsTable> } {
  const changes: MenuItemChanges = {};
  const set: Updateable<MenuItemsTable> = {};
  if (patch.is_available !== undefined && patch.is_available !== row.is_available) {
    changes.is_available = set.is_available = patch.is_available;
  }
  if (patch.price !== undefined && toMinor(patch.price) !== toMinor(row.price)) {
    changes.price = set.price = formatMinor(toMinor(patch.price));
  }
  if (patch.preparation_time !== undefined && patch.preparation_time !== row.preparation_time) {
    changes.preparation_time = set.preparation_time = patch.preparation_time;
  }
  return { changes, set };
}

async function applyChanges(
  { data, emit }: Tx,
  ctx: InstallationContext,
  row: MenuItemRow,
  set: Updateable<MenuItemsTable>,
  changes: MenuItemChanges,
): Promise<MenuItemRow> {
  const columns = Object.keys(set).sort() as (keyof typeof set)[];
  const [updated] = await itemUpdate.execute(
    data,
    `${ctx.schema}:${columns.join(',')}`,
    () =>
      data
        .updateTable('menu_items')
        .set({ ...Object.fromEntries(columns.map((column) => [column, slot(column)])), updated_at: sql`now()` })
        .where('item_id', '=', slot<number>('itemId'))
        .returningAll(),
    { ...set, itemId: row.item_id },
  );
  if (!updated) throw new Error(`menu item ${row.item_id} vanished under its row lock`);
  await emit(scopeAt(ctx, updated.location_id), 'menu.item_updated', { ...toMenuItemData(updated), changes });
  return updated;
}
