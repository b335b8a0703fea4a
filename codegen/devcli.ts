// Turns svc's operations (the CLI's src/devcli/operations.graphql, the MCP server's
// src/devcli/mcp/operations.graphql) into src/generated/devcli.generated.ts (graphql-operations.ts:
// validated against src/portal/schema.graphql, each operation's result and variables types and its
// typed document), so that svc asking for what the SDL does not answer fails `make codegen`.
import { typedOperationsOf } from './graphql-operations.js';

export const GENERATED_DEVCLI_PATH = 'src/generated/devcli.generated.ts';
export const DEVCLI_OPERATIONS = [
  'src/devcli/operations.graphql',
  'src/devcli/mcp/operations.graphql',
];
const BANNER = `// DO NOT EDIT. Generated from ${DEVCLI_OPERATIONS.join(' and ')} with src/portal/schema.graphql by codegen/devcli.ts (make codegen).`;

export async function generateDevcli(root: string): Promise<{ path: string; content: string }[]> {
  return [await typedOperationsOf(root, DEVCLI_OPERATIONS, GENERATED_DEVCLI_PATH, BANNER)];
}
