import type { ChatMessage } from '@manifold/core/contract/chat-message';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { contentText, filesText, toolCallName } from '@manifold/core/contract/message-text';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';

/** A message as Ollama's `/api/chat` takes it; images are base64 without a `data:` prefix. */
export interface OllamaMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  images?: string[];
  tool_calls?: Array<{ function: { name: string; arguments: Record<string, unknown> } }>;
  /** On a tool message: the function whose result it carries (Ollama matches results by name). */
  tool_name?: string;
}

/** Sampling options of `/api/chat` (`options`, Modelfile parameter names). */
export interface OllamaOptions {
  temperature?: number;
  top_p?: number;
  num_predict?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
}

/** The `/api/chat` body. */
export interface OllamaChatBody {
  model: string;
  messages: OllamaMessage[];
  stream: boolean;
  tools?: Array<{ type: 'function'; function: Record<string, unknown> }>;
  options?: OllamaOptions;
  /** Thinking on or off; gpt-oss takes a level instead. */
  think?: boolean | 'low' | 'medium' | 'high';
}

/** SPEC §5: the temperature is halved (0–2 → 0–1); `max_tokens` is Ollama's `num_predict`. */
export const OLLAMA_CLAMPS: readonly ClampRule[] = [
  { op: 'halve', param: 'temperature' },
  { op: 'rename', param: 'max_tokens', to: 'num_predict' },
];

/** Every image URL of the request (attached images and `image_url` parts), to load beforehand. */
export function imageURLs(request: ChatRequest): string[] {
  const urls = new Set<string>();
  for (const message of request.messages) {
    for (const image of message.imageList ?? []) urls.add(image.url);
    if (Array.isArray(message.content))
      for (const part of message.content)
        if (part.type === 'image_url') urls.add(part.image_url.url);
  }
  return [...urls];
}

function messageImages(message: ChatMessage, images: ReadonlyMap<string, string>): string[] {
  const urls = [
    ...(Array.isArray(message.content)
      ? message.content.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []))
      : []),
    ...(message.imageList ?? []).map((image) => image.url),
  ];
  return urls.map((url) => images.get(url)).filter((data): data is string => data !== undefined);
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Ollama takes an object; text that is not one cannot be sent back as it was
  }
  return {};
}

/** Our messages as Ollama messages; tool results carry the name of the call they answer. */
export function convertMessages(
  messages: readonly ChatMessage[],
  images: ReadonlyMap<string, string>,
): OllamaMessage[] {
  const callNames = new Map<string, string>();
  return messages.map((message): OllamaMessage => {
    const text = contentText(message.content);
    if (message.role === 'tool' || message.role === 'function') {
      const name =
        (message.tool_call_id && callNames.get(message.tool_call_id)) ||
        (message.plugin ? toolCallName(message.plugin) : message.name);
      return { role: 'tool', content: text, ...(name ? { tool_name: name } : {}) };
    }
    const files = message.fileList?.length ? filesText(message.fileList) : '';
    const result: OllamaMessage = {
      role: message.role,
      content: [text, files].filter((part) => part !== '').join('\n\n'),
    };
    const inline = messageImages(message, images);
    if (inline.length > 0) result.images = inline;
    if (message.role === 'assistant' && message.tools?.length) {
      result.tool_calls = message.tools.map((call) => {
        callNames.set(call.id, toolCallName(call));
        return {
          function: { name: toolCallName(call), arguments: parseArguments(call.arguments) },
        };
      });
    }
    return result;
  });
}

/**
 * Ollama's `think`: on or off from `thinking.type`; for gpt-oss, which ignores booleans and takes a
 * level, `reasoning_effort` (`minimal` → `low`) unless thinking is disabled. Absent: the model's default.
 */
export function thinkOf(request: ChatRequest): OllamaChatBody['think'] {
  if (request.model.startsWith('gpt-oss') && request.reasoning_effort) {
    if (request.thinking?.type === 'disabled') return 'low';
    return request.reasoning_effort === 'minimal' ? 'low' : request.reasoning_effort;
  }
  if (request.thinking) return request.thinking.type === 'enabled';
  return undefined;
}

/**
 * The `/api/chat` body for a request (images already loaded as base64, by URL): messages, tools,
 * sampling parameters in `options` with the clamps applied, `think`, `stream` (default true).
 */
export function convertChatRequest(
  request: ChatRequest,
  images: ReadonlyMap<string, string> = new Map(),
): { body: OllamaChatBody; changes: ClampChange[] } {
  const body: OllamaChatBody = {
    model: request.model,
    messages: convertMessages(request.messages, images),
    stream: request.stream ?? true,
  };
  if (request.tools?.length) {
    body.tools = request.tools.map((tool) => {
      const { strict: _strict, ...fn } = tool.function;
      return { type: 'function', function: fn };
    });
  }
  const sampling = {
    temperature: request.temperature,
    top_p: request.top_p,
    max_tokens: request.max_tokens,
    frequency_penalty: request.frequency_penalty,
    presence_penalty: request.presence_penalty,
  };
  const { params, changes } = applyClamps(sampling, OLLAMA_CLAMPS, { model: request.model });
  const options = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined),
  ) as OllamaOptions;
  if (Object.keys(options).length > 0) body.options = options;
  const think = thinkOf(request);
  if (think !== undefined) body.think = think;
  return { body, changes };
}
