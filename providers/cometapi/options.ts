import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';

/** How CometAPI differs from OpenAI: every call streams, even for a `stream: false` request. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.cometapi.com/v1',
  alwaysStream: true,
};
