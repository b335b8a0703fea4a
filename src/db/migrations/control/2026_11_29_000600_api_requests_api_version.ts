import { sql, type Kysely } from 'kysely';

// The dated API version each logged request was answered in (X-Svc-Api-Version): the developer
// sees it beside the request, and the upgrade report (Plugin.apiUpgradeReport) leaves out the
// requests already made in the version it reports on. Null for requests logged before.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table control.api_requests add column api_version text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table control.api_requests drop column api_version`.execute(db);
}
