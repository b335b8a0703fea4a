import { parse } from 'yaml';
import { asyncApiAsOpenApi, ASYNCAPI_NAMING } from './asyncapi-adapter.js';
import { diffGraphql } from './graphql-diff.js';
import { diffOpenApi, OPENAPI_NAMING, type Classified } from './openapi-diff.js';
import type { ChangeItem, ContractName, ContractTexts, Report } from './types.js';

const ORDER: ContractName[] = ['openapi', 'asyncapi', 'graphql'];

/** Compares the three contracts and classifies every change (README, "API review"). */
export async function compareContracts(
  before: ContractTexts,
  after: ContractTexts,
): Promise<Report> {
  const classified: Classified[] = [];
  if (before.openapi !== after.openapi)
    classified.push(...diffOpenApi(parse(before.openapi), parse(after.openapi), OPENAPI_NAMING));
  if (before.asyncapi !== after.asyncapi) {
    classified.push(
      ...diffOpenApi(
        asyncApiAsOpenApi(parse(before.asyncapi)),
        asyncApiAsOpenApi(parse(after.asyncapi)),
        ASYNCAPI_NAMING,
      ),
    );
  }
  if (before.graphql !== after.graphql)
    classified.push(...(await diffGraphql(before.graphql, after.graphql)));
  return {
    breaking: sorted(unique(classified.filter((c) => c.breaking).map((c) => c.item))),
    nonBreaking: sorted(unique(classified.filter((c) => !c.breaking).map((c) => c.item))),
  };
}

/** One item per rule, place and message (a schema used twice in one response reports once). */
function unique(items: ChangeItem[]): ChangeItem[] {
  const seen = new Map<string, ChangeItem>();
  for (const item of items)
    seen.set(`${item.contract}\u0000${item.id}\u0000${item.location}\u0000${item.message}`, item);
  return [...seen.values()];
}

function sorted(items: ChangeItem[]): ChangeItem[] {
  return items.sort(
    (a, b) =>
      ORDER.indexOf(a.contract) - ORDER.indexOf(b.contract) ||
      a.location.localeCompare(b.location) ||
      a.id.localeCompare(b.id),
  );
}
