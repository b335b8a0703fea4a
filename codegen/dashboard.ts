// Turns the dashboard's operations (src/dashboard/client/operations.graphql) into
// src/generated/dashboard.generated.ts (graphql-operations.ts: validated against
// src/portal/schema.graphql, each operation's result and variables types and its typed document),
// so that a page reading a field the SDL no longer has does not compile.
import { typedOperationsOf } from './graphql-operations.js';

export const GENERATED_DASHBOARD_PATH = 'src/generated/dashboard.generated.ts';
const OPERATIONS_PATH = 'src/dashboard/client/operations.graphql';
const BANNER =
  '// DO NOT EDIT. Generated from src/dashboard/client/operations.graphql and src/portal/schema.graphql by codegen/dashboard.ts (make codegen).';

export async function generateDashboard(
  root: string,
): Promise<{ path: string; content: string }[]> {
  return [await typedOperationsOf(root, [OPERATIONS_PATH], GENERATED_DASHBOARD_PATH, BANNER)];
}
