import type { ChatMessage } from '@manifold/core/contract/chat-message';
import { contentText, filesText, toolCallName } from '@manifold/core/contract/message-text';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { CallContext } from '@manifold/core/contract/runtime';
import { matchesModel } from '@manifold/core/params/clamp-helpers';
import type {
  ChatCompletionBody,
  ChatCompletionContentPart,
  ChatCompletionMessage,
  OpenAICompatibleOptions,
} from './options.js';

/** User-visible content of a message: text with files appended, and images as `image_url` parts. */
export function messageContent(message: ChatMessage): ChatCompletionMessage['content'] {
  const files = message.fileList?.length ? filesText(message.fileList) : '';
  const images = message.imageList ?? [];
  if (images.length === 0 && files === '') return message.content;

  const parts: ChatCompletionContentPart[] =
    typeof message.content === 'string'
      ? message.content === ''
        ? []
        : [{ type: 'text', text: message.content }]
      : [...(message.content ?? [])];
  if (files !== '') parts.push({ type: 'text', text: files });
  for (const image of images) parts.push({ type: 'image_url', image_url: { url: image.url } });
  if (images.length === 0 && parts.every((part) => part.type === 'text')) {
    return parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n\n');
  }
  return parts;
}

/** One of our messages as a chat-completions message; earlier reasoning is not sent back. */
export function convertMessage(message: ChatMessage): ChatCompletionMessage {
  if (message.role === 'tool' || message.role === 'function') {
    const result: ChatCompletionMessage = { role: 'tool', content: contentText(message.content) };
    if (message.tool_call_id !== undefined) result.tool_call_id = message.tool_call_id;
    if (message.name !== undefined) result.name = message.name;
    return result;
  }
  const result: ChatCompletionMessage = { role: message.role, content: messageContent(message) };
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

/** True when the request offers tools. */
export const hasTools = (request: ChatRequest): boolean => (request.tools?.length ?? 0) > 0;

/**
 * Whether the upstream call streams: the request's wish, unless tools or a model that cannot
 * stream force a non-streaming call.
 */
export function upstreamStreams(request: ChatRequest, compat: OpenAICompatibleOptions): boolean {
  if (compat.disableStreamWithTools && hasTools(request)) return false;
  if (compat.noStreamModels && matchesModel(request.model, compat.noStreamModels)) return false;
  if (compat.alwaysStream) return true;
  return request.stream ?? true;
}

/** The `user` sent upstream: the caller's id from the token, else the request's `user`. */
export function upstreamUser(
  request: ChatRequest,
  context: Pick<CallContext, 'userId'>,
  compat: OpenAICompatibleOptions,
): string | undefined {
  if (compat.sendUserId === false) return undefined;
  return context.userId ?? request.user;
}

/**
 * The default chat-completions body for a request (SPEC §7): model, converted messages, tools,
 * sampling parameters as given, `stream` with `stream_options.include_usage`, and `user`.
 * Gateway-only fields (enabledSearch, apiMode, thinking, plugins…) are not sent.
 */
export function convertChatRequest(
  request: ChatRequest,
  context: Pick<CallContext, 'userId'>,
  compat: OpenAICompatibleOptions,
): ChatCompletionBody {
  const stream = upstreamStreams(request, compat);
  const body: ChatCompletionBody = {
    model: request.model,
    messages: request.messages.map(convertMessage),
    stream,
  };
  if (stream && compat.includeUsage !== false) body.stream_options = { include_usage: true };
  if (hasTools(request)) body.tools = request.tools;
  const copied = [
    'temperature',
    'top_p',
    'frequency_penalty',
    'presence_penalty',
    'max_tokens',
    'reasoning_effort',
  ] as const;
  for (const key of copied) {
    const value = request[key];
    if (value !== undefined) (body as Record<string, unknown>)[key] = value;
  }
  const user = upstreamUser(request, context, compat);
  if (user !== undefined) body.user = user;
  return body;
}
