import { sql } from 'kysely';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { findOwnedInstallation } from '../../installations/index.js';
import { NotFoundError, ValidationError } from '../../shared/index.js';
import type { JobQueue } from '../delivery/index.js';
import { sendTestWebhook } from '../tester.js';
import type { Actor } from './audit.js';

// A test event for one endpoint: the tester's webhook (tester.ts), aimed at the endpoint, so the
// pipeline signs it with the endpoint's own secret, renders it at its API version and sends it to
// its URL through the destination guard. Its rules are testWebhook's (a developer key may test
// a production installation), plus one of the endpoint's: the installation is on a plane the
// endpoint receives, so a sandbox-only endpoint (which a key may create) never gets production
// data. Without an installation named: the newest active sandbox one, else production.

export interface TestEventDeps {
  db: Db;
  queue: JobQueue;
  config: Config;
}

type Plane = 'sandbox' | 'production';

/** `endpointId` null: the primary endpoint, which every plugin has, so the installation names it. */
export async function sendWebhookEndpointTestEvent(
  deps: TestEventDeps,
  actor: Pick<Actor, 'developerId'>,
  endpointId: number | null,
  event: string,
  installationId: number | null,
): Promise<{ logId: number }> {
  if (endpointId === null) {
    if (installationId === null)
      throw new ValidationError({
        installationId: [
          'is required for the primary endpoint ("primary" is every plugin\'s): name the installation, as testWebhook does',
        ],
      });
    const owned = await findOwnedInstallation(deps.db, actor.developerId, installationId);
    return sendTestWebhook(deps.db, deps.queue, deps.config, {
      installationId: owned.installation_id,
      event,
    });
  }
  const endpoint = await ownedEndpoint(deps.db, actor.developerId, endpointId);
  const chosen =
    installationId === null
      ? await newestInstallation(deps.db, endpoint.plugin_id, endpoint.planes)
      : await namedInstallation(deps.db, actor.developerId, installationId, endpoint);
  return sendTestWebhook(deps.db, deps.queue, deps.config, {
    installationId: chosen,
    event,
    endpoint: {
      id: endpoint.webhook_endpoint_id,
      status: endpoint.status,
      events: endpoint.events,
    },
  });
}

async function ownedEndpoint(db: Db, developerId: number, id: number) {
  const row = await db
    .selectFrom('control.webhook_endpoints as e')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'e.plugin_id')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .select(['e.webhook_endpoint_id', 'e.plugin_id', 'e.status', 'e.events', 'e.planes'])
    .where('e.webhook_endpoint_id', '=', id)
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted')
    .executeTakeFirst();
  if (!row) throw new NotFoundError('webhook_endpoint');
  return row;
}

const shown = (planes: readonly Plane[]) => planes.map((p) => p.toUpperCase()).join(' and ');

async function namedInstallation(
  db: Db,
  developerId: number,
  installationId: number,
  endpoint: { plugin_id: number; planes: Plane[] },
): Promise<number> {
  const owned = await findOwnedInstallation(db, developerId, installationId);
  if (owned.plugin_id !== endpoint.plugin_id)
    throw new ValidationError({
      installationId: ["is not an installation of the endpoint's plugin"],
    });
  if (!endpoint.planes.includes(owned.plane))
    throw new ValidationError({
      installationId: [
        `is a ${owned.plane} installation; the endpoint receives ${shown(endpoint.planes)} traffic only`,
      ],
    });
  return owned.installation_id;
}

/** The plugin's newest active installation on the endpoint's planes, a sandbox's first. */
async function newestInstallation(db: Db, pluginId: number, planes: Plane[]): Promise<number> {
  const { rows } = await sql<{ installation_id: number }>`
    select i.installation_id from control.installations i
      left join control.sandboxes s on s.sandbox_id = i.sandbox_id
     where i.plugin_id = ${pluginId} and i.status = 'active' and i.plane = any(${planes}::text[])
       and (s.sandbox_id is null or s.status <> 'deleted')
     order by i.plane = 'sandbox' desc, i.installation_id desc
     limit 1`.execute(db);
  if (!rows[0])
    throw new ValidationError({
      installationId: [
        `the plugin has no active installation on the endpoint's planes (${shown(planes)}): provision a sandbox, or name one`,
      ],
    });
  return rows[0].installation_id;
}
