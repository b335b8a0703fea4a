import * as oauth from 'oauth4webapi';
import { SignJWT, jwtVerify } from 'jose';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { DomainError, NotFoundError } from '../shared/index.js';
import { decrypt, encrypt, hashKey } from '../../lib/secrets.js';
import { DestinationRefusedError } from '../webhooks/index.js';
import { WebhookHttpClient } from '../webhooks/index.js';
import { readTokens, storeTokens, type ProviderTokens } from './oauth-tokens.js';
import * as installations from './installation.repository.js';

// OAuth 2.0 authorization code flow run by the service on behalf of an installation of an
// `integration_type: oauth2` plugin (oauth4webapi does the protocol, with PKCE S256).
//
// The token endpoint is a URL the plugin's developer chose, and the service POSTs the client
// secret, the code and the verifier to it: every token request goes through the destination guard
// that webhooks use (https only, every resolved address public unless SVC_WEBHOOK_ALLOW_PRIVATE,
// connection pinned to the vetted address, no redirects, bounded body and time), as oauth4webapi's
// custom fetch. What the provider says when it refuses is logged, never echoed to the caller: only
// an error code registered by RFC 6749 is.

const STATE_TTL_MINUTES = 10;
const START_TOKEN_TTL = '15m';
/** Tokens are refreshed when they expire within this window. */
export const REFRESH_AHEAD_SECONDS = 300;

export class OAuthError extends DomainError {
  constructor(
    code: 'invalid_oauth_state' | 'oauth_not_configured' | 'oauth_exchange_failed',
    message: string,
    /** For the server's log only: what the provider or the transport said. */
    readonly detail?: string,
  ) {
    super(code, message);
  }
}

/** RFC 6749 error codes (4.1.2.1 authorization, 5.2 token): the only provider text a caller sees. */
const REGISTERED_ERRORS = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'unsupported_response_type',
  'server_error',
  'temporarily_unavailable',
]);

export const callbackUrl = (config: Config) => `${config.baseUrl}/api/v1/oauth/callback`;

interface OAuthPlugin {
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  as: oauth.AuthorizationServer;
  scopes: string[];
}

/** The guarded client for one run of token requests; the caller closes it. */
function tokenEndpointClient(config: Config): WebhookHttpClient {
  return new WebhookHttpClient({
    timeoutMs: config.webhook.timeoutMs,
    allowPrivate: config.webhook.allowPrivate,
    label: 'The OAuth token URL',
    connections: 1,
  });
}

const through = (http: WebhookHttpClient) => ({
  [oauth.customFetch]: http.fetch as unknown as typeof fetch,
});

/** A link that starts the handshake for one installation (handed to the restaurant's admin or the developer). */
export async function mintAuthorizeUrl(config: Config, installationId: number): Promise<string> {
  const token = await new SignJWT({ purpose: 'oauth-start' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(installationId))
    .setIssuedAt()
    .setExpirationTime(START_TOKEN_TTL)
    .sign(config.jwtSecret);
  return `${config.baseUrl}/api/v1/oauth/authorize/${installationId}?token=${token}`;
}

/** Checks the start link and returns the provider's authorization URL with a single-use state. */
export async function beginAuthorization(
  db: Db,
  config: Config,
  installationId: number,
  startToken: string,
): Promise<string> {
  try {
    const { payload } = await jwtVerify(startToken, config.jwtSecret, { algorithms: ['HS256'] });
    if (payload.purpose !== 'oauth-start' || payload.sub !== String(installationId))
      throw new Error('wrong token');
  } catch {
    throw new OAuthError(
      'invalid_oauth_state',
      'This authorization link is invalid or has expired.',
    );
  }
  const plugin = await loadPlugin(db, config, installationId);
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  await db
    .insertInto('control.oauth_states')
    .values({
      state_hash: hashKey(state),
      installation_id: installationId,
      code_verifier_enc: encrypt(config.encryptionKey, verifier),
      expires_at: sql<Date>`now() + make_interval(mins => ${STATE_TTL_MINUTES})`,
    })
    .execute();
  const url = new URL(plugin.as.authorization_endpoint!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', plugin.client.client_id);
  url.searchParams.set('redirect_uri', callbackUrl(config));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (plugin.scopes.length > 0) url.searchParams.set('scope', plugin.scopes.join(' '));
  return url.toString();
}

/** The provider redirected back: burn the state (single use), exchange the code, store the tokens. */
export async function completeAuthorization(
  db: Db,
  config: Config,
  params: URLSearchParams,
): Promise<{ installationId: number }> {
  const state = params.get('state');
  const used = state
    ? await db
        .updateTable('control.oauth_states')
        .set({ used_at: sql`now()` })
        .where('state_hash', '=', hashKey(state))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['installation_id', 'code_verifier_enc'])
        .executeTakeFirst()
    : undefined;
  if (!used)
    throw new OAuthError('invalid_oauth_state', 'Unknown, expired or already used OAuth state.');
  const plugin = await loadPlugin(db, config, used.installation_id);
  let tokens: oauth.TokenEndpointResponse;
  const http = tokenEndpointClient(config);
  try {
    const callbackParams = oauth.validateAuthResponse(plugin.as, plugin.client, params, state!);
    const response = await oauth.authorizationCodeGrantRequest(
      plugin.as,
      plugin.client,
      plugin.clientAuth,
      callbackParams,
      callbackUrl(config),
      decrypt(config.encryptionKey, used.code_verifier_enc),
      through(http),
    );
    tokens = await oauth.processAuthorizationCodeResponse(plugin.as, plugin.client, response, {
      requireIdToken: false,
    });
  } catch (err) {
    throw exchangeFailed(err);
  } finally {
    await http.close();
  }
  await storeTokens(db, config.encryptionKey, used.installation_id, fromResponse(tokens, null));
  return { installationId: used.installation_id };
}

/** Scheduled: refreshes every token that expires within REFRESH_AHEAD_SECONDS of `now`. */
export async function refreshExpiringTokens(
  db: Db,
  config: Config,
  now: Date,
): Promise<{ refreshed: number; failed: number }> {
  const due = await installations.withTokensExpiringBy(
    db,
    new Date(now.getTime() + REFRESH_AHEAD_SECONDS * 1000),
  );
  let refreshed = 0;
  let failed = 0;
  const http = tokenEndpointClient(config);
  try {
    for (const row of due) {
      const current = readTokens(config.encryptionKey, row.oauth_tokens_enc);
      if (!current?.refresh_token) continue;
      try {
        const plugin = await loadPlugin(db, config, row.installation_id);
        const response = await oauth.refreshTokenGrantRequest(
          plugin.as,
          plugin.client,
          plugin.clientAuth,
          current.refresh_token,
          through(http),
        );
        const tokens = await oauth.processRefreshTokenResponse(plugin.as, plugin.client, response);
        await storeTokens(
          db,
          config.encryptionKey,
          row.installation_id,
          fromResponse(tokens, current.refresh_token),
        );
        refreshed++;
      } catch {
        failed++; // retried on the next run; the error may echo the token, so it is not logged
      }
    }
  } finally {
    await http.close();
  }
  return { refreshed, failed };
}

function fromResponse(
  tokens: oauth.TokenEndpointResponse,
  previousRefresh: string | null,
): ProviderTokens {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token ?? previousRefresh,
    token_type: tokens.token_type,
    expires_at:
      tokens.expires_in !== undefined
        ? new Date(Date.now() + tokens.expires_in * 1000).toISOString()
        : null,
    scope: tokens.scope ?? null,
  };
}

