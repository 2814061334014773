import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';

/**
 * How Higress differs from OpenAI: there is no default base URL (every runtime gets the user's
 * gateway, see `index.ts`), and requests carry attribution headers for the gateway's logs.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: '',
  headers: { 'HTTP-Referer': 'https://github.com/manifold', 'X-Title': 'Manifold' },
};
