import { isIP } from 'node:net';

/**
 * What an address range means for `BASE_URL_POLICY=public`: refused, allowed, or decided by the
 * IPv4 address embedded in it (returned by the function; several for Teredo).
 */
type Verdict = 'refuse' | 'allow' | ((bytes: Uint8Array) => string[]);

/** An IPv4 address from four bytes of an IPv6 one, optionally inverted (Teredo's client). */
const ipv4At =
  (offset: number, invert = false) =>
  (bytes: Uint8Array): string =>
    Array.from(bytes.subarray(offset, offset + 4), (byte) => (invert ? byte ^ 0xff : byte)).join(
      '.',
    );
const lastIPv4 = ipv4At(12);

/**
 * IPv4 ranges that are not globally reachable unicast (IANA IPv4 special-purpose registry, plus
 * multicast and the 6to4 relay anycast). 192.0.0.0/24 is refused whole: its globally reachable
 * members are PCP and TURN anycast addresses, never a model API.
 */
const IPV4_REFUSED: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, with 255.255.255.255 (limited broadcast)
];

/**
 * IPv6 ranges, longest prefix first wins (IANA IPv6 special-purpose registry). Only 2000::/3 is
 * global unicast; anything outside it and not listed is refused. Forms that carry an IPv4 address
 * are judged by that address, so `64:ff9b::7f00:1` is as loopback as `127.0.0.1`.
 */
const IPV6_RULES: readonly (readonly [string, number, Verdict])[] = [
  ['::', 128, 'refuse'], // unspecified
  ['::1', 128, 'refuse'], // loopback
  ['::', 96, (bytes) => [lastIPv4(bytes)]], // IPv4-compatible (deprecated)
  ['::ffff:0:0', 96, (bytes) => [lastIPv4(bytes)]], // IPv4-mapped
  ['::ffff:0:0:0', 96, (bytes) => [lastIPv4(bytes)]], // SIIT IPv4-translated
  ['64:ff9b::', 96, (bytes) => [lastIPv4(bytes)]], // NAT64 well-known prefix
  // Local-use translation: any RFC 6052 layout, so where the IPv4 address sits is unknown.
  ['64:ff9b:1::', 48, 'refuse'],
  ['100::', 64, 'refuse'], // discard-only
  ['100:0:0:1::', 64, 'refuse'], // dummy prefix
  ['2000::', 3, 'allow'], // global unicast
  // IETF protocol assignments: anycast, benchmarking, ORCHID and DRIP identifiers (not locators).
  ['2001::', 23, 'refuse'],
  ['2001::', 32, (bytes) => [ipv4At(4)(bytes), ipv4At(12, true)(bytes)]], // Teredo: server, client
  ['2001:3::', 32, 'allow'], // AMT (globally reachable)
  ['2001:4:112::', 48, 'allow'], // AS112-v6 (globally reachable)
  ['2001:db8::', 32, 'refuse'], // documentation
  ['2002::', 16, (bytes) => [ipv4At(2)(bytes)]], // 6to4
  ['3fff::', 20, 'refuse'], // documentation
  ['5f00::', 16, 'refuse'], // SRv6 SIDs
  ['fc00::', 7, 'refuse'], // unique local
  ['fe80::', 10, 'refuse'], // link-local
  ['fec0::', 10, 'refuse'], // site-local (deprecated)
  ['ff00::', 8, 'refuse'], // multicast
];

/** The 32-bit value of a dotted-quad IPv4 address. */
function ipv4Value(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

/**
 * The 16 bytes of a valid IPv6 address (`::` shorthand, a dotted IPv4 tail and a zone id
 * accepted). The caller checks validity with `isIP` first.
 */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4Value(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  const all = [...start, ...Array<string>(8 - start.length - end.length).fill('0'), ...end];
  const bytes = new Uint8Array(16);
  all.forEach((group, index) => {
    const value = Number.parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}

const inPrefix = (bytes: Uint8Array, network: Uint8Array, length: number): boolean => {
  for (let bit = 0; bit < length; bit += 8) {
    const mask = length - bit >= 8 ? 0xff : (0xff << (8 - (length - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (network[bit / 8]! & mask)) return false;
  }
  return true;
};

const IPV4_NETWORKS = IPV4_REFUSED.map(([network, length]) => ({
  value: ipv4Value(network),
  // 2 ** (32 - length) addresses from the network's first one
  size: 2 ** (32 - length),
}));

const IPV6_NETWORKS = IPV6_RULES.map(([network, length, verdict]) => ({
  bytes: ipv6Bytes(network),
  length,
  verdict,
})).sort((a, b) => b.length - a.length);

function isReservedIPv4(address: string): boolean {
  const value = ipv4Value(address);
  return IPV4_NETWORKS.some((range) => value >= range.value && value < range.value + range.size);
}

function isReservedIPv6(address: string): boolean {
  const bytes = ipv6Bytes(address);
  const rule = IPV6_NETWORKS.find((range) => inPrefix(bytes, range.bytes, range.length));
  if (!rule || rule.verdict === 'refuse') return true;
  if (rule.verdict === 'allow') return false;
  return rule.verdict(bytes).some(isReservedIPv4);
}

/**
 * True for an address a user-supplied URL may not reach under `BASE_URL_POLICY=public`: loopback,
 * private, link-local, shared, documentation, benchmarking, multicast, reserved (IANA
 * special-purpose registries), any IPv6 outside global unicast, and IPv6 forms that embed such an
 * IPv4 address (IPv4-mapped, IPv4-compatible, SIIT, NAT64, 6to4, Teredo). Anything that is not an
 * IP address is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isReservedIPv4(address);
  if (family === 6) return isReservedIPv6(address);
  return true;
}
