import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';

let t: TestContext;
let alice: PortalDeveloper;
let bob: PortalDeveloper;
let bobKey: string;
let a: {
  projectId: string;
  pluginId: string;
  webhookSecret: string;
  keyId: string;
  sandbox: PortalSandbox;
  logId: string;
};

const UNKNOWN = '987654';

beforeAll(async () => {
  t = await createTestContext();
  alice = await signUpDeveloper(t.app, 'Alice');
  bob = await signUpDeveloper(t.app, 'Bob');
  bobKey = (await createDeveloperKey(t.app, bob.token)).key;
  const plugin = await createProjectAndPlugin(t.app, alice.token);
  const sandbox = await provisionPortalSandbox(t.app, alice.token, plugin.pluginId);
  const { id: keyId } = await createDeveloperKey(t.app, alice.token);
  const log = await t.db
    .insertInto('control.webhook_logs')
    .values({
      installation_id: Number(sandbox.installationId),
      direction: 'outbound',
      event_type: 'order.created',
      status: 'delivered',
      attempts: 1,
      http_status: 200,
    })
    .returning('log_id')
    .executeTakeFirstOrThrow();
  a = { ...plugin, keyId, sandbox, logId: String(log.log_id) };
});
afterAll(() => t.close());

/** Each operation on another developer's resource, with the variable that names it. */
const OPERATIONS: [string, string, (id: string) => Record<string, unknown>, () => string][] = [
  ['plugin', 'query($id: ID!) { plugin(id: $id) { id } }', (id) => ({ id }), () => a.pluginId],
  [
    'createPlugin',
    'mutation($id: ID!) { createPlugin(projectId: $id, input: { name: "Hijack" }) { webhookSecret } }',
    (id) => ({ id }),
    () => a.projectId,
  ],
  [
    'updatePlugin',
    'mutation($id: ID!) { updatePlugin(id: $id, input: { name: "Hijack" }) { id } }',
    (id) => ({ id }),
    () => a.pluginId,
  ],
  // The sandbox plane: the production one needs a portal session whoever owns the plugin (key-guards.test.ts).
  [
    'rotateWebhookSecret',
    'mutation($id: ID!) { rotateWebhookSecret(pluginId: $id, plane: sandbox) { webhookSecret } }',
    (id) => ({ id }),
    () => a.pluginId,
  ],
  [
    'submitPluginForReview',
    'mutation($id: ID!) { submitPluginForReview(id: $id) { id } }',
    (id) => ({ id }),
    () => a.pluginId,
  ],
  [
    'provisionSandbox',
    'mutation($id: ID!) { provisionSandbox(pluginId: $id, name: "x") { installationKey } }',
    (id) => ({ id }),
    () => a.pluginId,
  ],
  [
    'sandbox',
    'query($id: ID!) { sandbox(id: $id) { id } }',
    (id) => ({ id }),
    () => a.sandbox.sandboxId,
  ],
  [
    'resetSandbox',
    'mutation($id: ID!) { resetSandbox(id: $id) { id } }',
    (id) => ({ id }),
    () => a.sandbox.sandboxId,
  ],
  [
    'protectSandbox',
    'mutation($id: ID!) { protectSandbox(id: $id, days: 30) { id } }',
    (id) => ({ id }),
    () => a.sandbox.sandboxId,
  ],
  [
    'deleteSandbox',
    'mutation($id: ID!) { deleteSandbox(id: $id) { id } }',
    (id) => ({ id }),
    () => a.sandbox.sandboxId,
  ],
  [
    'regenerateInstallationKey',
    'mutation($id: ID!) { regenerateInstallationKey(installationId: $id) { installationKey } }',
    (id) => ({ id }),
    () => a.sandbox.installationId,
  ],
  [
    'testWebhook',
    'mutation($id: ID!) { testWebhook(installationId: $id, event: "order.created") { logId } }',
    (id) => ({ id }),
    () => a.sandbox.installationId,
  ],
  ['webhookLog', 'query($id: ID!) { webhookLog(id: $id) { id } }', (id) => ({ id }), () => a.logId],
  [
    'webhookLogs',
    'query($id: ID!) { webhookLogs(installationId: $id) { nodes { id } } }',
    (id) => ({ id }),
    () => a.sandbox.installationId,
  ],
  [
    'revokeDeveloperKey',
    'mutation($id: ID!) { revokeDeveloperKey(id: $id) { id } }',
    (id) => ({ id }),
    () => a.keyId,
  ],
  // The restaurant side of a sandbox (a few of the simulate* mutations: they share a 30-a-minute bucket per IP).
  [
    'simulateInstall',
    'mutation($id: ID!) { simulateInstall(sandboxId: $id) { installationId } }',
    (id) => ({ id }),
    () => a.sandbox.sandboxId,
  ],
  [
    'simulatePosSale',
    'mutation($id: ID!) { simulatePosSale(sandboxId: $id, orderId: "1") { id } }',
    (id) => ({ id }),
    () => a.sandbox.sandboxId,
  ],
  [
    'simulateRemoval',
    'mutation($id: ID!) { simulateRemoval(installationId: $id) { id } }',
    (id) => ({ id }),
    () => a.sandbox.installationId,
  ],
];

