import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { issueSessionToken } from '../../src/portal/auth.js';
import { createInstallation } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { insertEventHistory } from '../support/event-history.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  randomIp,
  signUpDeveloper,
} from '../support/portal-builders.js';

// Security review 3, findings 7 and 9: a stolen plugins:write key cannot repoint a live listing or
// resend production events, and a sandbox cannot multiply its deliveries without bound.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const UPDATE =
  'mutation($id: ID!, $url: String) { updatePlugin(id: $id, input: { webhookEndpoint: $url }) { id webhookEndpoint } }';
const REPLAY =
  'mutation($i: ID!, $since: DateTime!) { replayWebhooks(installationId: $i, since: $since, onlyFailed: false) { id total } }';
const REDELIVER = 'mutation($id: ID!) { redeliverWebhook(logId: $id) { id } }';

describe('what a developer key cannot do alone', () => {
  it('when a write key changes the endpoint of a live listing or resends production events, then portal_session_required; a session can', async () => {
    const inst = await createInstallation(t.db, {
      webhookEndpoint: 'https://plugin.example.com/hook',
    }); // listing active
    await insertEventHistory(t.db, { installationId: inst.installationId, count: 3 });
    const { token } = await issueSessionToken(t.config, inst.developerId);
    const { key } = await createDeveloperKey(t.app, token);
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const { id: logId } = await t.db
      .selectFrom('control.webhook_logs')
      .select('log_id as id')
      .where('installation_id', '=', inst.installationId)
      .executeTakeFirstOrThrow();

    const refusals = [
      await gql(t.app, key, UPDATE, {
        id: String(inst.pluginId),
        url: 'https://collector.example.net/x',
      }),
      await gql(t.app, key, REPLAY, { i: String(inst.installationId), since }),
      await gql(t.app, key, REDELIVER, { id: String(logId) }),
    ].map(gqlError);
    expect(refusals.map((e) => e.code)).toEqual([
      'portal_session_required',
      'portal_session_required',
      'portal_session_required',
    ]);
    const plugin = await t.db
      .selectFrom('control.plugins')
      .select('webhook_endpoint')
      .where('plugin_id', '=', inst.pluginId)
      .executeTakeFirstOrThrow();
    expect(plugin.webhook_endpoint).toBe('https://plugin.example.com/hook');
    // The same endpoint again is no change; a session changes it and replays.
    expect(
      (
        await gqlData(t.app, key, UPDATE, {
          id: String(inst.pluginId),
          url: 'https://plugin.example.com/hook',
        })
      ).updatePlugin.webhookEndpoint,
    ).toBe('https://plugin.example.com/hook');
    expect(
      (
        await gqlData(t.app, token, UPDATE, {
          id: String(inst.pluginId),
          url: 'https://plugin.example.com/v2',
        })
      ).updatePlugin.webhookEndpoint,
    ).toBe('https://plugin.example.com/v2');
    expect(
      (await gqlData(t.app, token, REPLAY, { i: String(inst.installationId), since }))
        .replayWebhooks.total,
    ).toBe(3);
  });

  it('when a write key works on a draft listing and its sandbox, then it still changes the endpoint and replays', async () => {
    const dev = await signUpDeveloper(t.app);
    const plugin = await createProjectAndPlugin(t.app, dev.token);
    const box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
    const { key } = await createDeveloperKey(t.app, dev.token);
    expect(
      (
        await gqlData(t.app, key, UPDATE, {
          id: plugin.pluginId,
          url: 'https://draft.example.com/hook',
        })
      ).updatePlugin.webhookEndpoint,
    ).toBe('https://draft.example.com/hook');
    const since = new Date(Date.now() - 86_400_000).toISOString();
    expect(
      (await gqlData(t.app, key, REPLAY, { i: box.installationId, since })).replayWebhooks,
    ).toMatchObject({ total: expect.any(Number) });
  });
});

