import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { isPrivateAddress } from './special-addresses.js';
import { lazyUpstreamFetch } from './upstream-fetch.js';

export { isPrivateAddress };
// The URL rules of CONTRACT §1 live in core: the web app applies them too when it calls a provider itself.
export {
  normalizeBaseURL,
  splitBaseQuery,
  withBaseQuery,
  type BaseQuery,
} from '@manifold/core/contract/base-url';

const refused = (field: string, host: string) =>
  new ManifoldError('BadRequest', {
    message: `${field} points to a private, loopback or reserved address (${host}), which this gateway does not allow`,
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
  return lazyUpstreamFetch({
    lookup,
    checkTarget(url) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      return isIP(host) && isPrivateAddress(host) ? refused(field, host) : undefined;
    },
  });
}
