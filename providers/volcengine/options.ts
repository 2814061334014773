import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';
import { payload } from './convert-request.js';

/**
 * How Volcengine Ark differs from OpenAI: deployment names as the model, a thinking switch for the
 * thinking-vision-pro models; the API key lists no models.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://ark.cn-beijing.volces.com/api/v3',
  payload,
  models: false,
};
