import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { search } from './convert-request.js';

/**
 * How Wenxin (Qianfan v2) differs from OpenAI: always streamed, search through the `web_search`
 * parameter; its model list is not served to API keys.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://qianfan.baidubce.com/v2',
  alwaysStream: true,
  search,
  models: false,
};
