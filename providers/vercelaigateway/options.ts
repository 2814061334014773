import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/core/compat/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';

const VERBOSITY = new Set(['low', 'medium', 'high']);

/**
 * The text verbosity a client asked for. ChatRequest has no such field yet; a `verbosity` the
 * request carries beyond the schema is honoured so the rule works once the contract adds it.
 */
const verbosityOf = (request: ChatRequest): string | undefined => {
  const value = (request as ChatRequest & { verbosity?: unknown }).verbosity;
  return typeof value === 'string' && VERBOSITY.has(value) ? value : undefined;
};

/**
 * The gateway takes OpenAI's reasoning effort and text verbosity as AI SDK provider options,
 * `providerOptions: {openai: {reasoningEffort, textVerbosity}}`, not as top-level fields.
 */
export function payload(body: ChatCompletionBody, request: ChatRequest): ChatCompletionBody {
  const { reasoning_effort: reasoningEffort, ...rest } = body;
  const textVerbosity = verbosityOf(request);
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
