import { sql, type Kysely } from 'kysely';

// Secret rotation with overlap (issue 16): the secret a rotation replaced, encrypted like the
// current one, and until when it is still accepted. Deliveries and inbound checks decide at use
// time (previous_secret_expires_at > now()): no job ends an overlap. An expired previous secret is
// kept (until the next rotation) only so that a refused inbound signature can be diagnosed as
// "made with the previous secret"; it never verifies anything.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plugins')
    .addColumn('previous_webhook_secret_enc', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('plugins')
    .addCheckConstraint(
      'plugins_previous_secret_pair',
      sql`(previous_webhook_secret_enc is null) = (previous_secret_expires_at is null)`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugins').dropConstraint('plugins_previous_secret_pair').execute();
  await db.schema
    .alterTable('plugins')
    .dropColumn('previous_webhook_secret_enc')
    .dropColumn('previous_secret_expires_at')
    .execute();
}
