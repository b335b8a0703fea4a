import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addRelease, CHANGELOG_FILE, releaseLists } from './changelog.js';
import { compareContracts } from './compare.js';
import { applyExceptions, EXCEPTIONS_FILE, readExceptions, writeExceptions, type BreakingException } from './exceptions.js';
import { formatReport, type Format } from './format.js';
import { EMPTY, readContractsAtRef, readReleasedContracts, readWorkingContracts, RELEASED_DIR, releasedFile } from './sources.js';
import { CONTRACT_FILES, type ChangeItem, type ContractName, type Report } from './types.js';

export interface Outcome { code: 0 | 1; output: string }

/** make api-diff BASE=<ref>: the contracts at `base` against the working tree; 1 when anything breaks. */
export async function apiDiff(root: string, base: string, format: Format): Promise<Outcome> {
  const report = await compareContracts(readContractsAtRef(root, base), readWorkingContracts(root));
  return { code: report.breaking.length ? 1 : 0, output: formatReport(report, format) };
}

/** make api-check: the working contracts against contracts/released/, with the reviewed exceptions. */
export async function apiCheck(root: string, format: Format = 'text'): Promise<Outcome & { report: Report }> {
  const report = await compareContracts(readReleasedContracts(root), readWorkingContracts(root));
  const { accepted, refused, unused } = applyExceptions(report.breaking, readExceptions(root));
  const lines = [formatReport(report, format), ''];
  if (!accepted.length && !unused.length) lines.push(`Exceptions (${EXCEPTIONS_FILE}): none in use.`);
  if (accepted.length) lines.push(`Accepted breaking changes (${EXCEPTIONS_FILE}):`, ...accepted.map(({ item, exception }) => `  ${item.contract} ${item.location} [${item.id}]: ${exception.reason}`));
  if (unused.length) lines.push(`Exceptions in ${EXCEPTIONS_FILE} that match no change (remove them):`, ...unused.map((e) => `  ${e.rule} ${e.location}`));
  lines.push(
    refused.length
      ? `api-check: FAILED, ${refused.length} breaking change(s) against ${RELEASED_DIR}/ without an exception in ${EXCEPTIONS_FILE}.`
      : `api-check: OK against ${RELEASED_DIR}/ (${report.breaking.length} breaking change(s), ${accepted.length} accepted; ${report.nonBreaking.length} non-breaking).`,
  );
  return { code: refused.length ? 1 : 0, output: lines.join('\n'), report };
}

/**
 * make api-release: the working contracts become the released ones, and CHANGELOG-API.md gets the
 * day's section. Refused while a breaking change has no exception; with nothing changed it changes
 * nothing, so running it twice is harmless. The exceptions it consumed leave breaking-changes.yaml.
 */
export async function apiRelease(root: string, date: string): Promise<Outcome> {
  if (!existsSync(path.join(root, RELEASED_DIR))) return initialRelease(root, date);
  const check = await apiCheck(root);
  if (check.code) return { code: 1, output: `${check.output}\napi-release: refused, fix or accept the breaking changes first.` };
  const { report } = check;
  if (!report.breaking.length && !report.nonBreaking.length) return { code: 0, output: `api-release: nothing to release, ${RELEASED_DIR}/ already matches the working contracts.` };
  const exceptions = readExceptions(root);
  const { accepted } = applyExceptions(report.breaking, exceptions);
  const reasons = new Map<ChangeItem, string>(accepted.map(({ item, exception }) => [item, exception.reason]));
  writeChangelog(root, date, report, reasons);
  copyContracts(root);
  const consumed = new Set<BreakingException>(accepted.map((a) => a.exception));
  if (consumed.size) writeExceptions(root, exceptions.filter((e) => !consumed.has(e)));
  return { code: 0, output: `${check.output}\napi-release: ${date}: ${RELEASED_DIR}/ updated, ${CHANGELOG_FILE} section written${consumed.size ? `, ${consumed.size} exception(s) released and removed` : ''}.` };
}

/** The first release: every operation, event and portal root field, as added. */
async function initialRelease(root: string, date: string): Promise<Outcome> {
  const full = await compareContracts(EMPTY, readWorkingContracts(root));
  const rootField = (i: ChangeItem) => i.contract !== 'graphql' || (i.id === 'field-added' && /^(Query|Mutation|Subscription)\./.test(i.location));
  const report: Report = { breaking: [], nonBreaking: full.nonBreaking.filter(rootField) };
  const prose = ['First release: the contracts as they stand. Everything below is available from this date on; the GraphQL list names the root fields (the schema holds their types).'];
  writeChangelog(root, date, report, new Map(), prose);
  copyContracts(root);
  return { code: 0, output: `api-release: ${date}: first release, ${RELEASED_DIR}/ created, ${CHANGELOG_FILE} written.` };
}

function writeChangelog(root: string, date: string, report: Report, reasons: Map<ChangeItem, string>, prose: string[] = []): void {
  const file = path.join(root, CHANGELOG_FILE);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, addRelease(current, date, releaseLists(report, reasons), prose));
}

function copyContracts(root: string): void {
  mkdirSync(path.join(root, RELEASED_DIR), { recursive: true });
  for (const name of Object.keys(CONTRACT_FILES) as ContractName[]) copyFileSync(path.join(root, CONTRACT_FILES[name]), releasedFile(root, name));
}
