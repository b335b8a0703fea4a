// Turns the dashboard's operations (src/dashboard/client/operations.graphql) into
// src/generated/dashboard.generated.ts: for each operation its result and variables types
// (typescript-operations, validated against src/portal/schema.graphql) and its document text
// typed with both, so that a page reading a field the SDL no longer has does not compile.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as operationsPlugin from '@graphql-codegen/typescript-operations';
import { Kind, parse, print, type DocumentNode, type OperationDefinitionNode } from 'graphql';

export const GENERATED_DASHBOARD_PATH = 'src/generated/dashboard.generated.ts';
const SDL_PATH = 'src/portal/schema.graphql';
const OPERATIONS_PATH = 'src/dashboard/client/operations.graphql';
const BANNER = '// DO NOT EDIT. Generated from src/dashboard/client/operations.graphql and src/portal/schema.graphql by codegen/dashboard.ts (make codegen).';

export async function generateDashboard(root: string): Promise<{ path: string; content: string }[]> {
  const document = parse(await readFile(path.join(root, OPERATIONS_PATH), 'utf8'));
  const types = await codegen({
    filename: GENERATED_DASHBOARD_PATH,
    schema: parse(await readFile(path.join(root, SDL_PATH), 'utf8')),
    documents: [{ location: OPERATIONS_PATH, document }],
    plugins: [{ typescriptOperations: {} }],
    pluginMap: { typescriptOperations: operationsPlugin },
    config: {
      useTypeImports: true,
      enumsAsTypes: true,
      avoidOptionals: { field: true, inputValue: false, object: true },
      scalars: { ID: 'string', DateTime: 'string', JSON: 'unknown' },
    },
  });
  return [{ path: GENERATED_DASHBOARD_PATH, content: `${BANNER}\n/* eslint-disable */\n${types}\n${documents(document)}` }];
}

/** Each operation's text as a string carrying its result and variables types. */
function documents(document: DocumentNode): string {
  const lines = [
    '/** A GraphQL document whose result is R and whose variables are V (types only). */',
    'export type Operation<R, V> = string & { readonly __result?: R; readonly __variables?: V };',
  ];
  const fragments = new Map(document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, print(d)]));
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
    const op = definition as OperationDefinitionNode;
    const name = op.name!.value;
    const suffix = op.operation === 'query' ? 'Query' : op.operation === 'mutation' ? 'Mutation' : 'Subscription';
    lines.push(`export const ${name}Document = ${JSON.stringify(withFragments(print(op), fragments))} as Operation<${name}${suffix}, ${name}${suffix}Variables>;`);
  }
  return `${lines.join('\n')}\n`;
}

/** The operation's text followed by every fragment it spreads, directly or through another. */
function withFragments(text: string, fragments: Map<string, string>): string {
  const used = new Set<string>();
  const visit = (source: string) => {
    for (const [, name] of source.matchAll(/\.\.\.([A-Za-z_]\w*)/g)) {
      if (used.has(name!) || !fragments.has(name!)) continue;
      used.add(name!);
      visit(fragments.get(name!)!);
    }
  };
  visit(text);
  return [text, ...[...used].map((name) => fragments.get(name)!)].join('\n');
}
