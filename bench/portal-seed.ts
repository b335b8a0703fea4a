import { sql } from 'kysely';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { issueSessionToken } from '../src/portal/auth.js';
import { headVersion } from './head-version.js';
import { seedEventHistory, seedRequestLog } from './history.js';

/** Portal developers for the bench: a session token each, and the one installation of their plugin. */
export interface PortalData {
  tokens: string[];
  installationIds: number[];
}

/**
 * `developers` developers, each with a project, an active plugin and one production installation
 * with `perInstallation` deliveries in its webhook log and as many API request log entries. Each
 * developer's portal session has 60 requests a minute (src/portal/auth.ts): the bench spreads its
 * requests over all of them, so that at a few thousand requests a second none is refused.
 */
export async function seedPortal(
  db: Db,
  config: Config,
  at: { organizationId: number; locationId: number },
  options: { developers: number; perInstallation: number; days?: number },
): Promise<PortalData> {
  const { rows } = await sql<{ developer_id: number; installation_id: number }>`
    with d as (
      insert into control.developers (email, name, password_hash)
      select 'portal-bench-' || g || '-' || ${Date.now()}::bigint || '@example.com', 'Bench developer ' || g, 'x' from generate_series(1, ${options.developers}::int) g
      returning developer_id
    ), p as (
      insert into control.projects (developer_id, name) select developer_id, 'Bench project' from d returning project_id, developer_id
    ), pl as (
      insert into control.plugins (project_id, name, listing_status, webhook_secret_enc, api_version)
      select project_id, 'Bench plugin ' || developer_id, 'active', 'x', ${headVersion()} from p returning plugin_id, project_id
    )
    insert into control.installations (plugin_id, plane, organization_id, location_id, status, api_key_hash)
    select pl.plugin_id, 'production', ${at.organizationId}::int, ${at.locationId}::int, 'active', encode(sha256(('portal-bench-' || pl.plugin_id)::bytea), 'hex')
      from pl
    returning (select p.developer_id from p join pl on pl.project_id = p.project_id where pl.plugin_id = installations.plugin_id) as developer_id, installation_id`.execute(
    db,
  );
  const installationIds = rows.map((r) => r.installation_id);
  const history = {
    installationIds,
    perInstallation: options.perInstallation,
    days: options.days ?? 1,
  };
  await seedEventHistory(db, { ...history, ...at });
  await seedRequestLog(db, history);
  const tokens = await Promise.all(
    rows.map(async (r) => (await issueSessionToken(config, r.developer_id)).token),
  );
  return { tokens, installationIds };
}
