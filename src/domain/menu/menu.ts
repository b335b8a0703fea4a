import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, Updateable } from 'kysely';
import { PreparedQuery, slot } from '../../db/prepared.js';
import type { DataPlaneSchema, MenuItemsTable } from '../../db/types.js';
import type { MenuItemChanges } from '../../generated/events.generated.js';
import type { InstallationContext } from '../installations/index.js';
import { MalformedInputError, NotFoundError } from '../shared/index.js';
import { resolveScopedLocation } from '../restaurants/index.js';
import { hasAtMostDecimals, normalizeMoney, toMinor } from '../shared/index.js';
import {
  templatesOf,
  toMenuItemData,
  toMenuItemDetail,
  toMenuItemView,
  type MenuItemDetailView,
  type MenuItemRow,
  type MenuItemView,
} from './menu-views.js';
import { decodeCursor, toPage, type Page } from '../shared/index.js';
import { inSite, scopeAt, type Tx } from '../shared/index.js';
import { MENU_ITEM_COLUMNS, qualified } from '../../db/columns.js';

// Menus are per location: an installation sees and changes the items of its own location only.
// Any other item, of its organization or not, is invisible (404 / not_found), never 403.

export interface MenuListOptions {
  locationId?: number;
  categoryId?: number;
  availableOnly: boolean;
  limit: number;
  cursor?: string;
}

export async function listMenu(
  ctx: InstallationContext,
  options: MenuListOptions,
): Promise<Page<MenuItemView>> {
  const locationId = await resolveScopedLocation(ctx, options.locationId);
  const after = decodeCursor<[number]>(options.cursor, ['number']);
  let query = ctx.data
    .selectFrom('menu_items')
    .select(MENU_ITEM_COLUMNS)
    .where('location_id', '=', locationId)
    .orderBy('item_id')
    .limit(options.limit + 1);
  if (options.categoryId !== undefined) query = query.where('category_id', '=', options.categoryId);
  if (options.availableOnly)
    query = query.where('is_available', '=', true).where('is_active', '=', true);
  if (after) query = query.where('item_id', '>', after[0]);
  return toPage(await query.execute(), options.limit, toMenuItemView, (row) => [row.item_id]);
}

export async function getMenuItemDetail(
  ctx: InstallationContext,
  itemId: number,
): Promise<MenuItemDetailView> {
  const [row] = await itemDetail.execute(
    ctx.data,
    `${ctx.schema}:read`,
    () => selectItemDetail(ctx.data),
    { itemId, locationId: ctx.locationId },
  );
  if (!row) throw new NotFoundError('menu_item');
  return toMenuItemDetail(row, row.templates);
}

/** The installation's item with its templates (one query), its id and location bound per execution. */
function selectItemDetail(data: Kysely<DataPlaneSchema>) {
  return data
    .selectFrom('menu_items')
    .select(qualified('menu_items', MENU_ITEM_COLUMNS))
    .select(templatesOf)
    .where('item_id', '=', slot<number>('itemId'))
    .where('location_id', '=', slot<number>('locationId'));
}

type ItemDetailRow = MenuItemRow & { templates: Parameters<typeof toMenuItemDetail>[1] };

/** The item reads and writes of the hot PATCH, compiled once per schema (and set of sent fields). */
const itemDetail = new PreparedQuery<ItemDetailRow>();
const itemPatch = new PreparedQuery<PatchedItemRow>();
const itemUpdate = new PreparedQuery<MenuItemRow>();

export interface MenuItemPatch {
  is_available?: boolean;
  price?: string;
  preparation_time?: number;
}

/** The columns a PATCH may change. */
type PatchColumn = keyof MenuItemPatch & keyof MenuItemsTable;

/** The item as updated, the sent columns' values before the update, and the templates. */
type PatchedItemRow = ItemDetailRow & { before: Pick<MenuItemRow, PatchColumn> };

/**
 * Applies the sent fields; writes and emits menu.item_updated only when a value really changes.
 * The change is one statement: it locks the item, updates it only if a sent value differs from
 * the stored one, and returns the row before and after with its templates. Nothing to change (or
 * no such item) updates nothing, and the item is read as it is.
 */
export async function patchMenuItem(
  ctx: InstallationContext,
  itemId: number,
  patch: MenuItemPatch,
): Promise<MenuItemDetailView> {
  // The schema's multipleOf 0.01 is checked with a float tolerance; this closes the gap exactly.
  if (patch.price !== undefined && !hasAtMostDecimals(patch.price, 2)) {
    throw new MalformedInputError({ price: ['must have at most two decimals'] });
  }
  const set = columnValues(patch);
  const columns = Object.keys(set).sort() as PatchColumn[];
  return inSite(ctx, async (tx) => {
    const [patched] = columns.length
      ? await itemPatch.execute(
          tx.data,
          `${ctx.schema}:${columns.join(',')}`,
          () => updateIfChanged(tx.data, columns),
          {
            ...set,
            itemId,
            locationId: ctx.locationId,
          },
        )
      : [];
    if (!patched) {
      const [row] = await itemDetail.execute(
        tx.data,
        `${ctx.schema}:read`,
        () => selectItemDetail(tx.data),
        { itemId, locationId: ctx.locationId },
      );
      if (!row) throw new NotFoundError('menu_item');
      return toMenuItemDetail(row, row.templates);
    }
    const { templates, before, ...updated } = patched;
    await emitItemUpdated(tx, ctx, updated, changesOf({ ...updated, ...before }, patch));
    return toMenuItemDetail(updated, templates);
  });
}

