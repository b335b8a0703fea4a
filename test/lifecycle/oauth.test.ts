import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { sql } from 'kysely';
import {
  mintAuthorizeUrl,
  refreshExpiringTokens,
} from '../../src/domain/installations/oauth-flow.js';
import { readTokens } from '../../src/domain/installations/oauth-tokens.js';
import { encrypt } from '../../src/lib/secrets.js';
import { createInstallation, type InstallationFixture } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';
import { startOAuthProvider, trustTestCa, type OAuthProvider } from '../support/oauth-provider.js';
import { createTestTls } from '../support/tls.js';

// A real OAuth 2.0 server over HTTPS on loopback (oauth2-mock-server, certificate of a throwaway
// CA): authorize redirects with a code, the token endpoint issues access and refresh tokens. The
// service reaches a loopback provider only with SVC_WEBHOOK_ALLOW_PRIVATE=1 (local development).
let t: TestContext;
let provider: OAuthProvider;
let inst: InstallationFixture;
let untrust: () => void;

beforeAll(async () => {
  t = await createTestContext({ BASE_URL: 'http://platform.test', SVC_WEBHOOK_ALLOW_PRIVATE: '1' });
  const tls = createTestTls();
  untrust = trustTestCa(tls);
  provider = await startOAuthProvider(tls);
  inst = await createInstallation(t.db);
  await t.db
    .updateTable('control.plugins')
    .set({
      integration_type: 'oauth2',
      oauth_client_id: 'plugin-client',
      oauth_client_secret_enc: encrypt(t.config.encryptionKey, 'plugin-client-secret'),
      oauth_scopes: ['accounting.read', 'accounting.write'],
      oauth_authorize_url: `${provider.url}/authorize`,
      oauth_token_url: `${provider.url}/token`,
    })
    .where('plugin_id', '=', inst.pluginId)
    .execute();
});
afterAll(async () => {
  untrust();
  await provider.stop();
  await t.close();
});

/** Runs the browser's part: our authorize link -> provider -> back to our callback. */
async function handshake(): Promise<{ callbackPath: string; state: string }> {
  const start = new URL(await mintAuthorizeUrl(t.config, inst.installationId));
  const toProvider = await supertest(t.app).get(start.pathname + start.search);
  expect(toProvider.status).toBe(302);
  const authorize = new URL(toProvider.headers.location!);
  expect(authorize.origin).toBe(provider.url);
  expect(authorize.searchParams.get('redirect_uri')).toBe(
    'http://platform.test/api/v1/oauth/callback',
  );
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('accounting.read accounting.write');
  const back = await fetch(authorize, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location')!);
  return {
    callbackPath: callback.pathname + callback.search,
    state: authorize.searchParams.get('state')!,
  };
}

describe('OAuth 2.0 through the service', () => {
  it('when the provider redirects back, then tokens are stored encrypted and GET /installation shows the access token but never the refresh token', async () => {
    const { callbackPath } = await handshake();
    const done = await supertest(t.app).get(callbackPath);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Connected');

    const row = await t.db
      .selectFrom('control.installations')
      .select(['oauth_tokens_enc', 'config'])
      .where('installation_id', '=', inst.installationId)
      .executeTakeFirstOrThrow();
    const tokens = readTokens(t.config.encryptionKey, row.oauth_tokens_enc)!;
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(row.oauth_tokens_enc).not.toContain(tokens.access_token);
    expect(JSON.stringify(row.config)).not.toContain(tokens.access_token);

    const res = await call(t.app, 'get', '/installation', { key: inst.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data.config.oauth).toEqual({
      access_token: tokens.access_token,
      token_type: expect.stringMatching(/bearer/i),
      expires_at: expect.any(String),
      scope: expect.anything(),
    });
    expect(JSON.stringify(res.body)).not.toContain(tokens.refresh_token!);
    expect(t.logs.join('\n')).not.toContain(tokens.refresh_token!);
    expect(t.logs.join('\n')).not.toContain(tokens.access_token);
  });

  it('when the state is replayed, then 400 invalid_oauth_state', async () => {
    const { callbackPath } = await handshake();
    expect((await supertest(t.app).get(callbackPath)).status).toBe(200);
    const replay = await supertest(t.app).get(callbackPath);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_oauth_state');
  });

  it('when the state does not match any handshake, then 400 invalid_oauth_state', async () => {
    const { callbackPath, state } = await handshake();
    const forged = callbackPath.replace(state, 'forged-state-value');
    const res = await supertest(t.app).get(forged);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_oauth_state');
  });

  it('when the start link is forged or for another installation, then no redirect to the provider', async () => {
    const start = new URL(await mintAuthorizeUrl(t.config, inst.installationId));
    const other = await supertest(t.app).get(
      `/api/v1/oauth/authorize/${inst.installationId + 1}${start.search}`,
    );
    expect(other.status).toBe(400);
    const forged = await supertest(t.app).get(
      `/api/v1/oauth/authorize/${inst.installationId}?token=abc`,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('invalid_oauth_state');
  });

  it('when a token is about to expire, then the refresh job replaces it and keeps the refresh token private', async () => {
    const { callbackPath } = await handshake();
    await supertest(t.app).get(callbackPath);
    const before = readTokens(
      t.config.encryptionKey,
      (
        await t.db
          .selectFrom('control.installations')
          .select('oauth_tokens_enc')
          .where('installation_id', '=', inst.installationId)
          .executeTakeFirstOrThrow()
      ).oauth_tokens_enc,
    )!;
    expect(await refreshExpiringTokens(t.db, t.config, new Date())).toEqual({
      refreshed: 0,
      failed: 0,
    });
    await t.db
      .updateTable('control.installations')
      .set({ oauth_expires_at: sql`now() + interval '60 seconds'` })
      .where('installation_id', '=', inst.installationId)
      .execute();
    expect(await refreshExpiringTokens(t.db, t.config, new Date())).toEqual({
      refreshed: 1,
      failed: 0,
    });
    const after = readTokens(
      t.config.encryptionKey,
      (
        await t.db
          .selectFrom('control.installations')
          .select('oauth_tokens_enc')
          .where('installation_id', '=', inst.installationId)
          .executeTakeFirstOrThrow()
      ).oauth_tokens_enc,
    )!;
    // The provider issued a fresh token: a new expiry about an hour away (not the 60 s we set).
    expect(new Date(after.expires_at!).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(after.access_token).toEqual(expect.any(String));
    expect(before.refresh_token).toEqual(expect.any(String));
    expect(after.refresh_token).toEqual(expect.any(String));
    const res = await call(t.app, 'get', '/installation', { key: inst.apiKey });
    expect(res.body.data.config.oauth.access_token).toBe(after.access_token);
    expect(JSON.stringify(res.body)).not.toContain(after.refresh_token!);
  });
});
