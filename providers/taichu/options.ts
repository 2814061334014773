import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How Taichu differs from OpenAI: its sampling scale is half of OpenAI's, so temperature is halved
 * (at least 0.01, as 0 is refused) and top_p is halved, then held in 0.1–9.9 as its API bounds it.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://ai-maas.wair.ac.cn/maas/v1',
  clamps: [
    { op: 'halve', param: 'temperature', min: 0.01 },
    { op: 'halve', param: 'top_p' },
    { op: 'range', param: 'top_p', min: 0.1, max: 9.9 },
  ],
};
