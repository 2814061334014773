import type { ChatResult } from '@manifold/core/contract/chat-result';
import { anthropicStopReason } from '../finish-reason.js';
import { anthropicUsage } from '../usage.js';
import { messageIdOf } from './stream.js';

/** Tool input is a JSON object; arguments that are not one (a model's broken JSON) become `{}`. */
function toolInput(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // fall through: the call still has to reach the client
  }
  return {};
}

/**
 * A collected chat result as Anthropic's `message`: a `thinking` block (with its signature) when
 * the model reasoned, the text, one `tool_use` block per call (arguments parsed into `input`), the
 * stop reason in Anthropic's words and the usage.
 */
export function toAnthropicMessage(result: ChatResult, model: string) {
  const content: Array<Record<string, unknown>> = [];
  if (result.reasoning) {
    content.push({
      type: 'thinking',
      thinking: result.reasoning.content,
      signature: result.reasoning.signature ?? '',
    });
  }
  if (result.text !== '') content.push({ type: 'text', text: result.text });
  for (const call of result.toolCalls ?? []) {
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: toolInput(call.function.arguments),
    });
  }
  return {
    id: messageIdOf(result.id),
    type: 'message' as const,
    role: 'assistant' as const,
    model,
    content,
    stop_reason: anthropicStopReason(result.stop, (result.toolCalls?.length ?? 0) > 0),
    stop_sequence: null,
    usage: anthropicUsage(result.usage),
  };
}
