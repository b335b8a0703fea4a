import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { ChangeItem } from './types.js';

/**
 * contracts/breaking-changes.yaml: the breaking changes to head a reviewer accepted (mistakes; a
 * deliberate one is a new version, contracts/versions/), each by its rule id and location as the
 * report prints them, with the reason.
 */
export const EXCEPTIONS_FILE = 'contracts/breaking-changes.yaml';

export interface BreakingException {
  rule: string;
  location: string;
  contract?: string;
  reason: string;
}

export function readExceptions(root: string): BreakingException[] {
  const file = path.join(root, EXCEPTIONS_FILE);
  if (!existsSync(file)) return [];
  const doc = parse(readFileSync(file, 'utf8')) as { exceptions?: unknown } | null;
  const list = Array.isArray(doc?.exceptions) ? (doc.exceptions as Record<string, unknown>[]) : [];
  return list.map((entry, i) => {
    const { rule, location, reason, contract } = entry ?? {};
    if (
      typeof rule !== 'string' ||
      typeof location !== 'string' ||
      typeof reason !== 'string' ||
      !reason.trim()
    ) {
      throw new Error(`${EXCEPTIONS_FILE}: exception ${i + 1} needs rule, location and a reason`);
    }
    return { rule, location, reason, ...(typeof contract === 'string' ? { contract } : {}) };
  });
}

export const covers = (e: BreakingException, item: ChangeItem) =>
  e.rule === item.id &&
  e.location === item.location &&
  (!e.contract || e.contract === item.contract);

/** Splits the breaking items into those an exception accepts and the rest. */
export function applyExceptions(breaking: ChangeItem[], exceptions: BreakingException[]) {
  const accepted: { item: ChangeItem; exception: BreakingException }[] = [];
  const refused: ChangeItem[] = [];
  for (const item of breaking) {
    const exception = exceptions.find((e) => covers(e, item));
    if (exception) accepted.push({ item, exception });
    else refused.push(item);
  }
  const unused = exceptions.filter((e) => !breaking.some((item) => covers(e, item)));
  return { accepted, refused, unused };
}

/** After a release the accepted changes are in the baseline: their entries go, the file's comments stay. */
export function writeExceptions(root: string, remaining: BreakingException[]): void {
  const file = path.join(root, EXCEPTIONS_FILE);
  const header = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('#'))
        .join('\n')
    : '';
  const body = remaining.length
    ? `exceptions:\n${remaining.map((e) => `  - rule: ${e.rule}\n    location: ${JSON.stringify(e.location)}\n${e.contract ? `    contract: ${e.contract}\n` : ''}    reason: ${JSON.stringify(e.reason)}`).join('\n')}\n`
    : 'exceptions: []\n';
  writeFileSync(file, `${header ? `${header}\n` : ''}${body}`);
}
