import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { holdInRange, matchesModel } from '@manifold/core/params/clamp-helpers';
import type { ChatCompletionBody, OpenAICompatibleOptions, ThinkingRule } from './options.js';

/** The `thinking_budget` of an enabled request: its budget (else the default) held in range. */
const budgetOf = (rule: ThinkingRule, requested: number | undefined): number | undefined => {
  if (!rule.budget) return undefined;
  const budget = requested ?? rule.budget.default;
  if (budget === undefined) return undefined;
  return holdInRange(budget, rule.budget).value as number;
};

/**
 * The request's `thinking` in the provider's own fields (`OpenAICompatibleOptions.thinking`), for
 * matching models only: other models refuse the fields, so they get none.
 */
export function applyThinking(
  body: ChatCompletionBody,
  request: ChatRequest,
  rule: ThinkingRule | undefined,
): ChatCompletionBody {
  const { thinking } = request;
  if (!rule || !thinking || !matchesModel(request.model, rule.models)) return body;
  const enabled = thinking.type === 'enabled';
  switch (rule.style) {
    case 'type':
      return { ...body, thinking: { type: thinking.type } };
    case 'chat_template_kwargs':
      return { ...body, chat_template_kwargs: { thinking: enabled } };
    case 'enable_thinking': {
      const budget = enabled ? budgetOf(rule, thinking.budget_tokens) : undefined;
      return {
        ...body,
        enable_thinking: enabled,
        ...(budget !== undefined && { thinking_budget: budget }),
      };
    }
  }
}

/**
 * The declarative body rules that add fields from the request and its model card (before the
 * clamps, so that the clamps also bound what they add): thinking, parallel tool calls, and the
 * card's output cap as max_tokens.
 */
export function applyRequestRules(
  body: ChatCompletionBody,
  request: ChatRequest,
  compat: OpenAICompatibleOptions,
  cards: readonly ModelCard[],
): ChatCompletionBody {
  const result = { ...applyThinking(body, request, compat.thinking) };
  if (compat.parallelToolCalls && result.tools?.length) result.parallel_tool_calls = true;
  if (compat.maxTokensFromCard && result.max_tokens === undefined) {
    const maxOutput = cards.find((card) => card.id === request.model)?.maxOutput;
    if (maxOutput !== undefined) result.max_tokens = maxOutput;
  }
  return result;
}

/** Only the named fields of a body (`model` and `messages` always). */
export function keepOnly<Body extends Record<string, unknown>>(
  body: Body,
  fields: readonly string[],
): Body {
  const result: Record<string, unknown> = { model: body.model, messages: body.messages };
  for (const key of fields) if (body[key] !== undefined) result[key] = body[key];
  return result as Body;
}

/**
 * The declarative rules that rewrite the finished body (after the clamps and hooks, which still
 * see the model id): the card's deployment name as the model.
 */
export function applyFinalRules<Body extends { model: string }>(
  body: Body,
  compat: OpenAICompatibleOptions,
  cards: readonly ModelCard[],
): Body {
  let result = body;
  if (compat.deploymentNames) {
    const deployment = cards.find((card) => card.id === body.model)?.config?.deploymentName;
    if (deployment) result = { ...result, model: deployment };
  }
  return result;
}
