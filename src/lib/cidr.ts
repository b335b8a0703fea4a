import ipaddr from 'ipaddr.js';

// IP allowlists of developer keys: CIDR blocks (or bare addresses), IPv4 and IPv6, through
// ipaddr.js rather than hand-written parsing.

/**
 * Reads one allowlist entry and returns its canonical CIDR (`203.0.113.0/24`, `2001:db8::/32`),
 * or undefined when it is not one. A bare address is a single-host block (/32 or /128). IPv4 must
 * be written as four decimal parts: the legacy spellings ipaddr.js also accepts (`10.1`, `0x0a...`)
 * are refused, so that an allowlist reads exactly as it matches.
 */
export function normalizeCidr(entry: string): string | undefined {
  const value = entry.trim();
  const [address, prefix, ...rest] = value.split('/');
  if (!address || rest.length > 0) return undefined;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) {
    const bits = prefix === undefined ? 32 : Number(prefix);
    if (bits > 32) return undefined;
    return `${ipaddr.IPv4.networkAddressFromCIDR(`${address}/${bits}`).toString()}/${bits}`;
  }
  if (ipaddr.IPv6.isValid(address) && !address.includes('%')) {
    const bits = prefix === undefined ? 128 : Number(prefix);
    if (bits > 128) return undefined;
    const parsed = ipaddr.IPv6.parse(address);
    // An IPv4-mapped block (::ffff:10.0.0.0/104) is stated in IPv4 terms: clients arrive as IPv4.
    if (parsed.isIPv4MappedAddress() && bits >= 96) {
      const v4bits = bits - 96;
      return `${ipaddr.IPv4.networkAddressFromCIDR(`${parsed.toIPv4Address().toString()}/${v4bits}`).toString()}/${v4bits}`;
    }
    return `${ipaddr.IPv6.networkAddressFromCIDR(`${address}/${bits}`).toString()}/${bits}`;
  }
  return undefined;
}

/** Whether the client address falls in one of the (canonical) CIDR blocks. */
export function isAddressAllowed(ip: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  if (!ipaddr.isValid(ip)) return false;
  // process() turns an IPv4-mapped IPv6 address (::ffff:203.0.113.7) into its IPv4 form.
  const address = ipaddr.process(ip);
  return allowlist.some((cidr) => {
    try {
      const [network, bits] = ipaddr.parseCIDR(cidr);
      return network.kind() === address.kind() && address.match(network, bits);
    } catch {
      return false;
    }
  });
}
