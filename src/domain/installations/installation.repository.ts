import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, InstallationsTable, PluginsTable, SandboxesTable } from '../../db/types.js';
import { NotFoundError } from '../shared/index.js';
import { planePreviousExpiresAt, planePreviousSecret, planeSecret } from './plane-secrets.js';
import { INSTALLATION_COLUMNS, namesOf, qualified } from '../../db/columns.js';
import { PreparedQuery, slot } from '../../db/prepared.js';

// The SQL on control.installations, one small function per statement, imported as a namespace
// (`installations.lockInstallation(trx, id)`). Every function takes the connection or the
// transaction it runs on, so a caller's transaction stays the caller's. Three statements reach
// this table from elsewhere as a join and stay there, because splitting them would add a round
// trip to a hot path: the webhook delivery's prepare SELECT, the fan-out's delivery INSERT (an
// existence check) and the restaurant site of a sandbox. The credentials admission and the fan-out
// candidates are single statements built around fragments kept here (`holdersOfKeys`,
// `webhookRecipients`).

type Executor = Kysely<Database>;

export type InstallationRow = Selectable<InstallationsTable>;
export type NewInstallation = Insertable<InstallationsTable>;

// ---------- reads

export async function findInstallation(
  db: Executor,
  installationId: number,
): Promise<InstallationRow | undefined> {
  return db
    .selectFrom('control.installations')
    .select(INSTALLATION_COLUMNS)
    .where('installation_id', '=', installationId)
    .executeTakeFirst();
}

/** The installation, or the not_found of an unknown id. */
export async function loadInstallation(
  db: Executor,
  installationId: number,
): Promise<InstallationRow> {
  const row = await findInstallation(db, installationId);
  if (!row) throw new NotFoundError('installation');
  return row;
}

/** The installation locked for the rest of the transaction (FOR UPDATE), or not_found. */
export async function lockInstallation(
  trx: Executor,
  installationId: number,
): Promise<InstallationRow> {
  const row = await trx
    .selectFrom('control.installations')
    .select(INSTALLATION_COLUMNS)
    .where('installation_id', '=', installationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError('installation');
  return row;
}

export type InstallationPlugin = Pick<
  Selectable<PluginsTable>,
  | 'plugin_id'
  | 'name'
  | 'supported_features'
  | 'supported_events'
  | 'trial_days'
  | 'webhook_endpoint'
  | 'webhook_secret_enc'
>;
export type InstallationSandbox = Pick<
  Selectable<SandboxesTable>,
  'sandbox_id' | 'name' | 'schema_name' | 'purpose' | 'last_accessed_at' | 'protected_until'
>;

export interface InstallationWithPlugin extends InstallationRow {
  plugin: InstallationPlugin;
  /** Null for a production installation. */
  sandbox: InstallationSandbox | null;
}

/** The installation with its plugin's listing and webhook settings and its sandbox, in one SELECT. */
export async function installationWithPlugin(
  db: Executor,
  installationId: number,
): Promise<InstallationWithPlugin | undefined> {
  const row = await db
    .selectFrom('control.installations as i')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'i.plugin_id')
    .leftJoin('control.sandboxes as s', 's.sandbox_id', 'i.sandbox_id')
    .select(qualified('i', INSTALLATION_COLUMNS))
    .select([
      'p.name as plugin_name',
      'p.supported_features',
      'p.supported_events',
      'p.trial_days',
      'p.webhook_endpoint',
      'p.webhook_secret_enc',
      's.name as sandbox_name',
      's.schema_name',
      's.purpose',
      's.last_accessed_at',
      's.protected_until',
    ])
    .where('i.installation_id', '=', installationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    plugin_name,
    supported_features,
    supported_events,
    trial_days,
    webhook_endpoint,
    webhook_secret_enc,
    sandbox_name,
    schema_name,
    purpose,
    last_accessed_at,
    protected_until,
    ...installation
  } = row;
  return {
    ...installation,
    plugin: {
      plugin_id: installation.plugin_id,
      name: plugin_name,
      supported_features,
      supported_events,
      trial_days,
      webhook_endpoint,
      webhook_secret_enc,
    },
    sandbox:
      installation.sandbox_id === null || schema_name === null
        ? null
        : {
            sandbox_id: installation.sandbox_id,
            name: sandbox_name!,
            schema_name,
            purpose: purpose!,
            last_accessed_at: last_accessed_at!,
            protected_until,
          },
  };
}

