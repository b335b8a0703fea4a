import type { Selectable, Updateable } from 'kysely';
import type { PluginsTable } from '../../db/types.js';
import { encrypt } from '../../lib/secrets.js';
import {
  assertWebhookEndpoint,
  DestinationRefusedError,
  parseEndpoint,
  savedHostProblem,
} from '../webhooks/index.js';
import { unknownSubscriptionEntries } from '../webhooks/index.js';
import { ValidationError, type Details } from '../shared/index.js';

// The listing settings a plugin owner sets (spec: "Plugin listing settings"), validated as a whole:
// each field on its own, then the combination the plugin would end up with. Field names in
// `details` are the portal's input names (camelCase).

export const PLUGIN_FEATURES = ['orders:create', 'payments:capture'] as const;
const MAX_TRIAL_DAYS = 365;
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

export type PluginRow = Selectable<PluginsTable>;

export interface OAuthInput {
  clientId?: string | null;
  clientSecret?: string | null;
  scopes?: string[] | null;
  authorizeUrl?: string | null;
  tokenUrl?: string | null;
}

/** Absent fields are left as they are; null clears a nullable one. */
export interface PluginSettingsInput {
  name?: string;
  webhookEndpoint?: string | null;
  supportedEvents?: string[] | null;
  supportedFeatures?: string[] | null;
  integrationType?: 'none' | 'oauth2';
  oauth?: OAuthInput | null;
  pricing?: { model: 'free' | 'paid'; price?: string | null };
  trialDays?: number;
  /** Automatic recovery of failed deliveries (webhooks/replay/replay.ts). */
  webhookAutoRecover?: boolean | null;
}

export interface SettingsOptions {
  encryptionKey: Buffer;
  /** SVC_WEBHOOK_ALLOW_PRIVATE: lets an endpoint name a private or loopback host (tests, local development). */
  allowPrivate: boolean;
}

const unique = <T>(values: T[]) => [...new Set(values)];

const URL_SHAPE_PROBLEMS: Record<string, string> = {
  invalid_url: 'must be an absolute https URL',
  insecure_scheme: 'must be an https URL',
  credentials_in_url: 'must not carry credentials',
};

/**
 * An OAuth provider URL, which the service itself calls (the token URL): the destination guard's
 * rules at save time (https, no credentials, a public address literal, not localhost). Names are
 * resolved and vetted again at every request.
 */
function httpsUrl(value: string, allowPrivate: boolean): string | undefined {
  if (value.length > 2048) return 'must be at most 2048 characters';
  let url: URL;
  try {
    url = parseEndpoint(value);
  } catch (err) {
    if (!(err instanceof DestinationRefusedError)) throw err;
    return URL_SHAPE_PROBLEMS[err.reason] ?? 'must be an absolute https URL';
  }
  return savedHostProblem(url, allowPrivate);
}

/**
 * A public https URL: the destination guard's check at save time (address literals and localhost;
 * names are resolved and checked again at every delivery). Returns the normalised URL.
 */
function checkEndpoint(
  endpoint: string,
  allowPrivate: boolean,
  problem: (field: string, message: string) => void,
): string {
  try {
    return assertWebhookEndpoint(endpoint, { allowPrivate, field: 'webhookEndpoint' });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const message of err.details?.webhookEndpoint ?? [err.message])
      problem('webhookEndpoint', message);
    return endpoint;
  }
}

/**
 * Turns the input into column changes, given the current row (undefined for a new plugin). Throws
 * one ValidationError naming every problem.
 */
export function toPluginChanges(
  input: PluginSettingsInput,
  current: PluginRow | undefined,
  options: SettingsOptions,
): Updateable<PluginsTable> {
  const details: Details = {};
  const problem = (field: string, message: string) => (details[field] ??= []).push(message);
  const changes: Updateable<PluginsTable> = {};

  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name.length === 0 || name.length > 100) problem('name', 'must be 1 to 100 characters');
    changes.name = name;
  }
  if (input.webhookEndpoint !== undefined) {
    const endpoint =
      input.webhookEndpoint === null || input.webhookEndpoint.trim() === ''
        ? null
        : input.webhookEndpoint.trim();
    changes.webhook_endpoint =
      endpoint === null ? null : checkEndpoint(endpoint, options.allowPrivate, problem);
  }
  if (input.supportedEvents !== undefined) {
    const events =
      input.supportedEvents === null ? null : unique(input.supportedEvents.map((e) => e.trim()));
    for (const entry of unknownSubscriptionEntries(events ?? [])) {
      problem(
        'supportedEvents',
        `${entry} is not a catalog event or family wildcard (e.g. order.created, order.*)`,
      );
    }
    changes.supported_events = events;
  }
  if (input.supportedFeatures !== undefined) {
    const features = unique(input.supportedFeatures ?? []);
    for (const feature of features) {
      if (!(PLUGIN_FEATURES as readonly string[]).includes(feature)) {
        problem(
          'supportedFeatures',
          `${feature} is not a capability (use ${PLUGIN_FEATURES.join(', ')})`,
        );
      }
    }
    changes.supported_features = features;
  }
  if (input.pricing !== undefined) {
    const price = input.pricing.price ?? null;
    if (price !== null && !PRICE.test(price))
      problem('pricing.price', 'must be a decimal amount with at most two decimals (e.g. "9.99")');
    changes.pricing_model = input.pricing.model;
    changes.price = price;
  }
  if (input.trialDays !== undefined) {
    if (
      !Number.isInteger(input.trialDays) ||
      input.trialDays < 0 ||
      input.trialDays > MAX_TRIAL_DAYS
    ) {
      problem('trialDays', `must be an integer from 0 to ${MAX_TRIAL_DAYS}`);
    }
    changes.trial_days = input.trialDays;
  }
  if (input.webhookAutoRecover !== undefined) {
    if (typeof input.webhookAutoRecover !== 'boolean')
      problem('webhookAutoRecover', 'must be true or false');
    else changes.webhook_auto_recover = input.webhookAutoRecover;
  }
  applyOAuth(input, current, changes, problem, options);
  checkPricing({ ...current, ...changes }, details, problem);
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  return changes;
}

