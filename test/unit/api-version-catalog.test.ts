import { describe, expect, it } from '@jest/globals';
import {
  apiVersionHeaders,
  resolveApiVersion,
  versionCatalog,
  type ChangeRecord,
} from '../../src/domain/api-versions/index.js';
import { DomainError } from '../../src/domain/shared/index.js';

// The support policy on synthetic records: the newest is current; an older one is answered until
// its successor's date + 12 months (or a later previous_sunset), deprecated for the last 6.

const record = (version: string, previousSunset?: string): ChangeRecord => ({
  version,
  title: `Version ${version}`,
  ...(previousSunset ? { previous_sunset: previousSunset } : {}),
  changes: [
    {
      id: `change-${version}`,
      description: `What ${version} changed.`,
      upgrade: `How to move to ${version}.`,
      instructions: [{ contract: 'openapi', schema: 'Health', didnt_exist: true }],
    },
  ],
});
const at = (date: string) => new Date(`${date}T00:00:00Z`);
const statuses = (records: ChangeRecord[], now: string) =>
  Object.fromEntries(versionCatalog(records, at(now)).map((v) => [v.version, v.status]));

describe('versionCatalog', () => {
  it('when there is no record, then the first version is current, without a sunset or changes', () => {
    expect(versionCatalog([], at('2030-01-01'))).toEqual([
      {
        version: '2026-11-21',
        status: 'current',
        sunsetAt: null,
        deprecatedAt: null,
        changes: [],
      },
    ]);
  });

  it('when a successor ships, then the older version is supported, deprecated 6 months before its sunset 12 months later, then sunset', () => {
    const records = [record('2027-02-01')];
    expect(statuses(records, '2027-02-01')).toEqual({
      '2027-02-01': 'current',
      '2026-11-21': 'supported',
    });
    expect(statuses(records, '2027-07-31')).toMatchObject({ '2026-11-21': 'supported' });
    expect(statuses(records, '2027-08-01')).toMatchObject({ '2026-11-21': 'deprecated' });
    expect(statuses(records, '2028-01-31')).toMatchObject({ '2026-11-21': 'deprecated' });
    expect(statuses(records, '2028-02-01')).toMatchObject({ '2026-11-21': 'sunset' });
    const first = versionCatalog(records, at('2027-03-01'))[1]!;
    expect({ sunsetAt: first.sunsetAt, deprecatedAt: first.deprecatedAt }).toEqual({
      sunsetAt: at('2028-02-01'),
      deprecatedAt: at('2027-08-01'),
    });
  });

  it("when a record sets a later previous_sunset, then it wins; an earlier one does not shorten the policy's", () => {
    const later = versionCatalog([record('2027-02-01', '2028-06-01')], at('2027-03-01'))[1]!;
    expect(later.sunsetAt).toEqual(at('2028-06-01'));
    const earlier = versionCatalog([record('2027-02-01', '2027-05-01')], at('2027-03-01'))[1]!;
    expect(earlier.sunsetAt).toEqual(at('2028-02-01'));
  });

  it('when there are three versions, then each sunset follows its own successor, newest first with its changes', () => {
    const catalog = versionCatalog([record('2027-02-01'), record('2028-01-01')], at('2028-03-01'));
    expect(
      catalog.map((v) => [v.version, v.status, v.sunsetAt?.toISOString().slice(0, 10)]),
    ).toEqual([
      ['2028-01-01', 'current', undefined],
      ['2027-02-01', 'supported', '2029-01-01'],
      ['2026-11-21', 'sunset', '2028-02-01'],
    ]);
    expect(catalog[0]!.changes).toEqual([
      {
        id: 'change-2028-01-01',
        description: 'What 2028-01-01 changed.',
        upgrade: 'How to move to 2028-01-01.',
      },
    ]);
  });
});

describe('resolveApiVersion', () => {
  const catalog = versionCatalog([record('2027-02-01'), record('2028-01-01')], at('2028-03-01'));

  it('when a request names a version, then that one; else the pin; else the newest', () => {
    expect(resolveApiVersion('2027-02-01', '2028-01-01', catalog).version).toBe('2027-02-01');
    expect(resolveApiVersion(undefined, '2027-02-01', catalog).version).toBe('2027-02-01');
    expect(resolveApiVersion(undefined, null, catalog).version).toBe('2028-01-01');
  });

  it('when a request names an unknown or sunset version, then invalid_api_version naming the answered ones', () => {
    for (const asked of ['1999-01-01', '2026-11-21', 'latest']) {
      let error: unknown;
      try {
        resolveApiVersion(asked, '2027-02-01', catalog);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('invalid_api_version');
      expect((error as DomainError).message).toContain('2028-01-01, 2027-02-01');
    }
  });

  it('when the pin itself is past its sunset, then the version after it answers', () => {
    expect(resolveApiVersion(undefined, '2026-11-21', catalog).version).toBe('2027-02-01');
  });
});

describe('apiVersionHeaders', () => {
  it('when the version is deprecated, then Deprecation and Sunset come with X-Svc-Api-Version; otherwise only the version', () => {
    const catalog = versionCatalog([record('2027-02-01')], at('2027-09-01'));
    expect(apiVersionHeaders(catalog[0]!)).toEqual({ 'X-Svc-Api-Version': '2027-02-01' });
    expect(apiVersionHeaders(catalog[1]!)).toEqual({
      'X-Svc-Api-Version': '2026-11-21',
      Deprecation: `@${at('2027-08-01').getTime() / 1000}`,
      Sunset: 'Tue, 01 Feb 2028 00:00:00 GMT',
    });
  });
});
