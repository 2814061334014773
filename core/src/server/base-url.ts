import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createUpstreamFetch } from '../compat/transport.js';
import { ManifoldError } from '../errors/manifold-error.js';

/**
 * Normalise a base URL the way CONTRACT §1 says: a trailing `/` is ignored, and a bare origin
 * gets the path of the provider's default base URL (e.g. `/v1`). Throws `BadRequest` naming
 * `field` when the URL is not http(s).
 */
export function normalizeBaseURL(
  given: string,
  defaultBaseURL: string | undefined,
  field: string,
): string {
  let url: URL;
  try {
    url = new URL(given.trim());
  } catch {
    throw new ManifoldError('BadRequest', { message: `${field} is not a valid URL`, field });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ManifoldError('BadRequest', {
      message: `${field} must be an http or https URL`,
      field,
    });
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path === '' && defaultBaseURL) {
    try {
      path = new URL(defaultBaseURL).pathname.replace(/\/+$/, '');
    } catch {
      // a default without a parseable URL keeps the bare origin
    }
  }
  return `${url.origin}${path}${url.search}`;
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Loopback, private, link-local, unspecified or multicast (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

const refused = (field: string, host: string) =>
  new ManifoldError('BadRequest', {
    message: `${field} points to a private or loopback address (${host}), which this gateway does not allow`,
    field,
  });

/** Resolve a user-supplied URL's host and refuse private targets (BASE_URL_POLICY=public). */
export async function assertPublicURL(url: string, field: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true }).catch(() => [])).map((entry) => entry.address);
  if (addresses.length === 0) return; // unresolvable: the upstream call fails with its own error
  if (addresses.some(isPrivateAddress)) throw refused(field, host);
}

/**
 * The upstream transport (`createUpstreamFetch`: the same limits, timeouts and no-redirect rule as
 * every upstream call) checking the address it actually connects to, so that DNS rebinding cannot
 * reach a private host; a literal private IP address is refused before connecting.
 */
export function createPublicOnlyFetch(field: string): typeof globalThis.fetch {
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      if (list.some((entry) => isPrivateAddress(entry.address))) {
        return callback(refused(field, hostname) as unknown as NodeJS.ErrnoException, '', 4);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      }
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
  return createUpstreamFetch({
    lookup,
    checkTarget(url) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      return isIP(host) && isPrivateAddress(host) ? refused(field, host) : undefined;
    },
  });
}
