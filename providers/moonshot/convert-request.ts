import type { ChatCompletionBody } from '@manifold/wire-openai/options';
import type { ClampRule } from '@manifold/core/params/clamp';

/** Moonshot's temperature runs 0–1: the request's 0–2 value is halved. */
export const clamps: readonly ClampRule[] = [{ op: 'halve', param: 'temperature' }];

const isEmptyContent = (content: ChatCompletionBody['messages'][number]['content']): boolean =>
  content === null || content === '' || (Array.isArray(content) && content.length === 0);

/**
 * Moonshot rejects assistant messages with empty content (e.g. one that only called tools), so
 * their content becomes a single space.
 */
export function payload(body: ChatCompletionBody): ChatCompletionBody {
  if (
    !body.messages.some(
      (message) => message.role === 'assistant' && isEmptyContent(message.content),
    )
  ) {
    return body;
  }
  return {
    ...body,
    messages: body.messages.map((message) =>
      message.role === 'assistant' && isEmptyContent(message.content)
        ? { ...message, content: ' ' }
        : message,
    ),
  };
}
