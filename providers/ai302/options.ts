import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * 302.AI routes many vendors' models behind one OpenAI-compatible API and needs no rule beyond
 * the factory's defaults (401 is InvalidProviderAPIKey; the list is `/models`).
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.302.ai/v1',
};
