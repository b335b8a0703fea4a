import { compareContracts } from './compare.js';
import { applyExceptions, EXCEPTIONS_FILE, readExceptions } from './exceptions.js';
import { formatReport, type Format } from './format.js';
import { checkGraphqlDeprecations } from './graphql-deprecation.js';
import {
  readContractsAtRef,
  readReleasedContracts,
  readReleasedGraphql,
  readWorkingContracts,
  RELEASED_DIR,
} from './sources.js';
import type { ChangeItem, Report } from './types.js';
import { isRecordError, readVersions, RECORDS_DIR, type VersionTexts } from './versions.js';

export interface Outcome {
  code: 0 | 1;
  output: string;
}

/** make api-diff BASE=<ref>: the contracts at `base` against the working tree; 1 when anything breaks. */
export async function apiDiff(root: string, base: string, format: Format): Promise<Outcome> {
  const report = await compareContracts(readContractsAtRef(root, base), readWorkingContracts(root));
  return { code: report.breaking.length ? 1 : 0, output: formatReport(report, format) };
}

/** One dated version against contracts/released/<version>/ (new: not released yet, nothing to compare). */
export interface VersionCheck extends VersionTexts {
  isNew: boolean;
  report: Report;
}

export interface CheckOutcome extends Outcome {
  /** Head's report (its version's openapi and asyncapi, and the portal's schema). */
  report: Report;
  versions: VersionCheck[];
}

const NO_CHANGES: Report = { breaking: [], nonBreaking: [] };

/**
 * make api-check: every dated version against its released contracts. Head as before: a breaking
 * change needs an exception in contracts/breaking-changes.yaml. An older version, derived from head
 * through the change records, may gain what head adds (as GitHub's versions do) but any breaking
 * change to it fails: the record that keeps it as released is missing. An exception (a reviewed
 * mistake) accepts its change in whichever version it shows: while head is a new version not yet
 * released, a change it makes without a record shows in the older versions only.
 */
export async function apiCheck(root: string, format: Format = 'text'): Promise<CheckOutcome> {
  let versions: VersionTexts[];
  try {
    versions = await readVersions(root);
  } catch (err) {
    if (!isRecordError(err)) throw err;
    return {
      code: 1,
      output: `api-check: FAILED, ${err.message}`,
      report: NO_CHANGES,
      versions: [],
    };
  }
  const graphql = {
    released: readReleasedGraphql(root),
    working: readWorkingContracts(root).graphql,
  };
  const checks: VersionCheck[] = [];
  for (const version of versions) checks.push(await checkVersion(root, version, graphql));
  const [head, ...older] = checks as [VersionCheck, ...VersionCheck[]];
  // The portal's schema may lose what its released schema deprecated (graphql-deprecation.ts).
  const deprecations = checkGraphqlDeprecations(
    graphql.released,
    graphql.working,
    head.report.breaking,
  );
  const { accepted, refused, unused } = applyExceptions(
    checks.flatMap((c) => c.report.breaking).filter((i) => !deprecations.retired.has(i)),
    readExceptions(root),
  );
  const refusedIn = (check: VersionCheck) =>
    check.report.breaking.filter((item) => refused.includes(item));
  const lines = checks.flatMap((check) => [
    heading(check),
    ...(check.isNew && !check.head ? [] : [formatReport(check.report, format)]),
    '',
  ]);
  if (!accepted.length && !unused.length)
    lines.push(`Exceptions (${EXCEPTIONS_FILE}): none in use.`);
  if (accepted.length)
    lines.push(
      `Accepted breaking changes (${EXCEPTIONS_FILE}):`,
      ...accepted.map(
        ({ item, exception }) =>
          `  ${item.contract} ${item.location} [${item.id}]: ${exception.reason}`,
      ),
    );
  if (deprecations.retired.size)
    lines.push(
      `Removed after their deprecation (${RELEASED_DIR}/schema.graphql):`,
      ...[...deprecations.retired].map(([item, reason]) => `  ${item.location}: ${reason}`),
    );
  if (unused.length)
    lines.push(
      `Exceptions in ${EXCEPTIONS_FILE} that match no change (remove them):`,
      ...unused.map((e) => `  ${e.rule} ${e.location}`),
    );
  const failures = [
    ...(refusedIn(head).length
      ? [
          `${refusedIn(head).length} breaking change(s) against ${RELEASED_DIR}/ without an exception in ${EXCEPTIONS_FILE}`,
        ]
      : []),
    ...older
      .filter((c) => refusedIn(c).length)
      .map(
        (c) =>
          `${refusedIn(c).length} breaking change(s) to version ${c.version}, which must stay as released (add the change record in ${RECORDS_DIR}/ that keeps it)`,
      ),
    ...deprecations.removalFailures(refused),
    ...deprecations.undated,
  ];
  const nonBreaking = checks.reduce((n, c) => n + c.report.nonBreaking.length, 0);
  lines.push(
    failures.length
      ? `api-check: FAILED, ${failures.join('; ')}.`
      : `api-check: OK against ${RELEASED_DIR}/ (versions ${checks.map((c) => c.version).join(', ')}; ${checks.reduce((n, c) => n + c.report.breaking.length, 0)} breaking change(s), ${accepted.length} accepted; ${nonBreaking} non-breaking).`,
  );
  return {
    code: failures.length ? 1 : 0,
    output: lines.join('\n'),
    // Every version's breaking changes (once each: one change may show in several versions).
    report: { ...head.report, breaking: uniqueChanges(checks.flatMap((c) => c.report.breaking)) },
    versions: checks,
  };
}

const uniqueChanges = (items: ChangeItem[]): ChangeItem[] => [
  ...new Map(items.map((i) => [`${i.contract} ${i.id} ${i.location}`, i])).values(),
];

async function checkVersion(
  root: string,
  version: VersionTexts,
  graphql: { released: string; working: string },
): Promise<VersionCheck> {
  const released = readReleasedContracts(root, version.version);
  // The portal's schema is not dated: it is compared once, with head.
  const after = {
    openapi: version.openapi,
    asyncapi: version.asyncapi,
    graphql: version.head ? graphql.working : graphql.released,
  };
  const before = {
    openapi: released?.openapi ?? version.openapi,
    asyncapi: released?.asyncapi ?? version.asyncapi,
    graphql: graphql.released,
  };
  return { ...version, isNew: !released, report: await compareContracts(before, after) };
}

function heading(check: VersionCheck): string {
  const released = `${RELEASED_DIR}/${check.version}/`;
  if (check.head) {
    const portal = `the portal's schema.graphql (not dated) against ${RELEASED_DIR}/schema.graphql`;
    return check.isNew
      ? `API version ${check.version} (head): new, released by make api-release; ${portal}:`
      : `API version ${check.version} (head: openapi.yaml, asyncapi.yaml) against ${released}, ${portal}:`;
  }
  if (check.isNew)
    return `API version ${check.version} (derived from head and ${RECORDS_DIR}/): new, released by make api-release.`;
  return `API version ${check.version} (derived from head and ${RECORDS_DIR}/) against ${released}: any breaking change fails it; a non-breaking change of head reaches this version too and is reported, not refused:`;
}
