import type { ChatCompletionBody } from '@manifold/core/compat/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ClampRule } from '@manifold/core/params/clamp';

/** SiliconCloud refuses max_tokens outside 1–16384. */
export const clamps: readonly ClampRule[] = [
  { op: 'range', param: 'max_tokens', min: 1, max: 16_384 },
];

/** Hybrid models that switch thinking on and off with `enable_thinking` (Qwen3-xB and the like). */
export const HYBRID_THINKING_MODEL = /qwen3-\d+b|glm-4\.5|deepseek-v3\.1|hunyuan-a13b/i;

/** The budget SiliconCloud takes: 1–32768; a budget of 0 becomes 1, none defaults to 1024. */
export function thinkingBudget(budget: number | undefined): number {
  return Math.min(Math.max(budget ?? 1024, 1), 32_768);
}

/**
 * For hybrid models the request's thinking becomes `enable_thinking`, true only when the type is
 * `enabled` (these models otherwise think by default), with a `thinking_budget` when enabled.
 */
export function payload(body: ChatCompletionBody, request: ChatRequest): ChatCompletionBody {
  const { thinking } = request;
  if (!thinking || !HYBRID_THINKING_MODEL.test(body.model)) return body;
  if (thinking.type !== 'enabled') return { ...body, enable_thinking: false };
  return {
    ...body,
    enable_thinking: true,
    thinking_budget: thinkingBudget(thinking.budget_tokens),
  };
}