export type OwnedInstallation = Pick<
  InstallationRow,
  'installation_id' | 'plugin_id' | 'status' | 'plane'
>;

/**
 * The installation when it is of one of the developer's plugins (not deleted), and not of a
 * deleted sandbox (its installation went with it).
 */
export async function ownedInstallation(
  db: Executor,
  developerId: number,
  installationId: number,
): Promise<OwnedInstallation | undefined> {
  // Compiled once: every portal request about an installation asks this first.
  const [row] = await ownedInstallations.execute(
    db,
    'owned',
    () => ownedInstallationQuery(db, slot('developerId'), slot('installationId')),
    { developerId, installationId },
  );
  return row;
}

const ownedInstallations = new PreparedQuery<OwnedInstallation>(1);

function ownedInstallationQuery(db: Executor, developerId: number, installationId: number) {
  return (
    db
      .selectFrom('control.installations as i')
      .innerJoin('control.plugins as p', 'p.plugin_id', 'i.plugin_id')
      .innerJoin('control.projects as pr', 'pr.project_id', 'p.project_id')
      .leftJoin('control.sandboxes as s', 's.sandbox_id', 'i.sandbox_id')
      .select(['i.installation_id', 'i.plugin_id', 'i.status', 'i.plane'])
      .where('i.installation_id', '=', installationId)
      .where('pr.developer_id', '=', developerId)
      // Constants as literals, not parameters: with `<> $3` PostgreSQL judged the generic plan worse
      // and planned this statement again on every run (0.6 ms each, on every portal request).
      .where('p.listing_status', '<>', DELETED)
      .where((eb) => eb.or([eb('s.sandbox_id', 'is', null), eb('s.status', '<>', DELETED)]))
  );
}

const DELETED = sql.lit<'deleted'>('deleted');

export type OAuthClientRow = Pick<
  Selectable<PluginsTable>,
  | 'integration_type'
  | 'oauth_client_id'
  | 'oauth_client_secret_enc'
  | 'oauth_scopes'
  | 'oauth_authorize_url'
  | 'oauth_token_url'
>;

/** The OAuth client settings of the installation's plugin. */
export async function oauthClientOf(
  db: Executor,
  installationId: number,
): Promise<OAuthClientRow | undefined> {
  return db
    .selectFrom('control.installations as i')
    .innerJoin('control.plugins as p', 'p.plugin_id', 'i.plugin_id')
    .select([
      'p.integration_type',
      'p.oauth_client_id',
      'p.oauth_client_secret_enc',
      'p.oauth_scopes',
      'p.oauth_authorize_url',
      'p.oauth_token_url',
    ])
    .where('i.installation_id', '=', installationId)
    .executeTakeFirst();
}

/** Installations still in use whose provider tokens expire by `by`. */
export async function withTokensExpiringBy(
  db: Executor,
  by: Date,
): Promise<{ installation_id: number; oauth_tokens_enc: string | null }[]> {
  return db
    .selectFrom('control.installations')
    .select(['installation_id', 'oauth_tokens_enc'])
    .where('oauth_tokens_enc', 'is not', null)
    .where('oauth_expires_at', '<=', by)
    .where('status', 'in', ['active', 'pending_payment'])
    .execute();
}

/** Active trials ending by `by`, by id (one installation's only, when given). */
export async function trialsEndingBy(
  db: Executor,
  by: Date,
  installationId?: number,
): Promise<{ installation_id: number }[]> {
  let query = db
    .selectFrom('control.installations')
    .select('installation_id')
    .where('status', '=', 'active')
    .where('is_trial', '=', true)
    .where('trial_ends_at', '<=', by);
  if (installationId !== undefined) query = query.where('installation_id', '=', installationId);
  return query.orderBy('installation_id').execute();
}

