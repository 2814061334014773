import { randomUUID } from 'node:crypto';
import { leanFetch } from '@manifold/core/compat/transport';

/**
 * A fetch that adds a fresh `x-Request-Id` to every upstream request, so that one chat can be
 * traced in the gateway's logs. It wraps the fetch the runtime would use (a guarded fetch under
 * `BASE_URL_POLICY=public`, else the lean transport), so the transport policy is kept.
 */
export function withRequestId(inner: typeof fetch = leanFetch): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('x-Request-Id', randomUUID());
    return inner(input, { ...init, headers: Object.fromEntries(headers) });
  };
}
