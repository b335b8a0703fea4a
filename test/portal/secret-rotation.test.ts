import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decrypt } from '../../src/lib/secrets.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

// Rotation with overlap through the portal (issue 16): overlapHours 0..168 (default 24), the
// previous secret stored encrypted beside the new one, previousSecretExpiresAt on the plugin,
// expireWebhookSecret, and the Standard Webhooks form of each secret shown.

let t: TestContext;
let dev: PortalDeveloper;

beforeAll(async () => {
  t = await createTestContext();
  dev = await signUpDeveloper(t.app);
});
afterAll(() => t.close());

const ROTATE = `mutation($id: ID!, $hours: Int) {
  rotateWebhookSecret(pluginId: $id, overlapHours: $hours) { webhookSecret webhookSecretStandard previousSecretExpiresAt } }`;
const ROTATE_DEFAULT =
  'mutation($id: ID!) { rotateWebhookSecret(pluginId: $id) { webhookSecret previousSecretExpiresAt } }';
const EXPIRE =
  'mutation($id: ID!) { expireWebhookSecret(pluginId: $id) { id previousSecretExpiresAt } }';
const PLUGIN = 'query($id: ID!) { plugin(id: $id) { previousSecretExpiresAt } }';

const pluginRow = (pluginId: string) =>
  t.db
    .selectFrom('control.plugins')
    .selectAll()
    .where('plugin_id', '=', Number(pluginId))
    .executeTakeFirstOrThrow();
const hoursFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 3600_000;

