import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How Jina differs from OpenAI: its listed deepsearch models reason (they stream their thinking), so
 * ids naming deepsearch are marked as reasoning models when no built-in card covers them.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://deepsearch.jina.ai/v1',
  models: { abilities: { reasoning: ['deepsearch'] } },
};
