import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { ConvertUsageOptions } from '@manifold/core/protocol/convert-usage';
import { readAnswer } from '@manifold/core/protocol/read-answer';
import type { PartSource } from '@manifold/core/protocol/stream-part';
import { completionError, completionParts } from './non-stream.js';
import { chatCompletionBatches, parseChatCompletionStream } from './parse-chunks.js';
import { responseParts, parseResponsesStream } from './responses-parse.js';
import { responseBody } from '@manifold/transport';

/** Options of `readCompletionAnswer`. */
export interface ReadCompletionOptions {
  provider: string;
  logger: RuntimeLogger;
  /** A stream was asked for. */
  streamed: boolean;
  mapError: (error: unknown) => ManifoldError;
  /** Usage conversion options of the provider (e.g. xAI's reasoning rule). */
  usage?: ConvertUsageOptions;
  /** The answer is a Responses API one. */
  responses?: boolean;
  /** Sees every raw payload (the debug log). */
  onData?: (data: string) => void;
  /** Citations in the provider's own fields (`OpenAICompatibleOptions.citations`). */
  citations?: (chunk: Record<string, unknown>) => unknown;
  /** Usage in the provider's own chunk field (`OpenAICompatibleOptions.chunkUsage`). */
  chunkUsage?: (chunk: Record<string, unknown>) => unknown;
}

/** A body that is a web stream (the page's fetch), not the Node stream the transport keeps. */
const isWebStream = (
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
): body is ReadableStream<Uint8Array> =>
  typeof (body as ReadableStream<Uint8Array>).getReader === 'function';

/** Whether an answer is read as SSE: its type says so, or it is untyped and a stream was asked for (as `readAnswer`). */
const isStream = (type: string, streamed: boolean): boolean =>
  type.includes('text/event-stream') || (streamed && !type.includes('json'));

/**
 * The parts of an accepted OpenAI-shaped answer (Chat Completions, or the Responses API): its SSE
 * stream, or a whole JSON answer read now, whose `{error}` is still an HTTP error.
 */
export function readCompletionAnswer(
  response: Response,
  options: ReadCompletionOptions,
): Promise<PartSource> {
  const { mapError, onData, usage, responses, citations, chunkUsage } = options;
  const body = responseBody(response);
  const type = response.headers.get('content-type') ?? '';
  // the hot path: a chat-completions stream read from Node, in batches (parse-chunks.ts)
  if (!responses && body && !isWebStream(body) && isStream(type, options.streamed)) {
    return Promise.resolve(
      chatCompletionBatches(body, {
        usage,
        mapError,
        ...(onData && { onData }),
        ...(citations && { citations }),
        ...(chunkUsage && { chunkUsage }),
        onDrop: (error) =>
          options.logger.debug(
            { provider: options.provider, error: String(error) },
            'upstream connection ended early',
          ),
      }),
    );
  }
  return readAnswer(response, body, {
    provider: options.provider,
    logger: options.logger,
    streamed: options.streamed,
    onData,
    stream: (messages) =>
      responses
        ? parseResponsesStream(messages, mapError, onData)
        : parseChatCompletionStream(messages, {
            usage,
            mapError,
            ...(onData && { onData }),
            ...(citations && { citations }),
            ...(chunkUsage && { chunkUsage }),
          }),
    whole(answer) {
      const error = completionError(answer, mapError);
      if (error) throw error;
      return responses ? responseParts(answer) : completionParts(answer, usage, citations);
    },
  });
}
