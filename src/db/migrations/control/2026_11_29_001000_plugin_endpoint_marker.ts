import { sql, type Kysely } from 'kysely';

// Whether a plugin has an enabled extra webhook endpoint (control.webhook_endpoints), on its own
// row: an event's recipients (webhookRecipients, read in every event's INSERT) include the
// installations of plugins without a primary endpoint that have one, found by the plugins'
// partial index instead of by reading the endpoints of every plugin. The recipients' index
// widens to such plugins (the one it replaces, 2026_11_28_000200, covered plugins with a primary
// endpoint only).
//
// A row trigger keeps the marker in the transaction that creates, deletes, disables or enables an
// endpoint, whoever writes it (the portal, svc, a test's rows). It locks the plugin's row before it
// counts: the count, a later statement, sees every endpoint change committed by a write that held
// the lock before, so two writes at once never leave the marker stale. The column is added without
// a rewrite (a constant default); existing endpoints set it here, once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table control.plugins
              add column has_webhook_endpoints boolean not null default false`.execute(db);
  await sql`
    create function control.plugins_mark_webhook_endpoints() returns trigger language plpgsql as $$
    declare
      plugin int := case when tg_op = 'DELETE' then old.plugin_id else new.plugin_id end;
    begin
      perform 1 from control.plugins where plugin_id = plugin for no key update;
      update control.plugins p set has_webhook_endpoints = m.enabled
        from (select exists (select 1 from control.webhook_endpoints we
                              where we.plugin_id = plugin and we.status = 'enabled') as enabled) m
       where p.plugin_id = plugin and p.has_webhook_endpoints <> m.enabled;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger webhook_endpoints_mark_plugin
      after insert or delete or update of status on control.webhook_endpoints
      for each row execute function control.plugins_mark_webhook_endpoints()`.execute(db);
  await sql`update control.plugins p set has_webhook_endpoints = true
             where exists (select 1 from control.webhook_endpoints we
                            where we.plugin_id = p.plugin_id and we.status = 'enabled')`.execute(
    db,
  );
  await sql`create index plugins_webhook_recipients_idx on control.plugins (plugin_id)
            where (webhook_endpoint is not null or has_webhook_endpoints)
              and webhook_secret_enc is not null`.execute(db);
  await sql`drop index if exists control.plugins_webhook_endpoint_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists plugins_webhook_endpoint_idx on control.plugins (plugin_id)
            where webhook_endpoint is not null and webhook_secret_enc is not null`.execute(db);
  await sql`drop index if exists control.plugins_webhook_recipients_idx`.execute(db);
  await sql`drop trigger if exists webhook_endpoints_mark_plugin on control.webhook_endpoints`.execute(
    db,
  );
  await sql`drop function if exists control.plugins_mark_webhook_endpoints()`.execute(db);
  await sql`alter table control.plugins drop column has_webhook_endpoints`.execute(db);
}
