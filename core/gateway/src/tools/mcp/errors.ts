// How an MCP connection's failures are told apart and described (source.ts maps them to 502/504).
import { ManifoldError } from '@manifold/core/errors/manifold-error';

/**
 * The SDK's `McpError` (a JSON-RPC error from the server, or the SDK's own), told by its shape so
 * that this module does not load the SDK (and zod) at boot: the SDK is imported only when an MCP
 * server is first connected.
 */
export interface McpErrorLike extends Error {
  name: 'McpError';
  code: number;
}
export const isMcpError = (error: unknown): error is McpErrorLike =>
  error instanceof Error &&
  error.name === 'McpError' &&
  typeof (error as { code?: unknown }).code === 'number';

/** JSON-RPC code the SDK gives a request whose connection closed first (`ErrorCode.ConnectionClosed`). */
export const MCP_CONNECTION_CLOSED = -32000;

/** Errors shown in a manifest are cut here (an HTTP error may carry a whole HTML page). */
const MAX_ERROR = 500;

/** A readable one-line cause (the SDK's own errors are already readable). */
export function describeError(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  if (isMcpError(error) && error.code === MCP_CONNECTION_CLOSED)
    message = 'the server closed the connection before it answered';
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (message === 'fetch failed' && typeof cause?.message === 'string')
    message = `fetch failed: ${cause.message}`;
  return message.length > MAX_ERROR ? `${message.slice(0, MAX_ERROR)}…` : message;
}

/** The first gateway error (a policy refusal, 400) in an error's cause chain. */
export function findManifoldError(error: unknown): ManifoldError | undefined {
  for (let each = error, depth = 0; each && depth < 5; depth++) {
    if (each instanceof ManifoldError) return each;
    each = (each as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The tool call did not finish within `callTimeoutMs`. */
export class McpCallTimeout extends Error {
  constructor(readonly limit: number) {
    super(`no answer within ${limit} ms`);
    this.name = 'McpCallTimeout';
  }
}

/** The server could not be connected to for a call. */
export class McpUnavailable extends Error {
  constructor(cause: unknown) {
    super(describeError(cause), { cause });
    this.name = 'McpUnavailable';
  }
}
