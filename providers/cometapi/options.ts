import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** How CometAPI differs from OpenAI: every call streams, even for a `stream: false` request. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.cometapi.com/v1',
  alwaysStream: true,
};
