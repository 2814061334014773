import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How AI21 differs from OpenAI: its API does not stream tool calls, so a request with tools is sent
 * with `stream: false` and the answer is replayed as events.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.ai21.com/studio/v1',
  disableStreamWithTools: true,
};
