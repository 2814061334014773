import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { onePenalty } from '@manifold/wire-openai/one-penalty';
import { clamps } from './convert-request.js';

/**
 * How Perplexity differs from OpenAI: temperature 2 is left out, only one penalty is sent, every
 * model searches by itself (its `citations` / `search_results` chunk fields are read by the
 * factory) and there is no model list.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.perplexity.ai',
  clamps,
  payload: onePenalty,
  models: false,
};
