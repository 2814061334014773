import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

const DEFAULT_BASE_URL = 'https://api.sensenova.cn/compatible-mode/v1';

/**
 * SenseNova lists models on its native API, not the compatible one: the configured base URL with
 * `/compatible-mode/v1` replaced by `/v1/llm/models` (a proxy or test server keeps its host).
 */
export function modelListURL(options: RuntimeOptions): string {
  const base = (options.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  return base.endsWith('/compatible-mode/v1')
    ? `${base.slice(0, -'/compatible-mode/v1'.length)}/v1/llm/models`
    : `${new URL(base).origin}/v1/llm/models`;
}

/**
 * How SenseNova differs from OpenAI: parameters outside its ranges are left out (frequency_penalty
 * and temperature must be in (0, 2], top_p in (0, 1)), max_tokens is called max_new_tokens, and the
 * model list lives on another base path.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: DEFAULT_BASE_URL,
  clamps: [
    {
      op: 'range',
      param: 'frequency_penalty',
      min: 0,
      max: 2,
      minExclusive: true,
      outside: 'drop',
    },
    { op: 'range', param: 'temperature', min: 0, max: 2, minExclusive: true, outside: 'drop' },
    {
      op: 'range',
      param: 'top_p',
      min: 0,
      max: 1,
      minExclusive: true,
      maxExclusive: true,
      outside: 'drop',
    },
    { op: 'rename', param: 'max_tokens', to: 'max_new_tokens' },
  ],
  models: { url: modelListURL },
};
