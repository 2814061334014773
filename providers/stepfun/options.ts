import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { search } from './search.js';

/**
 * How StepFun differs from OpenAI: search through a `web_search` tool, and tool calls only work
 * without streaming, so the upstream call is not streamed when the request offers tools.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.stepfun.com/v1',
  search,
  disableStreamWithTools: true,
  models: {
    abilities: {
      functionCall: ['^step-1', '^step-2', '!step-1v', '!vision', '!step-1x'],
      vision: ['step-1v', 'step-1o', 'vision', 'step-r1-v', 'step-3'],
      reasoning: ['step-r1', 'step-3', 'reasoner'],
      search: ['^step-1', '^step-2', '!step-1x'],
    },
  },
};
