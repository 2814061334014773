import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';

/**
 * The gateway takes OpenAI's reasoning effort and text verbosity as AI SDK provider options,
 * `providerOptions: {openai: {reasoningEffort, textVerbosity}}`, not as top-level fields.
 */
export function payload(body: ChatCompletionBody, request: ChatRequest): ChatCompletionBody {
  const { reasoning_effort: reasoningEffort, ...rest } = body;
  const textVerbosity = request.verbosity;
  if (reasoningEffort === undefined && textVerbosity === undefined) return body;
  return {
    ...rest,
    providerOptions: {
      openai: {
        ...(reasoningEffort !== undefined && { reasoningEffort }),
        ...(textVerbosity !== undefined && { textVerbosity }),
      },
    },
  };
}

/** How Vercel AI Gateway differs from OpenAI: OpenAI reasoning options as provider options. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://ai-gateway.vercel.sh/v1',
  payload,
};
