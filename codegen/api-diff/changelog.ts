import type { ChangeRecord } from '../../src/domain/api-versions/index.js';
import { CONTRACT_TITLES, type ChangeItem, type ContractName, type Report } from './types.js';

/**
 * CHANGELOG-API.md: one `## YYYY-MM-DD (API version <date>, ...)` section per release, newest
 * first, its heading naming the dated versions it released; inside it one `### <contract>`
 * heading per contract and `#### Breaking|Deprecated|Added|Changed` lists. A second release on
 * the same day merges into that day's section (its prose and versions kept), so a release re-run
 * after more changes still yields one section per date.
 */
export const CHANGELOG_FILE = 'CHANGELOG-API.md';
const KINDS = ['Breaking', 'Deprecated', 'Added', 'Changed'] as const;
type Kind = (typeof KINDS)[number];
const CONTRACTS = Object.keys(CONTRACT_TITLES) as ContractName[];

export const CHANGELOG_INTRO = `# API changelog

Every release of the three contracts: the Data API (\`openapi.yaml\`), the webhooks
(\`asyncapi.yaml\`) and the developer portal's GraphQL schema (\`src/portal/schema.graphql\`).
Each section is written by \`make api-release\` from the report of \`make api-diff\`; breaking
changes appear only with the reviewed reason that let them through. Each section's heading names the
dated API versions (\`YYYY-MM-DD\`, see /docs/versions) whose contracts it released.
`;

interface Section {
  date: string;
  /** The dated API versions released, newest first. */
  versions: string[];
  prose: string[];
  lists: Map<ContractName, Map<Kind, string[]>>;
}

export function bulletOf(item: ChangeItem, reason?: string): string {
  return `- ${codeSpan(item.location)}: ${text(item.message)} (\`${item.id}\`)${reason ? `. Reason: ${text(reason)}` : ''}`;
}

// What a bullet quotes (descriptions from the contracts, the reason of an exception) is text on a
// page of the dashboard's origin (/docs/changelog): one line, so it starts no heading or section
// of its own (and parseChangelog reads it back whole), and no `<`, so it opens no HTML.
const text = (quoted: string) => quoted.replace(/\s+/g, ' ').trim().replace(/</g, '&lt;');

