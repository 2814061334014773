import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { search } from './search.js';

/**
 * How Spark differs from OpenAI: it refuses the `user` field, searches through a `web_search`
 * tool, and lists no models.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://spark-api-open.xf-yun.com/v1',
  sendUserId: false,
  search,
  models: false,
};
