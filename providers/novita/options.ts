import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { pricedModelListCards } from '@manifold/core/models/priced-model-list';

/**
 * How Novita AI differs from OpenAI: the `X-Novita-Source` attribution header, and a model list
 * whose entries carry title, context size and prices (in 1/10,000 USD per million tokens).
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.novita.ai/v3/openai',
  headers: { 'X-Novita-Source': 'manifold' },
  models: { transform: pricedModelListCards() },
};