/** The sandbox's first active installation (provisioning creates one), if any. */
export async function activeInstallationOfSandbox(
  db: Executor,
  sandboxId: number,
): Promise<
  Pick<InstallationRow, 'installation_id' | 'organization_id' | 'location_id'> | undefined
> {
  return db
    .selectFrom('control.installations')
    .select(['installation_id', 'organization_id', 'location_id'])
    .where('sandbox_id', '=', sandboxId)
    .where('status', '=', 'active')
    .orderBy('installation_id')
    .executeTakeFirst();
}

/**
 * A scalar subquery for a select over sandboxes: the id of the sandbox's first installation (the
 * one provisioning created), null when it has none. `sandboxId` names the outer column.
 */
export function firstInstallationIdOf(
  sandboxId: `${string}.sandbox_id`,
): RawBuilder<number | null> {
  return sql<
    number | null
  >`(select i.installation_id from control.installations i where i.sandbox_id = ${sql.ref(sandboxId)} order by i.installation_id limit 1)`;
}

// ---------- fragments of single statements built elsewhere

/** Columns of `holdersOfKeys`: the installation, its plugin's listing and its sandbox's state. */
export interface KeyHolderRow {
  installation_id: number;
  plugin_id: number;
  organization_id: number;
  location_id: number;
  plane: 'production' | 'sandbox';
  sandbox_id: number | null;
  status: InstallationsTable['status'];
  listing_status: string;
  supported_features: string[];
  webhook_secret_enc: string | null;
  /** The secret the last rotation replaced (kept after its overlap for the inbound diagnosis). */
  previous_webhook_secret_enc: string | null;
  previous_secret_expires_at: Date | null;
  /** previous_secret_expires_at > now(), by the database's clock: the previous secret is accepted. */
  previous_secret_active: boolean;
  sandbox_status: string | null;
  schema_name: string | null;
  /** A sandbox's data plane exists (its orders table is there); always true in production. */
  schema_ok: boolean;
  /** The pinned API version: the sandbox's own, else the plugin's. */
  api_version: string;
}

/** The columns of KeyHolderRow, for statements that read `holdersOfKeys` as a CTE. */
export const KEY_HOLDER_NAMES = namesOf<KeyHolderRow>()({
  installation_id: true,
  plugin_id: true,
  organization_id: true,
  location_id: true,
  plane: true,
  sandbox_id: true,
  status: true,
  listing_status: true,
  supported_features: true,
  webhook_secret_enc: true,
  previous_webhook_secret_enc: true,
  previous_secret_expires_at: true,
  previous_secret_active: true,
  sandbox_status: true,
  schema_name: true,
  schema_ok: true,
  api_version: true,
});

/**
 * The installations holding each of several API keys (by their hashes), one row per key that
 * names one, with `ord`, the key's 1-based position in `keyHashes`: the first CTE of the
 * credentials admission, which admits several requests in one statement.
 */
export function holdersOfKeys(keyHashes: string[]): RawBuilder<KeyHolderRow & { ord: number }> {
  return sql<KeyHolderRow & { ord: number }>`${KEY_HOLDER_COLUMNS}, k.ord::int as ord
        from unnest(${keyHashes}::text[]) with ordinality as k(key_hash, ord)
        -- One index probe per key (api_key_hash is unique; LIMIT 1 keeps the planner from
        -- flattening the probe into a join, which it hashes over every installation of the plugin
        -- when a plugin has few: 0.24 of the admission's 0.5 ms at 500 installations).
        cross join lateral (select x.installation_id, x.plugin_id, x.organization_id, x.location_id, x.plane, x.sandbox_id, x.status
                              from control.installations x where x.api_key_hash = k.key_hash limit 1) i
        join control.plugins p on p.plugin_id = i.plugin_id
        left join control.sandboxes s on s.sandbox_id = i.sandbox_id`;
}

