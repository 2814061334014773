import { leanFetch } from '@manifold/transport';

/**
 * The HTTP handler the Bedrock client sends through: `fetch` (the gateway's guarded one under
 * `BASE_URL_POLICY=public`, else the shared upstream transport with its limits) over HTTP/1.1. The SDK's Node default is
 * an HTTP/2 handler, which neither a proxy nor a local fake on plain HTTP/1.1 speaks, and which
 * would bypass the guarded fetch. The request is sent exactly as the SDK signed it; the abort
 * signal the SDK hands over (`client.send(command, { abortSignal })`) cancels the request and its
 * body at once, so a client that goes away frees the upstream socket.
 */

/** The request the SDK hands its handler (smithy `HttpRequest`), as far as it is used here. */
interface SdkRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query?: Record<string, string | Array<string | null> | null>;
  headers: Record<string, string>;
  body?: unknown;
}

/** The response the SDK expects back (smithy `HttpResponse`): a streaming body it reads itself. */
interface SdkResponse {
  statusCode: number;
  reason?: string;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
}

/** Headers fetch computes itself from the URL and the body (same values as the signed ones). */
const COMPUTED = new Set(['host', 'content-length']);

function urlOf(request: SdkRequest): string {
  const port = request.port ? `:${request.port}` : '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value === null) search.append(key, '');
    else for (const item of Array.isArray(value) ? value : [value]) search.append(key, item ?? '');
  }
  const query = search.size > 0 ? `?${search}` : '';
  return `${request.protocol}//${request.hostname}${port}${request.path}${query}`;
}

const emptyBody = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.close();
    },
  });

/** A smithy-style request handler on `fetch`. */
export function fetchRequestHandler(fetchImpl: typeof globalThis.fetch = leanFetch) {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(
      request: SdkRequest,
      options: { abortSignal?: AbortSignal } = {},
    ): Promise<{ response: SdkResponse }> {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (!COMPUTED.has(name.toLowerCase())) headers.set(name, value);
      const response = await fetchImpl(urlOf(request), {
        method: request.method,
        headers,
        body: request.body as BodyInit | undefined,
        signal: options.abortSignal,
        redirect: 'manual',
      });
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        responseHeaders[name] = value;
      });
      return {
        response: {
          statusCode: response.status,
          reason: response.statusText,
          headers: responseHeaders,
          body: response.body ?? emptyBody(),
        },
      };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    destroy() {},
  };
}