describe('two developers', () => {
  it.each(OPERATIONS)(
    "when Bob calls %s on Alice's resource, then the answer is that of an id that does not exist",
    async (_name, query, vars, target) => {
      const foreign = gqlError(await gql(t.app, bob.token, query, vars(target())));
      const absent = gqlError(await gql(t.app, bob.token, query, vars(UNKNOWN)));
      const malformed = gqlError(await gql(t.app, bob.token, query, vars('not-an-id')));
      expect(foreign.code).toBe('not_found');
      expect(foreign).toEqual(absent);
      expect(malformed).toEqual(absent);
    },
  );

  it("when Bob uses a developer key, then Alice's resources are just as absent", async () => {
    for (const [, query, vars, target] of OPERATIONS.filter(
      ([name]) => name !== 'revokeDeveloperKey',
    )) {
      expect(gqlError(await gql(t.app, bobKey, query, vars(target()))).code).toBe('not_found');
    }
  });

  it("when Bob lists, then none of Alice's projects, plugins or sandboxes appear", async () => {
    const data = await gqlData(
      t.app,
      bob.token,
      '{ myDeveloperProjects { id plugins { id } } sandboxes { id } developerKeys { id } }',
    );
    expect(data.myDeveloperProjects).toEqual([]);
    expect(data.sandboxes).toEqual([]);
    expect(data.developerKeys.map((k: { id: string }) => k.id)).not.toContain(a.keyId);
  });

  it("leaves Alice's resources untouched after all of Bob's attempts", async () => {
    const data = await gqlData(
      t.app,
      alice.token,
      'query($s: ID!) { myDeveloperProjects { id plugins { id name listingStatus } } sandbox(id: $s) { status } developerKeys { id revokedAt } }',
      { s: a.sandbox.sandboxId },
    );
    expect(data.myDeveloperProjects).toEqual([
      {
        id: a.projectId,
        plugins: [{ id: a.pluginId, name: 'Courier Connect', listingStatus: 'draft' }],
      },
    ]);
    expect(data.sandbox.status).toBe('active');
    expect(data.developerKeys).toEqual([{ id: a.keyId, revokedAt: null }]);
    expect((await call(t.app, 'get', '/health', { key: a.sandbox.installationKey })).status).toBe(
      200,
    );
    const rotated = await gqlData(
      t.app,
      alice.token,
      'mutation($id: ID!) { rotateWebhookSecret(pluginId: $id) { webhookSecret } }',
      { id: a.pluginId },
    );
    expect(rotated.rotateWebhookSecret.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
  });
});