const KEY_HOLDER_COLUMNS = sql`
      select i.installation_id, i.plugin_id, i.organization_id, i.location_id, i.plane, i.sandbox_id, i.status,
             p.listing_status, p.supported_features, ${planeSecret} as webhook_secret_enc, s.status as sandbox_status, s.schema_name,
             ${planePreviousSecret} as previous_webhook_secret_enc, ${planePreviousExpiresAt} as previous_secret_expires_at,
             coalesce(${planePreviousExpiresAt} > now(), false) as previous_secret_active,
             case when i.plane = 'sandbox'
                  then s.schema_name is not null and to_regclass(quote_ident(s.schema_name) || '.orders') is not null
                  else true end as schema_ok,
             coalesce(s.api_version, p.api_version) as api_version`;

/** Where an event happens, as the fan-out reads it (null: any). */
export interface RecipientScope {
  plane: 'production' | 'sandbox';
  sandboxId: number | null;
  organizationId: number | null;
  locationId: number | null;
  installationId: number | null;
}

export interface RecipientRow {
  installation_id: number;
  supported_events: string[] | null;
  /** The listing's webhook_endpoint (or a sandbox's listener) may receive it: the primary endpoint's subscriptions apply. */
  primary: boolean;
  /** The plugin has an enabled extra endpoint on the plane (control.webhook_endpoints): the fan-out matches each one. */
  endpoints: boolean;
}

/**
 * Active installations in the scope whose plugin has a webhook endpoint and a secret, with the
 * plugin's subscriptions (matched by the caller): read inside the event's own INSERT. A sandbox
 * installation without an endpoint qualifies while a listener (svc listen) streams its sandbox.
 * `primary`: the listing's webhook_endpoint (or the listener) may receive it. `endpoints`: the
 * plugin has an enabled extra endpoint on the plane (the fan-out matches each endpoint's events,
 * locations and filter). The plugin's row says whether it has any enabled extra endpoint
 * (has_webhook_endpoints, kept by a trigger on the endpoints), so plugins without a primary endpoint
 * are found by the same partial index, and the endpoints are looked up only for plugins that have
 * some.
 *
 * Every write's event runs this, so its text is specialised to the scope's shape (a condition per
 * value given, the listener branch only in a sandbox) rather than `$1 is null or ...` guards: each
 * shape gets a plan that uses the indexes, and plugins without an endpoint are ruled out before
 * their installations are visited (a location with many installations of such plugins costs
 * nothing).
 */
export function webhookRecipients(scope: RecipientScope): RawBuilder<RecipientRow> {
  const where = sql.join(
    [
      sql`i.status = 'active'`,
      sql`i.plane = ${scope.plane}`,
      scope.sandboxId === null ? sql`i.sandbox_id is null` : sql`i.sandbox_id = ${scope.sandboxId}`,
      ...(scope.organizationId === null ? [] : [sql`i.organization_id = ${scope.organizationId}`]),
      ...(scope.locationId === null ? [] : [sql`i.location_id = ${scope.locationId}`]),
      ...(scope.installationId === null ? [] : [sql`i.installation_id = ${scope.installationId}`]),
      sql`p.webhook_secret_enc is not null`,
    ],
    sql` and `,
  );
  // Looked up by the endpoints' plugin index, once per installation found whose plugin has any: a
  // scalar subquery, which PostgreSQL cannot turn into a hash of every endpoint of the platform, as
  // it may an EXISTS; CASE evaluates it only for those plugins.
  const extra = sql<boolean>`case when p.has_webhook_endpoints then coalesce((select true from control.webhook_endpoints we
                      where we.plugin_id = p.plugin_id and we.status = 'enabled' and ${scope.plane}::text = any(we.planes)
                      limit 1), false) else false end`;
  // The condition is the partial index's (plugins_webhook_recipients_idx), written the same way.
  const withEndpoint = sql<RecipientRow>`
    select i.installation_id, p.supported_events, p.webhook_endpoint is not null as primary, ${extra} as endpoints
      from control.plugins p
      join control.installations i on i.plugin_id = p.plugin_id
     where ${where} and (p.webhook_endpoint is not null or p.has_webhook_endpoints)`;
  if (scope.sandboxId === null) return withEndpoint;
  // A listener stands in for a missing primary endpoint; an installation of such a plugin with
  // extra endpoints comes from both branches, each row saying what it is read for.
  return sql<RecipientRow>`${withEndpoint}
    union all
    select i.installation_id, p.supported_events, true as primary, false as endpoints
      from control.installations i
      join control.plugins p on p.plugin_id = i.plugin_id
     where ${where} and p.webhook_endpoint is null
       and exists (select 1 from control.webhook_listeners wl where wl.sandbox_id = ${scope.sandboxId} and wl.expires_at > now())`;
}

