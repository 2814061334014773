import { ManifoldError } from '../errors/manifold-error.js';

/**
 * Normalise a base URL the way CONTRACT §1 says: a trailing `/` is ignored, and a bare origin
 * gets the path of the provider's default base URL (e.g. `/v1`). A query string is kept after the
 * path (`splitBaseQuery` takes it off before a runtime sees the URL); a fragment is dropped.
 * Throws `BadRequest` naming `field` when the URL is not http(s).
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

/** The query of a base URL, by parameter: the name decoded, the `name=value` piece as written. */
export type BaseQuery = ReadonlyArray<{ name: string; value: string; raw: string }>;

/**
 * Split the query off a base URL (`http://host/v1?api-version=x` → `http://host/v1` and its
 * parameters): the SDKs and the hand-written wires append their paths to the base as a string,
 * so it must end in its path. `withBaseQuery` adds the parameters back to every request.
 * A URL without a query, or not an http(s) URL, comes back unchanged and without a query.
 */
export function splitBaseQuery(given: string): { url: string; query: BaseQuery } {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return { url: given, query: [] };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search === '')
    return { url: given, query: [] };
  const query = url.search
    .slice(1)
    .split('&')
    .filter((raw) => raw !== '')
    .map((raw) => {
      const [name = '', value = ''] = [...new URLSearchParams(raw)][0] ?? [];
      return { name, value, raw };
    });
  const base = given.slice(0, given.indexOf('?'));
  return { url: base, query };
}

const targetOf = (input: string | URL | Request): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * A fetch that adds a base URL's query to every request to that base's origin, after the path
 * the wire built (`…/v1/chat/completions?api-version=x`). A parameter the request already has
 * is left as the wire set it. It works below the SDKs, so every wire keeps the user's query
 * whatever it appends to the base. `inner` is the fetch the runtime would use: the guarded one
 * under `BASE_URL_POLICY=public`, else the global fetch, which every wire reads correctly.
 */
export function withBaseQuery(
  queries: ReadonlyMap<string, BaseQuery>,
  inner: typeof globalThis.fetch = globalThis.fetch,
): typeof globalThis.fetch {
  return (input, init) => {
    let url: URL;
    try {
      url = new URL(targetOf(input));
    } catch {
      return inner(input, init);
    }
    const present = new Set(url.searchParams.keys());
    const added = (queries.get(url.origin) ?? [])
      .filter((parameter) => !present.has(parameter.name))
      .map((parameter) => parameter.raw);
    if (added.length === 0) return inner(input, init);
    url.search = `${url.search === '' ? '' : `${url.search}&`}${added.join('&')}`;
    if (typeof input === 'string' || input instanceof URL) return inner(url.href, init);
    return inner(new Request(url.href, input), init);
  };
}
