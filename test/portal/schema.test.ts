import { describe, expect, it } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, findBreakingChanges, printSchema } from 'graphql';
import { buildPortalSchema } from '../../src/portal/yoga.js';

// The portal's schema is a contract: developers' scripts rely on its names and arguments. The
// committed snapshot makes every change visible in review, and a breaking one fails here.
// After a deliberate, non-breaking change: UPDATE_SCHEMA_SNAPSHOT=1 make test-unit JEST_ARGS=test/portal/schema

const SNAPSHOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.snapshot.graphql');
const live = buildPortalSchema();
const printed = printSchema(live) + '\n';

describe('portal schema', () => {
  it('has no breaking change against the committed snapshot', () => {
    const committed = buildSchema(readFileSync(SNAPSHOT, 'utf8'));
    const breaking = findBreakingChanges(committed, live).map(
      (change) => `${change.type}: ${change.description}`,
    );
    expect(breaking).toEqual([]);
  });

  it('matches the committed snapshot', () => {
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') writeFileSync(SNAPSHOT, printed);
    expect(printed).toBe(readFileSync(SNAPSHOT, 'utf8'));
  });

  it('keeps the names and arguments scripts rely on: accounts, keys, projects, plugins, sandboxes and webhook logs', () => {
    const query = live.getQueryType()!.getFields();
    const mutation = live.getMutationType()!.getFields();
    const args = (field: { args: readonly { name: string }[] }) => field.args.map((a) => a.name);
    for (const name of [
      'me',
      'developerKeys',
      'myDeveloperProjects',
      'sandboxes',
      'sandbox',
      'webhookLog',
      'webhookLogs',
    ])
      expect(query[name]).toBeDefined();
    expect(args(query.webhookLogs!)).toEqual(['installationId', 'first', 'after', 'endpointId']);
    expect(args(query.webhookReplay!)).toEqual(['id']);
    expect(args(query.webhookHealth!)).toEqual(['pluginId']);
    const fixed: Record<string, string[]> = {
      signUp: ['email', 'password', 'name'],
      logIn: ['email', 'password'],
      acceptDeveloperAgreement: ['version'],
      createDeveloperKey: ['name', 'scopes', 'ipAllowlist'],
      revokeDeveloperKey: ['id'],
      createProject: ['name'],
      createPlugin: ['projectId', 'input'],
      updatePlugin: ['id', 'input'],
      rotateWebhookSecret: ['pluginId', 'overlapHours', 'plane'],
      expireWebhookSecret: ['pluginId', 'plane'],
      provisionSandbox: ['pluginId', 'name', 'purpose'],
      resetSandbox: ['id'],
      protectSandbox: ['id', 'days'],
      deleteSandbox: ['id'],
      regenerateInstallationKey: ['installationId'],
      testWebhook: ['installationId', 'event'],
      redeliverWebhook: ['logId'],
      replayWebhooks: ['installationId', 'since', 'until', 'onlyFailed', 'endpointId'],
    };
    for (const [name, expected] of Object.entries(fixed))
      expect([name, args(mutation[name]!)]).toEqual([name, expected]);
    const input = live.getType('UpdatePluginInput') as unknown as {
      getFields(): Record<string, unknown>;
    };
    expect(Object.keys(input.getFields())).toEqual(
      expect.arrayContaining([
        'webhookEndpoint',
        'supportedEvents',
        'supportedFeatures',
        'integrationType',
        'oauth',
        'pricing',
        'trialDays',
        'webhookAutoRecover',
      ]),
    );
  });
});