/** `code`, with a fence longer than any run of backticks inside it (CommonMark code spans). */
function codeSpan(code: string): string {
  const inner = code.replace(/\s+/g, ' ');
  if (!inner.includes('`')) return `\`${inner}\``;
  const fence = '`'.repeat(Math.max(...(inner.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  return `${fence} ${inner} ${fence}`;
}

/** The bullets of a release, from its report; the description-only changes are counted, not listed. */
export function releaseLists(
  report: Report,
  reasons: Map<ChangeItem, string>,
): Map<ContractName, Map<Kind, string[]>> {
  const lists = new Map<ContractName, Map<Kind, string[]>>();
  const add = (contract: ContractName, kind: Kind, bullet: string) => {
    const kinds = lists.get(contract) ?? new Map<Kind, string[]>();
    kinds.set(kind, [...(kinds.get(kind) ?? []), bullet]);
    lists.set(contract, kinds);
  };
  for (const item of report.breaking)
    add(item.contract, 'Breaking', bulletOf(item, reasons.get(item)));
  for (const contract of CONTRACTS) {
    const items = report.nonBreaking.filter((i) => i.contract === contract);
    const docs = items.filter((i) => i.id === 'documentation-changed');
    for (const item of items.filter((i) => i.id !== 'documentation-changed'))
      add(contract, kindOf(item), bulletOf(item));
    if (docs.length)
      add(
        contract,
        'Changed',
        `- Descriptions and examples updated (${docs.length} place${docs.length === 1 ? '' : 's'}).`,
      );
  }
  return lists;
}

/**
 * The prose of a release that names its dated API versions, and for each new one its record's
 * title and changes (what changed, what a plugin developer does to upgrade).
 */
export function versionNotes(
  released: { version: string; isNew: boolean }[],
  records: ChangeRecord[],
): string[] {
  const names = released.map((v) => `\`${v.version}\`${v.isNew ? ' (new)' : ''}`);
  const notes = [`API versions released: ${names.join(', ')}.`];
  for (const record of records.filter((r) =>
    released.some((v) => v.isNew && v.version === r.version),
  )) {
    notes.push(
      '',
      `Version \`${record.version}\`: ${text(record.title)}. A plugin pinned to an earlier version keeps that version's contracts.`,
      '',
    );
    notes.push(
      ...record.changes.map(
        (c) => `- \`${c.id}\`: ${text(c.description)} Upgrade: ${text(c.upgrade)}`,
      ),
    );
  }
  return notes;
}

const kindOf = (item: ChangeItem): Kind =>
  item.category === 'added' ? 'Added' : item.category === 'deprecated' ? 'Deprecated' : 'Changed';

/** Adds a release to the changelog text: a new section on top, or merged into the same date's. */
export function addRelease(
  changelog: string,
  date: string,
  lists: Map<ContractName, Map<Kind, string[]>>,
  prose: string[] = [],
  versions: string[] = [],
): string {
  const { head, sections } = parseChangelog(changelog || CHANGELOG_INTRO);
  const existing = sections.find((s) => s.date === date);
  if (existing) {
    existing.versions = newestFirst([...existing.versions, ...versions]);
    // A second release the same day adds its prose (the versions it released) unless already there.
    if (prose.length && !existing.prose.join('\n').includes(prose.join('\n')))
      existing.prose.push(...(existing.prose.length ? [''] : []), ...prose);
    for (const [contract, kinds] of lists) {
      const target = existing.lists.get(contract) ?? new Map<Kind, string[]>();
      for (const [kind, bullets] of kinds)
        target.set(kind, [...new Set([...(target.get(kind) ?? []), ...bullets])]);
      existing.lists.set(contract, target);
    }
  } else {
    sections.unshift({ date, versions: newestFirst(versions), prose, lists });
  }
  sections.sort((a, b) => b.date.localeCompare(a.date));
  return `${head.trimEnd()}\n\n${sections.map(renderSection).join('\n')}`;
}

const newestFirst = (versions: string[]) =>
  [...new Set(versions)].sort((a, b) => b.localeCompare(a));

function heading({ date, versions }: Section): string {
  if (!versions.length) return `## ${date}`;
  return `## ${date} (API version${versions.length > 1 ? 's' : ''} ${versions.join(', ')})`;
}

function renderSection(section: Section): string {
  const out = [heading(section), ''];
  if (section.prose.length) out.push(...section.prose, '');
  for (const contract of CONTRACTS) {
    const kinds = section.lists.get(contract);
    if (!kinds || ![...kinds.values()].some((b) => b.length)) continue;
    out.push(`### ${CONTRACT_TITLES[contract]}`, '');
    for (const kind of KINDS) {
      const bullets = kinds.get(kind);
      if (bullets?.length) out.push(`#### ${kind}`, '', ...bullets, '');
    }
  }
  return out.join('\n');
}

function parseChangelog(text: string): { head: string; sections: Section[] } {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => /^## \d{4}-\d{2}-\d{2}/.test(l));
  if (first < 0) return { head: text, sections: [] };
  const sections: Section[] = [];
  let section: Section | undefined;
  let contract: ContractName | undefined;
  let kind: Kind | undefined;
  for (const line of lines.slice(first)) {
    const [, date, versions] =
      /^## (\d{4}-\d{2}-\d{2})(?: \(API versions? ([^)]*)\))?/.exec(line) ?? [];
    if (date) {
      section = { date, versions: versions?.split(/,\s*/) ?? [], prose: [], lists: new Map() };
      sections.push(section);
      contract = undefined;
      kind = undefined;
    } else if (line.startsWith('### ')) {
      contract = CONTRACTS.find((c) => CONTRACT_TITLES[c] === line.slice(4).trim());
      kind = undefined;
    } else if (line.startsWith('#### ')) {
      kind = KINDS.find((k) => k === line.slice(5).trim());
    } else if (section && contract && kind && line.startsWith('- ')) {
      const kinds = section.lists.get(contract) ?? new Map<Kind, string[]>();
      kinds.set(kind, [...(kinds.get(kind) ?? []), line]);
      section.lists.set(contract, kinds);
    } else if (section && contract && kind && line.trim()) {
      // A bullet written over several lines (before bullets were one line): keep its rest.
      const bullets = section.lists.get(contract)?.get(kind);
      if (bullets?.length) bullets[bullets.length - 1] += `\n${line}`;
    } else if (section && !contract && (line.trim() || section.prose.length)) {
      section.prose.push(line);
    }
  }
  for (const s of sections)
    while (s.prose.length && !s.prose[s.prose.length - 1]!.trim()) s.prose.pop();
  return { head: lines.slice(0, first).join('\n'), sections };
}
