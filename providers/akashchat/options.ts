import type { ChatCompletionBody, OpenAICompatibleOptions } from '@manifold/core/compat/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';

/** DeepSeek V3.1 on Akash switches its thinking mode through the chat template. */
const HYBRID_THINKING = /^deepseek-v3[.-]1/i;

/**
 * For DeepSeek V3.1 the request's thinking (enabled / disabled) becomes
 * `chat_template_kwargs: {thinking}`; without a thinking setting the template's default applies.
 */
export function payload(body: ChatCompletionBody, request: ChatRequest): ChatCompletionBody {
  if (!request.thinking || !HYBRID_THINKING.test(body.model)) return body;
  return { ...body, chat_template_kwargs: { thinking: request.thinking.type === 'enabled' } };
}

/** How Akash Chat differs from OpenAI: DeepSeek V3.1 thinking through the chat template. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://chatapi.akash.network/api/v1',
  payload,
};
