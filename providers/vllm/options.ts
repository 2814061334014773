import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How vLLM differs from OpenAI: a key only when the server was started with `--api-key`, the
 * temperature halved as for every local-model provider (SPEC: the UI's 0–2 scale is twice what
 * local models expect), and `/models` lists the model(s) the server was started with.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'http://127.0.0.1:8000/v1',
  requiresApiKey: false,
  clamps: [{ op: 'halve', param: 'temperature' }],
  models: { url: '/models' },
};
