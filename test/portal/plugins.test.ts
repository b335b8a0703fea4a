import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getNamedType, isObjectType, type GraphQLNamedType, type GraphQLObjectType } from 'graphql';
import { decrypt } from '../../src/lib/secrets.js';
import { buildPortalSchema } from '../../src/portal/yoga.js';
import { createTestContext, type TestContext } from '../support/context.js';
import {
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

let t: TestContext;
let dev: PortalDeveloper;

beforeAll(async () => {
  t = await createTestContext();
  dev = await signUpDeveloper(t.app);
});
afterAll(() => t.close());

const PLUGIN_FIELDS = `id projectId name listingStatus webhookEndpoint supportedEvents supportedFeatures integrationType
  oauth { clientId clientSecretSet scopes authorizeUrl tokenUrl redirectUri } pricing { model price } trialDays`;
const UPDATE = `mutation($id: ID!, $input: UpdatePluginInput!) { updatePlugin(id: $id, input: $input) { ${PLUGIN_FIELDS} } }`;
const pluginRow = (id: string) =>
  t.db
    .selectFrom('control.plugins')
    .selectAll()
    .where('plugin_id', '=', Number(id))
    .executeTakeFirstOrThrow();

describe('projects and plugins', () => {
  it('when a project and a plugin are created, then the plugin is a draft and its 64-character secret is shown once, stored encrypted', async () => {
    const { projectId, pluginId, webhookSecret } = await createProjectAndPlugin(t.app, dev.token);
    expect(webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    const row = await pluginRow(pluginId);
    expect(row.webhook_secret_enc).not.toContain(webhookSecret);
    expect(decrypt(t.config.encryptionKey, row.webhook_secret_enc!)).toBe(webhookSecret);

    const data = await gqlData(
      t.app,
      dev.token,
      `{ myDeveloperProjects { id name plugins { ${PLUGIN_FIELDS} } } }`,
    );
    const project = data.myDeveloperProjects.find((p: { id: string }) => p.id === projectId);
    expect(project.name).toBe('Delivery integration');
    expect(project.plugins).toEqual([
      expect.objectContaining({
        id: pluginId,
        projectId,
        name: 'Courier Connect',
        listingStatus: 'draft',
        supportedEvents: null,
        integrationType: 'none',
        oauth: null,
        pricing: { model: 'free', price: null },
        trialDays: 0,
      }),
    ]);
  });

  it('never exposes a webhook secret, a client secret, a key or a key hash through a query', () => {
    // Every field reachable from Query: only mutation payloads may carry a secret, once.
    const schema = buildPortalSchema();
    const seen = new Set<string>();
    const fields: string[] = [];
    const visit = (type: GraphQLNamedType) => {
      if (seen.has(type.name) || !isObjectType(type)) return;
      seen.add(type.name);
      for (const field of Object.values(type.getFields())) {
        fields.push(`${type.name}.${field.name}`);
        visit(getNamedType(field.type));
      }
    };
    visit(schema.getQueryType()!);
    expect(fields).toContain('Plugin.webhookEndpoint');
    expect(
      fields.filter((f) => /secret|hash|password|key$/i.test(f) && !/SecretSet$/.test(f)),
    ).toEqual([
      'Plugin.previousSecretExpiresAt',
      'Plugin.sandboxPreviousSecretExpiresAt',
      'WebhookEndpoint.previousSecretExpiresAt',
      'WebhookLog.idempotencyKey',
      'ApiRequest.idempotencyKey',
    ]);
    // Times, not secrets: when a rotation's overlap ends (production, sandbox).
    expect(
      String(
        (schema.getType('Plugin') as GraphQLObjectType).getFields().previousSecretExpiresAt!.type,
      ),
    ).toBe('DateTime');
    expect(
      String(
        (schema.getType('Plugin') as GraphQLObjectType).getFields().sandboxPreviousSecretExpiresAt!
          .type,
      ),
    ).toBe('DateTime');
  });

  it('when settings are valid, then updatePlugin stores them; absent fields stay and null clears', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const input = {
      webhookEndpoint: 'https://hooks.courier.example/svc',
      supportedEvents: ['order.*', 'payment.succeeded', 'installation.*', 'order.*'],
      supportedFeatures: ['orders:create'],
      integrationType: 'oauth2',
      oauth: {
        clientId: 'courier-client',
        clientSecret: 'shh-client-secret',
        scopes: ['orders.read', 'orders.write'],
        authorizeUrl: 'https://auth.courier.example/authorize',
        tokenUrl: 'https://auth.courier.example/token',
      },
      pricing: { model: 'paid', price: '19.90' },
      trialDays: 14,
    };
    const data = await gqlData(t.app, dev.token, UPDATE, { id: pluginId, input });
    expect(data.updatePlugin).toMatchObject({
      webhookEndpoint: 'https://hooks.courier.example/svc',
      supportedEvents: ['order.*', 'payment.succeeded', 'installation.*'],
      supportedFeatures: ['orders:create'],
      integrationType: 'oauth2',
      oauth: {
        clientId: 'courier-client',
        clientSecretSet: true,
        scopes: ['orders.read', 'orders.write'],
        redirectUri: `${t.config.baseUrl}/api/v1/oauth/callback`,
      },
      pricing: { model: 'paid', price: '19.90' },
      trialDays: 14,
    });
    const row = await pluginRow(pluginId);
    expect(row.oauth_client_secret_enc).not.toContain('shh-client-secret');
    expect(decrypt(t.config.encryptionKey, row.oauth_client_secret_enc!)).toBe('shh-client-secret');

    const renamed = await gqlData(t.app, dev.token, UPDATE, {
      id: pluginId,
      input: { name: 'Courier Connect 2', supportedEvents: null },
    });
    expect(renamed.updatePlugin).toMatchObject({
      name: 'Courier Connect 2',
      supportedEvents: null,
      webhookEndpoint: 'https://hooks.courier.example/svc',
      trialDays: 14,
    });
    expect((await pluginRow(pluginId)).oauth_client_secret_enc).toBe(row.oauth_client_secret_enc);
  });

  it.each([
    ['plain http', 'http://hooks.example.com/x', /https/],
    ['a private address', 'https://10.0.0.5/hook', /public/],
    ['loopback spelled in decimal', 'https://2130706433/hook', /public/],
    ['localhost', 'https://localhost:8443/hook', /localhost/],
    ['credentials in the URL', 'https://user:pass@hooks.example.com/', /credentials/],
    ['not a URL', 'hooks.example.com', /URL/],
  ])(
    'when the webhook endpoint is %s, then validation_error on webhookEndpoint',
    async (_label, webhookEndpoint, problem) => {
      const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
      const error = gqlError(
        await gql(t.app, dev.token, UPDATE, { id: pluginId, input: { webhookEndpoint } }),
      );
      expect(error.code).toBe('validation_error');
      expect(error.details!.webhookEndpoint!.join(' ')).toMatch(problem);
      expect((await pluginRow(pluginId)).webhook_endpoint).toBeNull();
    },
  );

  it('when events, features, OAuth or pricing are invalid, then one validation_error names every field', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const error = gqlError(
      await gql(t.app, dev.token, UPDATE, {
        id: pluginId,
        input: {
          supportedEvents: ['order.created', 'order.teleported', 'pizza.*'],
          supportedFeatures: ['orders:delete'],
          integrationType: 'oauth2',
          oauth: { clientId: 'abc', tokenUrl: 'http://auth.example.com/token' },
          pricing: { model: 'paid' },
        },
      }),
    );
    expect(error.code).toBe('validation_error');
    expect(error.details).toEqual({
      supportedEvents: [
        'order.teleported is not a catalog event or family wildcard (e.g. order.created, order.*)',
        'pizza.* is not a catalog event or family wildcard (e.g. order.created, order.*)',
      ],
      supportedFeatures: [
        'orders:delete is not a capability (use orders:create, payments:capture)',
      ],
      'oauth.tokenUrl': ['must be an https URL'],
      'oauth.clientSecret': ['is required for integrationType oauth2'],
      'oauth.authorizeUrl': ['is required for integrationType oauth2'],
      'pricing.price': ['is required and above 0 for a paid plugin'],
    });
  });

  it.each([['name'], ['integrationType'], ['pricing'], ['trialDays']])(
    'when updatePlugin sends %s as null (a setting every plugin has), then validation_error names it and nothing changes',
    async (field) => {
      const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
      const before = await pluginRow(pluginId);
      const error = gqlError(
        await gql(t.app, dev.token, UPDATE, { id: pluginId, input: { [field]: null } }),
      );
      expect(error.code).toBe('validation_error');
      expect(error.details).toEqual({
        [field]: ['cannot be null; omit it to keep the current value'],
      });
      expect(await pluginRow(pluginId)).toEqual(before);
    },
  );

  it('when updatePlugin input has fields named toString, constructor, __proto__, valueOf or hasOwnProperty, then GraphQL refuses each unknown field by name and nothing changes', async () => {
    // A developer of its own: these requests would spend the shared developer's per-minute budget.
    const own = await signUpDeveloper(t.app);
    const { pluginId } = await createProjectAndPlugin(t.app, own.token);
    const before = await pluginRow(pluginId);
    for (const field of ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty']) {
      const raw = `{"query":${JSON.stringify(UPDATE)},"variables":{"id":"${pluginId}","input":{"${field}":{},"name":"x"}}}`;
      const res = await t
        .request()
        .post('/graphql')
        .set('Authorization', `Bearer ${own.token}`)
        .set('Content-Type', 'application/json')
        .set('Accept', 'application/json')
        .send(raw);
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringContaining(`"${field}" is not defined by type "UpdatePluginInput"`),
        }),
      ]);
      expect(res.body.errors[0].extensions?.code).not.toBe('internal_error');
    }
    expect(await pluginRow(pluginId)).toEqual(before);
  });

  it('when createPlugin sends integrationType as null, then validation_error names it', async () => {
    const { projectId } = await createProjectAndPlugin(t.app, dev.token);
    const error = gqlError(
      await gql(
        t.app,
        dev.token,
        'mutation($p: ID!, $input: CreatePluginInput!) { createPlugin(projectId: $p, input: $input) { plugin { id } } }',
        {
          p: projectId,
          input: { name: 'Null integration', integrationType: null },
        },
      ),
    );
    expect(error.code).toBe('validation_error');
    expect(error.details).toEqual({
      integrationType: ['cannot be null; omit it to keep the current value'],
    });
  });

  it('when a free plugin asks for a trial or a price, then validation_error', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const error = gqlError(
      await gql(t.app, dev.token, UPDATE, {
        id: pluginId,
        input: { trialDays: 7, pricing: { model: 'free', price: '5.00' } },
      }),
    );
    expect(Object.keys(error.details!).sort()).toEqual(['pricing.price', 'trialDays']);
  });

  it('when the integration goes back to none, then the OAuth client and its secret are dropped', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token, {
      integrationType: 'oauth2',
      oauth: {
        clientId: 'c',
        clientSecret: 's',
        authorizeUrl: 'https://a.example.com/auth',
        tokenUrl: 'https://a.example.com/token',
      },
    });
    const data = await gqlData(t.app, dev.token, UPDATE, {
      id: pluginId,
      input: { integrationType: 'none' },
    });
    expect(data.updatePlugin).toMatchObject({ integrationType: 'none', oauth: null });
    expect(await pluginRow(pluginId)).toMatchObject({
      oauth_client_id: null,
      oauth_client_secret_enc: null,
    });
  });
});

