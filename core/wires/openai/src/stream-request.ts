/*
 * The streamed chat-completions request, sent without the SDK (issue 19): on this path, the one
 * every chat takes, the SDK's per-request work (options promise chain, header merging, its own
 * AbortController and timer, request-log formatting) cost more CPU than the rest of the upstream
 * call. What goes on the wire is what the SDK sent: `POST <baseURL>/chat/completions`, the body as
 * `JSON.stringify`, `Authorization: Bearer <key>`, JSON accept and content types, the SDK's user
 * agent, then the provider's headers and its per-request headers (later names win, any case).
 * The SDK's own telemetry headers (`X-Stainless-*`) are left out. Failures become the SDK's error
 * objects (the SDK is loaded for them), so they are mapped exactly as before.
 */
import { findUpstreamFault } from '@manifold/core/errors/upstream-fault';
import { loadOpenAI } from './sdk.js';

/**
 * The SDK's user agent (`OpenAI/JS <version>`), as a constant so that this path loads nothing of
 * the SDK; a test keeps it equal to the installed SDK's.
 */
export const SDK_USER_AGENT = 'OpenAI/JS 6.49.0';

export interface StreamRequest {
  url: string;
  /** Headers of every request of this runtime, lower-case names. */
  headers: Readonly<Record<string, string>>;
}

/** The URL and fixed headers of a runtime's streamed chat requests, built once. */
export function streamRequest(
  baseURL: string,
  apiKey: string | undefined,
  providerHeaders: Readonly<Record<string, string>> | undefined,
): StreamRequest {
  const url = new URL(`${baseURL}${baseURL.endsWith('/') ? '' : '/'}chat/completions`).href;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    'user-agent': SDK_USER_AGENT,
    // local servers take any key; the SDK sent this one too
    authorization: `Bearer ${apiKey || 'not-required'}`,
  };
  return { url, headers: withHeaders(headers, providerHeaders) };
}

/** `base` with `extra` merged over it, names lower-cased (a new object when there is any extra). */
export function withHeaders(
  base: Readonly<Record<string, string>>,
  extra: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  if (!extra) return base as Record<string, string>;
  const merged = { ...base };
  for (const name of Object.keys(extra)) merged[name.toLowerCase()] = extra[name]!;
  return merged;
}

/** The SDK's error for a non-2xx answer (`APIError.generate` over the body, as the SDK reads it). */
export async function statusError(response: Response): Promise<Error> {
  const sdk = await loadOpenAI();
  const text = await response
    .text()
    .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return sdk.APIError.generate(
    response.status,
    json as object | undefined,
    json ? undefined : text,
    response.headers,
  );
}

/**
 * A failed request (no answer) as the SDK reported it: the gateway's own faults as they are (the
 * error mapper finds them in an SDK error's cause too), a timeout as `APIConnectionTimeoutError`,
 * anything else as `APIConnectionError` with the failure as its cause.
 */
export async function connectionError(error: unknown): Promise<unknown> {
  if (findUpstreamFault(error)) return error;
  const sdk = await loadOpenAI();
  const cause = error instanceof Error ? error : new Error(String(error));
  const text = String(cause) + ('cause' in cause ? String(cause.cause) : '');
  if (cause.name === 'AbortError' || /timed? ?out/i.test(text))
    return new sdk.APIConnectionTimeoutError();
  return new sdk.APIConnectionError({ cause });
}
