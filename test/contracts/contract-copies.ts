import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { compareContracts } from '../../codegen/api-diff/compare.js';
import { readWorkingContracts } from '../../codegen/api-diff/sources.js';
import {
  CONTRACT_FILES,
  type ChangeItem,
  type ContractTexts,
  type Report,
} from '../../codegen/api-diff/types.js';

export type Doc = any;
export interface Edit {
  openapi?: (doc: Doc) => void;
  asyncapi?: (doc: Doc) => void;
  graphql?: (sdl: string) => string;
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A temporary directory laid out like the repository, holding copies of the three contracts after `edit`. */
export function contractsCopy(
  edit: Edit = {},
  from: ContractTexts = readWorkingContracts(ROOT),
): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'contracts-'));
  const texts = editTexts(from, edit);
  for (const [name, file] of Object.entries(CONTRACT_FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), texts[name as keyof ContractTexts]);
  }
  return dir;
}

// Parsing openapi.yaml takes about 0.2 s, and most edits start from the same text: each gets a copy.
const parsed = new Map<string, Doc>();
const parseOnce = (text: string): Doc => {
  if (!parsed.has(text)) parsed.set(text, parse(text));
  return structuredClone(parsed.get(text));
};

export function editTexts(from: ContractTexts, edit: Edit): ContractTexts {
  const yaml = (text: string, fn?: (doc: Doc) => void) => {
    if (!fn) return text;
    const doc = parseOnce(text);
    fn(doc);
    return stringify(doc);
  };
  return {
    openapi: yaml(from.openapi, edit.openapi),
    asyncapi: yaml(from.asyncapi, edit.asyncapi),
    graphql: edit.graphql ? edit.graphql(from.graphql) : from.graphql,
  };
}

/** The report of `after` against `before`, each an edited copy of the repository's contracts on disk. */
export async function diffCopies(
  after: Edit,
  before: Edit = {},
): Promise<Report & { exitCode: number }> {
  const base = readWorkingContracts(contractsCopy(before));
  const report = await compareContracts(base, readWorkingContracts(contractsCopy(after, base)));
  return { ...report, exitCode: report.breaking.length ? 1 : 0 };
}

export const pick = (items: ChangeItem[], id: string, location: string) =>
  items.filter((i) => i.id === id && i.location === location);

/** A copy of the repository's contract files, released baseline, exceptions and changelog. */
export function repositoryCopy(): string {
  const dir = contractsCopy();
  cpSync(path.join(ROOT, 'contracts'), path.join(dir, 'contracts'), { recursive: true });
  writeFileSync(
    path.join(dir, 'CHANGELOG-API.md'),
    readFileSync(path.join(ROOT, 'CHANGELOG-API.md'), 'utf8'),
  );
  return dir;
}

export const schemas = (doc: Doc) => doc.components.schemas;
export const signatureParameter = (doc: Doc) =>
  doc.paths['/webhooks/external'].post.parameters.find((p: Doc) => p.name === 'X-Svc-Signature');
