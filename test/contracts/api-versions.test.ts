import { describe, expect, it } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { apiCheck } from '../../codegen/api-diff/commands.js';
import { compareContracts } from '../../codegen/api-diff/compare.js';
import { apiVersions } from '../../codegen/api-diff/derived.js';
import { apiRelease } from '../../codegen/api-diff/release.js';
import { ROOT, repositoryCopy, schemas, type Doc } from './contract-copies.js';

// Dated versions on copies of the repository: a breaking change to head lands only with the change
// record that keeps every older version as released (make api-check), make api-versions writes
// each version's contracts, and make api-release releases the new version.

function editOpenApi(dir: string, edit: (doc: Doc) => void): void {
  const file = path.join(dir, 'openapi.yaml');
  const doc = parse(readFileSync(file, 'utf8'));
  edit(doc);
  writeFileSync(file, stringify(doc));
}

/** Head renames the location's `timezone` to `time_zone`, in place. */
const renameTimeZone = (d: Doc) => {
  const location = schemas(d).Location;
  location.properties = Object.fromEntries(
    Object.entries(location.properties).map(([k, v]) => [k === 'timezone' ? 'time_zone' : k, v]),
  );
  location.required = location.required.map((n: string) => (n === 'timezone' ? 'time_zone' : n));
};

const RECORD = {
  version: '2099-01-01',
  title: 'Locations carry time_zone',
  changes: [
    {
      id: 'time-zone',
      description: "A location's `timezone` is now `time_zone`.",
      upgrade: 'Read `time_zone` where you read `timezone`.',
      instructions: [
        {
          contract: 'openapi',
          schema: 'Location',
          property: 'time_zone',
          renamed_from: 'timezone',
        },
      ],
    },
  ],
};

function writeRecord(dir: string, record: object = RECORD): void {
  mkdirSync(path.join(dir, 'contracts/versions'), { recursive: true });
  writeFileSync(path.join(dir, 'contracts/versions/2099-01-01.yaml'), stringify(record));
}

/**
 * A copy of the repository whose contracts/released/ holds head as it is (head's additive changes
 * not yet released included), so that a test sees only what it changes itself.
 */
async function releasedCopy(): Promise<string> {
  const dir = repositoryCopy();
  const baseline = await apiRelease(dir, '2099-01-01');
  if (baseline.code) throw new Error(baseline.output);
  return dir;
}

const released = (dir: string, version: string, file = 'openapi.yaml') =>
  readFileSync(path.join(dir, 'contracts/released', version, file), 'utf8');

describe('make api-check with dated versions', () => {
  it('when head renames a response property without a change record, then it fails naming the place', async () => {
    const dir = repositoryCopy();
    editOpenApi(dir, renameTimeZone);
    const failed = await apiCheck(dir);
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(
      /BREAKING\s+openapi\s+GET \/locations\/\{locationId\} response 200: data\.timezone\s+\[response-property-removed\]/,
    );
    expect(failed.output).toContain('api-check: FAILED');
  }, 120_000);

  it('when the same change comes with its record, then it passes and each derived older version equals the released one (no change at all)', async () => {
    const dir = await releasedCopy();
    editOpenApi(dir, renameTimeZone);
    writeRecord(dir);
    const check = await apiCheck(dir);
    expect(check.code).toBe(0);
    expect(check.output).toContain(
      'API version 2099-01-01 (head): new, released by make api-release',
    );
    expect(check.output).toContain(
      'api-check: OK against contracts/released/ (versions 2099-01-01, 2026-11-29, 2026-11-21;',
    );
    const [head, ...older] = check.versions;
    expect(head).toMatchObject({ version: '2099-01-01', head: true, isNew: true });
    expect(older.map((v) => v.version)).toEqual(['2026-11-29', '2026-11-21']);
    for (const version of older) {
      expect(version).toMatchObject({
        head: false,
        isNew: false,
        report: { breaking: [], nonBreaking: [] },
      });
      expect(parse(version.openapi)).toEqual(parse(released(dir, version.version)));
      const releasedTexts = {
        openapi: released(dir, version.version),
        asyncapi: released(dir, version.version, 'asyncapi.yaml'),
        graphql: '',
      };
      const diff = await compareContracts(releasedTexts, {
        openapi: version.openapi,
        asyncapi: version.asyncapi,
        graphql: '',
      });
      expect(diff).toEqual({ breaking: [], nonBreaking: [] });
    }
  }, 120_000);

  it('when a record names a property head does not have, then api-check fails with the record, the change id and the path', async () => {
    const dir = repositoryCopy();
    writeRecord(dir);
    const failed = await apiCheck(dir);
    expect(failed.code).toBe(1);
    expect(failed.output).toBe(
      'api-check: FAILED, contracts/versions/2099-01-01.yaml, change time-zone: openapi components.schemas.Location.properties.time_zone: no such property in version 2099-01-01',
    );
  });
});

