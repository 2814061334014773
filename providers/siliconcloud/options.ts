import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ClampRule } from '@manifold/core/params/clamp';

/** SiliconCloud refuses max_tokens outside 1–16384. */
export const clamps: readonly ClampRule[] = [
  { op: 'range', param: 'max_tokens', min: 1, max: 16_384 },
];

/** Hybrid models that switch thinking on and off with `enable_thinking` (Qwen3-xB and the like). */
export const HYBRID_THINKING_MODEL = /qwen3-\d+b|glm-4\.5|deepseek-v3\.1|hunyuan-a13b/i;

/** Why SiliconCloud answers 403: an empty balance, or a model that needs a verified account. */
export const FORBIDDEN_MESSAGE =
  '请检查 API Key 余额是否充足,或者是否在未实名的情况下使用了需要实名认证的模型';

/**
 * How SiliconCloud differs from OpenAI: max_tokens held 1–16384, thinking switches for hybrid
 * models, a 403 explained, and a chat-only remote model list.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.siliconflow.cn/v1',
  clamps,
  // enable_thinking (these models otherwise think by default); a budget of 1–32768, 1024 if none
  thinking: {
    style: 'enable_thinking',
    models: HYBRID_THINKING_MODEL,
    budget: { min: 1, max: 32_768, default: 1024 },
  },
  errors: {
    status: { 401: 'InvalidProviderAPIKey', 403: 'ProviderBizError' },
    statusMessage: { 403: FORBIDDEN_MESSAGE },
  },
  models: {
    url: '/models?sub_type=chat',
    abilities: {
      functionCall: ['qwen3', 'qwen2.5', 'glm-4', 'deepseek-v3', 'kimi-k2', 'hunyuan', '!-r1'],
      vision: ['vl', 'glm-4.5v', 'step3'],
      reasoning: [
        'qwen3',
        '-r1',
        'qwq',
        'thinking',
        'glm-z1',
        'glm-4.5',
        'deepseek-v3.1',
        'hunyuan-a13b',
        '!instruct-2507',
        '!a3b-instruct',
        '!coder',
      ],
    },
  },
};
