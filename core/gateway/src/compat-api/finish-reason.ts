/*
 * A provider's finish reason (the CONTRACT §4 `stop` event, as the provider said it) in the
 * vocabulary of the OpenAI and Anthropic APIs. A reply that called tools says so whatever the
 * provider said (Gemini and Ollama finish a tool call with a plain `STOP` / `stop`).
 */

/** OpenAI's finish reasons of a chat completion. */
export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** Anthropic's stop reasons of a message. */
export type AnthropicStopReason =
  'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal';

type Kind = 'stop' | 'length' | 'tool' | 'filter' | 'sequence' | 'pause';

/** Every provider's reason, lower-cased (OpenAI, Responses API, Anthropic, Gemini, Ollama, Bedrock). */
const KINDS: Record<string, Kind> = {
  stop: 'stop',
  end_turn: 'stop',
  completed: 'stop',
  stop_sequence: 'sequence',
  length: 'length',
  max_tokens: 'length',
  incomplete: 'length',
  model_context_window_exceeded: 'length',
  tool_calls: 'tool',
  tool_use: 'tool',
  function_call: 'tool',
  content_filter: 'filter',
  refusal: 'filter',
  safety: 'filter',
  recitation: 'filter',
  blocklist: 'filter',
  prohibited_content: 'filter',
  spii: 'filter',
  image_safety: 'filter',
  guardrail_intervened: 'filter',
  content_filtered: 'filter',
  pause_turn: 'pause',
};

function kindOf(reason: string | undefined, calledTools: boolean): Kind {
  const kind = KINDS[(reason ?? 'stop').toLowerCase()] ?? 'stop';
  return calledTools && kind === 'stop' ? 'tool' : kind;
}

/** The OpenAI `finish_reason` of a reply. */
export function openAIFinishReason(
  reason: string | undefined,
  calledTools: boolean,
): OpenAIFinishReason {
  switch (kindOf(reason, calledTools)) {
    case 'length':
      return 'length';
    case 'tool':
      return 'tool_calls';
    case 'filter':
      return 'content_filter';
    default:
      return 'stop';
  }
}

/** The Anthropic `stop_reason` of a reply. */
export function anthropicStopReason(
  reason: string | undefined,
  calledTools: boolean,
): AnthropicStopReason {
  switch (kindOf(reason, calledTools)) {
    case 'length':
      return 'max_tokens';
    case 'tool':
      return 'tool_use';
    case 'filter':
      return 'refusal';
    case 'sequence':
      return 'stop_sequence';
    case 'pause':
      return 'pause_turn';
    default:
      return 'end_turn';
  }
}
