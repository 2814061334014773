/**
 * The upstream transport in a browser: the page's own `fetch` (the browser enforces CORS, follows
 * no redirects we would refuse that it does not refuse itself, and decodes compressed answers).
 * Same names as the Node transport (`./node.ts`), so a wire runs unchanged in either: in Node the
 * package resolves to undici with the gateway's limits, in a bundle for the browser to this file.
 * Stream line limits still hold here: they live in the decoders of `@manifold/core`.
 */

/** The `upstream` options a Node transport call takes; ignored in the browser. */
export interface UpstreamInit extends RequestInit {
  upstream?: { totalTimeoutMs?: number; maxBodyBytes?: number; webBody?: boolean };
}

/** Options of `createUpstreamFetch` (address checks are the gateway's; a browser has none). */
export type UpstreamTransportOptions = Record<string, never>;

/** Error answers are read whole in the browser: the page's fetch has no limit to apply. */
export const ERROR_BODY_LIMIT = Number.POSITIVE_INFINITY;

/** The body of an answer: in a browser always the web stream. */
export function responseBody(response: Response): ReadableStream<Uint8Array> | null {
  return response.body;
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/**
 * A `fetch` for upstream calls: the page's `fetch`, without the Node-only `upstream` options. A
 * request that got no answer rejects as the Node transport's does, `TypeError: fetch failed` with
 * the browser's own error as the cause (each browser words it differently: "Failed to fetch",
 * "NetworkError when attempting to fetch resource.", "Load failed"), so every wire classifies an
 * unreachable upstream the same in either place. A browser cannot tell a refused connection from
 * an answer CORS withheld: both are this error.
 */
export function createUpstreamFetch(_options: UpstreamTransportOptions = {}): typeof fetch {
  return async (input, init) => {
    const { upstream: _node, ...rest } = (init ?? {}) as UpstreamInit;
    try {
      return await globalThis.fetch(input, init ? rest : undefined);
    } catch (error) {
      if (init?.signal?.aborted || isAbort(error) || !(error instanceof TypeError)) throw error;
      throw new TypeError('fetch failed', { cause: error });
    }
  };
}

/** The transport wires default to (the name is the Node transport's). */
export const leanFetch: typeof fetch = createUpstreamFetch();
