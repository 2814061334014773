/**
 * Builders for Workers AI wire objects. Native text-generation streams are `data: {"response":
 * "…","p":"…"}` chunks (`p` is random padding Cloudflare adds against token-length side channels),
 * an optional usage chunk `{"response":"","usage":{…}}`, then `data: [DONE]`; streamed tool calls
 * come as `tool_calls` fragments (`{id, type, index, function: {name}}`, then `{index, function:
 * {arguments}}` pieces, then an all-null closing entry). Complete answers are the Cloudflare API
 * envelope `{result, success, errors, messages}`; non-streamed tool calls are flat `{name,
 * arguments: {…}}`. Sources: developers.cloudflare.com/workers-ai (streaming, function calling,
 * errors) and cloudflare/ai `workers-ai-provider` tests.
 */

/** A Workers AI `usage` object. */
export function workersUsage(promptTokens: number, completionTokens: number) {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

let padding = 0;
/** Padding like Cloudflare's: a run of letters of varying length. */
const pad = () => 'abcdefghijklmnopqrstuvwxyz'.slice(0, 4 + (padding++ % 20));

/** One native chunk. */
export const nativeChunk = (response: string, extra: Record<string, unknown> = {}) => ({
  response,
  ...extra,
  p: pad(),
});

/** A native text stream: one chunk per text, then a usage chunk when `usage` is given. */
export function nativeTextChunks(
  texts: readonly string[],
  options: { usage?: ReturnType<typeof workersUsage>; finishReason?: string } = {},
) {
  const chunks: Record<string, unknown>[] = texts.map((text) => nativeChunk(text));
  if (options.finishReason) chunks.push(nativeChunk('', { finish_reason: options.finishReason }));
  if (options.usage) chunks.push(nativeChunk('', { tool_calls: [], usage: options.usage }));
  return chunks;
}

/** One call for `nativeToolCallChunks`: its arguments as the fragments to stream. */
export interface NativeToolCall {
  id?: string;
  name: string;
  arguments: readonly string[];
}

/**
 * Streamed native tool calls: per call a head fragment with id and name, then one fragment per
 * arguments piece, then the all-null closing entry; `finish_reason: "tool_calls"` and usage after.
 */
export function nativeToolCallChunks(
  calls: readonly NativeToolCall[],
  options: { usage?: ReturnType<typeof workersUsage> } = {},
) {
  const chunks: Record<string, unknown>[] = [];
  calls.forEach((call, index) => {
    const head = {
      id: call.id ?? `chatcmpl-tool-${index}`,
      type: 'function',
      index,
      function: { name: call.name },
    };
    chunks.push(nativeChunk('', { tool_calls: [head] }));
    for (const piece of call.arguments) {
      chunks.push(nativeChunk('', { tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  chunks.push(
    nativeChunk('', {
      tool_calls: [{ id: null, type: null, function: { name: null, arguments: null } }],
    }),
  );
  chunks.push(nativeChunk('', { finish_reason: 'tool_calls' }));
  if (options.usage) chunks.push(nativeChunk('', { tool_calls: [], usage: options.usage }));
  return chunks;
}

/** The Cloudflare API envelope of a successful answer. */
export const resultEnvelope = (result: unknown) => ({
  result,
  success: true,
  errors: [],
  messages: [],
});

/** A complete native answer: text, flat tool calls, usage. */
export function nativeResult(
  response: string | null,
  options: {
    toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
    usage?: ReturnType<typeof workersUsage>;
  } = {},
) {
  return resultEnvelope({
    response,
    tool_calls: options.toolCalls ?? [],
    usage: options.usage ?? workersUsage(12, 6),
  });
}

/** One entry of the Cloudflare error envelope. */
export interface CloudflareErrorEntry {
  code: number;
  message: string;
}

/** The Cloudflare API envelope of a failure. */
export const errorEnvelope = (errors: readonly CloudflareErrorEntry[]) => ({
  result: null,
  success: false,
  errors,
  messages: [],
});

/** Error entries Workers AI sends (developers.cloudflare.com/workers-ai/platform/errors). */
export const WORKERS_AI_ERRORS = {
  authentication: { code: 10000, message: 'Authentication error' },
  noSuchModel: (model: string) => ({ code: 5007, message: `No such model ${model} or task` }),
  invalidInput: {
    code: 3010,
    message:
      "AiError: AiError: Invalid or incomplete input for the model: model returned: 'messages' is required",
  },
  dailyAllocation: {
    code: 3036,
    message:
      "You have used up your daily free allocation of 10,000 neurons. Please upgrade to Cloudflare's Workers Paid plan if you would like to continue usage.",
  },
  capacity: { code: 3040, message: 'Capacity temporarily exceeded, please try again.' },
  modelAgreement: { code: 5016, message: 'User has not agreed to Llama3.2 model terms' },
} as const;

/** One catalogue entry of `GET …/ai/models/search`. */
export function catalogueModel(
  name: string,
  task: string,
  properties: Record<string, unknown> = {},
  description = `${name.split('/').at(-1)} model`,
) {
  return {
    id: `id-${name}`,
    source: 1,
    name,
    description,
    task: { id: `task-${task}`, name: task, description: `${task} models` },
    created_at: '2025-01-01 00:00:00.000',
    tags: [],
    properties: Object.entries(properties).map(([property_id, value]) => ({ property_id, value })),
  };
}

const price = (input: number, output: number) => [
  { unit: 'per M input tokens', price: input, currency: 'USD' },
  { unit: 'per M output tokens', price: output, currency: 'USD' },
];

/** A small realistic catalogue: chat models of every kind plus models of other tasks. */
export const DEFAULT_CATALOGUE = [
  catalogueModel('@cf/meta/llama-3.3-70b-instruct-fp8-fast', 'Text Generation', {
    context_window: '24000',
    function_calling: 'true',
    price: price(0.29, 2.25),
  }),
  catalogueModel(
    '@cf/meta/llama-4-scout-17b-16e-instruct',
    'Text Generation',
    {
      context_window: '131000',
      function_calling: 'true',
      vision: 'true',
      price: price(0.27, 0.85),
    },
    "Meta's Llama 4 Scout is a 17 billion parameter model with 16 experts that is natively multimodal.",
  ),
  catalogueModel('@cf/deepseek-ai/deepseek-r1-distill-qwen-32b', 'Text Generation', {
    context_window: '80000',
    price: price(0.5, 4.88),
  }),
  catalogueModel('@cf/qwen/qwen3-30b-a3b-fp8', 'Text Generation', {
    context_window: '32768',
    function_calling: 'true',
    reasoning: 'true',
    price: price(0.051, 0.34),
  }),
  catalogueModel('@cf/meta/llama-3.2-11b-vision-instruct', 'Text Generation', {
    context_window: '128000',
    price: price(0.049, 0.68),
  }),
  catalogueModel('@hf/thebloke/neural-chat-7b-v3-1-awq', 'Text Generation', {
    beta: 'true',
    context_window: '4096',
  }),
  catalogueModel('@cf/baai/bge-m3', 'Text Embeddings', { context_window: '8192' }),
  catalogueModel('@cf/openai/whisper-large-v3-turbo', 'Automatic Speech Recognition'),
  catalogueModel('@cf/black-forest-labs/flux-1-schnell', 'Text-to-Image'),
];
