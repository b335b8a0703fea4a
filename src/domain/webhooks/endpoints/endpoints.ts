import { sql, type Selectable } from 'kysely';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { qualified, WEBHOOK_ENDPOINT_COLUMNS } from '../../../db/columns.js';
import type { WebhookEndpointsTable } from '../../../db/types.js';
import { encrypt, generateWebhookSecret, standardWebhookSecret } from '../../../lib/secrets.js';
import type { ApiVersions } from '../../api-versions/index.js';
import { AccessError, NotFoundError, ValidationError } from '../../shared/index.js';
import { toEndpointColumns, type WebhookEndpointInput } from './endpoint-input.js';
import { audit, type Actor } from './audit.js';
import { toEndpointView, type WebhookEndpointView } from './endpoint-view.js';

// A plugin's webhook endpoints besides its listing's webhook_endpoint: create, change, delete,
// disable, enable, rotate the secret. Each write is one transaction that locks what it changes
// (the plugin's row for a creation, so that two cannot pass the cap together) and writes its
// audit entry. Secrets are stored encrypted and leave only in the result that made them.
// Production traffic is guarded as the production secret is: a developer key may create, rotate
// or repoint only an endpoint that receives sandbox traffic alone. Whether the plugin has an
// enabled endpoint (control.plugins.has_webhook_endpoints, which an event's recipients read) is
// kept by a trigger in the same transaction (migration 2026_11_29_001000).

export const MAX_ENDPOINTS = 50;
/** A rotation's overlap, as for the plugin's secrets: 0 to a week. */
export const MAX_OVERLAP_HOURS = 168;

export interface EndpointDeps {
  db: Db;
  config: Config;
  versions: Pick<ApiVersions, 'catalog' | 'derived'>;
}

type Row = Selectable<WebhookEndpointsTable>;

export interface SecretShown {
  endpoint: WebhookEndpointView;
  secret: string;
  secretStandard: string;
}

const receivesProduction = (planes: readonly string[]) => planes.includes('production');

function requireSession(actor: Actor, what: string): void {
  if (actor.keyId !== null)
    throw new AccessError(
      'portal_session_required',
      `${what} needs a portal session (log in); a developer key cannot do it.`,
    );
}

/** The developer's plugin (not deleted), its row locked; not_found otherwise. */
async function lockOwnedPlugin(db: Db, developerId: number, pluginId: number) {
  const plugin = await db
    .selectFrom('control.plugins as p')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .select(['p.plugin_id', 'p.api_version'])
    .where('p.plugin_id', '=', pluginId)
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted')
    .forUpdate('p')
    .executeTakeFirst();
  if (!plugin) throw new NotFoundError('plugin');
  return plugin;
}

/** One of the developer's endpoints with its plugin's pin, locked; not_found otherwise. */
async function lockOwnedEndpoint(db: Db, developerId: number, id: number) {
  const row = await db
    .selectFrom('control.webhook_endpoints as e')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'e.plugin_id')
    .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
    .select(qualified('e', WEBHOOK_ENDPOINT_COLUMNS))
    .select('p.api_version as plugin_api_version')
    .where('e.webhook_endpoint_id', '=', id)
    .where('pr.developer_id', '=', developerId)
    .where('p.listing_status', '<>', 'deleted')
    .forUpdate('e')
    .executeTakeFirst();
  if (!row) throw new NotFoundError('webhook_endpoint');
  return row;
}

const inputContext = (deps: EndpointDeps, pluginApiVersion: string) => ({
  pluginApiVersion,
  catalog: deps.versions.catalog(),
  derived: deps.versions.derived,
  allowPrivate: deps.config.webhook.allowPrivate,
});

export async function createWebhookEndpoint(
  deps: EndpointDeps,
  actor: Actor,
  pluginId: number,
  input: WebhookEndpointInput,
): Promise<SecretShown> {
  const secret = generateWebhookSecret();
  const row = await deps.db.transaction().execute(async (trx) => {
    const plugin = await lockOwnedPlugin(trx, actor.developerId, pluginId);
    const columns = toEndpointColumns(input, undefined, inputContext(deps, plugin.api_version));
    if (receivesProduction(columns.planes ?? ['production']))
      requireSession(actor, 'Creating a webhook endpoint that receives production traffic');
    const { count } = await trx
      .selectFrom('control.webhook_endpoints')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('plugin_id', '=', pluginId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ENDPOINTS)
      throw new ValidationError({
        pluginId: [
          `a plugin has at most ${MAX_ENDPOINTS} webhook endpoints besides the primary one: delete one first`,
        ],
      });
    const created = await trx
      .insertInto('control.webhook_endpoints')
      .values({
        ...columns,
        url: columns.url!,
        plugin_id: pluginId,
        secret_enc: encrypt(deps.config.encryptionKey, secret),
      })
      .returning(WEBHOOK_ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, created, actor, 'created', Object.keys(columns));
    return created;
  });
  return { endpoint: toEndpointView(row), secret, secretStandard: standardWebhookSecret(secret) };
}

