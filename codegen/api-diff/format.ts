import { CONTRACT_TITLES, type ChangeItem, type Report } from './types.js';

export type Format = 'text' | 'json' | 'markdown';
export const FORMATS: Format[] = ['text', 'json', 'markdown'];

export function formatReport(report: Report, format: Format): string {
  if (format === 'json') return JSON.stringify(report, null, 2);
  if (format === 'markdown') return markdown(report);
  return text(report);
}

/** One line per change, breaking first: contract, place, rule, what happened. */
function text(report: Report): string {
  const line = (label: string) => (item: ChangeItem) =>
    `${label.padEnd(12)} ${item.contract.padEnd(8)} ${item.location}  [${item.id}] ${oneLine(item.message)}`;
  const lines = [
    ...report.breaking.map(line('BREAKING')),
    ...report.nonBreaking.map(line('non-breaking')),
  ];
  const summary = `${report.breaking.length} breaking, ${report.nonBreaking.length} non-breaking change(s)`;
  return lines.length ? `${lines.join('\n')}\n${summary}` : 'No changes to the contracts.';
}

/** A review comment: a heading for the breaking changes and one for the rest, grouped by contract. */
function markdown(report: Report): string {
  const table = (items: ChangeItem[]) => {
    if (!items.length) return '_None._';
    return [
      '| Contract | Where | Rule | Change |',
      '| --- | --- | --- | --- |',
      ...items.map(
        (i) =>
          `| ${CONTRACT_TITLES[i.contract]} | \`${cell(i.location)}\` | \`${i.id}\` | ${cell(i.message)} |`,
      ),
    ].join('\n');
  };
  return [
    '## API review',
    '',
    `### Breaking changes (${report.breaking.length})`,
    '',
    table(report.breaking),
    '',
    `### Other changes (${report.nonBreaking.length})`,
    '',
    table(report.nonBreaking),
  ].join('\n');
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ');
const cell = (s: string) => oneLine(s).replace(/\|/g, '\\|');
