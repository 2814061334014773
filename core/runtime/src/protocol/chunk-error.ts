import { ManifoldError } from '../errors/manifold-error.js';

/** The message of every `StreamChunkError` (CONTRACT §4). */
export const STREAM_CHUNK_ERROR_MESSAGE =
  'chat response streaming chunk parse error, please contact your API Provider to fix it.';

/** Longest chunk text kept in the error body, in UTF-16 code units. */
const MAX_CHUNK_LENGTH = 1000;

function truncate(chunk: string): string {
  if (chunk.length <= MAX_CHUNK_LENGTH) return chunk;
  const code = chunk.charCodeAt(MAX_CHUNK_LENGTH - 1);
  // Never cut a surrogate pair in half: a lone surrogate is not valid UTF-8 on the wire.
  const end = code >= 0xd800 && code <= 0xdbff ? MAX_CHUNK_LENGTH - 1 : MAX_CHUNK_LENGTH;
  return chunk.slice(0, end);
}

/**
 * The error for an upstream chunk that could not be parsed: type `StreamChunkError`, body
 * `{ message, context: { chunk, error: {name, message} } }` with the chunk cut to 1000 characters.
 * `context.error` is present when a cause is given.
 */
export function streamChunkError(chunk: string, cause?: unknown): ManifoldError {
  const context: Record<string, unknown> = { chunk: truncate(chunk) };
  if (cause !== undefined) {
    context.error =
      cause instanceof Error
        ? { name: cause.name, message: cause.message }
        : { name: 'Error', message: String(cause) };
  }
  return new ManifoldError(
    'StreamChunkError',
    { message: STREAM_CHUNK_ERROR_MESSAGE, context },
    { cause },
  );
}

/** `JSON.parse` of one upstream chunk; throws `streamChunkError` when it is not valid JSON. */
export function parseJSONChunk(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw streamChunkError(data, error);
  }
}
