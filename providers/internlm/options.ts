import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How InternLM (the Puyu API) differs from OpenAI: tool calls only work without streaming, so the
 * upstream call is not streamed when the request offers tools.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://internlm-chat.intern-ai.org.cn/puyu/api/v1',
  disableStreamWithTools: true,
  models: {
    abilities: {
      functionCall: ['internlm', 'intern-s1'],
      vision: ['internvl', 'intern-s1'],
      reasoning: ['intern-s1'],
    },
  },
};
