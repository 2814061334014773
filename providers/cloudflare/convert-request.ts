import { contentText, filesText, toolCallName } from '@manifold/core/contract/message-text';
import type { ChatMessage } from '@manifold/core/contract/chat-message';
import type { ChatRequest, ChatTool } from '@manifold/core/contract/chat-request';
import { applyClamps, type ClampChange, type ClampRule } from '@manifold/core/params/clamp';

/** A content part of a Workers AI message (vision models take `image_url` with a data URL). */
export type WorkersAIContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** One message of a Workers AI `messages` input. */
export interface WorkersAIMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  /** Never null: Workers AI validates `content` as a string (or parts for vision models). */
  content: string | WorkersAIContentPart[];
  name?: string;
  tool_calls?: Array<{
    id: string;
    type: 'function';
    function: { name: string; arguments: string };
  }>;
  tool_call_id?: string;
}

/** A tool as Workers AI function calling takes it: `{name, description, parameters}`. */
export interface WorkersAITool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

/** The body of `POST …/ai/run/{model}` for text generation. */
export interface WorkersAIBody {
  messages: WorkersAIMessage[];
  stream: boolean;
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  tools?: WorkersAITool[];
  [key: string]: unknown;
}

/**
 * Workers AI parameter ranges (model schemas at developers.cloudflare.com/workers-ai/models): top_p
 * 0.001–1, both penalties 0–2. Temperature takes 0–5, so the request's 0–2 passes as is.
 */
export const clamps: readonly ClampRule[] = [
  { op: 'range', param: 'top_p', min: 0.001, max: 1 },
  { op: 'range', param: 'frequency_penalty', min: 0, max: 2 },
  { op: 'range', param: 'presence_penalty', min: 0, max: 2 },
];

/** User-visible text of a message: its text with attached files appended. */
function messageText(message: ChatMessage): string {
  const text = contentText(message.content);
  if (!message.fileList?.length) return text;
  const files = filesText(message.fileList);
  return text === '' ? files : `${text}\n\n${files}`;
}

/** Images of a message: `imageList` and `image_url` parts (already inlined as data URLs). */
function imagesOf(message: ChatMessage): string[] {
  const parts = Array.isArray(message.content)
    ? message.content.flatMap((part) => (part.type === 'image_url' ? [part.image_url.url] : []))
    : [];
  return [...parts, ...(message.imageList ?? []).map((image) => image.url)];
}

/** One of our messages as a Workers AI message; earlier reasoning is not sent back. */
export function convertMessage(message: ChatMessage): WorkersAIMessage {
  if (message.role === 'tool' || message.role === 'function') {
    const result: WorkersAIMessage = { role: 'tool', content: contentText(message.content) };
    if (message.tool_call_id !== undefined) result.tool_call_id = message.tool_call_id;
    if (message.name !== undefined) result.name = message.name;
    return result;
  }
  const text = messageText(message);
  const images = message.role === 'user' ? imagesOf(message) : [];
  const content: WorkersAIMessage['content'] =
    images.length === 0
      ? text
      : [
          ...(text === '' ? [] : [{ type: 'text' as const, text }]),
          ...images.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
        ];
  const result: WorkersAIMessage = { role: message.role, content };
  if (message.name !== undefined) result.name = message.name;
  if (message.role === 'assistant' && message.tools?.length) {
    result.tool_calls = message.tools.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: toolCallName(call), arguments: call.arguments },
    }));
  }
  return result;
}

/** Tools in Workers AI's function-calling form (the OpenAI `function` object without `strict`). */
export function convertTools(tools: readonly ChatTool[]): WorkersAITool[] {
  return tools.map(({ function: fn }) => ({
    name: fn.name,
    ...(fn.description !== undefined && { description: fn.description }),
    ...(fn.parameters !== undefined && { parameters: fn.parameters }),
  }));
}

/**
 * The Workers AI body for a request (images must already be data URLs): messages, `stream`
 * (default true), the sampling parameters held in Workers AI's ranges, and tools. Gateway-only
 * fields (model — it is in the URL —, user, search, thinking…) are not sent.
 */
export function convertRequest(request: ChatRequest): {
  body: WorkersAIBody;
  changes: ClampChange[];
} {
  const body: WorkersAIBody = {
    messages: request.messages.map(convertMessage),
    stream: request.stream ?? true,
  };
  const copied = [
    'max_tokens',
    'temperature',
    'top_p',
    'frequency_penalty',
    'presence_penalty',
  ] as const;
  for (const key of copied) if (request[key] !== undefined) body[key] = request[key];
  if (request.tools?.length) body.tools = convertTools(request.tools);
  const { params, changes } = applyClamps(body, clamps, { model: request.model });
  return { body: params, changes };
}
