import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { pricedModelListCards } from '@manifold/core/models/priced-model-list';

/**
 * How PPIO differs from OpenAI: the `X-API-Source` attribution header, and a model list in
 * Novita's shape: title, context size and prices in 1/10,000 CNY per million tokens.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.ppinfra.com/v3/openai',
  headers: { 'X-API-Source': 'manifold' },
  models: { transform: pricedModelListCards('CNY') },
};
