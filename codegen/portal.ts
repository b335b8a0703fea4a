// Turns src/portal/schema.graphql into src/generated/portal.generated.ts: a TypeScript type for
// every GraphQL type, the arguments of every field and the signature of every resolver
// (typescript + typescript-resolvers), so that a resolver whose arguments or result drift from
// the SDL does not compile.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import * as resolversPlugin from '@graphql-codegen/typescript-resolvers';
import { parse } from 'graphql';

export const GENERATED_PORTAL_PATH = 'src/generated/portal.generated.ts';
const SDL_PATH = 'src/portal/schema.graphql';
const BANNER =
  '// DO NOT EDIT. Generated from src/portal/schema.graphql by codegen/portal.ts (make codegen).';

export async function generatePortal(root: string): Promise<{ path: string; content: string }[]> {
  const output = await codegen({
    filename: GENERATED_PORTAL_PATH,
    schema: parse(await readFile(path.join(root, SDL_PATH), 'utf8')),
    documents: [],
    plugins: [{ typescript: {} }, { typescriptResolvers: {} }],
    pluginMap: { typescript: typescriptPlugin, typescriptResolvers: resolversPlugin },
    config: {
      useTypeImports: true,
      enumsAsTypes: true,
      // The resolvers are plain functions (the guard wraps and calls them).
      makeResolverTypeCallable: true,
      contextType: '../portal/context.js#PortalContext',
      // A log entry's request and attempts are resolved from the entry (WebhookLog resolvers); a
      // plugin's upgrade report and rollback window from the plugin (Plugin resolvers); an
      // endpoint's statistics from the endpoint (WebhookEndpoint resolvers).
      mappers: {
        WebhookLog: '../portal/views/webhook-log-views.js#WebhookLogView',
        Plugin: '../domain/plugins/index.js#PluginView',
        WebhookEndpoint: '../domain/webhooks/index.js#WebhookEndpointView',
      },
      scalars: {
        // Ids come in as strings and go out as the domain's row ids (numbers).
        ID: { input: 'string', output: 'string | number' },
        // src/portal/scalars.ts: parsed into a Date, serialized from a Date.
        DateTime: { input: 'Date', output: 'Date' },
        JSON: 'unknown',
      },
    },
  });
  return [{ path: GENERATED_PORTAL_PATH, content: `${BANNER}\n/* eslint-disable */\n${output}` }];
}
