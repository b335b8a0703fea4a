import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { encrypt, generateWebhookSecret, randomBase62 } from '../lib/secrets.js';
import { provisionSandbox } from '../domain/sandboxes/index.js';
import { createDeveloperKey } from '../domain/developers/index.js';
import { apiVersionsOf, newestVersion, readRecords } from '../domain/api-versions/index.js';

/** The repository (src/seed/ or dist/seed/ up two): its contracts/versions give the newest version. */
const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DemoCredentials {
  base_url: string;
  portal: { email: string; password: string };
  operator: { email: string; password: string };
  sandbox: {
    installation_id: number;
    api_key: string;
    webhook_secret: string;
    sandbox_id?: number;
  };
  /** A developer key (plugins:read, plugins:write) for the svc CLI: SVC_API_KEY. */
  developer_key?: string;
}

const DEMO_EMAIL = 'demo-developer@example.com';
const OPERATOR_EMAIL = 'operator@example.com';

export const credentialsPath = (config: Config) =>
  path.join(config.dataDir, 'demo-credentials.json');

/**
 * Seeds the demo once: a developer, an operator, a project, an active plugin listing and a
 * sandbox with restaurant data. Keys are shown once, so the demo's are kept (mode 0600) in
 * SVC_DATA_DIR/demo-credentials.json for the banner of later starts.
 */
export async function seedDemo(db: Db, config: Config): Promise<DemoCredentials> {
  const file = credentialsPath(config);
  const existing = await db
    .selectFrom('control.developers')
    .select('developer_id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirst();
  if (existing && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
    return { ...saved, base_url: config.baseUrl };
  }
  if (existing)
    throw new Error(
      `The demo was seeded but ${file} is missing: delete ${config.dataDir} to start over.`,
    );

  const portalPassword = randomBase62(16);
  const operatorPassword = randomBase62(16);
  const webhookSecret = generateWebhookSecret();
  const developer = await db
    .insertInto('control.developers')
    .values({
      email: DEMO_EMAIL,
      name: 'Demo Developer',
      password_hash: await hashPassword(portalPassword, config.passwordHash),
      agreement_version: '2026-01',
      agreement_accepted_at: new Date(),
    })
    .returning('developer_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('control.developers')
    .values({
      email: OPERATOR_EMAIL,
      name: 'Platform Operator',
      password_hash: await hashPassword(operatorPassword, config.passwordHash),
      role: 'operator',
    })
    .execute();
  const project = await db
    .insertInto('control.projects')
    .values({ developer_id: developer.developer_id, name: 'Demo Delivery Integration' })
    .returning('project_id')
    .executeTakeFirstOrThrow();
  const plugin = await db
    .insertInto('control.plugins')
    .values({
      project_id: project.project_id,
      name: 'Demo Delivery Plugin',
      listing_status: 'active',
      // The printed secret is the sandbox's (per-plane secrets); production's is never shown here.
      webhook_secret_enc: encrypt(config.encryptionKey, generateWebhookSecret()),
      sandbox_webhook_secret_enc: encrypt(config.encryptionKey, webhookSecret),
      supported_features: ['orders:create', 'payments:capture'],
      // A new plugin, so the newest API version (as createPlugin pins one).
      api_version: newestVersion(apiVersionsOf(readRecords(ROOT_DIR)).catalog()),
    })
    .returning('plugin_id')
    .executeTakeFirstOrThrow();
  const sandbox = await provisionSandbox(db, {
    developerId: developer.developer_id,
    pluginId: plugin.plugin_id,
    name: 'Demo sandbox',
    purpose: 'development',
  });
  const { key: developerKey } = await createDeveloperKey(db, developer.developer_id, {
    name: 'svc CLI (demo)',
    scopes: ['plugins:read', 'plugins:write'],
  });
  const credentials: DemoCredentials = {
    base_url: config.baseUrl,
    developer_key: developerKey,
    portal: { email: DEMO_EMAIL, password: portalPassword },
    operator: { email: OPERATOR_EMAIL, password: operatorPassword },
    sandbox: {
      installation_id: sandbox.installationId,
      api_key: sandbox.installationKey,
      webhook_secret: webhookSecret,
      sandbox_id: sandbox.sandboxId,
    },
  };
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  return credentials;
}