describe('rotateWebhookSecret with an overlap', () => {
  it('when overlapHours is omitted, then the overlap is 24 hours and the previous secret is stored encrypted beside the new one', async () => {
    const { pluginId, webhookSecret: first } = await createProjectAndPlugin(t.app, dev.token);
    const { rotateWebhookSecret: rotated } = await gqlData(t.app, dev.token, ROTATE_DEFAULT, {
      id: pluginId,
    });
    expect(rotated.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(hoursFromNow(rotated.previousSecretExpiresAt)).toBeCloseTo(24, 1);
    const row = await pluginRow(pluginId);
    expect(decrypt(t.config.encryptionKey, row.webhook_secret_enc!)).toBe(rotated.webhookSecret);
    expect(row.previous_webhook_secret_enc).not.toContain(first);
    expect(decrypt(t.config.encryptionKey, row.previous_webhook_secret_enc!)).toBe(first);
    expect(row.previous_secret_expires_at!.toISOString()).toBe(rotated.previousSecretExpiresAt);
    expect(
      (await gqlData(t.app, dev.token, PLUGIN, { id: pluginId })).plugin.previousSecretExpiresAt,
    ).toBe(rotated.previousSecretExpiresAt);
  });

  it('when the new secret is shown, then its Standard Webhooks form is whsec_ + base64 of the same key bytes', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const { rotateWebhookSecret: rotated } = await gqlData(t.app, dev.token, ROTATE, {
      id: pluginId,
      hours: 1,
    });
    expect(rotated.webhookSecretStandard).toBe(
      `whsec_${Buffer.from(rotated.webhookSecret, 'utf8').toString('base64')}`,
    );
    expect(hoursFromNow(rotated.previousSecretExpiresAt)).toBeCloseTo(1, 1);
  });

  it.each([0, 168])('when overlapHours is %i, then it is accepted', async (hours) => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const { rotateWebhookSecret: rotated } = await gqlData(t.app, dev.token, ROTATE, {
      id: pluginId,
      hours,
    });
    if (hours === 0) {
      expect(rotated.previousSecretExpiresAt).toBeNull();
      expect(
        (await gqlData(t.app, dev.token, PLUGIN, { id: pluginId })).plugin.previousSecretExpiresAt,
      ).toBeNull();
      // Kept, already expired: it verifies nothing (the inbound diagnosis may still recognise it).
      expect((await pluginRow(pluginId)).previous_secret_expires_at!.getTime()).toBeLessThanOrEqual(
        Date.now(),
      );
    } else {
      expect(hoursFromNow(rotated.previousSecretExpiresAt)).toBeCloseTo(168, 1);
    }
  });

  it.each([
    ['-1', -1],
    ['169', 169],
    ['null', null],
  ])(
    'when overlapHours is %s, then validation_error on overlapHours and the secret is unchanged',
    async (_label, hours) => {
      const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
      const before = await pluginRow(pluginId);
      const error = gqlError(await gql(t.app, dev.token, ROTATE, { id: pluginId, hours }));
      expect(error.code).toBe('validation_error');
      expect(Object.keys(error.details!)).toEqual(['overlapHours']);
      const after = await pluginRow(pluginId);
      expect(after.webhook_secret_enc).toBe(before.webhook_secret_enc);
      expect(after.previous_webhook_secret_enc).toBeNull();
    },
  );

  it.each([
    ['beyond a 32-bit Int', 2 ** 31],
    ['a string', '24'],
    ['a fraction', 1.5],
  ])(
    'when overlapHours is %s, then GraphQL refuses the variable as not an Int (as for every Int argument), never a 5xx, and the secret is unchanged',
    async (_label, hours) => {
      const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
      const before = await pluginRow(pluginId);
      const res = await gql(t.app, dev.token, ROTATE, { id: pluginId, hours });
      expect(res.status).toBeLessThan(500);
      expect(res.body.data?.rotateWebhookSecret ?? null).toBeNull();
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0].message).toMatch(/\$hours.*Int/);
      expect((await pluginRow(pluginId)).webhook_secret_enc).toBe(before.webhook_secret_enc);
    },
  );

  it('when a secret is rotated again during an overlap, then the previous secret becomes the one just rotated out', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const second = (await gqlData(t.app, dev.token, ROTATE, { id: pluginId, hours: 24 }))
      .rotateWebhookSecret.webhookSecret;
    const third = (await gqlData(t.app, dev.token, ROTATE, { id: pluginId, hours: 2 }))
      .rotateWebhookSecret;
    const row = await pluginRow(pluginId);
    expect(decrypt(t.config.encryptionKey, row.webhook_secret_enc!)).toBe(third.webhookSecret);
    expect(decrypt(t.config.encryptionKey, row.previous_webhook_secret_enc!)).toBe(second);
    expect(hoursFromNow(third.previousSecretExpiresAt)).toBeCloseTo(2, 1);
  });

  it("when another developer's plugin is rotated or expired, then not_found and nothing changes", async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const other = await signUpDeveloper(t.app);
    const before = await pluginRow(pluginId);
    expect(gqlError(await gql(t.app, other.token, ROTATE, { id: pluginId, hours: 1 })).code).toBe(
      'not_found',
    );
    expect(gqlError(await gql(t.app, other.token, EXPIRE, { id: pluginId })).code).toBe(
      'not_found',
    );
    expect(await pluginRow(pluginId)).toEqual(before);
  });
});

describe('expireWebhookSecret', () => {
  it('when an overlap runs, then it ends now: previousSecretExpiresAt is null and the stored expiry is past', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    await gqlData(t.app, dev.token, ROTATE, { id: pluginId, hours: 48 });
    const { expireWebhookSecret } = await gqlData(t.app, dev.token, EXPIRE, { id: pluginId });
    expect(expireWebhookSecret).toEqual({ id: pluginId, previousSecretExpiresAt: null });
    expect((await pluginRow(pluginId)).previous_secret_expires_at!.getTime()).toBeLessThanOrEqual(
      Date.now(),
    );
    expect(
      (await gqlData(t.app, dev.token, PLUGIN, { id: pluginId })).plugin.previousSecretExpiresAt,
    ).toBeNull();
  });

  it('when no overlap runs, then it changes nothing', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const before = await pluginRow(pluginId);
    expect((await gqlData(t.app, dev.token, EXPIRE, { id: pluginId })).expireWebhookSecret).toEqual(
      { id: pluginId, previousSecretExpiresAt: null },
    );
    expect(await pluginRow(pluginId)).toEqual(before);
  });
});
