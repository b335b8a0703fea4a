import { diff, CriticalityLevel, type Change } from '@graphql-inspector/core';
import { buildSchema, findBreakingChanges } from 'graphql';
import type { ChangeCategory, ChangeItem } from './types.js';
import type { Classified } from './openapi-diff.js';

/**
 * The SDL is compared with @graphql-inspector/core, which lists every change (additions and
 * deprecations included) with a criticality. Breaking means what test/portal/schema.test.ts means
 * by it, graphql-js's findBreakingChanges: any change that function reports and no inspector
 * BREAKING item covers is added as breaking, so the two never disagree.
 */
export async function diffGraphql(beforeSdl: string, afterSdl: string): Promise<Classified[]> {
  const before = buildSchema(beforeSdl);
  const after = buildSchema(afterSdl);
  const changes = (await diff(before, after)).filter((c) => !isDeprecatedDirectiveNoise(c));
  const out: Classified[] = changes.map((c) => ({
    breaking: c.criticality.level === CriticalityLevel.Breaking,
    item: toItem(c),
  }));
  const breakingPaths = out.filter((x) => x.breaking).map((x) => x.item.location);
  for (const change of findBreakingChanges(before, after)) {
    const location = placeOf(change.description);
    const covered = breakingPaths.some(
      (p) => p === location || change.description.includes(p.split('.').slice(0, 2).join('.')),
    );
    if (!covered) {
      out.push({
        breaking: true,
        item: {
          contract: 'graphql',
          id: `graphql-js-${kebab(change.type)}`,
          location,
          message: change.description,
          category: 'changed',
        },
      });
    }
  }
  return out;
}

/** The place a graphql-js description names: `Type.field`, or `Enum.VALUE` for an enum value. */
function placeOf(description: string): string {
  const enumValue = /^(\w+) was removed from enum type (\w+)\./.exec(description);
  if (enumValue) return `${enumValue[2]}.${enumValue[1]}`;
  return /\b([A-Z_]\w*(?:\.\w+)?)\b/.exec(description)?.[1] ?? '(schema)';
}

function toItem(change: Change): ChangeItem {
  // `Query.me.@deprecated` names the directive; the place is the field.
  const location = (change.path ?? '(schema)').replace(/\.@deprecated.*$/, '');
  return {
    contract: 'graphql',
    id: kebab(change.type),
    location,
    message: change.message,
    category: categoryOf(change.type),
  };
}

/** A `@deprecated` also shows as the directive's usage and its `reason` argument: one item is enough. */
function isDeprecatedDirectiveNoise(change: Change): boolean {
  return change.type.startsWith('DIRECTIVE_USAGE') && (change.path ?? '').includes('@deprecated');
}

function categoryOf(type: string): ChangeCategory {
  if (
    type.includes('DEPRECATION_ADDED') ||
    type.includes('DEPRECATION_REASON_ADDED') ||
    type.includes('DEPRECATED_ADDED')
  )
    return 'deprecated';
  if (type.endsWith('_ADDED')) return 'added';
  if (type.endsWith('_REMOVED')) return 'removed';
  return 'changed';
}

const kebab = (type: string) => type.toLowerCase().replace(/_/g, '-');
