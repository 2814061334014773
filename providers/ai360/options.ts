import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { search } from './search.js';

/**
 * How 360 AI differs from OpenAI: search through a `web_search` tool, and tool calls only work
 * without streaming, so the upstream call is not streamed when the request offers tools.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.360.cn/v1',
  search,
  disableStreamWithTools: true,
  models: {
    abilities: {
      functionCall: ['360gpt-pro', '360gpt2-pro', '360gpt-turbo', '360zhinao2'],
      reasoning: ['-o1'],
      search: ['360gpt', '360zhinao'],
    },
  },
};
