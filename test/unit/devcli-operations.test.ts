import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { typedOperations } from '../../codegen/graphql-operations.js';
import { DEVCLI_OPERATIONS, generateDevcli, GENERATED_DEVCLI_PATH } from '../../codegen/devcli.js';
import { buildSchema, parse } from 'graphql';
import * as operations from '../../src/generated/devcli.generated.js';
import { operationCost } from '../../src/portal/cost.js';
import { DOCUMENT_LIMITS } from '../../src/portal/limits.js';

// svc (the CLI and its MCP server) sends the portal only operations of its .graphql files, which
// `make codegen` validates against the SDL and types: none written inline in its TypeScript.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sdl = readFileSync(path.join(root, 'src/portal/schema.graphql'), 'utf8');
const sources = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(`${dir}/${e.name}`)
      : e.name.endsWith('.ts')
        ? [`${dir}/${e.name}`]
        : [],
  );
/** A string that opens a GraphQL operation: `query(`, `mutation Name(`, `subscription {` or the shorthand `{ field {`. */
const GRAPHQL_TEXT = /['"`]\s*(?:(?:query|mutation|subscription)\b\s*[\w$]*\s*[({]|\{\s*\w+\s*\{)/;
const generate = (text: string) =>
  typedOperations({
    sdl,
    files: [{ location: 'probe.graphql', text }],
    output: 'probe.ts',
    banner: '',
  });

describe("svc's GraphQL operations", () => {
  it('are not written inline in src/devcli', () => {
    const inline = sources('src/devcli').filter((file) =>
      GRAPHQL_TEXT.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(inline).toEqual([]);
  });

  it('are generated from the .graphql files as committed (make codegen)', async () => {
    const [generated] = await generateDevcli(root);
    expect(generated!.path).toBe(GENERATED_DEVCLI_PATH);
    expect(generated!.content).toBe(readFileSync(path.join(root, GENERATED_DEVCLI_PATH), 'utf8'));
    expect(generated!.content).toContain(DEVCLI_OPERATIONS[1]);
  });

  it("each costs what the portal allows, at svc's largest page (list_deliveries reads 100)", () => {
    const schema = buildSchema(sdl);
    const documents = Object.entries(operations).filter(([name]) => name.endsWith('Document'));
    expect(documents.length).toBeGreaterThan(30);
    const over = documents
      .map(([name, text]) => ({
        name,
        cost: operationCost(schema, parse(text as string), null, { n: 100 }),
      }))
      .filter(({ cost }) => cost > DOCUMENT_LIMITS.cost);
    expect(over).toEqual([]);
  });

  it('when an operation asks for a field the SDL does not have, then codegen fails', async () => {
    await expect(generate('query Me { me { emailAddress } }')).rejects.toThrow(
      /Cannot query field "emailAddress" on type "Developer"/,
    );
  });

  it('when an operation passes a variable of the wrong type or omits a required argument, then codegen fails', async () => {
    await expect(generate('query Run($id: Int!) { scenarioRun(id: $id) { id } }')).rejects.toThrow(
      /Variable "\$id" of type "Int!" used in position expecting type "ID!"/,
    );
    await expect(
      generate('mutation Clock($s: ID!) { advanceSandboxClock(sandboxId: $s) { id } }'),
    ).rejects.toThrow(/argument "days" of type "Int!" is required/);
  });

  it('when an operation matches the SDL, then its result and variables are typed', async () => {
    const text = await generate('query Me { me { email } }');
    expect(text).toContain('export type MeQuery = { me: { email: string } };');
    expect(text).toContain(
      'export const MeDocument = "query Me {\\n  me {\\n    email\\n  }\\n}" as Operation<MeQuery, MeQueryVariables>;',
    );
  });
});
