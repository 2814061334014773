import { createChunkParser } from '@manifold/wire-openai/parse-chunks';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { parseJSONChunk } from '@manifold/core/protocol/chunk-error';
import type { SSEMessage } from '@manifold/core/protocol/sse-decode';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { errorInBody, HuggingFaceError } from './errors.js';

/** What the router stream parser needs from the runtime. */
export interface RouterParseOptions {
  mapError: (error: unknown) => ManifoldError;
  /** Sees every raw `data` payload (debug logging). */
  onData?: (data: string) => void;
}

/**
 * Stream parts of the router's chat-completions stream: `chat.completion.chunk`s through the
 * shared chunk parser, `data: [DONE]` as the end marker. Errors come as Hugging Face sends them —
 * `data: {"error":"…","error_type":"…"}` (TGI and the Hub, a string the shared parser would skip),
 * `data: {"error":{…}}`, or an `event: error` — and each becomes one error part.
 */
export async function* parseRouterStream(
  messages: AsyncIterable<SSEMessage>,
  options: RouterParseOptions,
): AsyncGenerator<StreamPart> {
  const parse = createChunkParser({ mapError: options.mapError });
  for await (const message of messages) {
    const data = message.data.trim();
    if (data === '') continue;
    options.onData?.(data);
    if (data === '[DONE]') {
      yield { type: 'end' };
      return;
    }
    const chunk = parseJSONChunk(data);
    const error =
      errorInBody(chunk) ??
      (message.event === 'error' ? new HuggingFaceError(undefined, chunk) : undefined);
    if (error) {
      yield { type: 'error', error: options.mapError(error) };
      return;
    }
    yield* parse(chunk);
  }
}
