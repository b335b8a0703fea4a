import type { ExpressionBuilder, Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DataPlaneSchema, MenuItemsTable } from '../../db/types.js';
import type { MenuItemData } from '../../generated/events.generated.js';
import { normalizeMoney } from '../shared/index.js';

// Row -> wire shapes of the menu (openapi.yaml MenuItem, MenuItemDetail; asyncapi.yaml MenuItemData).

export type MenuItemRow = Selectable<MenuItemsTable>;

export interface MenuItemView extends MenuItemData {
  category_id: number | null;
  updated_at: string;
}

export interface CustomizationTemplateView {
  template_id: number;
  name: string;
  location_id: number;
  min_select: number;
  max_select: number;
  options: { option_id: number; name: string; price_delta: string }[];
}

export interface MenuItemDetailView extends MenuItemView {
  customization_templates: CustomizationTemplateView[];
}

/** The spec's menu item fields: the payload of the menu.* events. */
export function toMenuItemData(row: MenuItemRow): MenuItemData {
  return {
    item_id: row.item_id,
    name: row.name,
    description: row.description,
    price: normalizeMoney(row.price),
    is_available: row.is_available,
    is_active: row.is_active,
    location_id: row.location_id,
    location_coll_id: row.location_coll_id,
    allergens: row.allergens,
    vegan: row.vegan,
    vegetarian: row.vegetarian,
    spicy_level: row.spicy_level,
    preparation_time: row.preparation_time,
  };
}

export function toMenuItemView(row: MenuItemRow): MenuItemView {
  return {
    ...toMenuItemData(row),
    category_id: row.category_id,
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The linked templates of the item in the outer query (`menu_items`), in link position order,
 * each with its options, as one JSON column: the detail view costs no query of its own.
 */
export function templatesOf(eb: ExpressionBuilder<DataPlaneSchema, 'menu_items'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('menu_item_templates as l')
      .innerJoin('customization_templates as t', 't.template_id', 'l.template_id')
      .whereRef('l.item_id', '=', 'menu_items.item_id')
      .orderBy('l.position')
      .orderBy('t.template_id')
      .select((et) => [
        't.template_id',
        't.name',
        't.location_id',
        't.min_select',
        't.max_select',
        jsonArrayFrom(
          et
            .selectFrom('customization_options as o')
            .whereRef('o.template_id', '=', 't.template_id')
            .orderBy('o.option_id')
            .select(['o.option_id', 'o.name', 'o.price_delta']),
        ).as('options'),
      ]),
  ).as('templates');
}

type TemplateJson = {
  template_id: number;
  name: string;
  location_id: number;
  min_select: number;
  max_select: number;
  options: { option_id: number; name: string; price_delta: string | number }[];
};

/** The item with its linked templates (from `templatesOf`) and their options. */
export function toMenuItemDetail(row: MenuItemRow, templates: TemplateJson[]): MenuItemDetailView {
  return {
    ...toMenuItemView(row),
    customization_templates: templates.map((t) => ({
      template_id: t.template_id,
      name: t.name,
      location_id: t.location_id,
      min_select: t.min_select,
      max_select: t.max_select,
      options: t.options.map((o) => ({
        option_id: o.option_id,
        name: o.name,
        price_delta: normalizeMoney(o.price_delta),
      })),
    })),
  };
}
