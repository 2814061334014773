import type { UpstreamTransportOptions } from '@manifold/transport';

type Transport = typeof import('@manifold/transport');

/** The upstream transport (and undici under it), imported by the first upstream call. */
let transport: Promise<Transport> | undefined;
const loadTransport = (): Promise<Transport> => (transport ??= import('@manifold/transport'));

/**
 * `createUpstreamFetch` of `@manifold/transport`, built on its first call: the gateway's boot does
 * not load the transport (undici is some 10 MiB of memory); the first call to an upstream does, as
 * the provider runtimes it builds on do.
 */
export function lazyUpstreamFetch(options?: UpstreamTransportOptions): typeof globalThis.fetch {
  let fetch: Promise<typeof globalThis.fetch> | undefined;
  return async (input, init) => {
    fetch ??= loadTransport().then((module) => module.createUpstreamFetch(options));
    return (await fetch)(input, init);
  };
}

/** The transport's shared `leanFetch`, imported on the first call. */
export const lazyLeanFetch: typeof globalThis.fetch = async (input, init) =>
  (await loadTransport()).leanFetch(input, init);
