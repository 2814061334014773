import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** DeepSeek V3.1 on Akash switches its thinking mode through the chat template. */
const HYBRID_THINKING = /^deepseek-v3[.-]1/i;

/**
 * How Akash Chat differs from OpenAI: for DeepSeek V3.1 the request's thinking (enabled /
 * disabled) becomes `chat_template_kwargs: {thinking}`; without a thinking setting the template's
 * default applies.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://chatapi.akash.network/api/v1',
  thinking: { style: 'chat_template_kwargs', models: HYBRID_THINKING },
};
