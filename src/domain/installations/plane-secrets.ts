import { sql } from 'kysely';

// Per-plane signing secrets (security review 3, finding 9). A plugin signs its sandbox
// installations' webhooks with its sandbox secret, so the secret provisionSandbox shows (to a
// developer key too) is never the one its production receivers trust. A plugin without a sandbox
// secret yet (its sandboxes predate it) keeps signing them with the production secret, as before.
// These fragments read the installation as `i` and its plugin as `p`.

const OWN_SANDBOX_SECRET = sql`(i.plane = 'sandbox' and p.sandbox_webhook_secret_enc is not null)`;

/** The encrypted secret that signs the installation's webhooks (and verifies its inbound ones). */
export const planeSecret = sql<
  string | null
>`case when ${OWN_SANDBOX_SECRET} then p.sandbox_webhook_secret_enc else p.webhook_secret_enc end`;

/** The secret the plane's last rotation replaced, expired or not (the inbound diagnosis names it). */
export const planePreviousSecret = sql<
  string | null
>`case when ${OWN_SANDBOX_SECRET} then p.previous_sandbox_webhook_secret_enc else p.previous_webhook_secret_enc end`;

/** Until when that previous secret still works. */
export const planePreviousExpiresAt = sql<Date | null>`case when ${OWN_SANDBOX_SECRET} then p.previous_sandbox_secret_expires_at else p.previous_secret_expires_at end`;

/** The previous secret only while its overlap runs, by the database's clock; null otherwise. */
export const planeActivePreviousSecret = sql<
  string | null
>`case when ${planePreviousExpiresAt} > now() then ${planePreviousSecret} end`;
