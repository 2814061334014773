import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ClampRule } from '@manifold/core/params/clamp';
import { citations, search } from './search.js';

/**
 * MiniMax's temperature runs in (0, 1]: a value of 0 or less is left out (the model default
 * applies), others are halved. top_p must lie in (0, 1]; an excluded value cannot be held at its
 * bound, so 0 is left out. MiniMax refuses both penalties.
 */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'temperature', when: { lte: 0 } },
  { op: 'halve', param: 'temperature' },
  { op: 'range', param: 'top_p', min: 0, max: 1, minExclusive: true, outside: 'drop' },
  { op: 'drop', param: 'frequency_penalty' },
  { op: 'drop', param: 'presence_penalty' },
];

/**
 * How MiniMax differs from OpenAI: halved temperature (none at 0), top_p in (0, 1], no penalties,
 * max_tokens from the model card, a `web_search` tool, and no model list endpoint.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.minimax.chat/v1',
  clamps,
  // without a max_tokens MiniMax stops early
  maxTokensFromCard: true,
  search,
  citations,
  models: false,
};
