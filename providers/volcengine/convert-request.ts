import type { ChatCompletionBody } from '@manifold/core/compat/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** Models that take `thinking: {type}` (the vision reasoning models). */
export const THINKING_SWITCH_MODEL = /thinking-vision-pro/i;

/**
 * Ark serves a model under its deployment name (`doubao-seed-1-6-250615`): the card's
 * `config.deploymentName` is sent as the model when the card has one. For thinking-vision-pro
 * models the request's thinking type is sent as `thinking: {type}`; other models refuse the field.
 */
export function payload(
  body: ChatCompletionBody,
  request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  const card = options.models?.find((model) => model.id === body.model);
  const deployment = card?.config?.deploymentName;
  let result = deployment ? { ...body, model: deployment } : body;
  if (request.thinking && THINKING_SWITCH_MODEL.test(request.model)) {
    result = { ...result, thinking: { type: request.thinking.type } };
  }
  return result;
}
