import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { clamps, payload } from './convert-request.js';
import { search } from './search.js';

/** How Moonshot differs from OpenAI: halved temperature, no empty assistant turns, `$web_search`. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.moonshot.cn/v1',
  clamps,
  payload,
  search,
};
