import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How Nebius AI Studio differs from OpenAI: its model list is asked for with `verbose=true`
 * (reference §4.3). Only the ids of that answer are read; their abilities come from the id
 * keywords and the built-in cards.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.studio.nebius.com/v1',
  models: { url: '/models?verbose=true' },
};