async function loadPlugin(db: Db, config: Config, installationId: number): Promise<OAuthPlugin> {
  const row = await installations.oauthClientOf(db, installationId);
  if (!row) throw new NotFoundError('installation');
  if (
    row.integration_type !== 'oauth2' ||
    !row.oauth_client_id ||
    !row.oauth_client_secret_enc ||
    !row.oauth_authorize_url ||
    !row.oauth_token_url
  ) {
    throw new OAuthError('oauth_not_configured', 'This plugin is not configured for OAuth 2.0.');
  }
  // https only, like every destination a developer chooses (the guard refuses anything else).
  const tokenUrl = new URL(row.oauth_token_url);
  return {
    as: {
      issuer: tokenUrl.origin,
      authorization_endpoint: row.oauth_authorize_url,
      token_endpoint: row.oauth_token_url,
    },
    client: { client_id: row.oauth_client_id },
    clientAuth: oauth.ClientSecretPost(decrypt(config.encryptionKey, row.oauth_client_secret_enc)),
    scopes: row.oauth_scopes ?? [],
  };
}

/**
 * The 502 for a failed code exchange: a fixed sentence (plus a registered RFC 6749 error code, or
 * the guard's refusal, which names no address), with what was actually said kept for the log.
 */
function exchangeFailed(err: unknown): OAuthError {
  const code = (value: string) => (REGISTERED_ERRORS.has(value) ? ` (${value})` : '');
  const clip = (text: string | undefined) => (text ?? '').slice(0, 500);
  if (err instanceof DestinationRefusedError) {
    return new OAuthError(
      'oauth_exchange_failed',
      `The OAuth token endpoint was not called. ${err.message}`,
      `${err.reason}: ${err.message}`,
    );
  }
  if (err instanceof oauth.AuthorizationResponseError) {
    return new OAuthError(
      'oauth_exchange_failed',
      `The provider did not authorize the connection${code(err.error)}.`,
      `authorization response: ${clip(err.error)} ${clip(err.error_description)}`.trim(),
    );
  }
  if (err instanceof oauth.ResponseBodyError) {
    return new OAuthError(
      'oauth_exchange_failed',
      `The provider's token endpoint refused the authorization${code(err.error)}.`,
      `token endpoint answered ${err.status}: ${clip(err.error)} ${clip(err.error_description)}`.trim(),
    );
  }
  // Timeouts, network failures and oversized bodies (OutboundRequestError), redirects and bodies
  // that are not a token response (oauth4webapi's own errors).
  const detail = err instanceof Error ? `${err.name}: ${clip(err.message)}` : 'unknown error';
  return new OAuthError(
    'oauth_exchange_failed',
    "The provider's token endpoint failed: it gave no usable answer.",
    detail,
  );
}
