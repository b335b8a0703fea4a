import { sql, type Kysely } from 'kysely';

// Control plane: developers, plugins, sandboxes, installations, rate limits, outbox, webhook logs.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('developers')
    .addColumn('developer_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('developer')
        .check(sql`role in ('developer','operator')`),
    )
    .addColumn('agreement_version', 'text')
    .addColumn('agreement_accepted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('developer_keys')
    .addColumn('developer_key_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('developer_id', 'integer', (c) =>
      c.notNull().references('developers.developer_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('ip_allowlist', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('project_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('developer_id', 'integer', (c) =>
      c.notNull().references('developers.developer_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('plugins')
    .addColumn('plugin_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('projects.project_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('listing_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(
          sql`listing_status in ('draft','under_review','approved','active','suspended','deprecated','rejected','deleted')`,
        ),
    )
    .addColumn('webhook_endpoint', 'text')
    .addColumn('webhook_secret_enc', 'text')
    .addColumn('supported_events', sql`text[]`)
    .addColumn('supported_features', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('integration_type', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('oauth_client_id', 'text')
    .addColumn('oauth_client_secret_enc', 'text')
    .addColumn('oauth_scopes', sql`text[]`)
    .addColumn('oauth_authorize_url', 'text')
    .addColumn('oauth_token_url', 'text')
    .addColumn('pricing_model', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('price', sql`numeric(12,2)`)
    .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setup_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sandboxes')
    .addColumn('sandbox_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('plugin_id', 'integer', (c) =>
      c.notNull().references('plugins.plugin_id').onDelete('cascade'),
    )
    .addColumn('developer_id', 'integer', (c) =>
      c.notNull().references('developers.developer_id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('development'))
    .addColumn('schema_name', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('provisioning','active','resetting','expired','deleted')`),
    )
    .addColumn('last_accessed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('protected_until', 'timestamptz')
    .addColumn('expiry_warning_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('installations')
    .addColumn('installation_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('plugin_id', 'integer', (c) =>
      c.notNull().references('plugins.plugin_id').onDelete('cascade'),
    )
    .addColumn('plane', 'text', (c) => c.notNull().check(sql`plane in ('production','sandbox')`))
    .addColumn('sandbox_id', 'integer', (c) =>
      c.references('sandboxes.sandbox_id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'integer', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending_payment','active','inactive','removed')`),
    )
    // SHA-256 of the installation key: the key itself is shown once and never stored.
    .addColumn('api_key_hash', 'text', (c) => c.unique())
    .addColumn('config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .addCheckConstraint(
      'installations_sandbox_plane',
      sql`(plane = 'sandbox') = (sandbox_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('installations_plugin_idx')
    .on('installations')
    .column('plugin_id')
    .execute();
  await db.schema
    .createIndex('installations_sandbox_idx')
    .on('installations')
    .column('sandbox_id')
    .execute();

  // One row per bucket: a fixed one-minute window that opens at the bucket's first request.
  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('health_checks')
    .addColumn('health_check_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('installation_id', 'integer', (c) =>
      c.notNull().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The outbox: written in the same transaction as the change that caused the event.
  await db.schema
    .createTable('events')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('plane', 'text', (c) => c.notNull())
    .addColumn('sandbox_id', 'integer')
    .addColumn('organization_id', 'integer')
    .addColumn('location_id', 'integer')
    .addColumn('installation_id', 'integer')
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('events_occurred_idx')
    .on('events')
    .columns(['occurred_at'])
    .execute();

  await db.schema
    .createTable('webhook_logs')
    .addColumn('log_id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('installation_id', 'integer', (c) =>
      c.notNull().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('direction', 'text', (c) =>
      c.notNull().check(sql`direction in ('inbound','outbound')`),
    )
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_id', 'uuid')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('signature_valid', 'boolean')
    .addColumn('idempotency_key', 'text')
    .addColumn('payload', 'jsonb')
    .addColumn('http_status', 'integer')
    .addColumn('error_message', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_logs_installation_idx')
    .on('webhook_logs')
    .columns(['installation_id', 'log_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'webhook_logs',
    'events',
    'health_checks',
    'rate_limits',
    'installations',
    'sandboxes',
    'plugins',
    'projects',
    'developer_keys',
    'developers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