function applyOAuth(
  input: PluginSettingsInput,
  current: PluginRow | undefined,
  changes: Updateable<PluginsTable>,
  problem: (field: string, message: string) => void,
  { encryptionKey, allowPrivate }: SettingsOptions,
): void {
  const type = input.integrationType ?? current?.integration_type ?? 'none';
  if (input.integrationType !== undefined) changes.integration_type = input.integrationType;
  if (type === 'none') {
    if (input.oauth) problem('oauth', 'is only for integrationType oauth2');
    // Leaving OAuth drops its settings: no client secret is kept for an integration that has none.
    Object.assign(changes, {
      oauth_client_id: null,
      oauth_client_secret_enc: null,
      oauth_scopes: null,
      oauth_authorize_url: null,
      oauth_token_url: null,
    });
    return;
  }
  const oauth = input.oauth ?? {};
  const text = (field: keyof OAuthInput, max: number): string | null | undefined => {
    const value = oauth[field];
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string' || value.trim().length === 0 || value.length > max) {
      problem(`oauth.${field}`, `must be 1 to ${max} characters`);
      return undefined;
    }
    return value.trim();
  };
  const clientId = text('clientId', 200);
  if (clientId !== undefined) changes.oauth_client_id = clientId;
  const clientSecret = text('clientSecret', 500);
  if (clientSecret !== undefined)
    changes.oauth_client_secret_enc =
      clientSecret === null ? null : encrypt(encryptionKey, clientSecret);
  for (const field of ['authorizeUrl', 'tokenUrl'] as const) {
    const url = text(field, 2048);
    const urlProblem = url ? httpsUrl(url, allowPrivate) : undefined;
    if (urlProblem) problem(`oauth.${field}`, urlProblem);
    if (url !== undefined)
      changes[field === 'authorizeUrl' ? 'oauth_authorize_url' : 'oauth_token_url'] = url;
  }
  if (oauth.scopes !== undefined) {
    const scopes = unique(oauth.scopes ?? []);
    if (scopes.some((s) => !/^\S{1,200}$/.test(s)))
      problem('oauth.scopes', 'each scope must be 1 to 200 characters without spaces');
    changes.oauth_scopes = scopes;
  }
  // The integration the plugin ends up with must be usable: every OAuth client setting present.
  const result = { ...current, ...changes };
  const required: [keyof OAuthInput, unknown][] = [
    ['clientId', result.oauth_client_id],
    ['clientSecret', result.oauth_client_secret_enc],
    ['authorizeUrl', result.oauth_authorize_url],
    ['tokenUrl', result.oauth_token_url],
  ];
  for (const [field, value] of required) {
    if (value === null || value === undefined)
      problem(`oauth.${field}`, 'is required for integrationType oauth2');
  }
}

function checkPricing(
  result: Partial<{ pricing_model: string; price: string | number | null; trial_days: number }>,
  details: Details,
  problem: (field: string, message: string) => void,
): void {
  const model = result.pricing_model ?? 'free';
  const price = result.price === null || result.price === undefined ? null : String(result.price);
  if (!details['pricing.price']) {
    if (model === 'paid' && (price === null || !/[1-9]/.test(price)))
      problem('pricing.price', 'is required and above 0 for a paid plugin');
    if (model === 'free' && price !== null)
      problem('pricing.price', 'must be empty for a free plugin');
  }
  if (model === 'free' && (result.trial_days ?? 0) > 0)
    problem('trialDays', 'must be 0 for a free plugin (trials are for paid plugins)');
}
