import { randomBytes, randomInt } from 'node:crypto';
import { expect } from '@jest/globals';
import type { App } from '../../src/app.js';
import supertest, { type Response } from 'supertest';

// Builders for the developer portal (POST /graphql): accounts, keys, plugins, sandboxes, all made
// through the API itself.

export const PASSWORD = 'correct horse battery staple';

/** A fresh client address (honoured from loopback: the harness sets SVC_TRUST_PROXY=loopback), so that sign-ups
 * of different tests do not share the per-IP log-in bucket. */
export const randomIp = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface GqlOptions {
  headers?: Record<string, string>;
}

/** One GraphQL request; `token` is a portal session or a developer key (or undefined). */
export function gql(
  app: App,
  token: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
  options: GqlOptions = {},
): Promise<Response> {
  let req = supertest(app)
    .post('/graphql')
    .set('Content-Type', 'application/json')
    .set('Accept', 'application/json');
  if (token !== undefined) req = req.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
  return req.send({ query, variables });
}

/** A request that must succeed without GraphQL errors; returns `data`. */
export async function gqlData<T = any>(
  app: App,
  token: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
  options?: GqlOptions,
): Promise<T> {
  const res = await gql(app, token, query, variables, options);
  if (res.status !== 200 || res.body.errors)
    throw new Error(`GraphQL request failed (${res.status}): ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

/** The one GraphQL error of a response, asserting a 200 with `data.<field>` null. */
export function gqlError(res: Response): {
  message: string;
  code: string;
  details?: Record<string, string[]>;
} {
  expect(res.status).toBe(200);
  expect(res.body.errors).toHaveLength(1);
  const [error] = res.body.errors;
  return {
    message: error.message,
    code: error.extensions?.code,
    details: error.extensions?.details,
  };
}

/** The spec's HTTP error body: `{error, message}` with the given status. */
export function expectHttpError(res: Response, status: number, code: string): void {
  expect({ status: res.status, error: res.body.error }).toEqual({ status, error: code });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.data).toBeUndefined();
}

export interface PortalDeveloper {
  token: string;
  email: string;
  developerId: number;
}

export async function signUpDeveloper(app: App, name = 'Test Developer'): Promise<PortalDeveloper> {
  const email = `dev-${randomBytes(5).toString('hex')}@example.com`;
  const data = await gqlData(
    app,
    undefined,
    'mutation($email: String!, $password: String!, $name: String!) { signUp(email: $email, password: $password, name: $name) { token expiresAt } }',
    { email, password: PASSWORD, name },
    { headers: { 'X-Forwarded-For': randomIp() } },
  );
  const token = data.signUp.token as string;
  const me = await gqlData(app, token, '{ me { id } }');
  return { token, email, developerId: Number(me.me.id) };
}

export async function createDeveloperKey(
  app: App,
  token: string,
  scopes: string[] = ['plugins:read', 'plugins:write'],
  ipAllowlist?: string[],
): Promise<{ key: string; id: string }> {
  const data = await gqlData(
    app,
    token,
    'mutation($scopes: [String!]!, $ip: [String!]) { createDeveloperKey(name: "ci", scopes: $scopes, ipAllowlist: $ip) { key developerKey { id name scopes } } }',
    { scopes, ip: ipAllowlist },
  );
  return { key: data.createDeveloperKey.key, id: data.createDeveloperKey.developerKey.id };
}

export async function createProjectAndPlugin(
  app: App,
  token: string,
  input: Record<string, unknown> = {},
): Promise<{ projectId: string; pluginId: string; webhookSecret: string }> {
  const project = await gqlData(
    app,
    token,
    'mutation { createProject(name: "Delivery integration") { id } }',
  );
  const projectId = project.createProject.id as string;
  const data = await gqlData(
    app,
    token,
    'mutation($projectId: ID!, $input: CreatePluginInput!) { createPlugin(projectId: $projectId, input: $input) { plugin { id } webhookSecret } }',
    { projectId, input: { name: 'Courier Connect', ...input } },
  );
  return {
    projectId,
    pluginId: data.createPlugin.plugin.id,
    webhookSecret: data.createPlugin.webhookSecret,
  };
}

export interface PortalSandbox {
  sandboxId: string;
  schemaName: string;
  installationId: string;
  installationKey: string;
  webhookSecret: string;
}

export async function provisionPortalSandbox(
  app: App,
  token: string,
  pluginId: string,
  name = 'QA sandbox',
): Promise<PortalSandbox> {
  const data = await gqlData(
    app,
    token,
    `mutation($pluginId: ID!, $name: String!) {
      provisionSandbox(pluginId: $pluginId, name: $name, purpose: "Testing order sync") {
        sandbox { id name schemaName status } installationId installationKey webhookSecret
      }
    }`,
    { pluginId, name },
  );
  const p = data.provisionSandbox;
  return {
    sandboxId: p.sandbox.id,
    schemaName: p.sandbox.schemaName,
    installationId: p.installationId,
    installationKey: p.installationKey,
    webhookSecret: p.webhookSecret,
  };
}

/** The usual start of a portal test: a developer with a plugin and a provisioned sandbox. */
export interface PortalWorld {
  dev: PortalDeveloper;
  plugin: { pluginId: string; webhookSecret: string };
  box: PortalSandbox;
}

export async function portalWorld(app: App): Promise<PortalWorld> {
  const dev = await signUpDeveloper(app);
  const plugin = await createProjectAndPlugin(app, dev.token);
  const box = await provisionPortalSandbox(app, dev.token, plugin.pluginId);
  return { dev, plugin, box };
}
