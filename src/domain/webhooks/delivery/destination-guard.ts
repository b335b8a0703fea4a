import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { ValidationError } from '../../shared/index.js';

// The destination guard (spec: Delivery rules, "Destination"): webhooks go to public addresses
// only. The host is resolved, every address it resolves to is classified, and the request then
// connects to the address that was checked (see http-client.ts), so a DNS answer that changes
// between the check and the connection (rebinding) cannot redirect it.
//
// Host spellings are normalised by the WHATWG URL parser, which turns the decimal, octal, hex and
// shortened IPv4 forms (2130706433, 017700000001, 0x7f.1, 127.1) into dotted quads and compresses
// IPv6 literals, so the classifier below only ever sees canonical addresses.

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface GuardOptions {
  /** SVC_WEBHOOK_ALLOW_PRIVATE=1: local development and tests only. */
  allowPrivate: boolean;
  /** Resolver; defaults to the system's (getaddrinfo, like every other client on the machine). */
  lookup?: LookupAll;
}

export interface AddressVerdict {
  address: string;
  family: 4 | 6;
  /** ipaddr.js range name (`unicast`, `private`, `loopback`, `ipv4Mapped` -> the mapped address's range, ...). */
  range: string;
  public: boolean;
}

export interface VettedDestination {
  url: URL;
  /** The address the connection must go to. */
  address: string;
  family: 4 | 6;
}

/** Why no request was made. `retryable` is false when waiting cannot help (plain http, bad URL). */
export class DestinationRefusedError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

/** Classifies one IP address (IPv4 or IPv6, canonical or not, with or without brackets). */
export function classifyAddress(input: string): AddressVerdict {
  const text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(text.replace(/%.*$/, ''));
  let range = parsed.range();
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const embedded = embeddedIPv4(v6, range);
    if (embedded) {
      parsed = embedded;
      range = embedded.range();
    } else if (range === 'unicast' && (v6.parts[0]! & 0xe000) !== 0x2000) {
      // Outside 2000::/3 nothing is global unicast (IPv4-compatible ::a.b.c.d, unassigned space).
      range = 'reserved';
    }
  }
  return {
    address: parsed.toString(),
    family: parsed.kind() === 'ipv4' ? 4 : 6,
    range,
    public: range === 'unicast',
  };
}

/** IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses are judged by their IPv4 address. */
function embeddedIPv4(v6: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  if (range === 'ipv4Mapped') return v6.toIPv4Address();
  if (
    range === 'rfc6052' &&
    v6.parts[0] === 0x64 &&
    v6.parts[1] === 0xff9b &&
    v6.parts.slice(2, 6).every((p) => p === 0)
  ) {
    const [hi, lo] = [v6.parts[6]!, v6.parts[7]!];
    return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  }
  return undefined;
}

/** The URL's host as the WHATWG parser canonicalises it: `ip` for address literals. */
export function parseHost(
  url: URL,
): { kind: 'ip'; address: string } | { kind: 'name'; name: string } {
  const host = url.hostname;
  if (host.startsWith('[')) return { kind: 'ip', address: host.slice(1, -1) };
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) return { kind: 'ip', address: host };
  return { kind: 'name', name: host.endsWith('.') ? host.slice(0, -1) : host };
}

/**
 * Parses and checks the URL shape: https, a host, no credentials. Throws DestinationRefusedError
 * whose message starts with `label` (what the URL is for).
 */
export function parseEndpoint(endpoint: string, label = 'The webhook endpoint'): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new DestinationRefusedError('invalid_url', `${label} is not a valid URL.`, false);
  }
  if (url.protocol !== 'https:') {
    throw new DestinationRefusedError(
      'insecure_scheme',
      `${label} must use https (got ${url.protocol.replace(':', '')}).`,
      false,
    );
  }
  if (url.username || url.password) {
    throw new DestinationRefusedError(
      'credentials_in_url',
      `${label} must not carry credentials.`,
      false,
    );
  }
  if (!url.hostname)
    throw new DestinationRefusedError('invalid_url', `${label} has no host.`, false);
  return url;
}

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the endpoint's host and checks every address. Refuses when any address is not public
 * (a name that resolves to both a public and a private address is refused), unless allowPrivate.
 * A refusal of a name says only that it resolves to a non-public address, or could not be
 * resolved: never the addresses nor the resolver's error (the message reaches plugin developers,
 * who would otherwise map the service's internal names).
 */
export async function vetDestination(
  endpoint: string | URL,
  options: GuardOptions,
): Promise<VettedDestination> {
  const url = typeof endpoint === 'string' ? parseEndpoint(endpoint) : endpoint;
  const host = parseHost(url);
  let addresses: { address: string; family: number }[];
  if (host.kind === 'ip') {
    addresses = [{ address: host.address, family: host.address.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host.name);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0)
      throw new DestinationRefusedError(
        'unresolvable_host',
        `${host.name} could not be resolved.`,
        true,
      );
  }
  const verdicts = addresses.map((a) => classifyAddress(a.address));
  const blocked = verdicts.find((v) => !v.public);
  if (blocked && !options.allowPrivate) {
    const message =
      host.kind === 'name'
        ? `${host.name} resolves to a non-public address.`
        : `Refused to connect to ${blocked.address}: ${describeRange(blocked.range)} addresses are not allowed.`;
    throw new DestinationRefusedError(blocked.range, message, true);
  }
  // Connect to exactly what was checked: the first IPv4 address when there is one (IPv6 routes are
  // the likelier to be missing), as resolved (mapped forms included).
  const address = (addresses.find((a) => !a.address.includes(':')) ?? addresses[0]!).address;
  return { url, address, family: address.includes(':') ? 6 : 4 };
}

function describeRange(range: string): string {
  return range
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .replace('ipv4', 'IPv4');
}

/**
 * The guard's rule for a host known without resolving it, for checks when a URL is saved: an
 * address literal (any spelling) must be public, and `localhost` (or a name under it) is refused.
 * Other names are resolved and checked when the request is made. Returns the problem, if any.
 */
export function savedHostProblem(url: URL, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  const host = parseHost(url);
  const name = host.kind === 'name' ? host.name.toLowerCase() : '';
  if (name === 'localhost' || name.endsWith('.localhost'))
    return 'must be a public address, not localhost';
  if (host.kind === 'ip') {
    const verdict = classifyAddress(host.address);
    if (!verdict.public)
      return `must be a public address (${verdict.address} is ${describeRange(verdict.range)})`;
  }
  return undefined;
}

/**
 * Check for the portal when a listing's webhook_endpoint is saved: a valid https URL without
 * credentials, whose host, when it is an address literal (any spelling) or `localhost`, is public.
 * Names are resolved at delivery time, where the full guard runs. Returns the normalised URL;
 * throws ValidationError (422) with details under `field`.
 */
export function assertWebhookEndpoint(
  endpoint: string,
  options: { allowPrivate?: boolean; field?: string } = {},
): string {
  const field = options.field ?? 'webhook_endpoint';
  if (endpoint.length > 2048)
    throw new ValidationError({ [field]: ['must be at most 2048 characters'] });
  let url: URL;
  try {
    url = parseEndpoint(endpoint);
  } catch (err) {
    throw new ValidationError({ [field]: [(err as Error).message] }, (err as Error).message);
  }
  const problem = savedHostProblem(url, options.allowPrivate ?? false);
  if (problem) throw new ValidationError({ [field]: [problem] });
  return url.toString();
}