// ---------- writes

export async function insertInstallation(
  trx: Executor,
  values: NewInstallation,
): Promise<InstallationRow> {
  return trx
    .insertInto('control.installations')
    .values(values)
    .returning(INSTALLATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Shallow merge into config: sent keys replace, unsent keys are kept. */
export async function mergeConfig(
  db: Executor,
  installationId: number,
  patch: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('control.installations')
    .set({ config: sql`config || ${JSON.stringify(patch)}::jsonb`, updated_at: sql`now()` })
    .where('installation_id', '=', installationId)
    .execute();
}

/** A new key (its hash): the old one stops working on the next request. */
export async function setApiKeyHash(
  db: Executor,
  installationId: number,
  apiKeyHash: string,
): Promise<void> {
  await db
    .updateTable('control.installations')
    .set({ api_key_hash: apiKeyHash, updated_at: sql`now()` })
    .where('installation_id', '=', installationId)
    .execute();
}

export async function setOAuthTokens(
  db: Executor,
  installationId: number,
  tokens: { sealed: string; expiresAt: string | null },
): Promise<void> {
  await db
    .updateTable('control.installations')
    .set({
      oauth_tokens_enc: tokens.sealed,
      oauth_expires_at: tokens.expiresAt,
      updated_at: sql`now()`,
    })
    .where('installation_id', '=', installationId)
    .execute();
}

/** Checkout completed: active, with a trial of `trialDays` from now when there is one. */
export async function activate(
  trx: Executor,
  installationId: number,
  trialDays: number,
): Promise<InstallationRow> {
  const trial = trialDays > 0;
  return trx
    .updateTable('control.installations')
    .set({
      status: 'active',
      is_trial: trial,
      trial_ends_at: trial ? sql<Date>`now() + make_interval(days => ${trialDays})` : null,
      updated_at: sql`now()`,
    })
    .where('installation_id', '=', installationId)
    .returning(INSTALLATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function markRemoved(trx: Executor, installationId: number): Promise<InstallationRow> {
  return trx
    .updateTable('control.installations')
    .set({ status: 'removed', removed_at: sql`now()`, updated_at: sql`now()` })
    .where('installation_id', '=', installationId)
    .returning(INSTALLATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The trial converts in place into the paid subscription. */
export async function endTrial(trx: Executor, installationId: number): Promise<InstallationRow> {
  return trx
    .updateTable('control.installations')
    .set({ is_trial: false, trial_ends_at: null, updated_at: sql`now()` })
    .where('installation_id', '=', installationId)
    .returning(INSTALLATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function markTrialEndingSent(
  trx: Executor,
  installationId: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('control.installations')
    .set({ trial_ending_sent_at: at })
    .where('installation_id', '=', installationId)
    .execute();
}

/** A reset sandbox's demo data has new ids: its installations move to the new organization and location. */
export async function relocateSandboxInstallations(
  trx: Executor,
  sandboxId: number,
  place: { organizationId: number; locationId: number },
): Promise<void> {
  await trx
    .updateTable('control.installations')
    .set({
      organization_id: place.organizationId,
      location_id: place.locationId,
      updated_at: sql`now()`,
    })
    .where('sandbox_id', '=', sandboxId)
    .execute();
}

/** A deleted sandbox's installations are switched off (status inactive). */
export async function deactivateSandboxInstallations(
  trx: Executor,
  sandboxId: number,
): Promise<void> {
  await trx
    .updateTable('control.installations')
    .set({ status: 'inactive', updated_at: sql`now()` })
    .where('sandbox_id', '=', sandboxId)
    .execute();
}
