import type { Db } from '../../db/database.js';
import {
  newestVersion,
  requireApiVersion,
  type ApiVersionCatalog,
  type ChangeFootprint,
  type OperationFootprint,
} from '../api-versions/index.js';
import { eventUsage, operationUsage, type OperationProbe, type Usage } from './usage.js';

// A plugin's upgrade report (portal Plugin.apiUpgradeReport): the changes between its pinned
// version and a newer one that meet what its installations used lately, from the request log and
// the deliveries, so that a developer reads what to change in their code before moving the pin.

/** How far back the report looks: within the request log's retention (30 days by default). */
export const USAGE_WINDOW_DAYS = 14;

export interface UpgradeUse {
  kind: 'OPERATION' | 'EVENT';
  name: string;
  count: number;
  lastUsedAt: Date;
  fields: string[];
}

export interface UpgradeChange {
  version: string;
  id: string;
  description: string;
  upgrade: string;
  uses: UpgradeUse[];
}

export interface UpgradeReport {
  from: string;
  to: string;
  since: Date;
  changes: UpgradeChange[];
  unusedChanges: UpgradeChange[];
}

/**
 * The report for `plugin` (already the caller's) up to `to` (default the newest version; unknown
 * or sunset: invalid_api_version). A `to` not newer than the pin has no changes.
 */
export async function pluginUpgradeReport(
  db: Db,
  catalog: ApiVersionCatalog,
  footprints: readonly ChangeFootprint[],
  plugin: { id: number; apiVersion: string },
  to?: string | null,
  now = new Date(),
): Promise<UpgradeReport> {
  const target = to ?? newestVersion(catalog);
  requireApiVersion(target, catalog);
  const from = plugin.apiVersion;
  const since = new Date(now.getTime() - USAGE_WINDOW_DAYS * 86_400_000);
  const range = footprints.filter((f) => f.version > from && f.version <= target);
  const probes = range.flatMap((f) => f.operations.map((o) => probeOf(o, f.version)));
  const [operations, events] = await Promise.all([
    operationUsage(db, plugin.id, since, probes),
    eventUsage(db, plugin.id, since, [
      ...new Set(range.flatMap((f) => f.events.map((e) => e.event))),
    ]),
  ]);
  let key = 0;
  const changes = range.map((f) => {
    const operationUses = f.operations.flatMap((o) =>
      used('OPERATION', o.operationId, o.fields, operations.get(key++)),
    );
    const eventUses = f.events.flatMap((e) =>
      used('EVENT', e.event, e.fields, events.get(e.event)),
    );
    const uses = [...operationUses, ...eventUses].sort(
      (a, b) => b.count - a.count || a.name.localeCompare(b.name),
    );
    const { version, id, description, upgrade } = f;
    return { version, id, description, upgrade, uses };
  });
  return {
    from,
    to: target,
    since,
    changes: changes.filter((c) => c.uses.length),
    unusedChanges: changes.filter((c) => !c.uses.length),
  };
}

const used = (
  kind: UpgradeUse['kind'],
  name: string,
  fields: string[],
  usage: Usage | undefined,
): UpgradeUse[] => (usage ? [{ kind, name, fields, ...usage }] : []);

function probeOf(o: OperationFootprint, version: string): OperationProbe {
  const { operationId, queryParameters, anyCall, ok, failed } = o;
  return {
    operationId,
    version,
    bodyPaths: o.bodyPaths.map(jsonPath),
    queryParameters,
    anyCall,
    ok,
    failed,
  };
}

/** `["items", "[]", "price"]` as `$."items"[*]."price"` (lax mode: a lone object is a one-item array). */
export function jsonPath(segments: readonly string[]): string {
  return segments.reduce(
    (path, s) => path + (s === '[]' ? '[*]' : s === '*' ? '.*' : `.${JSON.stringify(s)}`),
    '$',
  );
}
