import type { ClampRule } from '@manifold/core/params/clamp';

/** Vision models (qvq, qwen-vl, any `-vl` id) take top_p up to 1 inclusive. */
export const isVisionModel = (model: string): boolean => {
  const lower = model.toLowerCase();
  return lower.startsWith('qvq') || lower.includes('qwen-vl') || lower.includes('-vl');
};

/**
 * Hybrid models that switch thinking on and off per request (qwen3, qwen-plus, qwen-turbo,
 * deepseek-v3.1). The `-thinking` / `-instruct` snapshots are fixed in one mode and refuse the flag.
 */
export const isHybridThinkingModel = (model: string): boolean => {
  const lower = model.toLowerCase();
  if (lower.includes('-thinking') || lower.includes('-instruct')) return false;
  return ['qwen3', 'qwen-plus', 'qwen-turbo', 'deepseek-v3.1'].some((key) => lower.includes(key));
};

/**
 * DashScope's parameter ranges. A temperature of 2 or more is dropped (the model default applies)
 * rather than held at 1.99: the range is open at 2, so there is no bound to hold it at, and
 * leaving it out is what the upstream does with a missing value anyway.
 */
export const clamps: readonly ClampRule[] = [
  { op: 'drop', param: 'frequency_penalty' },
  // Legacy qwen-*-chat models take no presence_penalty at all.
  { op: 'drop', param: 'presence_penalty', models: /^qwen.*-chat/i },
  { op: 'range', param: 'presence_penalty', min: -2, max: 2 },
  { op: 'range', param: 'temperature', min: 0, max: 2, maxExclusive: true, outside: 'drop' },
  {
    op: 'range',
    param: 'top_p',
    min: 0,
    max: 1,
    minExclusive: true,
    outside: 'drop',
    models: isVisionModel,
  },
  {
    op: 'range',
    param: 'top_p',
    min: 0,
    max: 1,
    minExclusive: true,
    maxExclusive: true,
    outside: 'drop',
    models: (model) => !isVisionModel(model),
  },
];
