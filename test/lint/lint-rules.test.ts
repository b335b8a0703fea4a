import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// `make lint`'s rules, each shown failing on a throwaway edit: a small tree in a temporary folder
// laid out like this one (src/domain/<component>/, src/api/), linted with this repository's own
// eslint.config.js and .dependency-cruiser.cjs, as `make lint` runs them.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

let dir: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

async function lint(
  tool: 'eslint' | 'depcruise',
  files: string[],
): Promise<{ code: number; out: string }> {
  const args =
    tool === 'eslint'
      ? ['--config', path.join(ROOT, 'eslint.config.js'), '--no-warn-ignored', ...files]
      : ['--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err', ...files];
  try {
    const { stdout } = await run(bin(tool), args, { cwd: dir });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'svc-lint-'));
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    }),
  );
  write('src/api/handler.ts', "export const handle = (): string => 'ok';\n");
  write('src/domain/orders/index.ts', "export { createOrder } from './create.js';\n");
  write(
    'src/domain/orders/create.ts',
    'export async function createOrder(): Promise<number> {\n  return 1;\n}\n',
  );
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('when the tree keeps the rules, then eslint and dependency-cruiser pass', async () => {
  write(
    'src/api/orders.ts',
    "import { createOrder } from '../domain/orders/index.js';\n\nexport const post = async (): Promise<number> => createOrder();\n",
  );
  expect(await lint('eslint', ['src'])).toMatchObject({ code: 0 });
  expect(await lint('depcruise', ['src'])).toMatchObject({ code: 0 });
});

test('when a promise floats, then eslint fails naming the rule', async () => {
  write(
    'src/api/orders.ts',
    "import { createOrder } from '../domain/orders/index.js';\n\nexport function post(): void {\n  createOrder();\n}\n",
  );
  const result = await lint('eslint', ['src']);
  expect(result.code).toBe(1);
  expect(result.out).toContain('@typescript-eslint/no-floating-promises');
});

test('when src/domain imports src/api, then dependency-cruiser fails with the rule and its reason', async () => {
  write(
    'src/domain/orders/create.ts',
    "import { handle } from '../../api/handler.js';\n\nexport async function createOrder(): Promise<string> {\n  return handle();\n}\n",
  );
  const result = await lint('depcruise', ['src']);
  expect(result.code).not.toBe(0);
  expect(result.out).toContain('domain-not-to-doors');
  expect(result.out).toContain('src/domain/orders/create.ts → src/api/handler.ts');
});

test('when a door imports a component past its index.ts, then dependency-cruiser fails', async () => {
  write(
    'src/api/orders.ts',
    "import { createOrder } from '../domain/orders/create.js';\n\nexport const post = async (): Promise<number> => createOrder();\n",
  );
  const result = await lint('depcruise', ['src']);
  expect(result.code).not.toBe(0);
  expect(result.out).toContain('component-through-its-face');
});

test('when a module keeps mutable state at its top level, then eslint fails unless it is a named exception', async () => {
  write(
    'src/domain/orders/cache.ts',
    'const seen = new Map<string, number>();\nexport const remember = (id: string): void => void seen.set(id, 1);\n',
  );
  const result = await lint('eslint', ['src']);
  expect(result.code).toBe(1);
  expect(result.out).toContain('svc/no-module-state');
  expect(result.out).toContain("'seen' is module-level mutable state");
});
