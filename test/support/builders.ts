import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { DataPlaneSchema, InstallationStatus, ListingStatus } from '../../src/db/types.js';
import {
  encrypt,
  generateInstallationKey,
  generateWebhookSecret,
  hashKey,
} from '../../src/lib/secrets.js';
import { provisionSandbox } from '../../src/domain/sandboxes/provision.js';
import { TEST_ENV } from './context.js';

const unique = () => randomBytes(4).toString('hex');
export const production = (db: Db) =>
  (db as unknown as Kysely<DataPlaneSchema>).withSchema('production');

export async function createDeveloper(db: Db, role: 'developer' | 'operator' = 'developer') {
  return db
    .insertInto('control.developers')
    .values({
      email: `dev-${unique()}@example.com`,
      name: 'Test Developer',
      password_hash: 'x',
      role,
    })
    .returning('developer_id')
    .executeTakeFirstOrThrow();
}

export interface PluginOptions {
  features?: string[];
  listingStatus?: ListingStatus;
  supportedEvents?: string[] | null;
  webhookEndpoint?: string | null;
}

export async function createPlugin(db: Db, options: PluginOptions = {}) {
  const developer = await createDeveloper(db);
  const project = await db
    .insertInto('control.projects')
    .values({ developer_id: developer.developer_id, name: `Project ${unique()}` })
    .returning('project_id')
    .executeTakeFirstOrThrow();
  const webhookSecret = generateWebhookSecret();
  const plugin = await db
    .insertInto('control.plugins')
    .values({
      project_id: project.project_id,
      name: `Plugin ${unique()}`,
      listing_status: options.listingStatus ?? 'active',
      supported_features: options.features ?? ['orders:create', 'payments:capture'],
      supported_events: options.supportedEvents ?? null,
      webhook_endpoint: options.webhookEndpoint ?? null,
      webhook_secret_enc: encrypt(
        Buffer.from(TEST_ENV.SVC_ENCRYPTION_KEY!, 'base64'),
        webhookSecret,
      ),
    })
    .returning('plugin_id')
    .executeTakeFirstOrThrow();
  return { developerId: developer.developer_id, pluginId: plugin.plugin_id, webhookSecret };
}

/** An organization in the production plane with two locations (EUR and USD). */
export async function createOrganization(db: Db, name = `Restaurant ${unique()}`) {
  const data = production(db);
  const org = await data
    .insertInto('organizations')
    .values({ name })
    .returning('organization_id')
    .executeTakeFirstOrThrow();
  const [main, other] = await data
    .insertInto('locations')
    .values([
      {
        organization_id: org.organization_id,
        name: `${name} Downtown`,
        currency: 'EUR',
        timezone: 'Europe/Lisbon',
      },
      {
        organization_id: org.organization_id,
        name: `${name} Airport`,
        currency: 'USD',
        timezone: 'America/New_York',
      },
    ])
    .returning('location_id')
    .execute();
  return {
    organizationId: org.organization_id,
    locationId: main!.location_id,
    otherLocationId: other!.location_id,
  };
}

export interface InstallationFixture {
  apiKey: string;
  installationId: number;
  pluginId: number;
  developerId: number;
  organizationId: number;
  locationId: number;
  otherLocationId: number;
  webhookSecret: string;
}

/** A production installation of a fresh plugin at a fresh organization's first location. */
export async function createInstallation(
  db: Db,
  options: PluginOptions & { status?: InstallationStatus } = {},
): Promise<InstallationFixture> {
  const plugin = await createPlugin(db, options);
  const org = await createOrganization(db);
  const apiKey = generateInstallationKey();
  const installation = await db
    .insertInto('control.installations')
    .values({
      plugin_id: plugin.pluginId,
      plane: 'production',
      organization_id: org.organizationId,
      location_id: org.locationId,
      status: options.status ?? 'active',
      api_key_hash: hashKey(apiKey),
    })
    .returning('installation_id')
    .executeTakeFirstOrThrow();
  return { apiKey, installationId: installation.installation_id, ...plugin, ...org };
}

/** An existing plugin installed at a new restaurant (production, active), as the marketplace makes it. */
export async function installInProduction(db: Db, pluginId: number | string) {
  const org = await createOrganization(db);
  const { installation_id } = await db
    .insertInto('control.installations')
    .values({
      plugin_id: Number(pluginId),
      plane: 'production',
      organization_id: org.organizationId,
      location_id: org.locationId,
      status: 'active',
      api_key_hash: hashKey(generateInstallationKey()),
    })
    .returning('installation_id')
    .executeTakeFirstOrThrow();
  return { ...org, installationId: installation_id };
}

/** A sandbox (its own schema with demo data) and its active installation. */
export async function createSandboxInstallation(db: Db, options: PluginOptions = {}) {
  const plugin = await createPlugin(db, { listingStatus: 'draft', ...options });
  const sandbox = await provisionSandbox(db, {
    developerId: plugin.developerId,
    pluginId: plugin.pluginId,
    name: 'Test sandbox',
    purpose: 'testing',
  });
  return { ...plugin, ...sandbox, apiKey: sandbox.installationKey };
}
