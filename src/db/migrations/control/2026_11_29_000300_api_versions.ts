import type { Kysely } from 'kysely';

// Dated API versions: each plugin is pinned to one (its Data API requests and its webhooks), a
// sandbox may override it. Every plugin that exists now is pinned to the first version, so no live
// plugin sees a change; createPlugin pins a new one to the newest (the default only serves rows
// written without it). api_version_previous and api_version_changed_at allow a live plugin's way
// back within 72 hours of an upgrade.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plugins')
    .addColumn('api_version', 'text', (c) => c.notNull().defaultTo('2026-11-21'))
    .addColumn('api_version_previous', 'text')
    .addColumn('api_version_changed_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('sandboxes').addColumn('api_version', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sandboxes').dropColumn('api_version').execute();
  await db.schema
    .alterTable('plugins')
    .dropColumn('api_version')
    .dropColumn('api_version_previous')
    .dropColumn('api_version_changed_at')
    .execute();
}
