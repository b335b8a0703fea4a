import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../src/domain/shared/errors.js';
import {
  assertWebhookEndpoint,
  classifyAddress,
  DestinationRefusedError,
  vetDestination,
  type LookupAll,
} from '../../src/domain/webhooks/delivery/destination-guard.js';

// A fake resolver: names a test controls, no network. `localhost` resolves like the machine does.
const zone: Record<string, string[]> = {
  'hooks.plugin.example': ['93.184.216.34'],
  'v6.plugin.example': ['2606:4700::1'],
  'internal.plugin.example': ['10.0.0.7'],
  'metadata.plugin.example': ['169.254.169.254'],
  'mixed.plugin.example': ['93.184.216.34', '192.168.1.20'],
  'mapped.plugin.example': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
};
const lookup: LookupAll = async (name) => {
  const addresses = zone[name];
  if (!addresses)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function verdict(host: string): Promise<string> {
  try {
    const vetted = await vetDestination(`https://${host}/hook`, { allowPrivate: false, lookup });
    return `allowed ${vetted.address}`;
  } catch (err) {
    if (err instanceof DestinationRefusedError) return `refused ${err.reason}`;
    throw err;
  }
}

describe('destination guard: address spellings', () => {
  it.each([
    // IPv4 loopback in every spelling the URL parser accepts
    ['127.0.0.1', 'refused loopback'],
    ['127.1', 'refused loopback'],
    ['0x7f.1', 'refused loopback'],
    ['0x7f000001', 'refused loopback'],
    ['017700000001', 'refused loopback'],
    ['0177.0.0.1', 'refused loopback'],
    ['2130706433', 'refused loopback'],
    ['127.000.000.001', 'refused loopback'],
    ['127.0.0.1.', 'refused loopback'],
    ['127.255.255.254', 'refused loopback'],
    // IPv6 loopback and IPv4-mapped / NAT64 / IPv4-compatible forms
    ['[::1]', 'refused loopback'],
    ['[0:0:0:0:0:0:0:1]', 'refused loopback'],
    ['[::ffff:127.0.0.1]', 'refused loopback'],
    ['[::ffff:7f00:1]', 'refused loopback'],
    ['[::ffff:10.0.0.1]', 'refused private'],
    ['[64:ff9b::a9fe:a9fe]', 'refused linkLocal'],
    ['[::127.0.0.1]', 'refused reserved'],
    // private, shared, link-local, unique-local, multicast, reserved, unspecified, broadcast
    ['10.0.0.1', 'refused private'],
    ['172.16.0.1', 'refused private'],
    ['172.31.255.255', 'refused private'],
    ['192.168.1.1', 'refused private'],
    ['0xc0.0xa8.1.1', 'refused private'],
    ['100.64.0.1', 'refused carrierGradeNat'],
    ['169.254.169.254', 'refused linkLocal'],
    ['[fe80::1]', 'refused linkLocal'],
    ['[fc00::1]', 'refused uniqueLocal'],
    ['[fd12:3456:789a::1]', 'refused uniqueLocal'],
    ['224.0.0.1', 'refused multicast'],
    ['239.255.255.250', 'refused multicast'],
    ['[ff02::1]', 'refused multicast'],
    ['0.0.0.0', 'refused unspecified'],
    ['0', 'refused unspecified'],
    ['[::]', 'refused unspecified'],
    ['255.255.255.255', 'refused broadcast'],
    ['192.0.2.10', 'refused reserved'],
    ['198.18.0.1', 'refused reserved'],
    ['240.0.0.1', 'refused reserved'],
    ['[2001:db8::1]', 'refused reserved'],
    ['[2002:7f00:1::]', 'refused 6to4'],
    ['[2001:0:4136:e378::1]', 'refused teredo'],
    // names that resolve to refused addresses
    ['localhost', 'refused loopback'],
    ['LOCALHOST', 'refused loopback'],
    ['internal.plugin.example', 'refused private'],
    ['metadata.plugin.example', 'refused linkLocal'],
    ['mixed.plugin.example', 'refused private'],
    ['mapped.plugin.example', 'refused loopback'],
    ['nowhere.plugin.example', 'refused unresolvable_host'],
    // public destinations
    ['93.184.216.34', 'allowed 93.184.216.34'],
    ['1.1.1.1', 'allowed 1.1.1.1'],
    ['[2606:4700::1]', 'allowed 2606:4700::1'],
    ['[2a00:1450:4001:80b::200e]', 'allowed 2a00:1450:4001:80b::200e'],
    ['hooks.plugin.example', 'allowed 93.184.216.34'],
    ['v6.plugin.example', 'allowed 2606:4700::1'],
  ])('when the host is %s, then it is %s', async (host, expected) => {
    expect(await verdict(host)).toBe(expected);
  });

  it('when the system resolver answers for localhost, then it is refused as loopback', async () => {
    const refused = await vetDestination('https://localhost/hook', { allowPrivate: false }).catch(
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({ reason: 'loopback', retryable: true });
  });

  it.each([
    [
      'internal.plugin.example',
      'internal.plugin.example resolves to a non-public address.',
      /10\.0\.0\.7|private/,
    ],
    [
      'metadata.plugin.example',
      'metadata.plugin.example resolves to a non-public address.',
      /169\.254|link/i,
    ],
    [
      'mixed.plugin.example',
      'mixed.plugin.example resolves to a non-public address.',
      /192\.168|93\.184|private/,
    ],
    [
      'mapped.plugin.example',
      'mapped.plugin.example resolves to a non-public address.',
      /127\.0\.0\.1|ffff|loopback/,
    ],
    [
      'nowhere.plugin.example',
      'nowhere.plugin.example could not be resolved.',
      /ENOTFOUND|getaddrinfo/,
    ],
  ])(
    'when the name %s is refused, then the message names the host but never what it resolves to nor the resolver error',
    async (host, message, leak) => {
      const refused = (await vetDestination(`https://${host}/hook`, {
        allowPrivate: false,
        lookup,
      }).catch((err: unknown) => err)) as DestinationRefusedError;
      expect(refused).toBeInstanceOf(DestinationRefusedError);
      expect(refused.message).toBe(message);
      expect(refused.message).not.toMatch(leak);
    },
  );

  it('when a name has no address at all, then it reads as unresolvable', async () => {
    const refused = await vetDestination('https://empty.plugin.example/hook', {
      allowPrivate: false,
      lookup: async () => [],
    }).catch((err: unknown) => err);
    expect(refused).toMatchObject({
      reason: 'unresolvable_host',
      message: 'empty.plugin.example could not be resolved.',
    });
  });

  it('when SVC_WEBHOOK_ALLOW_PRIVATE lifts the guard, then loopback names connect to the address they resolve to', async () => {
    const vetted = await vetDestination('https://localhost:8443/hook', {
      allowPrivate: true,
      lookup,
    });
    expect(vetted).toMatchObject({ address: '127.0.0.1', family: 4 });
  });

  it('when the scheme is http, then it is refused whatever the guard setting, and not retried', async () => {
    for (const allowPrivate of [false, true]) {
      const refused = await vetDestination('http://hooks.plugin.example/hook', {
        allowPrivate,
        lookup,
      }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(DestinationRefusedError);
      expect(refused).toMatchObject({ reason: 'insecure_scheme', retryable: false });
    }
  });

  it('when classifying resolver output directly, then mapped addresses are judged by their IPv4 address', () => {
    expect(classifyAddress('::ffff:192.168.0.1')).toMatchObject({
      address: '192.168.0.1',
      range: 'private',
      public: false,
    });
    expect(classifyAddress('::ffff:93.184.216.34')).toMatchObject({
      range: 'unicast',
      public: true,
    });
    expect(classifyAddress('8.8.8.8')).toMatchObject({ family: 4, public: true });
  });
});

describe('assertWebhookEndpoint (when a listing is saved)', () => {
  const refuse = (url: string) => {
    try {
      assertWebhookEndpoint(url);
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      return (err as DomainError).details?.webhook_endpoint?.[0];
    }
    throw new Error(`${url} was accepted`);
  };

  it('when the endpoint is a public https URL, then it is accepted and normalised', () => {
    expect(assertWebhookEndpoint('https://Hooks.Plugin.Example/svc')).toBe(
      'https://hooks.plugin.example/svc',
    );
  });

  it.each([
    ['http://hooks.plugin.example/svc', /https/],
    ['ftp://hooks.plugin.example/svc', /https/],
    ['not a url', /not a valid URL/],
    ['https://user:pass@hooks.plugin.example/', /credentials/],
    ['https://localhost/hook', /localhost/],
    ['https://127.1/hook', /public address/],
    ['https://[::ffff:10.1.2.3]/hook', /public address/],
    ['https://169.254.169.254/latest/meta-data', /public address/],
  ])('when the endpoint is %s, then it is refused', (url, reason) => {
    expect(refuse(url)).toMatch(reason);
  });

  it('when private addresses are allowed (local development), then only the scheme rule remains', () => {
    expect(assertWebhookEndpoint('https://localhost:8443/hook', { allowPrivate: true })).toBe(
      'https://localhost:8443/hook',
    );
    expect(() =>
      assertWebhookEndpoint('http://localhost:8443/hook', { allowPrivate: true }),
    ).toThrow(/https/);
  });
});
