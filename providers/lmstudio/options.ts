import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How LM Studio differs from OpenAI: no key is needed (a placeholder is sent), the temperature is
 * halved as for every local-model provider (SPEC: the UI's 0–2 scale is twice what local models
 * expect), and `/models` lists the models the server has loaded.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'http://127.0.0.1:1234/v1',
  requiresApiKey: false,
  clamps: [{ op: 'halve', param: 'temperature' }],
  models: { url: '/models' },
};
