import { readFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';

const BANNER =
  '// DO NOT EDIT. Generated from openapi.yaml by codegen/openapi.ts (make codegen).\n';

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

/** Types for the whole Data API (openapi-typescript) and the list of operation ids. */
export async function generateOpenApi(root: string): Promise<{ path: string; content: string }[]> {
  const source = readFileSync(path.join(root, 'openapi.yaml'), 'utf8');
  const ast = await openapiTS(source, { alphabetize: false, exportType: false });
  const types = BANNER + '/* eslint-disable */\n' + astToString(ast);

  const doc = parse(source) as OpenApiDocument;
  const ids: string[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (['get', 'put', 'post', 'patch', 'delete'].includes(method) && op.operationId)
        ids.push(op.operationId);
    }
  }
  const operations =
    BANNER +
    `export const OPERATION_IDS = ${JSON.stringify(ids, null, 2).replace(/"/g, "'")} as const;\n\n` +
    'export type OperationId = (typeof OPERATION_IDS)[number];\n';
  return [
    { path: 'src/generated/openapi.generated.ts', content: types },
    { path: 'src/generated/operations.generated.ts', content: operations },
  ];
}
