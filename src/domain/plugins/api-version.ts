import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ListingStatus } from '../../db/types.js';
import { requireApiVersion, type ApiVersionCatalog } from '../api-versions/index.js';
import { ValidationError } from '../shared/index.js';
import { PLUGIN_COLUMNS } from '../../db/columns.js';
import { findOwnedPlugin, toPluginView, type PluginView } from './plugins.js';

// A plugin's pinned API version: its Data API requests and its webhooks move together. Installed
// code may depend on the version, so a live plugin only moves forward, with one way back: to the
// version it left, within UNDO_HOURS of that upgrade.

export const UNDO_HOURS = 72;

/** Listings that may have production installations running the plugin's code. */
const LIVE: readonly ListingStatus[] = ['active', 'suspended', 'deprecated'];

export async function setPluginApiVersion(
  db: Db,
  config: Config,
  catalog: ApiVersionCatalog,
  developerId: number,
  pluginId: number,
  version: string,
  now = new Date(),
): Promise<PluginView> {
  requireApiVersion(version, catalog);
  const row = await db.transaction().execute(async (trx) => {
    const plugin = await findOwnedPlugin(trx, developerId, pluginId, true);
    if (plugin.api_version === version) return plugin;
    if (LIVE.includes(plugin.listing_status)) checkLiveMove(plugin, version, now);
    return trx
      .updateTable('control.plugins')
      .set({
        api_version: version,
        api_version_previous: plugin.api_version,
        api_version_changed_at: now,
        updated_at: now,
      })
      .where('plugin_id', '=', plugin.plugin_id)
      .returning(PLUGIN_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return toPluginView(row, config);
}

/**
 * Until when a live plugin may move back to the version it left: UNDO_HOURS after an upgrade;
 * null when the last move was not an upgrade or that time has passed.
 */
export function apiVersionRollbackUntil(
  plugin: Pick<PluginView, 'apiVersion' | 'previousApiVersion' | 'apiVersionChangedAt'>,
  now = new Date(),
): Date | null {
  const { apiVersion, previousApiVersion, apiVersionChangedAt } = plugin;
  if (!previousApiVersion || previousApiVersion >= apiVersion || !apiVersionChangedAt) return null;
  const until = new Date(apiVersionChangedAt.getTime() + UNDO_HOURS * 3_600_000);
  return now <= until ? until : null;
}

interface Pin {
  api_version: string;
  api_version_previous: string | null;
  api_version_changed_at: Date | null;
}

/** Forward always; back only to the version the last upgrade left, within UNDO_HOURS of it. */
function checkLiveMove(plugin: Pin, version: string, now: Date): void {
  if (version > plugin.api_version) return;
  const undo =
    plugin.api_version_previous === version &&
    version < plugin.api_version &&
    plugin.api_version_changed_at !== null &&
    now.getTime() - plugin.api_version_changed_at.getTime() <= UNDO_HOURS * 3_600_000;
  if (undo) return;
  throw new ValidationError(
    {
      version: [
        `a live plugin only moves forward from ${plugin.api_version}, or back to the version it left within ${UNDO_HOURS} hours of an upgrade`,
      ],
    },
    `This plugin is live: it cannot move back from API version ${plugin.api_version} to ${version}.`,
  );
}
