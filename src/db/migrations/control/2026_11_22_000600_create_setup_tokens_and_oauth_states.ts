import { sql, type Kysely } from 'kysely';

// Installation lifecycle: one-time setup tokens, OAuth handshake state, encrypted provider
// tokens and the trial-ending notice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('installation_id', 'integer', (c) =>
      c.notNull().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('installation_id', 'integer', (c) =>
      c.notNull().references('installations.installation_id').onDelete('cascade'),
    )
    .addColumn('code_verifier_enc', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('installations')
    // AES-256-GCM of {access_token, refresh_token, token_type, expires_at, scope}.
    .addColumn('oauth_tokens_enc', 'text')
    .addColumn('oauth_expires_at', 'timestamptz')
    .addColumn('trial_ending_sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('installations_oauth_expiry_idx')
    .on('installations')
    .column('oauth_expires_at')
    .where(sql.ref('oauth_tokens_enc'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('installations')
    .dropColumn('oauth_tokens_enc')
    .dropColumn('oauth_expires_at')
    .dropColumn('trial_ending_sent_at')
    .execute();
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('setup_tokens').execute();
}
