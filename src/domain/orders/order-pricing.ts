// Server-side pricing of a new order from the menu, with the semantic checks of its lines:
// menu items of the order's location that are available, and customizations that respect the
// item's templates (required groups, min/max selections, options of the template). Every problem is reported with its field path.
import { sql, type Selectable } from 'kysely';
import { PreparedQuery, slot } from '../../db/prepared.js';
import type { MenuItemsTable, MenuItemTemplatesTable } from '../../db/types.js';
import type { components } from '../../generated/openapi.generated.js';
import {
  CustomizationLocationMismatchError,
  CustomizationRuleViolationError,
  ValidationError,
  type Details,
  type DomainError,
} from '../shared/index.js';
import { toMinor, type PlaneTx } from '../shared/index.js';

type OrderLineInput = components['schemas']['CreateOrderItem'];

/** numeric(12,2) holds at most 9999999999.99. */
const MAX_TOTAL_MINOR = 999_999_999_999;

export interface PricedCustomization {
  template_id: number;
  option_id: number;
  name: string;
  priceDeltaMinor: number;
}

export interface PricedLine {
  item_id: number;
  name: string;
  quantity: number;
  notes: string | null;
  unitPriceMinor: number;
  lineTotalMinor: number;
  customizations: PricedCustomization[];
}

export interface PricedOrder {
  lines: PricedLine[];
  totalMinor: number;
}

/** Problems found so far, by error code; the first non-empty kind, in this order, is thrown. */
class Problems {
  readonly invalid: Details = {};
  readonly mismatch: Details = {};
  readonly rule: Details = {};

  add(kind: 'invalid' | 'mismatch' | 'rule', field: string, problem: string): void {
    (this[kind][field] ??= []).push(problem);
  }

  firstError(): DomainError | undefined {
    const first = (d: Details) => Object.values(d)[0]?.[0] ?? '';
    if (Object.keys(this.invalid).length > 0)
      return new ValidationError(
        this.invalid,
        `The order cannot be created: ${first(this.invalid)}.`,
      );
    if (Object.keys(this.mismatch).length > 0)
      return new CustomizationLocationMismatchError(
        this.mismatch,
        `${capitalize(first(this.mismatch))}.`,
      );
    if (Object.keys(this.rule).length > 0)
      return new CustomizationRuleViolationError(this.rule, `${capitalize(first(this.rule))}.`);
    return undefined;
  }
}

/** Prices `lines` at `locationId` of `organizationId`, or throws the 422 that describes every problem. */
export async function priceOrder(
  tx: PlaneTx,
  organizationId: number,
  locationId: number,
  lines: OrderLineInput[],
): Promise<PricedOrder> {
  const menu = await loadMenu(tx, organizationId, locationId, lines);
  const problems = new Problems();
  const priced: PricedLine[] = [];

  lines.forEach((line, i) => {
    const item = menu.items.get(line.item_id);
    if (!item)
      return problems.add(
        'invalid',
        `items.${i}.item_id`,
        `menu item ${line.item_id} not found at this location`,
      );
    if (!item.is_available || !item.is_active)
      problems.add('invalid', `items.${i}.item_id`, `menu item ${line.item_id} is not available`);

    const chosen: PricedCustomization[] = [];
    const linked = menu.links.get(item.item_id) ?? new Set<number>();
    (line.customizations ?? []).forEach((c, j) => {
      const at = `items.${i}.customizations.${j}`;
      const template = menu.templates.get(c.template_id);
      if (!template)
        return problems.add(
          'invalid',
          `${at}.template_id`,
          `customization template ${c.template_id} not found`,
        );
      const option = menu.options.get(c.option_id);
      if (!option)
        return problems.add(
          'invalid',
          `${at}.option_id`,
          `customization option ${c.option_id} not found`,
        );
      if (option.template_id !== c.template_id) {
        return problems.add(
          'invalid',
          `${at}.option_id`,
          `option ${c.option_id} is not an option of template ${c.template_id}`,
        );
      }
      if (template.location_id !== locationId) {
        return problems.add(
          'mismatch',
          `${at}.template_id`,
          `template ${c.template_id} belongs to location ${template.location_id}, not to the order's location ${locationId}`,
        );
      }
      if (!linked.has(c.template_id)) {
        return problems.add(
          'rule',
          `${at}.template_id`,
          `template ${c.template_id} is not linked to menu item ${item.item_id}`,
        );
      }
      chosen.push({
        template_id: c.template_id,
        option_id: c.option_id,
        name: option.name,
        priceDeltaMinor: toMinor(option.price_delta),
      });
    });

    for (const templateId of linked) {
      const template = menu.templates.get(templateId);
      if (!template) continue;
      const count = (line.customizations ?? []).filter((c) => c.template_id === templateId).length;
      if (count < template.min_select) {
        problems.add(
          'rule',
          `items.${i}.customizations`,
          `template ${templateId} (${template.name}) requires at least ${template.min_select} selection(s), got ${count}`,
        );
      } else if (count > template.max_select) {
        problems.add(
          'rule',
          `items.${i}.customizations`,
          `template ${templateId} (${template.name}) allows at most ${template.max_select} selection(s), got ${count}`,
        );
      }
    }

    const unitPriceMinor =
      toMinor(item.price) + chosen.reduce((sum, c) => sum + c.priceDeltaMinor, 0);
    priced.push({
      item_id: item.item_id,
      name: item.name,
      quantity: line.quantity,
      notes: line.notes ?? null,
      unitPriceMinor,
      lineTotalMinor: unitPriceMinor * line.quantity,
      customizations: chosen,
    });
  });

  const error = problems.firstError();
  if (error) throw error;
  const totalMinor = priced.reduce((sum, line) => sum + line.lineTotalMinor, 0);
  if (totalMinor > MAX_TOTAL_MINOR)
    throw new ValidationError({ items: ['the order total exceeds 9999999999.99'] });
  return { lines: priced, totalMinor };
}

