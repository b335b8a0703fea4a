import { InvalidApiVersionError } from '../shared/index.js';
import type { DerivedVersion } from './derive.js';
import { identityMigrator, type VersionMigrator } from './migrator.js';
import { FIRST_VERSION, type ChangeRecord } from './records.js';

/**
 * The versions the doors answer in, with their status at a moment, derived from the change
 * records (the support policy): the newest is `current`; an older one is answered until its
 * sunset, 12 months after its successor shipped (or the later `previous_sunset` the successor's
 * record sets), `deprecated` during the last 6 months of that and `sunset` after it.
 */
export type ApiVersionStatus = 'current' | 'supported' | 'deprecated' | 'sunset';

export interface ApiVersionInfo {
  version: string;
  status: ApiVersionStatus;
  /** Midnight UTC of the sunset date; null while it has no successor. */
  sunsetAt: Date | null;
  /** Six months before the sunset: the Deprecation header's date. */
  deprecatedAt: Date | null;
  changes: { id: string; description: string; upgrade: string }[];
}

/** Every version, newest first. */
export type ApiVersionCatalog = readonly ApiVersionInfo[];

/**
 * What the doors hold: the records, read once at boot (contracts/versions), and the catalog they
 * give at any moment (a status moves with the clock, so it is derived per use: one record is a
 * few date comparisons).
 */
export interface ApiVersions {
  catalog(now?: Date): ApiVersionCatalog;
  /** Requests forward to head, responses and payloads back to their version (migrator.ts). */
  migrator: VersionMigrator;
  /** Every version's contracts, newest first (none: only head, as read by the caller). */
  derived: readonly DerivedVersion[];
}

/** The catalog of the records; values cross versions only with the migrator loadApiVersions builds. */
export const apiVersionsOf = (
  records: readonly ChangeRecord[],
  migrator: VersionMigrator = identityMigrator,
  derived: readonly DerivedVersion[] = [],
): ApiVersions => ({
  catalog: (now = new Date()) => versionCatalog(records, now),
  migrator,
  derived,
});

export const SUPPORT_MONTHS = 12;
export const DEPRECATION_MONTHS = 6;

/** The catalog at `now` (the records newest first, as readRecords gives them). */
export function versionCatalog(records: readonly ChangeRecord[], now: Date): ApiVersionCatalog {
  const newestFirst = [...records].sort((a, b) => b.version.localeCompare(a.version));
  const entries = [
    ...newestFirst.map((r) => ({ version: r.version, record: r as ChangeRecord | undefined })),
    { version: FIRST_VERSION, record: undefined },
  ];
  return entries.map(({ version, record }, n) => {
    const successor = n > 0 ? newestFirst[n - 1] : undefined;
    const changes = (record?.changes ?? []).map(({ id, description, upgrade }) => ({
      id,
      description,
      upgrade,
    }));
    if (!successor)
      return { version, status: 'current', sunsetAt: null, deprecatedAt: null, changes };
    const sunsetAt = laterOf(addMonths(day(successor.version), SUPPORT_MONTHS), successor);
    const deprecatedAt = addMonths(sunsetAt, -DEPRECATION_MONTHS);
    const status: ApiVersionStatus =
      now >= sunsetAt ? 'sunset' : now >= deprecatedAt ? 'deprecated' : 'supported';
    return { version, status, sunsetAt, deprecatedAt, changes };
  });
}

/** The versions a request, a pin or a sandbox may name: every one before its sunset. */
export function answeredVersions(catalog: ApiVersionCatalog): string[] {
  return catalog.filter((v) => v.status !== 'sunset').map((v) => v.version);
}

/** The newest version: what a new plugin is pinned to. */
export const newestVersion = (catalog: ApiVersionCatalog): string => catalog[0]!.version;

/** A version the caller names (a header, a mutation's argument): answered, or invalid_api_version. */
export function requireApiVersion(version: string, catalog: ApiVersionCatalog): ApiVersionInfo {
  const info = catalog.find((v) => v.version === version);
  if (!info || info.status === 'sunset')
    throw new InvalidApiVersionError(version, answeredVersions(catalog));
  return info;
}

/**
 * The version one request or delivery is answered in: the one it asked for (X-Svc-Api-Version),
 * else the pin (the sandbox's, else the plugin's), else the newest. A pin past its sunset moves to
 * the oldest version still answered after it: a plugin is never refused for its own pin.
 */
export function resolveApiVersion(
  requested: string | undefined,
  pinned: string | null | undefined,
  catalog: ApiVersionCatalog,
): ApiVersionInfo {
  if (requested !== undefined) return requireApiVersion(requested, catalog);
  if (!pinned) return catalog[0]!;
  const answered = catalog.filter((v) => v.status !== 'sunset');
  return (
    answered.find((v) => v.version === pinned) ??
    answered.findLast((v) => v.version > pinned) ??
    catalog[0]!
  );
}

/** The response (or delivery) headers of a version: its name, and while deprecated its dates. */
export function apiVersionHeaders(info: ApiVersionInfo): Record<string, string> {
  const headers: Record<string, string> = { 'X-Svc-Api-Version': info.version };
  if (info.status === 'deprecated' && info.deprecatedAt && info.sunsetAt) {
    headers.Deprecation = `@${Math.floor(info.deprecatedAt.getTime() / 1000)}`;
    headers.Sunset = info.sunsetAt.toUTCString();
  }
  return headers;
}

/** The sunset the successor's record sets, when later than the policy's. */
function laterOf(policy: Date, successor: ChangeRecord): Date {
  const set = successor.previous_sunset ? day(successor.previous_sunset) : undefined;
  return set && set > policy ? set : policy;
}

const day = (date: string) => new Date(`${date}T00:00:00Z`);

function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}