describe('make api-versions', () => {
  it('the newest version is head; a new record makes contracts/derived/ stale until make api-versions writes every version', async () => {
    const dir = repositoryCopy();
    expect(readFileSync(path.join(ROOT, 'contracts/derived/2026-11-29/openapi.yaml'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8'),
    );
    expect(await apiVersions(dir, true)).toMatchObject({ code: 0 });
    expect((await apiRelease(dir, '2099-01-01')).code).toBe(0);

    editOpenApi(dir, renameTimeZone);
    writeRecord(dir);
    const stale = await apiVersions(dir, true);
    expect(stale.code).toBe(1);
    expect(stale.output).toContain(
      'api-versions: contracts/derived/2026-11-29/openapi.yaml is out of date',
    );
    expect(stale.output).toContain('Run "make api-versions" and commit the result.');

    expect((await apiVersions(dir, false)).output).toContain(
      'wrote contracts/derived/2099-01-01/openapi.yaml',
    );
    expect(await apiVersions(dir, true)).toMatchObject({ code: 0 });
    expect(readFileSync(path.join(dir, 'contracts/derived/2099-01-01/openapi.yaml'), 'utf8')).toBe(
      readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'),
    );
    for (const version of ['2026-11-29', '2026-11-21'])
      expect(
        parse(readFileSync(path.join(dir, `contracts/derived/${version}/openapi.yaml`), 'utf8')),
      ).toEqual(parse(released(dir, version)));
  }, 120_000);
});

describe('make api-release with a new version', () => {
  it('when a record is released, then contracts/released/2099-01-01/ is created, 2026-11-21 stays, and the changelog section names the version', async () => {
    const dir = await releasedCopy();
    const before = released(dir, '2026-11-21');
    editOpenApi(dir, renameTimeZone);
    writeRecord(dir);

    const release = await apiRelease(dir, '2099-01-02');
    expect(release.code).toBe(0);
    expect(release.output).toContain(
      'api-release: 2099-01-02: version(s) 2099-01-01 written to contracts/released/',
    );
    expect(released(dir, '2099-01-01')).toBe(readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'));
    expect(released(dir, '2099-01-01', 'asyncapi.yaml')).toBe(
      readFileSync(path.join(dir, 'asyncapi.yaml'), 'utf8'),
    );
    expect(released(dir, '2026-11-21')).toBe(before);

    const changelog = readFileSync(path.join(dir, 'CHANGELOG-API.md'), 'utf8');
    const section = changelog.slice(
      changelog.indexOf('## 2099-01-02'),
      changelog.indexOf('\n## ', changelog.indexOf('## 2099-01-02') + 1),
    );
    expect(section).toContain('API versions released: `2099-01-01` (new).');
    expect(section).toContain('Version `2099-01-01`: Locations carry time_zone.');
    expect(section).toContain(
      "- `time-zone`: A location's `timezone` is now `time_zone`. Upgrade: Read `time_zone` where you read `timezone`.",
    );
    expect(section).toContain(
      '- `GET /locations/{locationId} response 200: data.timezone`: property `timezone` removed (`response-property-removed`). Reason: From API version 2099-01-01 on; earlier versions are unchanged.',
    );

    const after = await apiCheck(dir);
    expect(after.code).toBe(0);
    expect(after.versions.map((v) => [v.version, v.isNew, v.report.breaking.length])).toEqual([
      ['2099-01-01', false, 0],
      ['2026-11-29', false, 0],
      ['2026-11-21', false, 0],
    ]);
    expect((await apiRelease(dir, '2099-01-02')).output).toContain('nothing to release');
  }, 120_000);
});
