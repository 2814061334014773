/**
 * Model chunks as Bedrock's InvokeModel(WithResponseStream) carries them: Anthropic Messages
 * stream events for Claude (with Bedrock's `amazon-bedrock-invocationMetrics` on `message_stop`),
 * Llama generation objects for `meta.*`, and Titan embeddings. The fake frames them; these only
 * build the JSON the model would put in each chunk's `bytes`.
 */

/** Token counts Bedrock appends to the last chunk of every stream. */
export interface InvocationMetrics {
  inputTokenCount: number;
  outputTokenCount: number;
  invocationLatency: number;
  firstByteLatency: number;
}

export const invocationMetrics = (input: number, output: number): InvocationMetrics => ({
  inputTokenCount: input,
  outputTokenCount: output,
  invocationLatency: 812,
  firstByteLatency: 304,
});

/** One content block of a Claude answer, its streamed pieces in order. */
export type ClaudeBlock =
  | { type: 'text'; text: string[] }
  | { type: 'thinking'; thinking: string[]; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: string[] };

/** Options of `claudeEvents`. */
export interface ClaudeEventsOptions {
  id?: string;
  model?: string;
  blocks: ClaudeBlock[];
  stopReason?: string;
  /** input_tokens of message_start, output_tokens of message_delta (cumulative). */
  usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  /** Append `amazon-bedrock-invocationMetrics` to message_stop (default true). */
  metrics?: boolean;
}

export const CLAUDE_MESSAGE_ID = 'msg_bdrk_01UXq8Ktf2nWbPvzc4Rm7Ahd';

export function claudeMessageStart(options: Omit<ClaudeEventsOptions, 'blocks'> = {}) {
  const usage = options.usage ?? { input: 12, output: 3 };
  return {
    type: 'message_start',
    message: {
      id: options.id ?? CLAUDE_MESSAGE_ID,
      type: 'message',
      role: 'assistant',
      model: options.model ?? 'claude-sonnet-4-5-20250929',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: usage.input,
        cache_creation_input_tokens: usage.cacheWrite ?? 0,
        cache_read_input_tokens: usage.cacheRead ?? 0,
        output_tokens: 1,
      },
    },
  };
}

const blockStart = (block: ClaudeBlock) => {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
};

const blockDeltas = (block: ClaudeBlock): Array<Record<string, unknown>> => {
  switch (block.type) {
    case 'text':
      return block.text.map((text) => ({ type: 'text_delta', text }));
    case 'thinking':
      return [
        ...block.thinking.map((thinking) => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'redacted_thinking':
      return [];
    case 'tool_use':
      return ['', ...block.input].map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      }));
  }
};

/** A whole Claude stream: message_start, each block (start, deltas, stop), message_delta, message_stop. */
export function claudeEvents(options: ClaudeEventsOptions): Array<Record<string, unknown>> {
  const usage = options.usage ?? { input: 12, output: 3 };
  const events: Array<Record<string, unknown>> = [claudeMessageStart(options)];
  options.blocks.forEach((block, index) => {
    events.push({ type: 'content_block_start', index, content_block: blockStart(block) });
    for (const delta of blockDeltas(block))
      events.push({ type: 'content_block_delta', index, delta });
    events.push({ type: 'content_block_stop', index });
  });
  events.push({
    type: 'message_delta',
    delta: { stop_reason: options.stopReason ?? 'end_turn', stop_sequence: null },
    usage: { output_tokens: usage.output },
  });
  const stop: Record<string, unknown> = { type: 'message_stop' };
  if (options.metrics !== false)
    stop['amazon-bedrock-invocationMetrics'] = invocationMetrics(usage.input, usage.output);
  events.push(stop);
  return events;
}

/** A Claude text answer in pieces. */
export const claudeTextEvents = (
  texts: string[],
  options: Omit<ClaudeEventsOptions, 'blocks'> = {},
) => claudeEvents({ ...options, blocks: [{ type: 'text', text: texts }] });

/** The non-streamed Claude answer (InvokeModel): one Messages API message. */
export function claudeMessage(options: ClaudeEventsOptions): Record<string, unknown> {
  const usage = options.usage ?? { input: 12, output: 3 };
  const content = options.blocks.map((block) => {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: block.text.join('') };
      case 'thinking':
        return { type: 'thinking', thinking: block.thinking.join(''), signature: block.signature };
      case 'redacted_thinking':
        return block;
      case 'tool_use':
        return {
          type: 'tool_use',
          id: block.id,
          name: block.name,
          input: JSON.parse(block.input.join('') || '{}'),
        };
    }
  });
  return {
    id: options.id ?? CLAUDE_MESSAGE_ID,
    type: 'message',
    role: 'assistant',
    model: options.model ?? 'claude-sonnet-4-5-20250929',
    content,
    stop_reason: options.stopReason ?? 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: usage.input,
      cache_creation_input_tokens: usage.cacheWrite ?? 0,
      cache_read_input_tokens: usage.cacheRead ?? 0,
      output_tokens: usage.output,
    },
  };
}

/** Options of `llamaChunks`. */
export interface LlamaOptions {
  promptTokens?: number;
  stopReason?: 'stop' | 'length';
  /** Append `amazon-bedrock-invocationMetrics` to the last chunk (default true). */
  metrics?: boolean;
}

/**
 * A Llama stream: one `{generation, prompt_token_count, generation_token_count, stop_reason}` per
 * piece (prompt count on the first only, generation count cumulative), then the stop chunk.
 */
export function llamaChunks(
  texts: string[],
  options: LlamaOptions = {},
): Array<Record<string, unknown>> {
  const promptTokens = options.promptTokens ?? 10;
  const chunks: Array<Record<string, unknown>> = texts.map((generation, index) => ({
    generation,
    prompt_token_count: index === 0 ? promptTokens : null,
    generation_token_count: index + 1,
    stop_reason: null,
  }));
  const last: Record<string, unknown> = {
    generation: '',
    prompt_token_count: null,
    generation_token_count: texts.length,
    stop_reason: options.stopReason ?? 'stop',
  };
  if (options.metrics !== false)
    last['amazon-bedrock-invocationMetrics'] = invocationMetrics(promptTokens, texts.length);
  return [...chunks, last];
}

/** The non-streamed Llama answer (InvokeModel). */
export const llamaGeneration = (
  text: string,
  options: LlamaOptions & { outputTokens?: number } = {},
) => ({
  generation: text,
  prompt_token_count: options.promptTokens ?? 10,
  generation_token_count: options.outputTokens ?? 3,
  stop_reason: options.stopReason ?? 'stop',
});

/** A deterministic Titan embedding of `dimensions` values (unit length, as `normalize: true` asks). */
export function titanEmbedding(inputText: string, dimensions = 1024) {
  const seed = [...inputText].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const raw = Array.from({ length: dimensions }, (_, i) => Math.sin(seed + i));
  const norm = Math.hypot(...raw) || 1;
  return {
    embedding: raw.map((value) => Math.round((value / norm) * 1e6) / 1e6),
    inputTextTokenCount: Math.max(1, inputText.split(/\s+/).filter(Boolean).length),
  };
}
