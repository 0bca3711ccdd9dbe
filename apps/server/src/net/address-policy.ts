/**
 * Which network addresses a URL import may connect to (DESIGN.md section 3, "Import by URL"): only global
 * unicast. Loopback, private, link-local, carrier-grade NAT, multicast, documentation, benchmarking and every
 * other special-purpose range of the IANA registries are refused, and so are IPv6 forms that carry an IPv4
 * address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96` and
 * `64:ff9b:1::/48`) when the embedded IPv4 address is not global.
 */
import ipaddr from 'ipaddr.js';

/** What {@link classifyAddress} found out about one address. */
export interface AddressClass {
  /** The address as parsed (IPv6 in its canonical short form), or the input when it is not an address. */
  address: string;
  /** True only for global unicast addresses (and IPv6 forms embedding a global unicast IPv4). */
  global: boolean;
  /** ipaddr.js range name (`unicast`, `loopback`, `private`, `ipv4Mapped`, `rfc6052`, ...), or `invalid`. */
  range: string;
  /** The IPv4 address carried by an IPv4-mapped, IPv4-compatible or NAT64 address, classified on its own. */
  embedded?: AddressClass;
}

/** IPv6 global unicast space (RFC 4291 section 2.4: 2000::/3); ipaddr.js calls everything it does not know `unicast`. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** Removes `[...]` around an IPv6 literal as it appears in a URL host. */
export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** The IPv4 address in the low 32 bits of an IPv6 address. */
function low32(v6: ipaddr.IPv6): ipaddr.IPv4 {
  const b = v6.toByteArray();
  return new ipaddr.IPv4(b.slice(12, 16));
}

/** True for `::a.b.c.d` (IPv4-compatible, RFC 4291 section 2.5.5.1, deprecated): the first 96 bits are zero. */
function isIPv4Compatible(v6: ipaddr.IPv6): boolean {
  return v6.parts.slice(0, 6).every((p) => p === 0);
}

/**
 * Parses an address strictly: IPv4 only as four decimal parts (no `1.2.3`, `0x7f.1`, `017.0.0.1` forms that
 * `inet_aton` would read differently), IPv6 with its dotted-quad tail rewritten as two hex groups first
 * (ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`). Null when it is not an address.
 */
function parseStrict(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes(':')) return null;
  const v6 = text.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(%.*)?$/, (m, a, b, c, d, zone = '') => {
    const q = [a, b, c, d].map(Number);
    if (q.some((n) => n > 255) || !ipaddr.IPv4.isValidFourPartDecimal(`${a}.${b}.${c}.${d}`)) return m;
    return `${((q[0]! << 8) | q[1]!).toString(16)}:${((q[2]! << 8) | q[3]!).toString(16)}${zone}`;
  });
  return ipaddr.IPv6.isValid(v6) ? ipaddr.IPv6.parse(v6) : null;
}

/**
 * Classifies an IP address (IPv4 dotted, IPv6 with or without brackets or a zone id).
 * Not an address at all gives `{ global: false, range: 'invalid' }`.
 * Examples: `8.8.8.8` global; `10.1.2.3` private; `::ffff:127.0.0.1` ipv4Mapped with embedded loopback, not global;
 * `64:ff9b::808:808` rfc6052 with embedded 8.8.8.8, global.
 */
export function classifyAddress(input: string): AddressClass {
  const addr = parseStrict(stripBrackets(input.trim()));
  if (!addr) return { address: input, global: false, range: 'invalid' };
  if (addr.kind() === 'ipv4') {
    const range = addr.range();
    return { address: addr.toString(), global: range === 'unicast', range };
  }
  const v6 = addr as ipaddr.IPv6;
  const range = v6.range();
  const address = v6.toString();
  if (range === 'ipv4Mapped' || range === 'rfc6052') {
    const embedded = classifyAddress(low32(v6).toString());
    return { address, global: embedded.global, range, embedded };
  }
  if (range === 'unspecified' || range === 'loopback') return { address, global: false, range };
  if (isIPv4Compatible(v6)) {
    const embedded = classifyAddress(low32(v6).toString());
    return { address, global: embedded.global, range: 'ipv4Compatible', embedded };
  }
  return { address, global: range === 'unicast' && v6.match(IPV6_GLOBAL_UNICAST), range };
}

/** Decides whether URL import may connect to an address. */
export interface AddressPolicy {
  /** True when a connection to `address` (an IP address string, as in `socket.remoteAddress`) may proceed. */
  isAllowed(address: string): boolean;
}

/** Settings of {@link createAddressPolicy}. */
export interface AddressPolicyOptions {
  /** Allow every address (QUIRE_ALLOW_PRIVATE_URLS=1: tests and local development only). */
  allowAll?: boolean;
  /** CIDR ranges allowed although not global, e.g. `['127.0.0.1/32', 'fd00::/8']`. */
  allowCidrs?: readonly string[];
}

/** A configured range is not valid CIDR notation. */
export class InvalidCidrError extends Error {
  constructor(cidr: string) {
    super(`QUIRE_URL_ALLOW_CIDRS: "${cidr}" is not a CIDR range (like 10.0.0.0/8 or fd00::/8)`);
    this.name = 'InvalidCidrError';
  }
}

/**
 * The policy of DESIGN.md section 3: global unicast passes; `allowCidrs` add exceptions; `allowAll` turns the
 * check off. An IPv4 range in `allowCidrs` also matches the IPv4-mapped form of its addresses.
 * @throws InvalidCidrError for a malformed range.
 */
export function createAddressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  if (options.allowAll) return { isAllowed: () => true };
  const ranges = (options.allowCidrs ?? []).map((cidr) => {
    try {
      return ipaddr.parseCIDR(cidr.trim());
    } catch {
      throw new InvalidCidrError(cidr);
    }
  });
  return {
    isAllowed(address: string): boolean {
      const cls = classifyAddress(address);
      if (cls.global) return true;
      if (cls.range === 'invalid' || ranges.length === 0) return false;
      let addr = parseStrict(stripBrackets(address.trim()));
      if (!addr) return false;
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
        addr = (addr as ipaddr.IPv6).toIPv4Address();
      }
      return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
    },
  };
}
