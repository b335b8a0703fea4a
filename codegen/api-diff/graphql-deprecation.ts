import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLSchema,
} from 'graphql';
import { RELEASED_DIR } from './sources.js';
import type { ChangeItem } from './types.js';

/**
 * The portal's schema is not dated: it evolves by `@deprecated`, each reason dated, and an element
 * (a field, an argument, an input field, an enum value) may go only once the released schema
 * (contracts/released/schema.graphql) deprecated it. make api-check lets such a removal through
 * with its deprecation as the reason, names any other removal with how to deprecate it first, and
 * refuses a new deprecation whose reason gives no date.
 */
export interface GraphqlDeprecations {
  /** Breaking items that remove what the released schema deprecated, each with that reason. */
  retired: Map<ChangeItem, string>;
  /** Why each of `refused` (the breaking items no exception accepts) fails, when it is a removal. */
  removalFailures(refused: readonly ChangeItem[]): string[];
  /** New deprecations without a date. */
  undated: string[];
}

export const DEPRECATION_FORMAT = '@deprecated(reason: "YYYY-MM-DD: ...")';
const DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const RELEASED_SCHEMA = `${RELEASED_DIR}/schema.graphql`;

export function checkGraphqlDeprecations(
  releasedSdl: string,
  workingSdl: string,
  breaking: readonly ChangeItem[],
): GraphqlDeprecations {
  const released = deprecationsOf(buildSchema(releasedSdl));
  const working = deprecationsOf(buildSchema(workingSdl));
  const removed = (i: ChangeItem) =>
    i.contract === 'graphql' &&
    i.category === 'removed' &&
    released.has(i.location) &&
    !working.has(i.location);
  const retired = new Map<ChangeItem, string>();
  for (const item of breaking.filter(removed)) {
    const reason = released.get(item.location);
    if (reason != null) retired.set(item, `Deprecated before its removal: ${reason}`);
  }
  const undated = [...working]
    .filter(([place, reason]) => reason != null && released.get(place) == null)
    .filter(([, reason]) => !DATE.test(reason!))
    .map(
      ([place, reason]) =>
        `${place}: the reason of its new @deprecated ("${reason}") has no date: write ${DEPRECATION_FORMAT} with the day it is deprecated`,
    );
  return {
    retired,
    removalFailures: (refused) =>
      refused
        .filter((i) => removed(i) && !retired.has(i))
        .map(
          (i) =>
            `${i.location} was removed but is not deprecated in ${RELEASED_SCHEMA}: deprecate it first (${DEPRECATION_FORMAT}), release that, and remove it in a later release`,
        ),
    undated,
  };
}

/**
 * Every field, argument, input field and enum value of a schema by its place (`Type.field`,
 * `Type.field.arg`, `Input.field`, `Enum.VALUE`), with its deprecation reason (null: not deprecated).
 */
function deprecationsOf(schema: GraphQLSchema): Map<string, string | null> {
  const places = new Map<string, string | null>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        places.set(`${type.name}.${field.name}`, field.deprecationReason ?? null);
        for (const arg of field.args)
          places.set(`${type.name}.${field.name}.${arg.name}`, arg.deprecationReason ?? null);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        places.set(`${type.name}.${field.name}`, field.deprecationReason ?? null);
    } else if (isEnumType(type)) {
      for (const value of type.getValues())
        places.set(`${type.name}.${value.name}`, value.deprecationReason ?? null);
    }
  }
  return places;
}
