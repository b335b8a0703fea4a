import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { apiCheck } from '../../codegen/api-diff/commands.js';
import { apiRelease } from '../../codegen/api-diff/release.js';
import { readRecords, supportedVersions } from '../../src/domain/api-versions/index.js';
import { ROOT, repositoryCopy, schemas, type Doc } from './contract-copies.js';

// make api-check / api-release on copies of the repository (never the real contracts), and the
// command line itself: exit codes and the three formats.

function editOpenApi(dir: string, edit: (doc: Doc) => void): void {
  const file = path.join(dir, 'openapi.yaml');
  const doc = parse(readFileSync(file, 'utf8'));
  edit(doc);
  writeFileSync(file, stringify(doc));
}

const removeTimezone = (d: Doc) => {
  delete schemas(d).Location.properties.timezone;
  schemas(d).Location.required = schemas(d).Location.required.filter(
    (n: string) => n !== 'timezone',
  );
};

function cli(dir: string, ...args: string[]) {
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'codegen/api-diff/main.ts'), ...args, '--root', dir],
    { encoding: 'utf8' },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('make api-check', () => {
  it('when the working contracts equal contracts/released/, then it passes; with a removed response property it fails naming it, until an exception accepts it', async () => {
    const dir = repositoryCopy();
    expect(await apiCheck(dir)).toMatchObject({
      code: 0,
      output: expect.stringContaining('api-check: OK'),
    });

    editOpenApi(dir, removeTimezone);
    const failed = await apiCheck(dir);
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(
      /BREAKING\s+openapi\s+GET \/locations response 200: data\[\]\.timezone\s+\[response-property-removed\]/,
    );
    expect(failed.output).toContain('api-check: FAILED');

    const exceptions = failed.report.breaking.map((i) => ({
      rule: i.id,
      location: i.location,
      reason: 'Timezone moves to the organization (announced 2026-11-01).',
    }));
    writeFileSync(path.join(dir, 'contracts/breaking-changes.yaml'), stringify({ exceptions }));
    const accepted = await apiCheck(dir);
    expect(accepted.code).toBe(0);
    expect(accepted.output).toContain(
      'Accepted breaking changes (contracts/breaking-changes.yaml):',
    );
    expect(accepted.output).toContain(
      'GET /locations response 200: data[].timezone [response-property-removed]: Timezone moves to the organization',
    );
  }, 120_000);

  it('when run as a command, then it exits 0 on a clean copy and 1 on a breaking change', () => {
    const dir = repositoryCopy();
    expect(cli(dir, 'check').status).toBe(0);
    editOpenApi(dir, removeTimezone);
    const failed = cli(dir, 'check');
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('[response-property-removed]');
  }, 120_000);
});

describe('make api-release', () => {
  it('when a non-breaking change is released, then contracts/released/ and CHANGELOG-API.md move and api-check passes again; a second run changes nothing', async () => {
    const dir = repositoryCopy();
    editOpenApi(dir, (d) => {
      schemas(d).Location.properties.phone = {
        type: 'string',
        nullable: true,
        description: 'Phone number.',
      };
    });
    expect((await apiCheck(dir)).code).toBe(0);

    const released = await apiRelease(dir, '2026-12-03');
    expect(released.code).toBe(0);
    // Head is the newest version: its released contract is head, byte for byte.
    const newest = supportedVersions(readRecords(dir))[0]!;
    expect(readFileSync(path.join(dir, `contracts/released/${newest}/openapi.yaml`), 'utf8')).toBe(
      readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'),
    );
    const changelog = readFileSync(path.join(dir, 'CHANGELOG-API.md'), 'utf8');
    expect(changelog.indexOf('## 2026-12-03')).toBeLessThan(changelog.indexOf('## 2026-11-26'));
    // A property added to head reaches every version: the section names them all.
    const versions = supportedVersions(readRecords(dir));
    expect(changelog).toContain(
      `\n## 2026-12-03 (API version${versions.length > 1 ? 's' : ''} ${versions.join(', ')})\n`,
    );
    expect(changelog).toContain(
      '- `GET /locations/{locationId} response 200: data.phone`: property `phone` added (`response-property-added`)',
    );

    const after = await apiCheck(dir);
    expect(after).toMatchObject({
      code: 0,
      output: expect.stringContaining('No changes to the contracts.'),
    });
    expect((await apiRelease(dir, '2026-12-03')).output).toContain('nothing to release');
    expect(readFileSync(path.join(dir, 'CHANGELOG-API.md'), 'utf8')).toBe(changelog);
  }, 120_000);

  it('when a breaking change has no exception, then the release is refused; with one, its reason is in the changelog and the exception is consumed', async () => {
    const dir = repositoryCopy();
    editOpenApi(dir, removeTimezone);
    expect((await apiRelease(dir, '2026-12-04')).code).toBe(1);
    expect(readFileSync(path.join(dir, 'contracts/released/2026-11-21/openapi.yaml'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'contracts/released/2026-11-21/openapi.yaml'), 'utf8'),
    );

    const { report } = await apiCheck(dir);
    writeFileSync(
      path.join(dir, 'contracts/breaking-changes.yaml'),
      stringify({
        exceptions: report.breaking.map((i) => ({
          rule: i.id,
          location: i.location,
          reason: 'Moved to the organization.',
        })),
      }),
    );
    expect((await apiRelease(dir, '2026-12-04')).code).toBe(0);
    const changelog = readFileSync(path.join(dir, 'CHANGELOG-API.md'), 'utf8');
    expect(changelog).toMatch(
      /## 2026-12-04[\s\S]*#### Breaking\n\n- `GET \/locations response 200: data\[\]\.timezone`: property `timezone` removed \(`response-property-removed`\)\. Reason: Moved to the organization\./,
    );
    expect(parse(readFileSync(path.join(dir, 'contracts/breaking-changes.yaml'), 'utf8'))).toEqual({
      exceptions: [],
    });
  }, 120_000);
});

describe('make api-diff BASE=<ref>', () => {
  it('when a contract changed since the ref, then the json, markdown and text reports name it and the exit code is 1', () => {
    const dir = repositoryCopy();
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args],
        { stdio: 'pipe' },
      );
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'base');
    editOpenApi(dir, removeTimezone);

    const json = cli(dir, 'diff', '--base', 'HEAD', '--format', 'json');
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as { breaking: unknown[]; nonBreaking: unknown[] };
    expect(report.breaking).toContainEqual({
      contract: 'openapi',
      id: 'response-property-removed',
      location: 'GET /locations response 200: data[].timezone',
      message: 'property `timezone` removed',
      category: 'removed',
    });
    expect(report.nonBreaking).toEqual([]);

    const markdown = cli(dir, 'diff', '--base', 'HEAD', '--format', 'markdown');
    expect(markdown.stdout).toContain('### Breaking changes (2)');
    expect(markdown.stdout).toContain('### Other changes (0)');
    expect(cli(dir, 'diff', '--base', 'HEAD').stdout).toContain(
      '2 breaking, 0 non-breaking change(s)',
    );
    expect(cli(dir, 'diff').status).toBe(1);
  }, 120_000);
});
