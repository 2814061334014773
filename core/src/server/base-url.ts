import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { ManifoldError } from '../errors/manifold-error.js';
import { isPrivateAddress } from './special-addresses.js';

export { isPrivateAddress };

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
 * A fetch that checks the address it actually connects to (so DNS rebinding cannot reach a
 * private host) and never follows redirects.
 */
export function createPublicOnlyFetch(field: string): typeof globalThis.fetch {
  const agent = new Agent({
    connect: {
      lookup(hostname, options, callback) {
        import('node:dns').then(({ lookup: dnsLookup }) =>
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
          }),
        );
      },
    },
  });
  return ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) => {
    const target =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? input.href
          : (input as Request).url;
    const host = new URL(target).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isPrivateAddress(host)) return Promise.reject(refused(field, host));
    return undiciFetch(input, { ...init, redirect: 'manual', dispatcher: agent });
  }) as unknown as typeof globalThis.fetch;
}