/**
 * The menu rows the lines refer to, in four queries whatever the number of lines. The two every
 * order runs (its items, their templates' links) are compiled once per schema.
 */
async function loadMenu(
  tx: PlaneTx,
  organizationId: number,
  locationId: number,
  lines: OrderLineInput[],
) {
  const { data, schema } = tx;
  const itemIds = [...new Set(lines.map((l) => l.item_id))];
  const chosen = lines.flatMap((l) => l.customizations ?? []);
  const optionIds = [...new Set(chosen.map((c) => c.option_id))];
  const anyItem = sql<number>`any(${slot<number[]>('itemIds')}::int[])`;

  const [items, links, options] = await Promise.all([
    menuItems.execute(
      data,
      schema,
      () =>
        data
          .selectFrom('menu_items')
          .select(['item_id', 'name', 'price', 'is_available', 'is_active'])
          .where('item_id', '=', anyItem)
          .where('location_id', '=', slot<number>('locationId')),
      { itemIds, locationId },
    ),
    itemLinks.execute(
      data,
      schema,
      () =>
        data
          .selectFrom('menu_item_templates')
          .select(['item_id', 'template_id'])
          .where('item_id', '=', anyItem),
      { itemIds },
    ),
    optionIds.length === 0
      ? Promise.resolve([])
      : data
          .selectFrom('customization_options')
          .select(['option_id', 'template_id', 'name', 'price_delta'])
          .where('option_id', 'in', optionIds)
          .execute(),
  ]);
  const templateIds = [
    ...new Set([...chosen.map((c) => c.template_id), ...links.map((l) => l.template_id)]),
  ];
  // Templates of another organization are treated as absent, never as a location mismatch.
  const templates =
    templateIds.length === 0
      ? []
      : await data
          .selectFrom('customization_templates as t')
          .innerJoin('locations as l', 'l.location_id', 't.location_id')
          .select(['t.template_id', 't.location_id', 't.name', 't.min_select', 't.max_select'])
          .where('t.template_id', 'in', templateIds)
          .where('l.organization_id', '=', organizationId)
          .execute();

  const linksByItem = new Map<number, Set<number>>();
  for (const link of links) {
    const set = linksByItem.get(link.item_id) ?? new Set<number>();
    set.add(link.template_id);
    linksByItem.set(link.item_id, set);
  }
  return {
    items: new Map(items.map((i) => [i.item_id, i])),
    links: linksByItem,
    templates: new Map(templates.map((t) => [t.template_id, t])),
    options: new Map(options.map((o) => [o.option_id, o])),
  };
}

const menuItems = new PreparedQuery<
  Pick<Selectable<MenuItemsTable>, 'item_id' | 'name' | 'price' | 'is_available' | 'is_active'>
>();
const itemLinks = new PreparedQuery<
  Pick<Selectable<MenuItemTemplatesTable>, 'item_id' | 'template_id'>
>();

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
