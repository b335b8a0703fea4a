import { describe, expect, it } from '@jest/globals';
import { isAddressAllowed, normalizeCidr } from '../../src/lib/cidr.js';
import type { Principal } from '../../src/portal/auth.js';
import { authorize, readPortalPolicy, requestedOperation } from '../../src/portal/policy.js';
import { buildPortalSchema } from '../../src/portal/yoga.js';

// Pure rules of the portal gate: which root fields a request runs, who may run them (as the SDL's
// @access and @rateLimited directives declare), and the IP allowlist matcher.

const schema = buildPortalSchema();
const policy = readPortalPolicy(schema);

describe('requestedOperation', () => {
  it('collects root fields through fragments and inline fragments', () => {
    const query =
      'query Q { me { id } ...A ... on Query { sandboxes { id } } } fragment A on Query { ...B } fragment B on Query { developerKeys { id } ...A }';
    expect(requestedOperation(query, 'Q')).toEqual({
      operation: 'query',
      fields: ['me', 'developerKeys', 'sandboxes'],
    });
  });

  it('picks the named operation, or the only one; otherwise none', () => {
    const doc = 'query A { me { id } } mutation B { createProject(name: "x") { id } }';
    expect(requestedOperation(doc, 'B')).toEqual({
      operation: 'mutation',
      fields: ['createProject'],
    });
    expect(requestedOperation(doc, undefined)).toBeUndefined();
    expect(requestedOperation(doc, 'C')).toBeUndefined();
    expect(requestedOperation('{ me { id', undefined)).toBeUndefined();
    expect(requestedOperation(42, undefined)).toBeUndefined();
  });
});

describe('authorize', () => {
  const session: Principal = {
    kind: 'session',
    developerId: 1,
    role: 'developer',
    session: { id: '', expiresAt: new Date() },
  };
  const operator: Principal = {
    kind: 'session',
    developerId: 2,
    role: 'operator',
    session: { id: '', expiresAt: new Date() },
  };
  const operatorKey: Principal = {
    kind: 'key',
    developerId: 2,
    keyId: 3,
    scopes: ['plugins:read', 'plugins:write'],
  };
  const reader: Principal = { kind: 'key', developerId: 1, keyId: 1, scopes: ['plugins:read'] };
  const writer: Principal = { kind: 'key', developerId: 1, keyId: 2, scopes: ['plugins:write'] };
  const codeOf = (principal: Principal | null, operation: 'query' | 'mutation', field: string) => {
    try {
      authorize(principal, policy.access(operation, field), field);
      return 'ok';
    } catch (err) {
      return (err as { code: string }).code;
    }
  };

  it.each([
    [null, 'mutation', 'logIn', 'ok'],
    [null, 'query', '__schema', 'ok'],
    [null, 'query', 'me', 'authentication_failed'],
    [session, 'mutation', 'createDeveloperKey', 'ok'],
    [reader, 'query', 'developerKeys', 'portal_session_required'],
    [writer, 'mutation', 'acceptDeveloperAgreement', 'portal_session_required'],
    [reader, 'query', 'sandboxes', 'ok'],
    [reader, 'mutation', 'resetSandbox', 'insufficient_scope'],
    [writer, 'mutation', 'resetSandbox', 'ok'],
    [writer, 'query', 'sandboxes', 'insufficient_scope'],
    [null, 'mutation', 'reviewPlugin', 'authentication_failed'],
    [session, 'mutation', 'reviewPlugin', 'forbidden'],
    [session, 'mutation', 'installPlugin', 'forbidden'],
    [session, 'query', 'listings', 'forbidden'],
    [writer, 'mutation', 'posSale', 'portal_session_required'],
    [operatorKey, 'mutation', 'createOrganization', 'portal_session_required'],
    [operator, 'mutation', 'createOrganization', 'ok'],
    [operator, 'mutation', 'runSandboxIdleSweep', 'ok'],
    [operator, 'query', 'me', 'ok'],
    [session, 'mutation', 'simulatePosSale', 'ok'],
    [writer, 'mutation', 'simulateInstall', 'ok'],
    [reader, 'mutation', 'simulateInstall', 'insufficient_scope'],
  ] as const)('%j calling %s %s: %s', (principal, operation, field, expected) => {
    expect(codeOf(principal as Principal | null, operation, field)).toBe(expected);
  });
});

