import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How Xinference differs from OpenAI: a key only when the cluster has auth enabled, the
 * temperature halved as for every local-model provider (SPEC: the UI's 0–2 scale is twice what
 * local models expect), and `/models` lists the models launched on the cluster.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'http://127.0.0.1:9997/v1',
  requiresApiKey: false,
  clamps: [{ op: 'halve', param: 'temperature' }],
  models: { url: '/models' },
};
