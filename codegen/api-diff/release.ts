import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addRelease, CHANGELOG_FILE, releaseLists, versionNotes } from './changelog.js';
import { apiCheck, type Outcome, type VersionCheck } from './commands.js';
import { compareContracts } from './compare.js';
import { checkGraphqlDeprecations } from './graphql-deprecation.js';
import {
  applyExceptions,
  readExceptions,
  writeExceptions,
  type BreakingException,
} from './exceptions.js';
import {
  EMPTY,
  readReleasedContracts,
  readReleasedGraphql,
  readWorkingContracts,
  RELEASED_DIR,
  releasedFile,
} from './sources.js';
import type { ChangeItem, Report } from './types.js';
import { readVersions, type VersionTexts } from './versions.js';
import { readRecords } from '../../src/domain/api-versions/index.js';

/**
 * make api-release: every dated version's contracts become its released ones
 * (contracts/released/<version>/, the portal's schema in contracts/released/), and CHANGELOG-API.md
 * gets the day's section naming the versions released. Refused while api-check fails; with nothing
 * changed it changes nothing, so running it twice is harmless. The exceptions it consumed leave
 * breaking-changes.yaml.
 */
export async function apiRelease(root: string, date: string): Promise<Outcome> {
  if (!existsSync(path.join(root, RELEASED_DIR))) return initialRelease(root, date);
  const check = await apiCheck(root);
  if (check.code)
    return {
      code: 1,
      output: `${check.output}\napi-release: refused, fix or accept the breaking changes first.`,
    };
  const released = check.versions.filter(
    (v) => v.isNew || v.report.breaking.length || v.report.nonBreaking.length,
  );
  if (!released.length)
    return {
      code: 0,
      output: `api-release: nothing to release, ${RELEASED_DIR}/ already matches every version's contracts.`,
    };
  const exceptions = readExceptions(root);
  const { report, reasons, consumed } = await headChanges(root, check.versions, exceptions);
  const notes = versionNotes(released, readRecords(root));
  writeChangelog(
    root,
    date,
    report,
    reasons,
    notes,
    released.map((v) => v.version),
  );
  writeReleased(root, released);
  if (consumed.size)
    writeExceptions(
      root,
      exceptions.filter((e) => !consumed.has(e)),
    );
  const names = released.map((v) => v.version).join(', ');
  return {
    code: 0,
    output: `${check.output}\napi-release: ${date}: version(s) ${names} written to ${RELEASED_DIR}/, ${CHANGELOG_FILE} section written${consumed.size ? `, ${consumed.size} exception(s) released and removed` : ''}.`,
  };
}

/**
 * What the changelog lists: head against its released contracts, or, when head is a new version,
 * head against the newest released one (its breaking changes are the new version's, which the
 * older versions do not see).
 */
async function headChanges(
  root: string,
  versions: VersionCheck[],
  exceptions: BreakingException[],
) {
  const head = versions[0]!;
  const base = versions.find((v) => !v.isNew);
  let report: Report = head.report;
  if (head.isNew && base) {
    report = await compareContracts(
      { ...readReleasedContracts(root, base.version)!, graphql: readReleasedGraphql(root) },
      readWorkingContracts(root),
    );
  }
  // A portal element the released schema deprecated goes without an exception, its deprecation the reason.
  const { retired } = checkGraphqlDeprecations(
    readReleasedGraphql(root),
    readWorkingContracts(root).graphql,
    report.breaking,
  );
  const { accepted } = applyExceptions(
    report.breaking.filter((i) => !retired.has(i)),
    exceptions,
  );
  const reasons = new Map<ChangeItem, string>([
    ...retired,
    ...accepted.map(({ item, exception }) => [item, exception.reason] as const),
  ]);
  for (const item of report.breaking) {
    if (!reasons.has(item))
      reasons.set(item, `From API version ${head.version} on; earlier versions are unchanged.`);
  }
  return {
    report,
    reasons,
    consumed: new Set<BreakingException>(accepted.map((a) => a.exception)),
  };
}

/** The first release: every operation, event and portal root field, as added. */
async function initialRelease(root: string, date: string): Promise<Outcome> {
  const full = await compareContracts(EMPTY, readWorkingContracts(root));
  const rootField = (i: ChangeItem) =>
    i.contract !== 'graphql' ||
    (i.id === 'field-added' && /^(Query|Mutation|Subscription)\./.test(i.location));
  const report: Report = { breaking: [], nonBreaking: full.nonBreaking.filter(rootField) };
  const prose = [
    'First release: the contracts as they stand. Everything below is available from this date on; the GraphQL list names the root fields (the schema holds their types).',
  ];
  const versions = await readVersions(root);
  writeChangelog(
    root,
    date,
    report,
    new Map(),
    prose,
    versions.map((v) => v.version),
  );
  writeReleased(root, versions);
  return {
    code: 0,
    output: `api-release: ${date}: first release, ${RELEASED_DIR}/ created, ${CHANGELOG_FILE} written.`,
  };
}

function writeChangelog(
  root: string,
  date: string,
  report: Report,
  reasons: Map<ChangeItem, string>,
  prose: string[],
  versions: string[],
): void {
  const file = path.join(root, CHANGELOG_FILE);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, addRelease(current, date, releaseLists(report, reasons), prose, versions));
}

function writeReleased(root: string, versions: VersionTexts[]): void {
  for (const v of versions) {
    mkdirSync(path.dirname(releasedFile(root, 'openapi', v.version)), { recursive: true });
    writeFileSync(releasedFile(root, 'openapi', v.version), v.openapi);
    writeFileSync(releasedFile(root, 'asyncapi', v.version), v.asyncapi);
  }
  writeFileSync(releasedFile(root, 'graphql', ''), readWorkingContracts(root).graphql);
}