export async function updateWebhookEndpoint(
  deps: EndpointDeps,
  actor: Actor,
  id: number,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointView> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await lockOwnedEndpoint(trx, actor.developerId, id);
    const columns = toEndpointColumns(
      input,
      current,
      inputContext(deps, current.plugin_api_version),
    );
    const planes = columns.planes ?? current.planes;
    const repointed = columns.url !== undefined && columns.url !== current.url;
    const widened = !receivesProduction(current.planes) && receivesProduction(planes);
    if (receivesProduction(planes) && (repointed || widened))
      requireSession(actor, 'Pointing production traffic at a webhook endpoint URL');
    const updated = await trx
      .updateTable('control.webhook_endpoints')
      .set({ ...columns, updated_at: sql`now()` })
      .where('webhook_endpoint_id', '=', id)
      .returning(WEBHOOK_ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, updated, actor, 'updated', Object.keys(columns));
    return updated;
  });
  return toEndpointView(row);
}

export async function deleteWebhookEndpoint(
  deps: EndpointDeps,
  actor: Actor,
  id: number,
): Promise<WebhookEndpointView> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await lockOwnedEndpoint(trx, actor.developerId, id);
    await trx
      .deleteFrom('control.webhook_endpoints')
      .where('webhook_endpoint_id', '=', id)
      .execute();
    await audit(trx, current, actor, 'deleted');
    return current;
  });
  return toEndpointView(row);
}

/** ENABLED or DISABLED; setting the status it has changes nothing and audits nothing. */
export async function setWebhookEndpointStatus(
  deps: EndpointDeps,
  actor: Actor,
  id: number,
  status: 'enabled' | 'disabled',
): Promise<WebhookEndpointView> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await lockOwnedEndpoint(trx, actor.developerId, id);
    if (current.status === status) return current;
    const updated = await trx
      .updateTable('control.webhook_endpoints')
      .set({ status, updated_at: sql`now()` })
      .where('webhook_endpoint_id', '=', id)
      .returning(WEBHOOK_ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, updated, actor, status);
    return updated;
  });
  return toEndpointView(row);
}

/**
 * A new secret, shown once, signing at once; the one it replaces stays the previous secret until
 * now() + overlapHours (0: kept already expired), as the plugin's rotation does.
 */
export async function rotateWebhookEndpointSecret(
  deps: EndpointDeps,
  actor: Actor,
  id: number,
  overlapHours: number | null = 24,
): Promise<SecretShown & { previousSecretExpiresAt: Date | null }> {
  if (
    overlapHours === null ||
    !Number.isInteger(overlapHours) ||
    overlapHours < 0 ||
    overlapHours > MAX_OVERLAP_HOURS
  )
    throw new ValidationError({
      overlapHours: [
        `must be an integer from 0 to ${MAX_OVERLAP_HOURS} (got ${overlapHours}); omit it for 24`,
      ],
    });
  const secret = generateWebhookSecret();
  const row: Row = await deps.db.transaction().execute(async (trx) => {
    const current = await lockOwnedEndpoint(trx, actor.developerId, id);
    if (receivesProduction(current.planes))
      requireSession(
        actor,
        'Rotating the secret of a webhook endpoint that receives production traffic',
      );
    const updated = await trx
      .updateTable('control.webhook_endpoints')
      .set({
        secret_enc: encrypt(deps.config.encryptionKey, secret),
        previous_secret_enc: current.secret_enc,
        previous_secret_expires_at: sql`now() + make_interval(hours => ${overlapHours})`,
        updated_at: sql`now()`,
      })
      .where('webhook_endpoint_id', '=', id)
      .returning(WEBHOOK_ENDPOINT_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, updated, actor, 'secret_rotated');
    return updated;
  });
  return {
    endpoint: toEndpointView(row),
    secret,
    secretStandard: standardWebhookSecret(secret),
    previousSecretExpiresAt: overlapHours > 0 ? row.previous_secret_expires_at : null,
  };
}
