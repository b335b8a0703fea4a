// Typed GraphQL operations, shared by the dashboard's (codegen/dashboard.ts) and svc's
// (codegen/devcli.ts): for each operation its result and variables types (typescript-operations)
// and its document text typed with both. codegen validates every operation against the portal's
// SDL first, so an operation asking for a field or argument the SDL lacks fails `make codegen`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as operationsPlugin from '@graphql-codegen/typescript-operations';
import { Kind, parse, print, type DocumentNode, type OperationDefinitionNode } from 'graphql';

export const SDL_PATH = 'src/portal/schema.graphql';

export interface OperationsSource {
  /** The SDL's text. */
  sdl: string;
  /** Each .graphql file: its path (for messages) and its text. */
  files: { location: string; text: string }[];
  /** Where the result goes (codegen's filename). */
  output: string;
  banner: string;
}

/** The generated file's text; throws when an operation does not match the SDL. */
export async function typedOperations({
  sdl,
  files,
  output,
  banner,
}: OperationsSource): Promise<string> {
  const parsed = files.map(({ location, text }) => ({ location, document: parse(text) }));
  const types = await codegen({
    filename: output,
    schema: parse(sdl),
    documents: parsed,
    plugins: [{ typescriptOperations: {} }],
    pluginMap: { typescriptOperations: operationsPlugin },
    config: {
      useTypeImports: true,
      enumsAsTypes: true,
      avoidOptionals: { field: true, inputValue: false, object: true },
      scalars: { ID: 'string', DateTime: 'string', JSON: 'unknown' },
    },
  });
  const merged: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: parsed.flatMap((p) => p.document.definitions),
  };
  return `${banner}\n/* eslint-disable */\n${types}\n${documents(merged)}`;
}

/** typedOperations of files in the repository, the SDL being src/portal/schema.graphql. */
export async function typedOperationsOf(
  root: string,
  sources: string[],
  output: string,
  banner: string,
): Promise<{ path: string; content: string }> {
  const read = (rel: string) => readFile(path.join(root, rel), 'utf8');
  const files = await Promise.all(
    sources.map(async (location) => ({ location, text: await read(location) })),
  );
  return {
    path: output,
    content: await typedOperations({ sdl: await read(SDL_PATH), files, output, banner }),
  };
}

/** Each operation's text as a string carrying its result and variables types. */
function documents(document: DocumentNode): string {
  const lines = [
    '/** A GraphQL document whose result is R and whose variables are V (types only). */',
    'export type Operation<R, V> = string & { readonly __result?: R; readonly __variables?: V };',
  ];
  const fragments = new Map(
    document.definitions
      .filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, print(d)]),
  );
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
    const op = definition as OperationDefinitionNode;
    const name = op.name!.value;
    const suffix =
      op.operation === 'query'
        ? 'Query'
        : op.operation === 'mutation'
          ? 'Mutation'
          : 'Subscription';
    lines.push(
      `export const ${name}Document = ${JSON.stringify(withFragments(print(op), fragments))} as Operation<${name}${suffix}, ${name}${suffix}Variables>;`,
    );
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
