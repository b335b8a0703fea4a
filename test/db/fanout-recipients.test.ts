import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { webhookRecipients } from '../../src/domain/installations/installation.repository.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Every write reads its event's webhook recipients in the event's INSERT: the active
// installations of the event's location whose plugin has a webhook endpoint (its listing's, or an
// enabled extra one, which the plugin's row says). Its cost must not
// grow with the plugins that have no endpoint, nor with their installations (the growth benchmark's
// 1,000 plugins without one made PostgreSQL read the whole plugins table for every event).

let t: TestContext;
let inst: InstallationFixture;

beforeAll(async () => {
  t = await createTestContext();
  inst = await createInstallation(t.db, { webhookEndpoint: 'https://hooks.example.com/svc' });
  await sql`
    with d as (insert into control.developers (email, name, password_hash) values ('many-plugins@example.com', 'Many', 'x') returning developer_id),
         p as (insert into control.projects (developer_id, name) select developer_id, 'Many' from d returning project_id),
         pl as (insert into control.plugins (project_id, name, listing_status, webhook_secret_enc)
                select project_id, 'No endpoint ' || g, 'active', 'x' from p, generate_series(1, 1000) g returning plugin_id),
         n as (select plugin_id, row_number() over (order by plugin_id) - 1 as k from pl)
    -- Two installations of each at the fixture's location, as the growth benchmark's seed has them.
    insert into control.installations (plugin_id, plane, organization_id, location_id, status, api_key_hash)
    select n.plugin_id, 'production', ${inst.organizationId}::int, ${inst.locationId}::int, 'active', encode(sha256(('many-' || g)::bytea), 'hex')
      from generate_series(1, 2000) g join n on n.k = g % 1000`.execute(t.db);
  await sql`analyze control.plugins`.execute(t.db);
  await sql`analyze control.installations`.execute(t.db);
});
afterAll(() => t.close());

/** The relations the plan reads with a sequential scan. */
function seqScans(plan: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n['Node Type'] === 'Seq Scan') found.push(String(n['Relation Name']));
      Object.values(n).forEach(walk);
    }
  };
  walk(plan);
  return found;
}

describe("an event's webhook recipients", () => {
  it('when the platform has many plugins without a webhook endpoint, then the recipients are found without reading every plugin', async () => {
    const recipients = webhookRecipients({
      plane: 'production',
      sandboxId: null,
      organizationId: inst.organizationId,
      locationId: inst.locationId,
      installationId: null,
    });
    const { rows } = await sql<{ installation_id: number }>`${recipients}`.execute(t.db);
    expect(rows.map((row) => Number(row.installation_id))).toEqual([inst.installationId]);
    const compiled = sql`explain (format json) ${recipients}`.compile(t.db);
    const { rows: plan } = await t.db.executeQuery<{ 'QUERY PLAN': unknown }>(compiled);
    expect(seqScans(plan[0]!['QUERY PLAN'])).toEqual([]);
  });

  it('when a plugin without a primary endpoint has an enabled extra endpoint, then its installation is a recipient for its extra endpoints, still without reading every plugin', async () => {
    const extraOnly = await createInstallation(t.db);
    await t.db
      .insertInto('control.webhook_endpoints')
      .values({
        plugin_id: extraOnly.pluginId,
        url: 'https://extra.example.com/svc',
        secret_enc: 'x',
      })
      .execute();
    const recipients = webhookRecipients({
      plane: 'production',
      sandboxId: null,
      organizationId: extraOnly.organizationId,
      locationId: extraOnly.locationId,
      installationId: null,
    });
    const { rows } = await sql<{
      installation_id: number;
      primary: boolean;
      endpoints: boolean;
    }>`${recipients}`.execute(t.db);
    expect(rows).toEqual([
      {
        installation_id: extraOnly.installationId,
        supported_events: null,
        primary: false,
        endpoints: true,
      },
    ]);
    const compiled = sql`explain (format json) ${recipients}`.compile(t.db);
    const { rows: plan } = await t.db.executeQuery<{ 'QUERY PLAN': unknown }>(compiled);
    expect(seqScans(plan[0]!['QUERY PLAN'])).toEqual([]);
  });
});
