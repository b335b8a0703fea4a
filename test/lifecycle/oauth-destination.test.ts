import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { takeErrorMeta } from '../support/http.js';
import https from 'node:https';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../src/app.js';
import supertest from 'supertest';
import type { Config } from '../../src/config.js';
import { encrypt } from '../../src/lib/secrets.js';
import {
  mintAuthorizeUrl,
  refreshExpiringTokens,
} from '../../src/domain/installations/oauth-flow.js';
import { readTokens, storeTokens } from '../../src/domain/installations/oauth-tokens.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { trustTestCa } from '../support/oauth-provider.js';
import {
  createProjectAndPlugin,
  gql,
  gqlError,
  signUpDeveloper,
} from '../support/portal-builders.js';
import { createTestTls, type TestTls } from '../support/tls.js';

// The OAuth token endpoint is a URL a plugin developer chose: the service calls it through the
// same destination guard as webhooks. A real HTTPS listener on loopback (`localhost`, trusted CA)
// records every connection and request, so "never reached" is observed, not assumed.

interface Recorder {
  url(path: string): string;
  connections: number;
  requests: { path: string; body: string }[];
  respond(responder: (res: ServerResponse) => void): void;
  close(): Promise<void>;
}

async function startRecorder(testTls: TestTls): Promise<Recorder> {
  let responder: (res: ServerResponse) => void = (res) => {
    res.writeHead(500).end();
  };
  const recorder = { connections: 0, requests: [] as { path: string; body: string }[] };
  const server = https.createServer({ key: testTls.key, cert: testTls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      recorder.requests.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString() });
      responder(res);
    });
  });
  server.on('connection', () => void recorder.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(recorder, {
    url: (path: string) => `https://localhost:${port}${path}`,
    respond: (next: (res: ServerResponse) => void) => void (responder = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const json = (status: number, body: unknown) => (res: ServerResponse) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

let t: TestContext;
let testTls: TestTls;
let untrust: () => void;
let provider: Recorder;
let inst: InstallationFixture;
/** The same service with SVC_WEBHOOK_ALLOW_PRIVATE=1 (local development): the listener is reachable. */
let privateApp: App;
let privateConfig: Config;

beforeAll(async () => {
  t = await createTestContext({ BASE_URL: 'http://platform.test' });
  testTls = createTestTls();
  untrust = trustTestCa(testTls);
  provider = await startRecorder(testTls);
  privateApp = await t.newApp({ BASE_URL: 'http://platform.test', SVC_WEBHOOK_ALLOW_PRIVATE: '1' });
  privateConfig = { ...t.config, webhook: { ...t.config.webhook, allowPrivate: true } };
  inst = await createInstallation(t.db);
  await t.db
    .updateTable('control.plugins')
    .set({
      integration_type: 'oauth2',
      oauth_client_id: 'plugin-client',
      oauth_client_secret_enc: encrypt(t.config.encryptionKey, 'plugin-client-secret-value'),
      oauth_authorize_url: 'https://provider.example/authorize',
      oauth_token_url: provider.url('/token'),
    })
    .where('plugin_id', '=', inst.pluginId)
    .execute();
});
afterAll(async () => {
  untrust();
  await provider.close();
  await t.close();
});
beforeEach(() => {
  provider.connections = 0;
  provider.requests.length = 0;
  provider.respond(
    json(200, {
      access_token: 'fresh-access',
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: 'fresh-refresh',
    }),
  );
});

/** The browser's part: our start link, then straight back to our callback with a code. */
async function callback(app: App, code = 'authorization-code-value'): Promise<supertest.Response> {
  const start = new URL(await mintAuthorizeUrl(t.config, inst.installationId));
  const toProvider = await supertest(app).get(start.pathname + start.search);
  expect(toProvider.status).toBe(302);
  const state = new URL(toProvider.headers.location!).searchParams.get('state')!;
  return supertest(app).get(`/api/v1/oauth/callback?${new URLSearchParams({ state, code })}`);
}

describe('OAuth token endpoint behind the destination guard', () => {
  it('when the token endpoint is a name that resolves to loopback, then the exchange is refused (502) and the secret, code and verifier never reach it', async () => {
    const res = await callback(t.app);
    expect(res.status).toBe(502);
    takeErrorMeta(res);
    expect(res.body).toEqual({ error: 'oauth_exchange_failed', message: expect.any(String) });
    expect(res.body.message).toBe(
      'The OAuth token endpoint was not called. localhost resolves to a non-public address.',
    );
    expect(provider.connections).toBe(0);
    expect(provider.requests).toEqual([]);
  });

  it('when the refresh job meets a token endpoint on loopback, then it counts a failure and nothing reaches the endpoint', async () => {
    await storeTokens(t.db, t.config.encryptionKey, inst.installationId, {
      access_token: 'old-access',
      refresh_token: 'refresh-token-value',
      token_type: 'Bearer',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      scope: null,
    });
    expect(await refreshExpiringTokens(t.db, t.config, new Date())).toEqual({
      refreshed: 0,
      failed: 1,
    });
    expect(provider.connections).toBe(0);
    expect(provider.requests).toEqual([]);

    // Control: with private destinations allowed the same endpoint is reached and the token replaced.
    expect(await refreshExpiringTokens(t.db, privateConfig, new Date())).toEqual({
      refreshed: 1,
      failed: 0,
    });
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]!.body).toContain('refresh_token=refresh-token-value');
    const row = await t.db
      .selectFrom('control.installations')
      .select('oauth_tokens_enc')
      .where('installation_id', '=', inst.installationId)
      .executeTakeFirstOrThrow();
    expect(readTokens(t.config.encryptionKey, row.oauth_tokens_enc)).toMatchObject({
      access_token: 'fresh-access',
      refresh_token: 'fresh-refresh',
    });
  });

  it('when private destinations are allowed (development), then the same exchange reaches the endpoint and stores the tokens', async () => {
    const res = await callback(privateApp, 'good-code');
    expect(res.status).toBe(200);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]).toMatchObject({ path: '/token' });
    expect(provider.requests[0]!.body).toContain('code=good-code');
    expect(provider.requests[0]!.body).toContain('client_secret=plugin-client-secret-value');
    const row = await t.db
      .selectFrom('control.installations')
      .select('oauth_tokens_enc')
      .where('installation_id', '=', inst.installationId)
      .executeTakeFirstOrThrow();
    expect(readTokens(t.config.encryptionKey, row.oauth_tokens_enc)).toMatchObject({
      access_token: 'fresh-access',
      refresh_token: 'fresh-refresh',
    });
  });

  it('when the provider refuses with an error_description, then the 502 names only the registered error code and the description is logged, not echoed', async () => {
    provider.respond(
      json(400, {
        error: 'invalid_grant',
        error_description: 'user svc_app@db01.corp.example is locked',
      }),
    );
    const res = await callback(privateApp);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('oauth_exchange_failed');
    expect(res.body.message).toMatch(/invalid_grant/);
    expect(JSON.stringify(res.body)).not.toMatch(/db01|locked|svc_app/);
    expect(t.logs.join('\n')).toContain('user svc_app@db01.corp.example is locked');
  });

  it('when the provider answers an error code outside RFC 6749, then none of its text is echoed', async () => {
    provider.respond(
      json(400, {
        error: 'db01.corp.example: connection refused',
        error_description: 'stack at Foo.bar',
      }),
    );
    const res = await callback(privateApp);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('oauth_exchange_failed');
    expect(JSON.stringify(res.body)).not.toMatch(/db01|connection refused|stack/);
  });

  it('when the token endpoint redirects, then the redirect is not followed', async () => {
    provider.respond(
      (res) => void res.writeHead(307, { location: provider.url('/elsewhere') }).end(),
    );
    const res = await callback(privateApp);
    expect(res.status).toBe(502);
    takeErrorMeta(res);
    expect(res.body).toEqual({
      error: 'oauth_exchange_failed',
      message: "The provider's token endpoint failed: it gave no usable answer.",
    });
    expect(provider.requests.map((r) => r.path)).toEqual(['/token']);
  });

  it('when the token endpoint answers an oversized body, then the exchange fails without reading it all', async () => {
    provider.respond((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"access_token":"${'a'.repeat(2 * 1024 * 1024)}","token_type":"Bearer"}`);
    });
    const res = await callback(privateApp);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('oauth_exchange_failed');
    expect(t.logs.join('\n')).toContain('The response body exceeds 65536 bytes');
  });
});

describe('OAuth URLs when a listing is saved', () => {
  let dev: { token: string };
  let pluginId: string;
  beforeAll(async () => {
    dev = await signUpDeveloper(t.app);
    ({ pluginId } = await createProjectAndPlugin(t.app, dev.token));
  });

  it.each([
    ['localhost', 'https://localhost:6443/token', /public/],
    ['a name under .localhost', 'https://auth.localhost/token', /public/],
    ['loopback spelled short', 'https://127.1/token', /public/],
    ['an IPv4-mapped private address', 'https://[::ffff:10.1.2.3]/token', /public/],
    ['the metadata address', 'https://169.254.169.254/latest', /public/],
    ['plain http', 'http://auth.example.com/token', /https/],
    ['credentials in the URL', 'https://user:pw@auth.example.com/token', /credentials/],
  ])(
    'when tokenUrl is %s, then validation_error on oauth.tokenUrl',
    async (_label, tokenUrl, problem) => {
      const error = gqlError(
        await gql(
          t.app,
          dev.token,
          'mutation($id: ID!, $input: UpdatePluginInput!) { updatePlugin(id: $id, input: $input) { id } }',
          {
            id: pluginId,
            input: {
              integrationType: 'oauth2',
              oauth: {
                clientId: 'c',
                clientSecret: 's',
                authorizeUrl: 'https://auth.example.com/authorize',
                tokenUrl,
              },
            },
          },
        ),
      );
      expect(error.code).toBe('validation_error');
      expect(Object.keys(error.details!)).toEqual(['oauth.tokenUrl']);
      expect(error.details!['oauth.tokenUrl']!.join(' ')).toMatch(problem);
    },
  );
});
