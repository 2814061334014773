/**
 * Builders for realistic OpenAI Chat Completions wire objects: stream chunks, full completions, usage, model
 * lists. Shapes follow the API reference (`chat.completion.chunk`, `chat.completion`, `list`) and what the
 * `openai` SDK v6 types declare. Defaults are fixed values so that snapshots stay stable.
 */

/** Options shared by the chunk builders. */
export interface ChunkOptions {
  /** Completion id repeated on every chunk; default `chatcmpl-fake`. */
  id?: string;
  /** Model id repeated on every chunk; default `gpt-4o-mini`. */
  model?: string;
  /** Unix seconds repeated on every chunk; default 1735689600. */
  created?: number;
  /** Finish reason on the closing chunk; default `stop` (`tool_calls` for tool-call streams). */
  finishReason?: string;
  /** When given, every chunk carries `usage: null` and a last chunk with `choices: []` carries this usage. */
  usage?: Record<string, unknown>;
}

/** One tool call for `toolCallChunks`: `arguments` as one string or as the fragments to stream. */
export interface ToolCallSpec {
  /** Tool-call id; default `call_fake_<index>`. */
  id?: string;
  name: string;
  arguments: string | string[];
}

const defaults = { id: 'chatcmpl-fake', model: 'gpt-4o-mini', created: 1735689600 };

/** One `chat.completion.chunk` with a single choice at index 0. */
export function chunk(
  delta: Record<string, unknown>,
  options: ChunkOptions = {},
  finishReason: string | null = null,
): Record<string, unknown> {
  const result: Record<string, unknown> = {
    id: options.id ?? defaults.id,
    object: 'chat.completion.chunk',
    created: options.created ?? defaults.created,
    model: options.model ?? defaults.model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
  if (options.usage) result.usage = null;
  return result;
}

function withTail(body: Record<string, unknown>[], options: ChunkOptions, finishReason: string) {
  const chunks = [...body, chunk({}, options, options.finishReason ?? finishReason)];
  if (options.usage) chunks.push({ ...chunk({}, options), choices: [], usage: options.usage });
  return chunks;
}

/**
 * A streamed text answer: optional `reasoning` deltas (`reasoning_content`, DeepSeek style) first, then one
 * chunk per text; `role: "assistant"` rides on the first delta; then a finish chunk with an empty delta, then a
 * usage chunk with `choices: []` when `usage` is given.
 */
export function textChunks(texts: string[], options: ChunkOptions & { reasoning?: string[] } = {}) {
  const deltas = [
    ...(options.reasoning ?? []).map((text) => ({ reasoning_content: text })),
    ...texts.map((text) => ({ content: text })),
  ];
  const body = deltas.map((delta, index) =>
    chunk(index === 0 ? { role: 'assistant', ...delta } : delta, options),
  );
  return withTail(body, options, 'stop');
}

/**
 * Streamed parallel tool calls as OpenAI sends them: per call, a first fragment with `index`, `id`,
 * `type: "function"`, the name and `arguments: ""`, then fragments carrying only `index` and an `arguments`
 * piece. Calls follow each other unless `interleave` alternates their fragments.
 */
export function toolCallChunks(
  calls: ToolCallSpec[],
  options: ChunkOptions & { interleave?: boolean } = {},
) {
  const perCall = calls.map((call, index) => {
    const pieces = typeof call.arguments === 'string' ? [call.arguments] : call.arguments;
    const head = {
      index,
      id: call.id ?? `call_fake_${index}`,
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    return [head, ...pieces.map((piece) => ({ index, function: { arguments: piece } }))];
  });
  const fragments = options.interleave ? interleave(perCall) : perCall.flat();
  const body = fragments.map((fragment, index) =>
    chunk(
      index === 0
        ? { role: 'assistant', content: null, tool_calls: [fragment] }
        : { tool_calls: [fragment] },
      options,
    ),
  );
  return withTail(body, options, 'tool_calls');
}

function interleave<T>(lists: T[][]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const result: T[] = [];
  for (let position = 0; position < longest; position++) {
    for (const list of lists) if (position < list.length) result.push(list[position] as T);
  }
  return result;
}

/** An OpenAI `usage` object with the detail blocks the API sends, from the three headline counts. */
export function chatUsage(
  promptTokens: number,
  completionTokens: number,
  details: { cachedTokens?: number; reasoningTokens?: number } = {},
) {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: details.cachedTokens ?? 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: details.reasoningTokens ?? 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** A non-streaming `chat.completion` object with one choice. */
export function chatCompletion(
  content: string | null,
  options: ChunkOptions & { reasoning?: string; toolCalls?: ToolCallSpec[] } = {},
) {
  const toolCalls = options.toolCalls?.map((call, index) => ({
    id: call.id ?? `call_fake_${index}`,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : call.arguments.join(''),
    },
  }));
  const message: Record<string, unknown> = {
    role: 'assistant',
    content,
    refusal: null,
    annotations: [],
  };
  if (options.reasoning !== undefined) message.reasoning_content = options.reasoning;
  if (toolCalls) message.tool_calls = toolCalls;
  return {
    id: options.id ?? defaults.id,
    object: 'chat.completion',
    created: options.created ?? defaults.created,
    model: options.model ?? defaults.model,
    choices: [
      {
        index: 0,
        message,
        logprobs: null,
        finish_reason: options.finishReason ?? (toolCalls ? 'tool_calls' : 'stop'),
      },
    ],
    usage: options.usage ?? chatUsage(12, 8),
    service_tier: 'default',
    system_fingerprint: 'fp_fake',
  };
}

/** A `GET /models` answer: `{object: "list", data: [{id, object: "model", created, owned_by}]}`. */
export function modelList(ids: string[], ownedBy = 'system') {
  return {
    object: 'list',
    data: ids.map((id) => ({ id, object: 'model', created: defaults.created, owned_by: ownedBy })),
  };
}

/** Model ids OpenAI lists today that a chat gateway must filter out (embeddings, audio, images, legacy). */
export const nonChatModelIds = [
  'text-embedding-3-small',
  'whisper-1',
  'dall-e-3',
  'tts-1',
  'davinci-002',
  'babbage-002',
  'omni-moderation-latest',
];

/** Chat model ids in the default model list. */
export const chatModelIds = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'o3-mini', 'gpt-5'];
