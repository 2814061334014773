import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ChatCompletionBody } from '@manifold/core/compat/options';
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

/**
 * Qwen's body rules that are not clamps: tools are called in parallel, and hybrid models get
 * `enable_thinking` / `thinking_budget` from the request's `thinking`.
 */
export function payload(body: ChatCompletionBody, request: ChatRequest): ChatCompletionBody {
  const result: ChatCompletionBody = { ...body };
  if (body.tools?.length) result.parallel_tool_calls = true;
  const { thinking } = request;
  if (thinking && isHybridThinkingModel(body.model)) {
    result.enable_thinking = thinking.type === 'enabled';
    if (thinking.type === 'enabled' && thinking.budget_tokens !== undefined) {
      result.thinking_budget = thinking.budget_tokens;
    }
  }
  return result;
}
