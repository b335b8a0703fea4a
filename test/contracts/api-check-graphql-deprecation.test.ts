import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { apiCheck } from '../../codegen/api-diff/commands.js';
import { apiRelease } from '../../codegen/api-diff/release.js';
import { EMPTY } from '../../codegen/api-diff/sources.js';
import { ROOT } from './contract-copies.js';

// The portal's GraphQL schema is not dated: it evolves by @deprecated, each reason dated, and
// `make api-check` lets a field, argument, input field or enum value go only once the released
// schema (contracts/released/schema.graphql) deprecated it. A repository of small fixtures: the
// Data API and webhook contracts are empty, so the portal's schema is the only thing compared.

const RELEASED = readFileSync(
  path.join(ROOT, 'test/contracts/fixtures/graphql-deprecation/released.graphql'),
  'utf8',
);

/** A repository whose released schema is the fixture and whose working one is `edit` of it. */
function repositoryWith(edit: (sdl: string) => string, exceptions: object[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'graphql-deprecation-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  for (const at of ['', 'contracts/released/2026-11-21/']) {
    write(`${at}openapi.yaml`, EMPTY.openapi);
    write(`${at}asyncapi.yaml`, EMPTY.asyncapi);
  }
  write('contracts/released/schema.graphql', RELEASED);
  write('src/portal/schema.graphql', edit(RELEASED));
  write('contracts/breaking-changes.yaml', stringify({ exceptions }));
  return dir;
}

const checkWith = (edit: (sdl: string) => string, exceptions: object[] = []) =>
  apiCheck(repositoryWith(edit, exceptions));

/** The fixture without the line that declares `line` (its first occurrence). */
const without = (line: RegExp) => (sdl: string) => {
  const lines = sdl.split('\n');
  const at = lines.findIndex((l) => line.test(l));
  if (at < 0) throw new Error(`no line ${line} in the fixture`);
  return lines.filter((_, n) => n !== at).join('\n');
};

const DEPRECATE_FIRST = '@deprecated(reason: "YYYY-MM-DD: ...")';

describe('make api-check: removing from the portal schema', () => {
  it('when the fixture is unchanged, then it passes', async () => {
    expect(await checkWith((sdl) => sdl)).toMatchObject({ code: 0 });
  });

  it('when a field never deprecated is removed, then it fails naming the field and saying to deprecate it first', async () => {
    const check = await checkWith(without(/^\s+secret: String$/));
    expect(check.code).toBe(1);
    expect(check.output).toContain('api-check: FAILED');
    expect(check.output).toMatch(/Plugin\.secret[^\n]*not deprecated[^\n]*deprecate it first/);
    expect(check.output).toContain(DEPRECATE_FIRST);
  });

  it('when a field deprecated in the released schema is removed, then it passes, and the report lists it as removed after its deprecation', async () => {
    const check = await checkWith(without(/^\s+oldName: String @deprecated/));
    expect(check.output).not.toContain('FAILED');
    expect(check.code).toBe(0);
    expect(check.output).toMatch(/Plugin\.oldName[^\n]*2026-10-01: read name/);
  });

  it('when a deprecated field is removed and released, then the changelog gives its deprecation as the reason', async () => {
    const dir = repositoryWith(without(/^\s+oldName: String @deprecated/));
    expect((await apiRelease(dir, '2026-12-02')).code).toBe(0);
    expect(readFileSync(path.join(dir, 'CHANGELOG-API.md'), 'utf8')).toContain(
      "- `Plugin.oldName`: Field 'oldName' (deprecated) was removed from object type 'Plugin' (`field-removed`). Reason: Deprecated before its removal: 2026-10-01: read name",
    );
  });

  it('when an argument never deprecated is removed, then it fails naming it; a deprecated one passes', async () => {
    const undeprecated = await checkWith((sdl) =>
      sdl.replace('plugins(first: Int, after: String)', 'plugins(first: Int)'),
    );
    expect(undeprecated.code).toBe(1);
    expect(undeprecated.output).toMatch(/Query\.plugins\.after[^\n]*deprecate it first/);

    const deprecated = await checkWith((sdl) =>
      sdl.replace(
        'plugin(id: ID!, legacyFilter: String @deprecated(reason: "2026-10-01: filter by id"))',
        'plugin(id: ID!)',
      ),
    );
    expect(deprecated.output).not.toContain('FAILED');
    expect(deprecated.code).toBe(0);
  });

  it('when an input field or an enum value never deprecated is removed, then each fails naming it; deprecated ones pass', async () => {
    const undeprecated = await checkWith((sdl) =>
      without(/^\s+DRAFT$/)(without(/^\s+description: String$/)(sdl)),
    );
    expect(undeprecated.code).toBe(1);
    expect(undeprecated.output).toMatch(/PluginInput\.description[^\n]*deprecate it first/);
    expect(undeprecated.output).toMatch(/PluginStatus\.DRAFT[^\n]*deprecate it first/);

    const deprecated = await checkWith((sdl) =>
      without(/^\s+RETIRED @deprecated/)(without(/^\s+legacyName: String @deprecated/)(sdl)),
    );
    expect(deprecated.output).not.toContain('FAILED');
    expect(deprecated.code).toBe(0);
  });

  it('when contracts/breaking-changes.yaml accepts the removal of a field never deprecated (a reviewed mistake), then it passes', async () => {
    const remove = without(/^\s+secret: String$/);
    const item = (await checkWith(remove)).report.breaking.find(
      (i) => i.location === 'Plugin.secret',
    )!;
    const exceptions = [{ rule: item.id, location: item.location, reason: 'Never filled in.' }];
    const accepted = await checkWith(remove, exceptions);
    expect(accepted.output).not.toContain('FAILED');
    expect(accepted.code).toBe(0);
  });
});

describe('make api-check: new @deprecated reasons carry a date', () => {
  it('when a field is newly deprecated without a date in its reason, then it fails naming it; with one it passes', async () => {
    const undated = await checkWith((sdl) =>
      sdl.replace('  secret: String\n', '  secret: String @deprecated(reason: "Use name.")\n'),
    );
    expect(undated.code).toBe(1);
    expect(undated.output).toMatch(/Plugin\.secret[^\n]*Use name\.[^\n]*no date/);
    expect(undated.output).toContain('YYYY-MM-DD');

    const bare = await checkWith((sdl) =>
      sdl
        .replace('  DRAFT\n', '  DRAFT @deprecated\n')
        .replace('after: String)', 'after: String @deprecated(reason: "soon"))'),
    );
    expect(bare.code).toBe(1);
    expect(bare.output).toMatch(/PluginStatus\.DRAFT[^\n]*no date/);
    expect(bare.output).toMatch(/Query\.plugins\.after[^\n]*no date/);

    const dated = await checkWith((sdl) =>
      sdl.replace(
        '  secret: String\n',
        '  secret: String @deprecated(reason: "2026-12-01: read name instead")\n',
      ),
    );
    expect(dated.output).not.toContain('FAILED');
    expect(dated.code).toBe(0);
  });
});
