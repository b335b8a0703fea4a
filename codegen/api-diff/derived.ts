import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Outcome } from './commands.js';
import { isRecordError, readVersions, RECORDS_DIR } from './versions.js';

/**
 * contracts/derived/<version>/: each dated version's openapi.yaml and asyncapi.yaml as derived from
 * head and the change records, committed so a review shows what each version's clients get.
 * `make api-versions` writes them; `--check` (run by `make api-check`) fails when they are stale.
 */
export const DERIVED_DIR = 'contracts/derived';
const FILES = ['openapi.yaml', 'asyncapi.yaml'] as const;

export async function apiVersions(root: string, check: boolean): Promise<Outcome> {
  let expected: Map<string, string>;
  try {
    expected = await derivedFiles(root);
  } catch (err) {
    if (!isRecordError(err)) throw err;
    return { code: 1, output: `api-versions: ${err.message}` };
  }
  const present = presentFiles(root);
  const stale = [...expected]
    .filter(([rel, content]) => read(root, rel) !== content)
    .map(([rel]) => rel);
  const extra = present.filter((rel) => !expected.has(rel));
  if (check) {
    const lines = [
      ...stale.map(
        (rel) =>
          `api-versions: ${rel} is out of date with openapi.yaml, asyncapi.yaml and ${RECORDS_DIR}/.`,
      ),
      ...extra.map((rel) => `api-versions: ${rel} belongs to no supported version.`),
    ];
    if (lines.length)
      return {
        code: 1,
        output: [...lines, 'Run "make api-versions" and commit the result.'].join('\n'),
      };
    return {
      code: 0,
      output: `api-versions: ${DERIVED_DIR}/ matches head and ${RECORDS_DIR}/ (${expected.size} files).`,
    };
  }
  for (const rel of stale) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), expected.get(rel)!);
  }
  for (const rel of extra) rmSync(path.join(root, rel));
  for (const dir of versionDirs(root))
    if (!readdirSync(path.join(root, DERIVED_DIR, dir)).length)
      rmSync(path.join(root, DERIVED_DIR, dir), { recursive: true });
  const changed = [...stale.map((rel) => `wrote ${rel}`), ...extra.map((rel) => `removed ${rel}`)];
  return {
    code: 0,
    output: changed.length
      ? changed.join('\n')
      : `api-versions: ${DERIVED_DIR}/ already up to date.`,
  };
}

async function derivedFiles(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const version of await readVersions(root)) {
    for (const file of FILES)
      files.set(
        `${DERIVED_DIR}/${version.version}/${file}`,
        file === 'openapi.yaml' ? version.openapi : version.asyncapi,
      );
  }
  return files;
}

function versionDirs(root: string): string[] {
  const dir = path.join(root, DERIVED_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

function presentFiles(root: string): string[] {
  return versionDirs(root).flatMap((version) =>
    readdirSync(path.join(root, DERIVED_DIR, version))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `${DERIVED_DIR}/${version}/${f}`),
  );
}

const read = (root: string, rel: string) =>
  existsSync(path.join(root, rel)) ? readFileSync(path.join(root, rel), 'utf8') : null;
