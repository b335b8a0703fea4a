import { sql, type Kysely } from 'kysely';

// Per-plane signing secrets (security review 3, finding 9): a plugin's sandbox installations are
// signed with a secret of their own, so that the secret shown to a developer key and to svc listen
// is never the one production receivers trust. Rotated with overlap like the production secret.
// Null until the plugin's first sandbox after this migration (or a sandbox rotation) creates it:
// until then its sandboxes keep being signed with the production secret, as before.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plugins')
    .addColumn('sandbox_webhook_secret_enc', 'text')
    .addColumn('previous_sandbox_webhook_secret_enc', 'text')
    .addColumn('previous_sandbox_secret_expires_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('plugins')
    .addCheckConstraint(
      'plugins_previous_sandbox_secret_pair',
      sql`(previous_sandbox_webhook_secret_enc is null) = (previous_sandbox_secret_expires_at is null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plugins')
    .dropConstraint('plugins_previous_sandbox_secret_pair')
    .execute();
  await db.schema
    .alterTable('plugins')
    .dropColumn('sandbox_webhook_secret_enc')
    .dropColumn('previous_sandbox_webhook_secret_enc')
    .dropColumn('previous_sandbox_secret_expires_at')
    .execute();
}
