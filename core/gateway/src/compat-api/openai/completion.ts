import type { ChatResult } from '@manifold/core/contract/chat-result';
import { openAIFinishReason } from '../finish-reason.js';
import { openAIUsage } from '../usage.js';
import { newCompletionId } from './stream.js';

/** What a non-streamed answer needs besides the result. */
export interface CompletionOptions {
  /** `<provider>/<model>` that answered. */
  model: string;
  /** Unix seconds of the request. */
  created: number;
}

const SPECIAL_IDS = new Set(['', 'first_chunk_error', 'output_speed']);

/**
 * A collected chat result as OpenAI's `chat.completion`: one choice whose message has the text
 * (`null` when the answer is only tool calls), `reasoning_content`, `tool_calls` and OpenRouter's
 * `images`; the finish reason in OpenAI's words; the usage with its cached and reasoning details
 * (all zero when the provider reported none).
 */
export function toChatCompletion(result: ChatResult, options: CompletionOptions) {
  const toolCalls = result.toolCalls?.map((call) => ({
    id: call.id,
    type: 'function' as const,
    function: { name: call.function.name, arguments: call.function.arguments },
  }));
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: result.text === '' && toolCalls ? null : result.text,
    refusal: null,
  };
  if (result.reasoning) message.reasoning_content = result.reasoning.content;
  if (toolCalls) message.tool_calls = toolCalls;
  if (result.images) {
    message.images = result.images.map((url) => ({ type: 'image_url', image_url: { url } }));
  }
  return {
    id: SPECIAL_IDS.has(result.id) ? newCompletionId() : result.id,
    object: 'chat.completion' as const,
    created: options.created,
    model: options.model,
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: openAIFinishReason(result.stop, toolCalls !== undefined),
      },
    ],
    usage: openAIUsage(result.usage ?? {}),
  };
}