describe('the production signing secret needs a portal session (security review 4, finding 7)', () => {
  const ROTATE =
    'mutation($id: ID!, $plane: DataPlane) { rotateWebhookSecret(pluginId: $id, overlapHours: 0, plane: $plane) { webhookSecret } }';
  const EXPIRE =
    'mutation($id: ID!, $plane: DataPlane) { expireWebhookSecret(pluginId: $id, plane: $plane) { id } }';
  const secrets = (pluginId: string) =>
    t.db
      .selectFrom('control.plugins')
      .select(['webhook_secret_enc', 'previous_webhook_secret_enc', 'previous_secret_expires_at'])
      .where('plugin_id', '=', Number(pluginId))
      .executeTakeFirstOrThrow();

  it('when a write key rotates or expires the production secret, then portal_session_required and the secret is unchanged; the sandbox one it may; a session may both', async () => {
    const dev = await signUpDeveloper(t.app);
    const plugin = await createProjectAndPlugin(t.app, dev.token);
    await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
    const { key } = await createDeveloperKey(t.app, dev.token);
    const before = await secrets(plugin.pluginId);
    const refusals = [
      await gql(t.app, key, ROTATE, { id: plugin.pluginId }),
      await gql(t.app, key, ROTATE, { id: plugin.pluginId, plane: 'production' }),
      await gql(t.app, key, EXPIRE, { id: plugin.pluginId }),
    ].map(gqlError);
    expect(refusals.map((e) => e.code)).toEqual([
      'portal_session_required',
      'portal_session_required',
      'portal_session_required',
    ]);
    expect(await secrets(plugin.pluginId)).toEqual(before);
    expect(
      (await gqlData(t.app, key, ROTATE, { id: plugin.pluginId, plane: 'sandbox' }))
        .rotateWebhookSecret.webhookSecret,
    ).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await gqlData(t.app, key, EXPIRE, { id: plugin.pluginId, plane: 'sandbox' }))
        .expireWebhookSecret.id,
    ).toBe(plugin.pluginId);
    expect(
      (await gqlData(t.app, dev.token, ROTATE, { id: plugin.pluginId })).rotateWebhookSecret
        .webhookSecret,
    ).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await gqlData(t.app, dev.token, EXPIRE, { id: plugin.pluginId })).expireWebhookSecret.id,
    ).toBe(plugin.pluginId);
  });
});

describe('a sandbox cannot multiply deliveries without bound', () => {
  it('when a sandbox holds 20 installations, then simulateInstall is refused with validation_error', async () => {
    const dev = await signUpDeveloper(t.app);
    const plugin = await createProjectAndPlugin(t.app, dev.token);
    const box = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
    const install = () =>
      gql(
        t.app,
        dev.token,
        'mutation($s: ID!) { simulateInstall(sandboxId: $s) { installationId } }',
        { s: box.sandboxId },
        { headers: { 'X-Forwarded-For': randomIp() } },
      );
    for (let i = 1; i < 20; i += 1) expect((await install()).body.errors).toBeUndefined(); // the sandbox's own + 19
    const refused = gqlError(await install());
    expect(refused.code).toBe('validation_error');
    expect(refused.details?.sandboxId?.[0]).toMatch(/20 installations/);
  });
});

describe("the gate reads each request's own operation", () => {
  it('when one document is sent again naming another of its operations, then the gate judges the operation it names now', async () => {
    const dev = await signUpDeveloper(t.app);
    const { key } = await createDeveloperKey(t.app, dev.token, ['plugins:read']);
    // The gate keeps what it read of recent documents; the operation named is part of what it read.
    const document = 'query Mine { me { id } } query Keys { developerKeys { id } }';
    const send = (operationName: string) =>
      supertest(t.app)
        .post('/graphql')
        .set('Content-Type', 'application/json')
        .set('Authorization', `Bearer ${key}`)
        .send({ query: document, operationName });
    expect((await send('Mine')).body.data?.me?.id).toBe(String(dev.developerId));
    const refused = await send('Keys');
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 403,
      error: 'portal_session_required',
    });
    expect((await send('Mine')).body.data?.me?.id).toBe(String(dev.developerId));
  });
});
