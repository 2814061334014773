import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { onePenalty } from '@manifold/wire-openai/one-penalty';
import { clamps } from './convert-request.js';

/**
 * How Search1API differs from OpenAI: Perplexity's rules (temperature 2 left out, only one
 * penalty sent); its `-online` models search by themselves.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.search1api.com/v1',
  clamps,
  payload: onePenalty,
};
