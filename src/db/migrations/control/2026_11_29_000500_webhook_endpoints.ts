import { sql, type Kysely } from 'kysely';

// A plugin's webhook endpoints beyond its listing's webhook_endpoint (the primary one, which stays
// on control.plugins): each its own URL, events, location and content filter, ordering, rate,
// API version, planes and signing secret (encrypted, with a rotation's previous one). At most 50
// a plugin, checked under the plugin's row lock. webhook_endpoint_audit keeps who changed what
// (field names, never values), and outlives the endpoint it names.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table control.webhook_endpoints (
              webhook_endpoint_id serial primary key,
              plugin_id integer not null references control.plugins (plugin_id) on delete cascade,
              url text not null,
              description text,
              events text[],
              location_ids integer[] not null default '{}',
              filter jsonb,
              ordering text not null default 'none' check (ordering in ('none', 'order')),
              rate_limit_per_second integer check (rate_limit_per_second > 0),
              api_version text,
              planes text[] not null default '{sandbox,production}'
                check (cardinality(planes) > 0 and planes <@ array['sandbox', 'production']),
              status text not null default 'enabled' check (status in ('enabled', 'disabled')),
              secret_enc text not null,
              previous_secret_enc text,
              previous_secret_expires_at timestamptz,
              created_at timestamptz not null default now(),
              updated_at timestamptz not null default now())`.execute(db);
  await sql`create index webhook_endpoints_plugin_idx
              on control.webhook_endpoints (plugin_id, webhook_endpoint_id)`.execute(db);
  await sql`create table control.webhook_endpoint_audit (
              audit_id bigserial primary key,
              webhook_endpoint_id integer not null,
              plugin_id integer not null references control.plugins (plugin_id) on delete cascade,
              developer_id integer not null,
              developer_key_id integer,
              action text not null check (action in
                ('created', 'updated', 'deleted', 'disabled', 'enabled', 'secret_rotated')),
              fields text[] not null default '{}',
              at timestamptz not null default now())`.execute(db);
  await sql`create index webhook_endpoint_audit_endpoint_idx
              on control.webhook_endpoint_audit (webhook_endpoint_id, audit_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists control.webhook_endpoint_audit`.execute(db);
  await sql`drop table if exists control.webhook_endpoints`.execute(db);
}