describe('webhook secret rotation', () => {
  it('when the secret is rotated, then the new one is shown once and the stored one changes at once', async () => {
    const { pluginId, webhookSecret } = await createProjectAndPlugin(t.app, dev.token);
    const data = await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { rotateWebhookSecret(pluginId: $id) { webhookSecret } }',
      { id: pluginId },
    );
    const rotated = data.rotateWebhookSecret.webhookSecret;
    expect(rotated).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated).not.toBe(webhookSecret);
    expect(decrypt(t.config.encryptionKey, (await pluginRow(pluginId)).webhook_secret_enc!)).toBe(
      rotated,
    );
  });
});

describe('listing status', () => {
  const SUBMIT = 'mutation($id: ID!) { submitPluginForReview(id: $id) { listingStatus } }';

  it('when a draft is submitted, then it is under review; submitting again is invalid_transition', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    expect(
      (await gqlData(t.app, dev.token, SUBMIT, { id: pluginId })).submitPluginForReview
        .listingStatus,
    ).toBe('under_review');
    const error = gqlError(await gql(t.app, dev.token, SUBMIT, { id: pluginId }));
    expect(error.code).toBe('invalid_transition');
    expect(error.message).toMatch(/under review/);
  });

  it('when a rejected listing is submitted again, then it goes back to review', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    await t.db
      .updateTable('control.plugins')
      .set({ listing_status: 'rejected' })
      .where('plugin_id', '=', Number(pluginId))
      .execute();
    expect(
      (await gqlData(t.app, dev.token, SUBMIT, { id: pluginId })).submitPluginForReview
        .listingStatus,
    ).toBe('under_review');
  });
});