/** The sent fields as column values (price in its stored two-decimal form). */
function columnValues(patch: MenuItemPatch): Updateable<MenuItemsTable> {
  const set: Updateable<MenuItemsTable> = {};
  if (patch.is_available !== undefined) set.is_available = patch.is_available;
  if (patch.price !== undefined) set.price = normalizeMoney(patch.price);
  if (patch.preparation_time !== undefined) set.preparation_time = patch.preparation_time;
  return set;
}

/**
 * UPDATE of the installation's item, its row locked first by the `before` CTE (so `before` is the
 * version the update replaces, even after waiting on a concurrent change), where a sent column's
 * value differs; RETURNING the new row, the old values and the templates.
 */
function updateIfChanged(data: Kysely<DataPlaneSchema>, columns: PatchColumn[]) {
  return data
    .with('before', (db) =>
      db
        .selectFrom('menu_items')
        .select(['item_id', ...columns])
        .where('item_id', '=', slot<number>('itemId'))
        .where('location_id', '=', slot<number>('locationId'))
        .forUpdate(),
    )
    .updateTable('menu_items')
    .from('before')
    .set({
      ...Object.fromEntries(columns.map((column) => [column, slot(column)])),
      updated_at: sql`now()`,
    })
    .whereRef('menu_items.item_id', '=', 'before.item_id')
    .where((eb) =>
      eb.or(
        columns.map((column) => eb(`before.${column}`, 'is distinct from', slot<never>(column))),
      ),
    )
    .returning(qualified('menu_items', MENU_ITEM_COLUMNS))
    .returning((eb) => [
      sql<
        PatchedItemRow['before']
      >`json_build_object(${sql.join(columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`before.${column}`)}`))})`.as(
        'before',
      ),
      templatesOf(eb as unknown as ExpressionBuilder<DataPlaneSchema, 'menu_items'>),
    ]);
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
export async function setMenuAvailability(
  ctx: InstallationContext,
  entries: AvailabilityEntry[],
): Promise<BulkAvailabilityResult> {
  return inSite(ctx, async (tx) => {
    const rows = await lockItems(
      tx,
      ctx,
      entries.map((e) => e.item_id),
    );
    const current = new Map(rows.map((row) => [row.item_id, row]));
    const result: BulkAvailabilityResult = {
      data: [],
      meta: { updated: 0, unchanged: 0, failed: 0 },
    };
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
function lockItems(
  { data }: Tx,
  ctx: InstallationContext,
  itemIds: number[],
): Promise<MenuItemRow[]> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  return data
    .selectFrom('menu_items')
    .select(MENU_ITEM_COLUMNS)
    .where('item_id', 'in', ids)
    .where('location_id', '=', ctx.locationId)
    .orderBy('item_id')
    .forUpdate()
    .execute();
}

/** The sent fields whose values differ from the row, as the event's `changes` has them. */
function changesOf(row: MenuItemRow, patch: MenuItemPatch): MenuItemChanges {
  const changes: MenuItemChanges = {};
  if (patch.is_available !== undefined && patch.is_available !== row.is_available)
    changes.is_available = patch.is_available;
  if (patch.price !== undefined && toMinor(patch.price) !== toMinor(row.price))
    changes.price = normalizeMoney(patch.price);
  if (patch.preparation_time !== undefined && patch.preparation_time !== row.preparation_time)
    changes.preparation_time = patch.preparation_time;
  return changes;
}

async function applyChanges(
  tx: Tx,
  ctx: InstallationContext,
  row: MenuItemRow,
  set: Updateable<MenuItemsTable>,
  changes: MenuItemChanges,
): Promise<MenuItemRow> {
  const { data } = tx;
  const columns = Object.keys(set).sort() as (keyof typeof set)[];
  const [updated] = await itemUpdate.execute(
    data,
    `${ctx.schema}:${columns.join(',')}`,
    () =>
      data
        .updateTable('menu_items')
        .set({
          ...Object.fromEntries(columns.map((column) => [column, slot(column)])),
          updated_at: sql`now()`,
        })
        .where('item_id', '=', slot<number>('itemId'))
        .returning(MENU_ITEM_COLUMNS),
    { ...set, itemId: row.item_id },
  );
  if (!updated) throw new Error(`menu item ${row.item_id} vanished under its row lock`);
  await emitItemUpdated(tx, ctx, updated, changes);
  return updated;
}

/** menu.item_updated for the updated row, with the sent fields whose values changed. */
function emitItemUpdated(
  { emit }: Tx,
  ctx: InstallationContext,
  updated: MenuItemRow,
  changes: MenuItemChanges,
): Promise<unknown> {
  return emit(scopeAt(ctx, updated.location_id), 'menu.item_updated', {
    ...toMenuItemData(updated),
    changes,
  });
}
