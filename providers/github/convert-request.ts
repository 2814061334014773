import type { ChatCompletionBody } from '@manifold/wire-openai/options';
import type { ClampRule } from '@manifold/core/params/clamp';

/** The id without its `publisher/` prefix (`openai/o3-mini` → `o3-mini`). */
const bareId = (model: string): string => model.slice(model.lastIndexOf('/') + 1).toLowerCase();

/** OpenAI o1 and o3 models, which GitHub serves without streaming and without sampling parameters. */
export const isPrunedReasoningModel = (model: string): boolean =>
  ['o1', 'o3'].some((prefix) => bareId(model).startsWith(prefix));

/** Models that take no `developer` role either: their system prompt becomes `user`. */
const SYSTEM_TO_USER = new Set(['o1-mini', 'o1-preview']);

/** Sampling parameters the o1/o3 models refuse; dropped so the model's defaults apply. */
export const clamps: readonly ClampRule[] = (
  ['temperature', 'top_p', 'frequency_penalty', 'presence_penalty'] as const
).map((param) => ({ op: 'drop', param, models: isPrunedReasoningModel }));

/**
 * o1 and o3 models are pruned like OpenAI's reasoning models: the system prompt becomes
 * `developer` (`user` for o1-mini and o1-preview).
 */
export function payload(body: ChatCompletionBody): ChatCompletionBody {
  if (!isPrunedReasoningModel(body.model)) return body;
  const role = SYSTEM_TO_USER.has(bareId(body.model)) ? 'user' : 'developer';
  return {
    ...body,
    messages: body.messages.map((message) =>
      message.role === 'system' ? { ...message, role } : message,
    ),
  };
}
