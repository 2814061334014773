import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { ConvertUsageOptions } from '@manifold/core/protocol/convert-usage';
import { isSSEAnswer, readAnswer } from '@manifold/core/protocol/read-answer';
import { isReadableStream } from '@manifold/core/protocol/sse-decode';
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
  // the hot path: a chat-completions stream read from Node, in batches (parse-chunks.ts)
  if (!responses && body && !isReadableStream(body) && isSSEAnswer(response, options.streamed)) {
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