describe('the policy the SDL declares', () => {
  // The whole table, so that a directive dropped or added in schema.graphql shows here in review.
  const roots = { query: schema.getQueryType()!, mutation: schema.getMutationType()! };
  const fields = Object.entries(roots).flatMap(([operation, type]) =>
    Object.keys(type.getFields()).map((field) => ({
      operation: operation as 'query' | 'mutation',
      field,
    })),
  );
  const group = (of: (operation: 'query' | 'mutation', field: string) => string | undefined) => {
    const groups: Record<string, string[]> = {};
    for (const { operation, field } of fields) {
      const key = of(operation, field);
      if (key) (groups[key] ??= []).push(`${operation}.${field}`);
    }
    return groups;
  };

  it('gives every root field its access level; a field without @access needs read (query) or write (mutation)', () => {
    const levels = group((operation, field) => {
      const access = policy.access(operation, field);
      return access === (operation === 'query' ? 'read' : 'write') ? undefined : access;
    });
    expect(levels).toEqual({
      session: [
        'query.developerKeys',
        'mutation.acceptDeveloperAgreement',
        'mutation.createDeveloperKey',
        'mutation.revokeDeveloperKey',
        // Moves REST and webhooks of production together: a key may only move sandboxes.
        'mutation.setPluginApiVersion',
      ],
      operator: [
        'query.listings',
        'query.organization',
        'mutation.reviewPlugin',
        'mutation.createOrganization',
        'mutation.createLocation',
        'mutation.installPlugin',
        'mutation.completeCheckout',
        'mutation.removeInstallation',
        'mutation.runTrialSweep',
        'mutation.runSandboxIdleSweep',
        'mutation.posOrder',
        'mutation.posReleaseOrder',
        'mutation.posAddItems',
        'mutation.posOrderPrepared',
        'mutation.posSale',
        'mutation.posFailedPayment',
        'mutation.posRefund',
        'mutation.posMenuItemCreated',
        'mutation.posMenuItemDeleted',
      ],
      public: ['mutation.signUp', 'mutation.logIn', 'mutation.logOut'],
    });
    // The one subscription: a stream of a sandbox's deliveries, for a read-scoped key too.
    expect(policy.access('subscription', 'webhookStream')).toBe('read');
  });

  it('charges signUp, logIn and every simulate* mutation to a per-IP bucket', () => {
    const buckets = group((operation, field) => {
      const limit = policy.rateLimit(operation, field, '203.0.113.7');
      return limit && `${limit.bucket.replace(':203.0.113.7', '')} ${limit.limit}`;
    });
    expect(buckets).toEqual({
      'login 10': ['mutation.signUp', 'mutation.logIn'],
      'simulate 30': [
        'mutation.simulateInstall',
        'mutation.simulateCheckout',
        'mutation.simulateTrialEnding',
        'mutation.simulateTrialConversion',
        'mutation.simulateRemoval',
        'mutation.simulatePosOrder',
        'mutation.simulateReleaseOrder',
        'mutation.simulateAddItems',
        'mutation.simulateOrderPrepared',
        'mutation.simulatePosSale',
        'mutation.simulateFailedPayment',
        'mutation.simulateRefund',
        'mutation.simulateMenuItemCreated',
        'mutation.simulateMenuItemDeleted',
        'mutation.simulateSandboxExpiryWarning',
        'mutation.runScenario',
        'mutation.advanceSandboxClock',
      ],
    });
    expect(policy.rateLimit('mutation', 'logIn', '203.0.113.7')).toEqual({
      bucket: 'login:203.0.113.7',
      limit: 10,
    });
    expect(policy.rateLimit('mutation', 'simulatePosSale', '198.51.100.1')).toEqual({
      bucket: 'simulate:198.51.100.1',
      limit: 30,
    });
  });

  it('defaults a field the schema does not have by its operation, and makes introspection public', () => {
    expect(policy.access('query', 'noSuchField')).toBe('read');
    expect(policy.access('mutation', 'noSuchField')).toBe('write');
    expect(policy.access('query', '__schema')).toBe('public');
    expect(policy.rateLimit('mutation', 'noSuchField', '203.0.113.7')).toBeUndefined();
  });
});

describe('IP allowlist', () => {
  it.each([
    ['203.0.113.9/24', '203.0.113.0/24'],
    ['198.51.100.7', '198.51.100.7/32'],
    ['2001:DB8:0:0::1/64', '2001:db8::/64'],
    ['::ffff:10.1.0.0/112', '10.1.0.0/16'],
    ['10.1', undefined],
    ['0x0a.0.0.1', undefined],
    ['10.0.0.0/33', undefined],
    ['2001:db8::/129', undefined],
    ['10.0.0.0/8/8', undefined],
    ['fe80::1%eth0', undefined],
    ['localhost', undefined],
  ])('normalizes %s to %s', (entry, expected) => {
    expect(normalizeCidr(entry)).toBe(expected);
  });

  it('matches IPv4, IPv6 and IPv4-mapped client addresses', () => {
    const list = ['203.0.113.0/24', '2001:db8::/32'];
    expect(isAddressAllowed('203.0.113.200', list)).toBe(true);
    expect(isAddressAllowed('::ffff:203.0.113.200', list)).toBe(true);
    expect(isAddressAllowed('2001:db8:1::5', list)).toBe(true);
    expect(isAddressAllowed('203.0.114.1', list)).toBe(false);
    expect(isAddressAllowed('2001:db9::1', list)).toBe(false);
    expect(isAddressAllowed('', list)).toBe(false);
    expect(isAddressAllowed('192.0.2.1', [])).toBe(true);
  });
});
